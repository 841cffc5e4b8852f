import { describe, expect, it } from 'vitest';
import { buildsWithJackson3, jackson3In, jacksonOfBuild } from './jackson-version';

const pom = (inner: string) => `<project><modelVersion>4.0.0</modelVersion>${inner}</project>`;
const parent = (version: string) => `<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${version}</version></parent>`;

describe('a build on Jackson 3', () => {
  it("a pom: Spring Boot 4's parent or BOM (a literal or the pom's property), or a tools.jackson dependency", () => {
    expect(jackson3In(pom(parent('4.0.1')), 'pom.xml')).toBe(true);
    expect(jackson3In(pom(parent('3.5.7')), 'pom.xml')).toBe(false);
    expect(jackson3In(pom(`<properties><spring-boot.version>4.1.0</spring-boot.version></properties><dependencyManagement><dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId><version>\${spring-boot.version}</version><type>pom</type><scope>import</scope></dependency></dependencies></dependencyManagement>`), 'pom.xml')).toBe(true);
    expect(jackson3In(pom('<dependencies><dependency><groupId>tools.jackson.core</groupId><artifactId>jackson-databind</artifactId></dependency></dependencies>'), 'pom.xml')).toBe(true);
    // A library's version 4 excluding a Boot starter (ruoyi-vue-pro's) is not Boot 4.
    expect(jackson3In(pom(`${parent('2.7.18')}<dependencies><dependency><groupId>com.acme</groupId><artifactId>lib</artifactId><version>4.4.0</version><exclusions><exclusion><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></exclusion></exclusions></dependency></dependencies>`), 'pom.xml')).toBe(false);
    // A commented-out upgrade, and another project's version 4 beside Boot 3, are not.
    expect(jackson3In(pom(`<!-- ${parent('4.0.0')} -->${parent('3.4.0')}<dependencies><dependency><groupId>com.acme</groupId><artifactId>x</artifactId><version>4.2</version></dependency></dependencies>`), 'pom.xml')).toBe(false);
  });

  it('Gradle: the plugin, the BOM, a version variable, gradle.properties, the version catalog', () => {
    expect(jackson3In("plugins { id 'org.springframework.boot' version '4.0.1' }", 'build.gradle')).toBe(true);
    expect(jackson3In('plugins { id("org.springframework.boot") version "4.0.0" }', 'build.gradle.kts')).toBe(true);
    expect(jackson3In("plugins { id 'org.springframework.boot' version '3.5.0' }", 'build.gradle')).toBe(false);
    expect(jackson3In("buildscript { ext { springBootVersion = '4.0.2' } }", 'build.gradle')).toBe(true);
    expect(jackson3In('dependencies { implementation(platform("org.springframework.boot:spring-boot-dependencies:4.0.0")) }', 'build.gradle.kts')).toBe(true);
    expect(jackson3In("dependencies { implementation 'tools.jackson.core:jackson-databind:3.1.4' }", 'build.gradle')).toBe(true);
    expect(jackson3In("// implementation 'tools.jackson.core:jackson-databind'\n", 'build.gradle')).toBe(false);
    expect(jackson3In('springBootVersion=4.0.1\n', 'gradle.properties')).toBe(true);
    expect(jackson3In("[plugins]\nspring-boot = 'org.springframework.boot:4.1.0'\n", 'gradle/libs.versions.toml')).toBe(true); // halo's
    expect(jackson3In('[versions]\nspring-boot = "4.0.0"\nspring-boot-admin = "3.5.0"\n', 'gradle/libs.versions.toml')).toBe(true);
    expect(jackson3In('[versions]\nspring-boot-admin = "4.0.0"\n', 'gradle/libs.versions.toml')).toBe(false);
  });

  it("any module's build file, or the root's Gradle version files", () => {
    const files: Record<string, string> = { 'pom.xml': pom(parent('3.5.0')), 'api/pom.xml': pom('<dependencies><dependency><groupId>tools.jackson.core</groupId><artifactId>jackson-databind</artifactId></dependency></dependencies>') };
    const read = (p: string) => files[p];
    expect(buildsWithJackson3([{ name: 'root', dir: '', build: 'maven' }], read)).toBe(false);
    expect(buildsWithJackson3([{ name: 'root', dir: '', build: 'maven' }, { name: 'api', dir: 'api', build: 'maven' }], read)).toBe(true);
    expect(buildsWithJackson3([{ name: 'root', dir: '', build: 'gradle' }], (p) => (p === 'gradle/libs.versions.toml' ? "[plugins]\nspring-boot = 'org.springframework.boot:4.1.0'\n" : undefined))).toBe(true);
  });

  it('Jackson 2 where a build names an older Spring Boot; nothing where none names one (a parent pom outside the repository)', () => {
    const root = [{ name: 'root', dir: '', build: 'maven' as const }];
    expect(jacksonOfBuild(root, () => pom(parent('3.5.7')))).toBe(2);
    expect(jacksonOfBuild(root, () => pom(parent('4.0.0')))).toBe(3);
    expect(jacksonOfBuild(root, () => pom('<parent><groupId>com.acme</groupId><artifactId>company-parent</artifactId><version>7.2.0</version></parent>'))).toBeUndefined();
    expect(jacksonOfBuild([{ name: 'root', dir: '', build: 'gradle' }], (p) => (p === 'build.gradle' ? "plugins { id 'org.springframework.boot' version '3.4.1' }" : undefined))).toBe(2);
    expect(jacksonOfBuild([{ name: 'root', dir: '', build: 'gradle' }], (p) => (p === 'build.gradle' ? "plugins { id 'org.springframework.boot' }" : undefined))).toBeUndefined();
  });
});
