import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../scan';
import { schemas } from './testing';

// Each expected order is what jackson-databind 2.18.2 (with Lombok 1.18.38) wrote for these classes.
const FILES = {
  'com/acme/o/Renamed.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.JsonProperty;
@lombok.Data
public class Renamed { private String first; @JsonProperty("second_x") private String second; private String third; @JsonProperty("fourth") private String fourth; private String fifth; }`,
  'com/acme/o/Snake.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
@lombok.Data @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public class Snake { private String firstName; @JsonProperty("zz") private String second; private String thirdOne; }`,
  'com/acme/o/Plain.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Plain { public String a; @JsonProperty("b_b") public String b; public String c; }`,
  'com/acme/o/Gift.java': `package com.acme.o;
@lombok.Data
public class Gift { private String code; private boolean isGift; private String pName; private int uses; }`,
  'com/acme/o/Base.java': `package com.acme.o;
public class Base { public String p; public String getPx() { return null; } }`,
  'com/acme/o/Sub.java': `package com.acme.o;
public class Sub extends Base { public String c; public String getCx() { return null; } }`,
  'com/acme/o/Created.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.*;
public class Created {
    public String a; @JsonProperty("x") public String b; public String c;
    @JsonCreator public Created(@JsonProperty("c") String c, @JsonProperty("a") String a) { this.c = c; this.a = a; }
}`,
  'com/acme/o/Point.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.JsonProperty;
public record Point(@JsonProperty("z_a") String a, String b) { }`,
};

const names = (s: { properties?: object }) => Object.keys(s.properties ?? {});

