// Which build files package their module as a runnable Spring Boot application.

import { describe, expect, it } from 'vitest';
import { bootPackaged } from '../../core/scan/boot-packaging';
import type { ModuleInfo } from '../../core/scan/modules';

const maven: ModuleInfo = { name: 'lib', dir: 'lib', build: 'maven' };
const gradle: ModuleInfo = { name: 'lib', dir: 'lib', build: 'gradle' };
const packaged = (m: ModuleInfo, file: string, text: string) => bootPackaged(m, (path) => (path === `lib/${file}` ? text : undefined));
const plugin = '<plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin>';

describe('Boot packaging of a module', () => {
  it("reads the spring-boot-maven-plugin of the pom's own build only", () => {
    expect(packaged(maven, 'pom.xml', `<project><build><plugins>${plugin}</plugins></build></project>`)).toBe(true);
    expect(packaged(maven, 'pom.xml', '<project><build><plugins><plugin><artifactId>maven-jar-plugin</artifactId></plugin></plugins></build></project>')).toBe(false);
    expect(packaged(maven, 'pom.xml', `<project><profiles><profile><build><plugins>${plugin}</plugins></build></profile></profiles></project>`)).toBe(false);
    expect(packaged(maven, 'pom.xml', `<project><build><pluginManagement><plugins>${plugin}</plugins></pluginManagement></build></project>`)).toBe(false);
    expect(packaged(maven, 'pom.xml', `<project><build><plugins><!-- ${plugin} --></plugins></build></project>`)).toBe(false);
    expect(packaged(maven, 'pom.xml', `<project><build><plugins>${plugin.replace('</plugin>', '<configuration><skip>true</skip></configuration></plugin>')}</plugins></build></project>`)).toBe(false);
    expect(bootPackaged(maven, () => undefined)).toBe(false);
  });

  it('reads the org.springframework.boot Gradle plugin with bootJar left enabled', () => {
    expect(packaged(gradle, 'build.gradle', "plugins {\n  id 'org.springframework.boot' version '3.2.0'\n}")).toBe(true);
    expect(packaged(gradle, 'build.gradle.kts', 'plugins {\n  id("org.springframework.boot")\n}')).toBe(true);
    expect(packaged(gradle, 'build.gradle', "apply plugin: 'org.springframework.boot'")).toBe(true);
    expect(packaged(gradle, 'build.gradle', "plugins { id 'java-library' }")).toBe(false);
    expect(packaged(gradle, 'build.gradle', "plugins { id 'org.springframework.boot' }\nbootJar { enabled = false }")).toBe(false);
    expect(packaged(gradle, 'build.gradle.kts', 'plugins { id("org.springframework.boot") }\ntasks.getByName<BootJar>("bootJar") {\n  enabled = false\n}')).toBe(false);
    expect(packaged(gradle, 'build.gradle', "plugins { id 'org.springframework.boot' }\nbootJar.enabled = false")).toBe(false);
    expect(packaged(gradle, 'build.gradle', "// id 'org.springframework.boot'\nplugins { id 'java' }")).toBe(false);
  });
});

describe('Boot packaging of a Gradle module from the builds around it', () => {
  const app: ModuleInfo = { name: 'app', dir: 'services/app', build: 'gradle' };
  const builds = (files: Record<string, string>) => (path: string) => files[path];

  it('does not count a plugin declared with apply false (a root build declaring versions for its subprojects)', () => {
    const root: ModuleInfo = { name: 'root', dir: '', build: 'gradle' };
    expect(bootPackaged(root, builds({ 'build.gradle': "plugins {\n  id 'org.springframework.boot' version '3.2.0' apply false\n  id 'java'\n}" }))).toBe(false);
    expect(bootPackaged(root, builds({ 'build.gradle.kts': 'plugins {\n  id("org.springframework.boot") version "3.2.0" apply false\n}' }))).toBe(false);
    expect(bootPackaged(root, builds({ 'build.gradle.kts': 'plugins {\n  id("org.springframework.boot") version "3.2.0" apply(false)\n}' }))).toBe(false);
  });

  it('counts the plugin an enclosing build applies in subprojects {} or allprojects {}', () => {
    const sub = "plugins { id 'org.springframework.boot' version '3.2.0' apply false }\nsubprojects {\n  apply plugin: 'java'\n  if (true) { apply plugin: 'org.springframework.boot' }\n}";
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': "dependencies { implementation 'x:y:1' }", 'build.gradle': sub }))).toBe(true);
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': '', 'services/build.gradle.kts': 'allprojects {\n  apply(plugin = "org.springframework.boot")\n}' }))).toBe(true);
    // Applied around it but bootJar switched off in the module, or in the block and not switched on again.
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': 'bootJar { enabled = false }', 'build.gradle': sub }))).toBe(false);
    const off = "subprojects {\n  apply plugin: 'org.springframework.boot'\n  bootJar { enabled = false }\n}";
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': '', 'build.gradle': off }))).toBe(false);
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': 'bootJar { enabled = true }', 'build.gradle': off }))).toBe(true);
    // A subprojects {} block applies to the folders below, not to the build it stands in.
    expect(bootPackaged({ name: 'root', dir: '', build: 'gradle' }, builds({ 'build.gradle': sub }))).toBe(false);
    expect(bootPackaged(app, builds({ 'services/app/build.gradle': '', 'build.gradle': "subprojects { apply plugin: 'java' }" }))).toBe(false);
  });
});
