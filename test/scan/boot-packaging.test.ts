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
