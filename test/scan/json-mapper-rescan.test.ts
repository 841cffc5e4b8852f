// The mapper an application writes its JSON with (Jackson, Gson, JSON-B, fastjson: json-mapper-choice.ts,
// from json-mapper.ts's and jsonb-fastjson-mapper.ts's facts) is read from its build, its properties and its configuration code. An
// edit to any of them that changes the mapper re-scans the endpoints to what a fresh scan gives.

import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProjectScanner } from '../../core/scan/project-scanner';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-mapper-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// One model each mapper writes differently: Gson its fields by @SerializedName, JSON-B and fastjson
// their own renames, Jackson its getters.
const ITEM = `package com.acme;
import com.google.gson.annotations.SerializedName;
import com.alibaba.fastjson.annotation.JSONField;
import jakarta.json.bind.annotation.JsonbProperty;
public class Item {
    @SerializedName("gsonId") @JSONField(name = "fastjson_id") @JsonbProperty("jsonb_id") private Long id;
    private String name;
    public Long getId() { return id; }
    public String getName() { return name; }
    public String getLabel() { return name; }
}
`;
const CONTROLLER = `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class ItemController { @GetMapping("/item") public Item item() { return null; } }
`;
const JACKSON = ['id', 'name', 'label'];
const GSON = ['gsonId', 'name'];
const JSONB = ['jsonb_id', 'label', 'name'];
const FASTJSON = ['fastjson_id', 'label', 'name'];

const EXCLUDE_JSON = '<exclusions><exclusion><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-json</artifactId></exclusion></exclusions>';
const pom = (o: { starter?: string; exclusions?: string; gson?: boolean }) => `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><dependencies>
<dependency><groupId>org.springframework.boot</groupId><artifactId>${o.starter ?? 'spring-boot-starter-web'}</artifactId>${o.exclusions ?? ''}</dependency>
${o.gson === false ? '' : '<dependency><groupId>com.google.code.gson</groupId><artifactId>gson</artifactId></dependency>'}
</dependencies></project>`;
const gradle = (exclude: string) => `plugins { id 'org.springframework.boot' version '3.2.0' }
dependencies {
    implementation('org.springframework.boot:spring-boot-starter-web') { ${exclude} }
    implementation 'com.google.code.gson:gson:2.10.1'
}
`;
const PROPS = 'src/main/resources/application.properties';
const CONFIG = 'src/main/java/com/acme/WebConfig.java';
const config = (fastjson: string, method: string) => `package com.acme;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import ${fastjson}.FastJsonHttpMessageConverter;
@Configuration
public class WebConfig implements WebMvcConfigurer {
    @Override public void ${method}(List<HttpMessageConverter<?>> converters) { converters.add(0, new FastJsonHttpMessageConverter()); }
}
`;

