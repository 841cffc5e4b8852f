// Null properties left out of what Jackson writes (core/scan/null-inclusion.ts): `@JsonInclude`
// on a property or its class, `spring.jackson.default-property-inclusion`, or the mapper's code,
// each application its own. A property that is always null (`T data` of a `Result<Void>`) is then
// never written: the response's schema and example leave it out; a request body keeps it.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const pom = (artifact: string) => `<project><artifactId>${artifact}</artifactId><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>`;
const result = (pkg: string, annotation = '') => `package com.acme.${pkg};
import com.fasterxml.jackson.annotation.JsonInclude;
${annotation} public class Result<T> { public int code; public String msg; public T data; }`;
const controller = (pkg: string) => `package com.acme.${pkg};
import org.springframework.web.bind.annotation.*;
@RestController public class ${pkg.toUpperCase()}Controller {
  @DeleteMapping("/${pkg}/x") public Result<Void> remove() { return new Result<>(); }
  @GetMapping("/${pkg}/x") public Result<String> get() { return new Result<>(); }
}`;

describe('null properties left out, per application', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-null-inclusion-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': '<project><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>props</module><module>plain</module><module>code</module><module>yaml</module></modules></project>',
      'props/pom.xml': pom('props'),
      'props/src/main/resources/application.properties': 'spring.jackson.default-property-inclusion=non_null\n',
      'props/src/main/java/com/acme/props/Result.java': result('props'),
      'props/src/main/java/com/acme/props/PROPSController.java': controller('props'),
      'plain/pom.xml': pom('plain'),
      'plain/src/main/resources/application.properties': 'server.port=8081\n',
      'plain/src/main/java/com/acme/plain/Result.java': result('plain'),
      'plain/src/main/java/com/acme/plain/PLAINController.java': controller('plain'),
      'code/pom.xml': pom('code'),
      'code/src/main/resources/application.properties': 'server.port=8082\n',
      'code/src/main/java/com/acme/code/Result.java': result('code'),
      'code/src/main/java/com/acme/code/CODEController.java': controller('code'),
      'code/src/main/java/com/acme/code/JacksonConfig.java': `package com.acme.code;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.*;
@Configuration public class JacksonConfig {
  @Bean public ObjectMapper objectMapper() { ObjectMapper m = new ObjectMapper(); m.setSerializationInclusion(JsonInclude.Include.NON_NULL); return m; }
}`,
      'yaml/pom.xml': pom('yaml'),
      'yaml/src/main/resources/application.yml': 'spring:\n  jackson:\n    default-property-inclusion: NON_EMPTY\n',
      'yaml/src/main/java/com/acme/yaml/Result.java': result('yaml'),
      'yaml/src/main/java/com/acme/yaml/YAMLController.java': controller('yaml'),
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (method: string, path: string) => endpoints.find((e) => e.method === method && e.path === path)!;

  it("leaves an always-null property out of the example and schema where the application's properties or code say so", () => {
    for (const app of ['props', 'code', 'yaml']) {
      const removed = at('DELETE', `/${app}/x`).response!;
      expect(removed.example, app).toEqual({ code: 0, msg: 'msg' });
      expect(Object.keys(removed.schema?.properties ?? {}), app).toEqual(['code', 'msg']);
    }
  });

  it('keeps it, as null, in an application that writes nulls', () => {
    expect(at('DELETE', '/plain/x').response?.example).toEqual({ code: 0, msg: 'msg', data: null });
  });

  it('keeps a property that has a value', () => {
    for (const app of ['props', 'plain', 'code', 'yaml']) expect(at('GET', `/${app}/x`).response?.example, app).toEqual({ code: 0, msg: 'msg', data: 'data' });
  });
});

