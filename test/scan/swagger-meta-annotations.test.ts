// springfox finds `@Api`, `@ApiOperation` and `@ApiIgnore` on annotation types a controller or
// handler carries, as Spring's AnnotationUtils does (core/scan/frameworks/swagger-meta.ts): the
// project's own annotation types, and those of the organisation's own dependency jar (compiled
// here by the real javac, packed by the real `jar` into a temp local Maven repository).

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { mavenRepoSetting } from './maven-jar';
import { writeFiles } from '../write-files';

const restoreRepo = mavenRepoSetting();
const tmp = mkdtempSync(join(tmpdir(), 'apiscout-swagger-meta-'));
const repo = join(tmp, 'm2');

const SWAGGER: Record<string, string> = {
  'io/swagger/annotations/Api.java': 'package io.swagger.annotations;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface Api { String value() default ""; String[] tags() default ""; String description() default ""; }\n',
  'io/swagger/annotations/ApiOperation.java': 'package io.swagger.annotations;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface ApiOperation { String value(); String notes() default ""; String nickname() default ""; boolean hidden() default false; }\n',
};

/** The annotations of group:artifact, compiled with swagger's beside them (not packed). */
function annotationJar(group: string, artifact: string, sources: Record<string, string>, top: string): void {
  const src = join(tmp, `${artifact}-src`);
  const classes = join(tmp, `${artifact}-classes`);
  const all = { ...SWAGGER, ...sources };
  writeFiles(src, all);
  mkdirSync(classes, { recursive: true });
  execFileSync('javac', ['-d', classes, ...Object.keys(all).map((f) => join(src, f))]);
  const out = join(repo, ...group.split('.'), artifact, '1.0');
  mkdirSync(out, { recursive: true });
  execFileSync('jar', ['cf', join(out, `${artifact}-1.0.jar`), '-C', classes, top]);
}

describe('Swagger 2 annotations carried by annotation types', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    process.env.APISCOUT_MAVEN_REPO = repo;
    annotationJar('com.acme.platform', 'acme-docs', {
      'com/acme/platform/docs/OpsApi.java': 'package com.acme.platform.docs;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\n@io.swagger.annotations.Api(tags = "ops", description = "Operations")\npublic @interface OpsApi {}\n',
      'com/acme/platform/docs/Probe.java': 'package com.acme.platform.docs;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\n@io.swagger.annotations.ApiOperation(value = "Probe the service", notes = "Answers when it is up", nickname = "probe")\npublic @interface Probe {}\n',
    }, 'com');
    const root = join(tmp, 'project');
    writeFiles(root, {
      'pom.xml': `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme.shop</groupId><artifactId>shop</artifactId><version>1.0</version>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>com.acme.platform</groupId><artifactId>acme-docs</artifactId><version>1.0</version></dependency>
  </dependencies></project>`,
      'src/main/java/com/acme/web/AdminApi.java': `package com.acme.web;
import io.swagger.annotations.Api;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME)
@Api(tags = AdminApi.TAG)
public @interface AdminApi { String TAG = "admin"; }
`,
      'src/main/java/com/acme/web/ListAll.java': `package com.acme.web;
import io.swagger.annotations.ApiOperation;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME)
@ApiOperation(value = "List everything", notes = "Every item, unpaged")
public @interface ListAll {}
`,
      'src/main/java/com/acme/web/Internal.java': `package com.acme.web;
import java.lang.annotation.*;
import springfox.documentation.annotations.ApiIgnore;
@Retention(RetentionPolicy.RUNTIME)
@ApiIgnore
public @interface Internal {}
`,
      'src/main/java/com/acme/web/AdminController.java': `package com.acme.web;
import org.springframework.web.bind.annotation.*;
@AdminApi
@RestController
public class AdminController {
    @ListAll
    @GetMapping("/admin/items")
    public String items() { return "[]"; }
}
`,
      'src/main/java/com/acme/web/OpsController.java': `package com.acme.web;
import com.acme.platform.docs.*;
import org.springframework.web.bind.annotation.*;
@OpsApi
@RestController
public class OpsController {
    @Probe
    @GetMapping("/ops/probe")
    public String probe() { return "up"; }
}
`,
      'src/main/java/com/acme/web/KeyProtected.java': `package com.acme.web;
import io.swagger.annotations.*;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME)
@Api(tags = "keyed", authorizations = @Authorization("apiKey"))
public @interface KeyProtected {}
`,
      'src/main/java/com/acme/web/KeyedController.java': `package com.acme.web;
import org.springframework.web.bind.annotation.*;
@KeyProtected
@RestController
public class KeyedController {
    @GetMapping("/keyed")
    public String keyed() { return ""; }
}
`,
      'src/main/java/com/acme/web/SecretController.java': `package com.acme.web;
import org.springframework.web.bind.annotation.*;
@Internal
@RestController
public class SecretController {
    @GetMapping("/secret")
    public String secret() { return ""; }
}
`,
    });
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    endpoints = scanner.result().endpoints;
  });
  afterAll(() => {
    restoreRepo();
    rmSync(tmp, { recursive: true, force: true });
  });
  const at = (path: string) => endpoints.find((e) => e.path === path);

  it("takes the folder and the operation's name and notes from the project's annotation types", () => {
    expect(at('/admin/items')).toMatchObject({ folder: 'admin', name: 'List everything', description: 'Every item, unpaged' });
  });

  it("takes them from the annotation types of the organisation's own jar", () => {
    expect(at('/ops/probe')).toMatchObject({ folder: 'ops', folderDescription: 'Operations', name: 'Probe the service', description: 'Answers when it is up', operationId: 'probe' });
  });

  it("reads the authorizations of an @Api an annotation type carries as the operation's requirement", () => {
    expect(at('/keyed')).toMatchObject({ folder: 'keyed', security: ['apiKey'] });
    expect(at('/admin/items')?.security).toBeUndefined();
  });

  it('leaves out a controller an annotation type marks @ApiIgnore', () => {
    expect(at('/secret')).toBeUndefined();
    expect(at('/admin/items')).toBeDefined();
  });
});