let cases = 0;
function project(files: Record<string, string>): string {
  const root = join(tmp, `case-${++cases}`);
  for (const [rel, text] of Object.entries({ 'src/main/java/com/acme/Item.java': ITEM, 'src/main/java/com/acme/ItemController.java': CONTROLLER, ...files })) write(root, rel, text);
  return root;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const keys = (s: ProjectScanner) => Object.keys(s.endpoints[0]!.response!.schema!.properties!);

describe('a re-scan after an edit that changes the JSON mapper gives what a fresh scan gives', () => {
  it("Gson's build rule: a pom gaining or losing the exclusion of Jackson, or Gson, or WebFlux's starter", async () => {
    const root = project({ 'pom.xml': pom({}) });
    const scanner = await scanned(root);
    expect(keys(scanner)).toEqual(JACKSON);
    const edit = async (text: string, expected: string[]) => {
      write(root, 'pom.xml', text);
      await rescanEqualsFreshScan(scanner, root, [{ path: 'pom.xml', kind: 'changed' }]);
      expect(keys(scanner)).toEqual(expected);
    };
    await edit(pom({ exclusions: EXCLUDE_JSON }), GSON);
    await edit(pom({ exclusions: EXCLUDE_JSON, gson: false }), JACKSON);
    await edit(pom({ exclusions: EXCLUDE_JSON }), GSON);
    // WebFlux writes through its codecs, Jackson's.
    await edit(pom({ starter: 'spring-boot-starter-webflux', exclusions: EXCLUDE_JSON }), JACKSON);
    await edit(pom({ exclusions: EXCLUDE_JSON }), GSON);
    await edit(pom({}), JACKSON);
  });

  it("Gson's build rule in a Gradle build: Jackson excluded from the web starter, then not", async () => {
    const root = project({ 'build.gradle': gradle("exclude group: 'org.springframework.boot', module: 'spring-boot-starter-json'") });
    const scanner = await scanned(root);
    expect(keys(scanner)).toEqual(GSON);
    write(root, 'build.gradle', gradle(''));
    await rescanEqualsFreshScan(scanner, root, [{ path: 'build.gradle', kind: 'changed' }]);
    expect(keys(scanner)).toEqual(JACKSON);
  });

  it('preferred-json-mapper edited: gson, jsonb, jackson, then none', async () => {
    const root = project({ 'pom.xml': pom({ gson: false }), [PROPS]: 'server.port=8080\n' });
    const scanner = await scanned(root);
    for (const [mapper, expected] of [['gson', GSON], ['jsonb', JSONB], ['jackson', JACKSON], ['jsonb', JSONB]] as const) {
      write(root, PROPS, `server.port=8080\nspring.mvc.converters.preferred-json-mapper=${mapper}\n`);
      await rescanEqualsFreshScan(scanner, root, [{ path: PROPS, kind: 'changed' }]);
      expect(keys(scanner)).toEqual(expected);
    }
    write(root, PROPS, 'server.port=8080\n');
    await rescanEqualsFreshScan(scanner, root, [{ path: PROPS, kind: 'changed' }]);
    expect(keys(scanner)).toEqual(JACKSON);
  });

  it("fastjson's converter registered, appended after Jackson's, registered again, then its configuration deleted", async () => {
    const root = project({ 'pom.xml': pom({ gson: false }) });
    const scanner = await scanned(root);
    const edit = async (text: string | undefined, expected: string[]) => {
      if (text === undefined) unlinkSync(join(root, CONFIG));
      else write(root, CONFIG, text);
      await rescanEqualsFreshScan(scanner, root, [{ path: CONFIG, kind: text === undefined ? 'deleted' : 'changed' }]);
      expect(keys(scanner)).toEqual(expected);
    };
    await edit(config('com.alibaba.fastjson.support.spring', 'configureMessageConverters'), FASTJSON);
    await edit(config('com.alibaba.fastjson.support.spring', 'extendMessageConverters').replace('add(0, ', 'add('), JACKSON);
    await edit(config('com.alibaba.fastjson2.support.spring6.http.converter', 'extendMessageConverters'), FASTJSON);
    await edit(undefined, JACKSON);
  });

  it("JSON-B's version edited in the build: its creators' parameters required (2.0), then not (3.0)", async () => {
    const model = `package com.acme;
import jakarta.json.bind.annotation.*;
public class Point {
    private final int x;
    @JsonbCreator public Point(@JsonbProperty("x") int x) { this.x = x; }
    public int getX() { return x; }
}
`;
    const resource = 'package com.acme;\nimport jakarta.ws.rs.*;\n@Path("/points")\npublic class PointResource { @POST public void add(Point point) {} }\n';
    const jersey = (yasson: string) => `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>points</artifactId><dependencies>
<dependency><groupId>org.glassfish.jersey.media</groupId><artifactId>jersey-media-json-binding</artifactId></dependency>
<dependency><groupId>org.eclipse</groupId><artifactId>yasson</artifactId><version>${yasson}</version></dependency>
</dependencies></project>`;
    const root = project({ 'pom.xml': jersey('3.0.3'), 'src/main/java/com/acme/Point.java': model, 'src/main/java/com/acme/PointResource.java': resource });
    const scanner = await scanned(root);
    const required = () => scanner.endpoints.find((e) => e.path === '/points')!.request!.body!.schema!.required ?? [];
    expect(required()).toEqual([]);
    for (const [yasson, expected] of [['2.0.4', ['x']], ['3.0.3', []]] as const) {
      write(root, 'pom.xml', jersey(yasson));
      await rescanEqualsFreshScan(scanner, root, [{ path: 'pom.xml', kind: 'changed' }]);
      expect(required()).toEqual(expected);
    }
  });

  it("JSON-B's version edited in a parent pom only: the platform BOM it imports, then Yasson's version it manages", async () => {
    const model = 'package com.acme;\nimport jakarta.json.bind.annotation.*;\npublic class Point {\n    private final int x;\n    @JsonbCreator public Point(int x) { this.x = x; }\n    public int getX() { return x; }\n}\n';
    const resource = 'package com.acme;\nimport jakarta.ws.rs.*;\n@Path("/points")\npublic class PointResource { @POST public void add(Point point) {} }\n';
    const parent = (managed: string) => `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>app</module></modules><dependencyManagement><dependencies>${managed}</dependencies></dependencyManagement></project>`;
    const bom = (version: string) => `<dependency><groupId>jakarta.platform</groupId><artifactId>jakarta.jakartaee-bom</artifactId><version>${version}</version><type>pom</type><scope>import</scope></dependency>`;
    const app = '<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.acme</groupId><artifactId>parent</artifactId></parent><artifactId>app</artifactId><dependencies><dependency><groupId>org.glassfish.jersey.media</groupId><artifactId>jersey-media-json-binding</artifactId></dependency></dependencies></project>';
    const root = project({});
    for (const rel of ['src/main/java/com/acme/Item.java', 'src/main/java/com/acme/ItemController.java']) unlinkSync(join(root, rel));
    for (const [rel, text] of Object.entries({ 'pom.xml': parent(bom('10.0.0')), 'app/pom.xml': app, 'app/src/main/java/com/acme/Point.java': model, 'app/src/main/java/com/acme/PointResource.java': resource })) write(root, rel, text);
    const scanner = await scanned(root);
    const required = () => scanner.endpoints.find((e) => e.path === '/points')!.request!.body!.schema!.required ?? [];
    expect(required()).toEqual([]);
    const yasson = (version: string) => `<dependency><groupId>org.eclipse</groupId><artifactId>yasson</artifactId><version>${version}</version></dependency>`;
    for (const [managed, expected] of [[bom('9.1.0'), ['x']], [`${bom('9.1.0')}${yasson('3.0.3')}`, []], [yasson('2.0.4'), ['x']]] as const) {
      write(root, 'pom.xml', parent(managed));
      await rescanEqualsFreshScan(scanner, root, [{ path: 'pom.xml', kind: 'changed' }]);
      expect(required()).toEqual(expected);
    }
  });
});