describe('@JsonInclude on a class or a property', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-json-include-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': pom('app'),
      'src/main/java/com/acme/Result.java': result('', '@JsonInclude(JsonInclude.Include.NON_NULL)').replace('com.acme.;', 'com.acme;'),
      'src/main/java/com/acme/Always.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
@JsonInclude(Include.NON_NULL) public class Always<T> { public int code; @JsonInclude(Include.ALWAYS) public T data; }`,
      'src/main/java/com/acme/Field.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonInclude;
public class Field<T> { public int code; @JsonInclude(JsonInclude.Include.NON_NULL) public T data; }`,
      'src/main/java/com/acme/Api.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class Api {
  @DeleteMapping("/result") public Result<Void> result(@RequestBody Result<Void> body) { return body; }
  @DeleteMapping("/always") public Always<Void> always() { return null; }
  @DeleteMapping("/field") public Field<Void> field() { return null; }
}`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string) => endpoints.find((e) => e.path === path)!;

  it("leaves the null out under the class's NON_NULL or the property's own, and keeps it under the property's ALWAYS", () => {
    expect(at('/result').response?.example).toEqual({ code: 0, msg: 'msg' });
    expect(at('/field').response?.example).toEqual({ code: 0 });
    expect(at('/always').response?.example).toEqual({ code: 0, data: null });
  });

  it('keeps the property in a request body: Jackson reads what it is sent', () => {
    expect(Object.keys(at('/result').request?.body?.schema?.properties ?? {})).toContain('data');
  });
});

describe('a re-scan after the inclusion changes', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-null-inclusion-rescan-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const CONFIG = 'src/main/java/com/acme/JacksonConfig.java';
  const PROPS = 'src/main/resources/application.properties';
  const example = (r: ScanResult) => r.endpoints.find((e) => e.method === 'DELETE')?.response?.example;

  it('gives what a fresh scan gives when the properties, then the code, turn NON_NULL on and off', async () => {
    writeFiles(root, {
      'pom.xml': pom('app'),
      [PROPS]: 'server.port=8080\n',
      'src/main/java/com/acme/Result.java': result('', '').replace('com.acme.;', 'com.acme;'),
      'src/main/java/com/acme/APIController.java': controller('api').replace('com.acme.api;', 'com.acme;'),
    });
    const scanner = await scanned(root);
    expect(example(scanner.result())).toEqual({ code: 0, msg: 'msg', data: null });
    writeFiles(root, { [PROPS]: 'spring.jackson.default-property-inclusion=non_null\n' });
    expect(example(await rescanEqualsFreshScan(scanner, root, [{ path: PROPS, kind: 'changed' }]))).toEqual({ code: 0, msg: 'msg' });
    writeFiles(root, {
      [PROPS]: 'server.port=8080\n',
      [CONFIG]: `package com.acme;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration public class JacksonConfig {
  @Bean public Jackson2ObjectMapperBuilderCustomizer c() { return b -> b.serializationInclusion(JsonInclude.Include.NON_NULL); }
}`,
    });
    const changes = [{ path: PROPS, kind: 'changed' as const }, { path: CONFIG, kind: 'created' as const }];
    expect(example(await rescanEqualsFreshScan(scanner, root, changes))).toEqual({ code: 0, msg: 'msg' });
    writeFiles(root, { [CONFIG]: readFileSync(join(root, CONFIG), 'utf8').replace('NON_NULL', 'ALWAYS') });
    expect(example(await rescanEqualsFreshScan(scanner, root, [{ path: CONFIG, kind: 'changed' }]))).toEqual({ code: 0, msg: 'msg', data: null });
  });
});

describe('what is required under NON_NULL, NON_ABSENT, NON_EMPTY and NON_DEFAULT', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-inclusion-required-'));
  let endpoints: Endpoint[];
  const fields = `@NotNull public String text; public String maybe; public int count; @NotNull public List<String> list;
  @NotEmpty public String filled; @NotNull public Optional<String> opt; @NotNull @Size(min = 1) public List<String> some; @NotNull public Map<String, String> map; @NotNull public LocalDate day;`;
  const model = (name: string, inclusion: string) => `package com.acme;
