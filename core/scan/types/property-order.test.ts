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

  it('the mapper sorting properties alphabetically: the Boot property, or MapperFeature enabled in a Spring configuration', () => {
    const sorted = ['fifth', 'first', 'fourth', 'second_x', 'third'];
    expect(names(schemas(FILES, { sortProperties: true }).schema('Renamed', 'com.acme.o.Renamed'))).toEqual(sorted);
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
});