describe('property order as Jackson writes it', () => {
  const { schema } = schemas(FILES);

  it('properties named by @JsonProperty come after the rest, in their order, even when the name is their own', () => {
    expect(names(schema('Renamed', 'com.acme.o.Renamed'))).toEqual(['first', 'third', 'fifth', 'second_x', 'fourth']);
    expect(names(schema('Plain', 'com.acme.o.Plain'))).toEqual(['a', 'c', 'b_b']);
    // @JsonNaming renames in place.
    expect(names(schema('Snake', 'com.acme.o.Snake'))).toEqual(['first_name', 'third_one', 'zz']);
  });

  it("fields first (superclasses' before), then accessors with no field of their name (the class's own first)", () => {
    expect(names(schema('Gift', 'com.acme.o.Gift'))).toEqual(['code', 'uses', 'gift', 'pname']);
    expect(names(schema('Sub', 'com.acme.o.Sub'))).toEqual(['p', 'c', 'cx', 'px']);
  });

  it('a creator orders its own properties: a @JsonCreator, a record (Jackson 2.18)', () => {
    expect(names(schema('Created', 'com.acme.o.Created'))).toEqual(['a', 'x', 'c']);
    expect(names(schema('Point', 'com.acme.o.Point'))).toEqual(['z_a', 'b']);
  });

  it('@JsonProperty(index = N) first, by index, sorted or not (jackson-databind 2.17.2 wrote these)', () => {
    const files = {
      ...FILES,
      'com/acme/o/Idx.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Idx { public String a; @JsonProperty(index = 2) public String b; @JsonProperty(index = 1) public String c; public String d; @JsonProperty(value = "x_x", index = 0) public String x; @JsonProperty("r_r") public String r; public String e; }`,
      'com/acme/o/IdxMade.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.*;
public class IdxMade { public String a; public String z; @JsonProperty(index = 0) public String q;
    @JsonCreator public IdxMade(@JsonProperty("z") String z, @JsonProperty("a") String a) { this.z = z; this.a = a; } }`,
    };
    const expected = ['x_x', 'c', 'b', 'a', 'd', 'e', 'r_r'];
    expect(names(schemas(files).schema('Idx', 'com.acme.o.Idx'))).toEqual(expected);
    expect(names(schemas(files, { sortProperties: true }).schema('Idx', 'com.acme.o.Idx'))).toEqual(expected);
    expect(names(schemas(files, { sortProperties: true }).schema('IdxMade', 'com.acme.o.IdxMade'))).toEqual(['q', 'a', 'z']);
  });

  it('the mapper sorting properties alphabetically: the Boot property, or MapperFeature enabled in a Spring configuration', () => {
    const sorted = ['fifth', 'first', 'fourth', 'second_x', 'third'];
    expect(names(schemas(FILES, { sortProperties: true }).schema('Renamed', 'com.acme.o.Renamed'))).toEqual(sorted);
    // A creator's properties first, sorted among themselves (jackson-databind 2.17.2 wrote these);
    // Jackson 3 keeps the creator's order (test/export/jackson3-order-jvm.test.ts).
    const created = {
      ...FILES,
      'com/acme/o/Made.java': `package com.acme.o;
import com.fasterxml.jackson.annotation.*;
public class Made {
    public String a; public String z; public String m;
    @JsonCreator public Made(@JsonProperty("z") String z, @JsonProperty("m") String m) { this.z = z; this.m = m; }
}`,
    };
    expect(names(schemas(created, { sortProperties: true }).schema('Made', 'com.acme.o.Made'))).toEqual(['m', 'z', 'a']);
    expect(names(schemas(created, { sortProperties: true, creatorOrder: true }).schema('Made', 'com.acme.o.Made'))).toEqual(['z', 'm', 'a']);
    const config = (call: string) => ({
      ...FILES,
      'com/acme/o/JacksonConfig.java': `package com.acme.o;
import com.fasterxml.jackson.databind.MapperFeature;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration
public class JacksonConfig {
    @Bean public Jackson2ObjectMapperBuilderCustomizer sorted() { return builder -> builder.${call}; }
}`,
    });
    expect(names(schemas(config('featuresToEnable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)')).schema('Renamed', 'com.acme.o.Renamed'))).toEqual(sorted);
    expect(names(schemas(config('featuresToDisable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)')).schema('Renamed', 'com.acme.o.Renamed'))).toEqual(['first', 'third', 'fifth', 'second_x', 'fourth']);
  });

  it("Spring Boot's spring.jackson.mapper.sort-properties-alphabetically in a scan", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-sorted-'));
    mkdirSync(join(dir, 'src/main/java/com/acme'), { recursive: true });
    mkdirSync(join(dir, 'src/main/resources'), { recursive: true });
    writeFileSync(join(dir, 'src/main/resources/application.properties'), 'spring.jackson.mapper.sort-properties-alphabetically=true\n');
    writeFileSync(
      join(dir, 'src/main/java/com/acme/ItemController.java'),
      'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    public static class Item { public String name; public int count; public String code; }\n    @GetMapping("/item") public Item item() { return null; }\n}\n',
    );
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    expect(Object.keys(endpoints[0]!.response!.schema!.properties!)).toEqual(['code', 'count', 'name']);
  });

  describe("Jackson 3's default (Spring Boot 4): sorted, unless the application says otherwise", () => {
    const bootPom = (version: string) =>
      `<project><modelVersion>4.0.0</modelVersion><parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${version}</version></parent><artifactId>shop</artifactId></project>`;
    const order = async (files: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'apiscout-jackson3-'));
      const all: Record<string, string> = {
        'src/main/java/com/acme/ItemController.java':
          'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    public static class Item { public String name; public int count; public String code; }\n    @GetMapping("/item") public Item item() { return null; }\n}\n',
        ...files,
      };
      for (const [rel, text] of Object.entries(all)) {
        mkdirSync(join(dir, rel, '..'), { recursive: true });
        writeFileSync(join(dir, rel), text);
      }
      const { endpoints } = await scanProject(dir, { parseWorker: false });
      return Object.keys(endpoints[0]!.response!.schema!.properties!);
    };
    const declared = ['name', 'count', 'code'];
    const sorted = ['code', 'count', 'name'];
    const props = (text: string) => ({ 'src/main/resources/application.properties': text });
    const customizer = (call: string) => ({
      'src/main/java/com/acme/JacksonConfig.java': `package com.acme;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
import tools.jackson.databind.MapperFeature;
@Configuration
public class JacksonConfig {
    @Bean JsonMapperBuilderCustomizer custom() { return builder -> builder.${call}; }
}`,
    });

    it('Spring Boot 4 sorts; Spring Boot 3 keeps the declared order', async () => {
      expect(await order({ 'pom.xml': bootPom('4.0.1') })).toEqual(sorted);
      expect(await order({ 'pom.xml': bootPom('3.5.7') })).toEqual(declared);
      // A Gradle build naming the version in its catalog (halo's), beside spring-boot-jackson2: HTTP is still Jackson 3's.
      expect(await order({ 'build.gradle': "plugins { alias(libs.plugins.spring.boot) }\ndependencies { implementation 'org.springframework.boot:spring-boot-jackson2' }\n", 'gradle/libs.versions.toml': "[plugins]\nspring-boot = 'org.springframework.boot:4.1.0'\n" })).toEqual(sorted);
    });

    it("a pom whose parent is outside the repository (it names no Spring Boot): the code's tools.jackson imports decide", async () => {
      const companyPom = '<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.acme</groupId><artifactId>company-parent</artifactId><version>7.2.0</version></parent><artifactId>shop</artifactId><dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>';
      const mapperConfig = (pkg: string) => ({
        'src/main/java/com/acme/MapperConfig.java': `package com.acme;
import ${pkg}.databind.json.JsonMapper;
import org.springframework.context.annotation.*;
@Configuration
public class MapperConfig { @Bean JsonMapper mapper() { return JsonMapper.builder().build(); } }`,
      });
      expect(await order({ 'pom.xml': companyPom, ...mapperConfig('tools.jackson') })).toEqual(sorted);
      expect(await order({ 'pom.xml': companyPom, ...mapperConfig('com.fasterxml.jackson') })).toEqual(declared);
      expect(await order({ 'pom.xml': companyPom })).toEqual(declared);
      // A test's import is not the application's; a build naming Spring Boot 3 says Jackson 2 whatever the code imports.
      expect(await order({ 'pom.xml': companyPom, 'src/test/java/com/acme/MapperTest.java': 'package com.acme;\nimport tools.jackson.databind.json.JsonMapper;\nclass MapperTest { }\n' })).toEqual(declared);
      expect(await order({ 'pom.xml': bootPom('3.5.7'), ...mapperConfig('tools.jackson') })).toEqual(declared);
    });

    it("Jackson 2's defaults, Jackson 2 preferred for HTTP, the property or MapperFeature in code keep the declared order", async () => {
      const boot4 = { 'pom.xml': bootPom('4.0.1') };
      expect(await order({ ...boot4, ...props('spring.jackson.use-jackson2-defaults=true\n') })).toEqual(declared);
      expect(await order({ ...boot4, ...props('spring.http.converters.preferred-json-mapper=jackson2\n') })).toEqual(declared);
      expect(await order({ ...boot4, 'src/main/resources/application.yaml': 'spring:\n  mvc:\n    converters:\n      preferred-json-mapper: gson\n' })).toEqual(declared); // apollo's
      expect(await order({ ...boot4, ...props('spring.jackson.mapper.sort-properties-alphabetically=false\n') })).toEqual(declared);
      expect(await order({ ...boot4, ...customizer('disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)') })).toEqual(declared);
      expect(await order({ ...boot4, ...customizer('configureForJackson2()') })).toEqual(declared);
      // The code wins over the property, as a customizer runs after it.
      expect(await order({ ...boot4, ...props('spring.jackson.use-jackson2-defaults=true\n'), ...customizer('enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)') })).toEqual(sorted);
    });
  });
});