import java.time.LocalDate;
import java.util.*;
import javax.validation.constraints.*;
import com.fasterxml.jackson.annotation.JsonInclude;
${inclusion} public class ${name} { ${fields} }`;
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': '<project><artifactId>app</artifactId><modules><module>app</module><module>empty</module></modules></project>',
      'app/pom.xml': pom('app'),
      'app/src/main/java/com/acme/Plain.java': model('Plain', ''),
      'app/src/main/java/com/acme/NonNull.java': model('NonNull', '@JsonInclude(JsonInclude.Include.NON_NULL)'),
      'app/src/main/java/com/acme/NonAbsent.java': model('NonAbsent', '@JsonInclude(JsonInclude.Include.NON_ABSENT)'),
      'app/src/main/java/com/acme/NonEmpty.java': model('NonEmpty', '@JsonInclude(JsonInclude.Include.NON_EMPTY)'),
      'app/src/main/java/com/acme/NonDefault.java': model('NonDefault', '@JsonInclude(JsonInclude.Include.NON_DEFAULT)'),
      'app/src/main/java/com/acme/Counted.java': `package com.acme;
import javax.validation.constraints.*;
import com.fasterxml.jackson.annotation.JsonInclude;
@JsonInclude(JsonInclude.Include.NON_DEFAULT) public class Counted { @NotNull public Integer total; @NotNull @Positive public Integer positive; @NotNull @Min(1) public Long page; @NotNull public Boolean flag; }`,
      'app/src/main/java/com/acme/Mixed.java': `package com.acme;
import java.util.List;
import javax.validation.constraints.*;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
@JsonInclude(Include.NON_EMPTY) public class Mixed {
  @NotNull public List<String> tags;
  @JsonInclude(Include.ALWAYS) @NotNull public List<String> always;
  @JsonInclude(Include.USE_DEFAULTS) @NotNull public String deferring;
}`,
      'app/src/main/java/com/acme/Own.java': `package com.acme;
import java.util.List;
import javax.validation.constraints.*;
import com.fasterxml.jackson.annotation.JsonInclude;
public class Own { @JsonInclude(JsonInclude.Include.NON_EMPTY) @NotNull public List<String> tags; @NotNull public List<String> kept; }`,
      'app/src/main/java/com/acme/Api.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class Api {
  @GetMapping("/mixed") public Mixed mixed() { return null; }
  @GetMapping("/own") public Own own() { return null; }
  @GetMapping("/plain") public Plain plain() { return null; }
  @GetMapping("/non-null") public NonNull nonNull() { return null; }
  @GetMapping("/non-absent") public NonAbsent nonAbsent() { return null; }
  @PostMapping("/non-empty") public NonEmpty nonEmpty(@RequestBody NonEmpty body) { return body; }
  @GetMapping("/non-default") public NonDefault nonDefault() { return null; }
  @GetMapping("/counted") public Counted counted() { return null; }
}`,
      // The application's default: Kotlin's non-null properties, as promised as validation's.
      'empty/pom.xml': pom('empty'),
      'empty/src/main/resources/application.yml': 'spring:\n  jackson:\n    default-property-inclusion: non_empty\n',
      'empty/src/main/kotlin/com/acme/empty/Note.kt': `package com.acme.empty
data class Note(val id: Long, val text: String, val tags: List<String>, val author: String?)`,
      'empty/src/main/kotlin/com/acme/empty/NoteController.kt': `package com.acme.empty
import org.springframework.web.bind.annotation.*
@RestController class NoteController {
  @GetMapping("/notes") fun note(): Note = Note(1, "x", listOf(), null)
}`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const required = (path: string) => endpoints.find((e) => e.path === path)!.response?.schema?.required ?? [];
  const ALL = ['text', 'list', 'filled', 'opt', 'some', 'map', 'day'];

  it('keeps every promised value required where nulls only are left out (or none)', () => {
    expect(required('/plain')).toEqual(ALL);
    expect(required('/non-null')).toEqual(ALL);
  });

  it("a property's own @JsonInclude wins over its class's, USE_DEFAULTS deferring to it", () => {
    expect(required('/mixed')).toEqual(['always']);
    expect(required('/own')).toEqual(['kept']);
  });

  it('NON_ABSENT: an Optional promised may still be empty, and left out', () => {
    expect(required('/non-absent')).toEqual(ALL.filter((p) => p !== 'opt'));
  });

  it('NON_EMPTY: a String, collection or map that may be empty is not required; one validation keeps non-empty, or a date, is', () => {
    expect(required('/non-empty')).toEqual(['filled', 'some', 'day']);
    // Jackson reads what it is sent: the request keeps what the declaration promises.
    expect(endpoints.find((e) => e.path === '/non-empty')!.request?.body?.schema?.required).toEqual(ALL);
  });

  it('NON_DEFAULT: a number or boolean that may be 0 or false is not required; one whose bounds rule 0 out is', () => {
    expect(required('/non-default')).toEqual(['filled', 'some', 'day']);
    expect(required('/counted')).toEqual(['positive', 'page']);
  });

  it("the application's NON_EMPTY: a Kotlin String or list may be empty, a Long is written", () => {
    expect(required('/notes')).toEqual(['id']);
  });
});

