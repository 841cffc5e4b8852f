import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkProject } from './files';
import { detectModules, moduleFor, projectArtifactId, stripComments } from './modules';

let root: string;

beforeEach(() => {
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-modules-')), 'shop');
  fs.mkdirSync(root);
});
afterEach(() => {
  fs.rmSync(path.dirname(root), { recursive: true, force: true });
});

function write(rel: string, text = ''): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

/** Detects through the real walker, the way a scan does. */
function detect() {
  return detectModules(root, walkProject(root, { extensions: ['.java'] }).buildFiles);
}

function pom(artifactId: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>com.acme</groupId>
    <artifactId>shop-parent</artifactId>
    <version>1.0.0</version>
  </parent>
  ${extra}
  <artifactId>${artifactId}</artifactId>
  <dependencies>
    <dependency><groupId>org.springframework</groupId><artifactId>spring-web</artifactId></dependency>
  </dependencies>
</project>
`;
}

describe('detectModules', () => {
  it('names Maven modules by their own artifactId', () => {
    write('pom.xml', pom('shop-parent').replace(/<parent>[\s\S]*?<\/parent>/, ''));
    write('order/pom.xml', pom('order-service'));
    write('catalog/api/pom.xml', pom('catalog-api'));
    expect(detect()).toEqual([
      { name: 'shop-parent', dir: '', build: 'maven' },
      { name: 'catalog-api', dir: 'catalog/api', build: 'maven' },
      { name: 'order-service', dir: 'order', build: 'maven' },
    ]);
  });

  it('ignores commented-out artifactIds and those of parent, plugins and dependencies', () => {
    const xml = pom('real', '<!-- <artifactId>commented</artifactId> -->\n<build><plugins><plugin><artifactId>p</artifactId></plugin></plugins></build>');
    expect(projectArtifactId(xml)).toBe('real');
    expect(projectArtifactId('<project><parent><artifactId>p</artifactId></parent></project>')).toBeUndefined();
    expect(projectArtifactId('<pom:project xmlns:pom="x"><pom:artifactId> ns </pom:artifactId></pom:project>')).toBe('ns');
    expect(projectArtifactId('<settings><artifactId>x</artifactId></settings>')).toBeUndefined();
  });

  it('falls back to the folder name for broken, property-named or unreadable poms', () => {
    write('a/pom.xml', '<project><artifactId>');
    write('b/pom.xml', pom('${project.name}-b'));
    write('c/pom.xml', 'not xml at all');
    fs.mkdirSync(path.join(root, 'd'));
    const modules = detectModules(root, ['a/pom.xml', 'b/pom.xml', 'c/pom.xml', 'd/pom.xml', 'e/build.gradle']);
    expect(modules.map((m) => [m.dir, m.name, m.build])).toEqual([
      ['', 'shop', 'none'],
      ['a', 'a', 'maven'],
      ['b', 'b', 'maven'],
      ['c', 'c', 'maven'],
      ['d', 'd', 'maven'],
      ['e', 'e', 'gradle'],
    ]);
  });

  it('names Gradle projects from settings and by folder', () => {
    write('settings.gradle', "// rootProject.name = 'old'\nrootProject.name = 'storefront'\ninclude ':web', ':core'\n");
    write('build.gradle');
    write('web/build.gradle.kts');
    write('core/build.gradle');
    write('tools/plugin/settings.gradle.kts', 'rootProject.name = "build-logic" /* included build */\n');
    write('tools/plugin/build.gradle.kts');
    expect(detect()).toEqual([
      { name: 'storefront', dir: '', build: 'gradle' },
      { name: 'core', dir: 'core', build: 'gradle' },
      { name: 'build-logic', dir: 'tools/plugin', build: 'gradle' },
      { name: 'web', dir: 'web', build: 'gradle' },
    ]);
  });

  it('honours projectDir reassignments in settings', () => {
    write(
      'settings.gradle.kts',
      'rootProject.name = "shop"\ninclude(":api", ":impl")\nproject(":api").projectDir = file("modules/shop-api")\nproject(\':impl\').projectDir = new File(settingsDir, \'modules/x\')\n',
    );
    write('modules/shop-api/build.gradle.kts');
    write('modules/x/build.gradle');
    expect(detect().map((m) => [m.dir, m.name])).toEqual([
      ['', 'shop'],
      ['modules/shop-api', 'api'],
      ['modules/x', 'impl'],
    ]);
  });

  it('takes a project the settings include as a module without a build file of its own', () => {
    // Spinnaker's gate renames each project's build file (`buildFileName = "${project.name}.gradle"`);
    // other builds configure projects from the root's `subprojects {}`. Missing folders are no module.
    write('settings.gradle', 'rootProject.name = "gate"\ninclude "gate-core",\n  ":gate-web",\n  ":services:api",\n  "gone"\ninclude "$prj"\n');
    write('build.gradle');
    write('gate-core/gate-core.gradle');
    write('gate-web/src/main/java/A.java');
    write('services/api/src/main/java/B.java');
    expect(detect().map((m) => [m.dir, m.name, m.build])).toEqual([
      ['', 'gate', 'gradle'],
      ['gate-core', 'gate-core', 'gradle'],
      ['gate-web', 'gate-web', 'gradle'],
      ['services/api', 'api', 'gradle'],
    ]);
  });

  it('prefers Maven when a folder has both', () => {
    write('pom.xml', pom('from-pom'));
    write('build.gradle');
    write('settings.gradle', "rootProject.name = 'from-gradle'");
    expect(detect()).toEqual([{ name: 'from-pom', dir: '', build: 'maven' }]);
  });

  it('gives a root without build files one module named after the folder', () => {
    write('src/main/java/A.java');
    expect(detect()).toEqual([{ name: 'shop', dir: '', build: 'none' }]);
  });

  it('gives modules that share a name distinct names, the one with sources keeping it', () => {
    // Gradle's root project takes the folder's name when settings name none.
    write('settings.gradle', "include 'shop'\ninclude 'application', 'platform:application', 'a:api', 'b:api'\n");
    write('shop/build.gradle.kts');
    write('application/build.gradle');
    write('application/src/main/java/A.java');
    write('platform/application/build.gradle');
    write('a/api/build.gradle');
    write('b/api/build.gradle');
    expect(detect().map((m) => [m.dir, m.name])).toEqual([
      ['', 'shop (root)'],
      ['a/api', 'api (a/api)'],
      ['application', 'application'],
      ['b/api', 'api (b/api)'],
      ['platform/application', 'application (platform/application)'],
      ['shop', 'shop'],
    ]);
  });

  it('keeps a root module as fallback when builds sit only in subfolders', () => {
    write('svc-a/pom.xml', pom('a'));
    expect(detect()).toEqual([
      { name: 'shop', dir: '', build: 'none' },
      { name: 'a', dir: 'svc-a', build: 'maven' },
    ]);
  });
});

describe('moduleFor', () => {
  const modules = [
    { name: 'parent', dir: '', build: 'maven' },
    { name: 'order', dir: 'order', build: 'maven' },
    { name: 'order-api', dir: 'order/api', build: 'maven' },
  ] as const;

  it('picks the nearest enclosing module folder', () => {
    expect(moduleFor(modules, 'order/api/src/main/java/A.java').name).toBe('order-api');
    expect(moduleFor(modules, 'order/src/main/java/api/B.java').name).toBe('order');
    expect(moduleFor(modules, 'orders/src/C.java').name).toBe('parent');
    expect(moduleFor(modules, 'order-api/D.java').name).toBe('parent');
    expect(moduleFor(modules, 'E.java').name).toBe('parent');
    expect(moduleFor(modules, './order/F.java').name).toBe('order');
  });

  it('answers a folder asked again as the first time, and paths written otherwise as before', () => {
    const order = [...modules];
    // The first file of a folder fills the folder's answer; the next ones use it.
    expect(moduleFor(order, 'order/api/src/A.java').name).toBe('order-api');
    expect(moduleFor(order, 'order/api/src/B.java').name).toBe('order-api');
    expect(moduleFor(order, 'order/api').name).toBe('order');
    // A trailing slash, a leading ./ and backslashes are normalised, never taken from the folder memo.
    expect(moduleFor(order, 'order/api/').name).toBe('order');
    expect(moduleFor(order, 'order/api/src/').name).toBe('order-api');
    expect(moduleFor(order, './order/api/C.java').name).toBe('order-api');
    expect(moduleFor(order, 'order\\api\\D.java').name).toBe('order-api');
    expect(moduleFor(order, 'order\\E.java').name).toBe('order');
  });

  it('falls back to the root module detectModules always adds', () => {
    write('x/pom.xml', pom('x'));
    const detected = detect();
    expect(moduleFor(detected, 'y/Z.java')).toEqual({ name: 'shop', dir: '', build: 'none' });
    expect(moduleFor(detected, 'x/src/Z.java').name).toBe('x');
  });
});

describe('stripComments', () => {
  it('keeps comment markers inside strings', () => {
    expect(stripComments("url 'https://repo' // note\n/* a\nb */ x = \"/*\"")).toBe("url 'https://repo' \n  x = \"/*\"");
  });
});