describe('@JsonInclude(content = ..) on a Map', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-content-inclusion-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': pom('app'),
      'src/main/java/com/acme/Maps.java': `package com.acme;
import java.util.*;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
public class Maps {
  @JsonInclude(content = Include.NON_EMPTY) public Map<String, String> names;
  @JsonInclude(content = Include.NON_EMPTY) public Map<String, List<Integer>> lists;
  @JsonInclude(content = Include.NON_NULL) public Map<String, Void> nothing;
  @JsonInclude(value = Include.NON_EMPTY, content = Include.NON_NULL) public Map<String, Void> never;
  @JsonInclude(content = Include.NON_NULL) public Map<String, Integer> counts;
  public Map<String, String> plain;
  @JsonInclude(value = Include.NON_ABSENT, content = Include.NON_EMPTY) public Optional<String> nick;
  @JsonInclude(content = Include.NON_EMPTY) public Optional<String> alias;
}`,
      'src/main/java/com/acme/Api.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class Api {
  @PostMapping("/maps") public Maps maps(@RequestBody Maps body) { return body; }
}`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const response = () => endpoints[0]!.response!;
  const props = () => response().schema?.properties as Record<string, any>;

  it('says values are not empty where empty ones are left out', () => {
    expect(props().names.additionalProperties).toEqual({ type: 'string', minLength: 1 });
    expect(props().lists.additionalProperties).toMatchObject({ type: 'array', minItems: 1 });
    expect(props().counts.additionalProperties).toEqual({ type: 'integer', format: 'int32' });
    expect(props().plain.additionalProperties).toEqual({ type: 'string' });
  });

  it("says an Optional's referent is not empty where an empty one counts as absent, and so left out", () => {
    expect(props().nick).toEqual({ type: 'string', minLength: 1 });
    // Under the value's ALWAYS an Optional is written whatever it holds.
    expect(props().alias).toEqual({ type: 'string' });
  });

  it('says a map of always-null values has no entries, and leaves it out where empty values are', () => {
    expect(props().nothing).toMatchObject({ additionalProperties: false, maxProperties: 0 });
    expect(response().example).toMatchObject({ nothing: {} });
    expect(Object.keys(props())).not.toContain('never');
  });

  it('keeps the request as Jackson reads it', () => {
    const sent = endpoints[0]!.request?.body?.schema?.properties as Record<string, any>;
    expect(sent.names.additionalProperties).toEqual({ type: 'string' });
    expect(sent.nick).toEqual({ type: 'string' });
    expect(Object.keys(sent)).toContain('never');
  });
});
