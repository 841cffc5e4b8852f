import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/endpoint';
import { parseProperties, readApplicationProperties, readServletPaths } from './spring-boot-config';
import { writeFiles } from '../../test/write-files';

function module(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-config-'));
  writeFiles(root, files);
  return root;
}

describe('readServletPaths', () => {
  it('reads the context path and servlet path from application.properties', () => {
    const root = module({ 'svc/src/main/resources/application.properties': '# c\nserver.servlet.context-path=/shop/\nspring.mvc.servlet.path : api\n' });
    expect(readServletPaths(root, 'svc', [])).toEqual({ contextPath: '/shop', servletPath: '/api' });
  });

  it("takes WebFlux's spring.webflux.base-path as the context path, a servlet context path beside it winning", () => {
    const root = module({ 'src/main/resources/application.yml': 'spring:\n  webflux:\n    base-path: /api/\n' });
    expect(readServletPaths(root, '', [])).toEqual({ contextPath: '/api' });
    const both = module({ 'src/main/resources/application.properties': 'server.servlet.context-path=/shop\nspring.webflux.base-path=/flux\n' });
    expect(readServletPaths(both, '', [])).toEqual({ contextPath: '/shop' });
  });

  it("takes Quarkus' quarkus.http.root-path as the context path", () => {
    const root = module({ 'src/main/resources/application.properties': 'quarkus.http.root-path=/shop\nquarkus.rest.path=/rest\n' });
    expect(readServletPaths(root, '', [])).toEqual({ contextPath: '/shop', jaxRsPath: '/rest' });
    const yaml = module({ 'src/main/resources/application.yml': 'quarkus:\n  http:\n    root-path: /\n' });
    expect(readServletPaths(yaml, '', [])).toEqual({ contextPath: '/' });
  });

  it("applies a Quarkus module's dev profile: %dev. keys (one profile or a list) and application-dev files, over the plain values", () => {
    const props = module({
      'src/main/resources/application.properties': 'quarkus.http.root-path=/prod\n%dev.quarkus.http.root-path=/dev\n%test.quarkus.rest.path=/test\n%dev,staging.quarkus.rest.path=/api\n',
    });
    expect(readServletPaths(props, '', [])).toEqual({ contextPath: '/dev', jaxRsPath: '/api' });
    expect(readApplicationProperties(props, '', []).get('quarkus.rest.path')).toBe('/api');
    const yaml = module({ 'src/main/resources/application.yaml': 'quarkus:\n  http:\n    root-path: /prod\n"%dev":\n  quarkus:\n    http:\n      root-path: /dev-yaml\n' });
    expect(readServletPaths(yaml, '', [])).toEqual({ contextPath: '/dev-yaml' });
    const file = module({
      'src/main/resources/application.properties': 'quarkus.http.root-path=/prod\n',
      'src/main/resources/application-dev.properties': 'quarkus.http.root-path=/dev-file\n',
    });
    expect(readServletPaths(file, '', [])).toEqual({ contextPath: '/dev-file' });
    // A Spring module's keys are never read as Quarkus profiles.
    const spring = module({ 'src/main/resources/application.properties': 'server.servlet.context-path=/shop\n', 'src/main/resources/application-dev.properties': 'server.servlet.context-path=/dev\n' });
    expect(readServletPaths(spring, '', [])).toEqual({ contextPath: '/shop' });
  });

  it("reads META-INF/microprofile-config.properties (Helidon MP's server.port), below the application files", () => {
    const mp = module({ 'svc/src/main/resources/META-INF/microprofile-config.properties': 'server.port=7001\nquarkus.rest.path=/rest\n' });
    expect(readApplicationProperties(mp, 'svc', []).get('server.port')).toBe('7001');
    expect(readServletPaths(mp, 'svc', [])).toEqual({ jaxRsPath: '/rest' });
    const both = module({
      'src/main/resources/META-INF/microprofile-config.properties': 'server.port=7001\nserver.host=0.0.0.0\n',
      'src/main/resources/application.yaml': 'server:\n  port: 8080\n',
    });
    const props = readApplicationProperties(both, '', []);
    expect([props.get('server.port'), props.get('server.host')]).toEqual(['8080', '0.0.0.0']);
  });

  it('reads nested YAML and ignores profile-specific documents', () => {
    const root = module({
      'src/main/resources/application.yml': 'server:\n  servlet:\n    context-path: /orders\n---\nspring:\n  config:\n    activate:\n      on-profile: dev\nserver:\n  servlet:\n    context-path: /dev\n',
    });
    expect(readServletPaths(root, '', [])).toEqual({ contextPath: '/orders' });
  });

  it('turns a broken file into a diagnostic naming it', () => {
    const root = module({ 'src/main/resources/application.yml': 'server: [unclosed\n' });
    const diagnostics: Diagnostic[] = [];
    expect(readServletPaths(root, '', diagnostics)).toEqual({});
    expect(diagnostics[0]!.file).toBe('src/main/resources/application.yml');
  });

  it("reads a YAML file holding Maven's unquoted @property@ filter tokens, which are not valid YAML", () => {
    const root = module({
      'src/main/resources/application.yml': 'spring:\n  profiles:\n    active: @profile.name@ # filtered at build\n  application:\n    version: @project.version@-SNAPSHOT\n  groups:\n    - @group@\nserver:\n  servlet:\n    context-path: /plus\n',
    });
    const diagnostics: Diagnostic[] = [];
    expect(readServletPaths(root, '', diagnostics)).toEqual({ contextPath: '/plus' });
    expect(diagnostics).toEqual([]);
  });

  it('reads the application-<profile> files of the profiles the file activates itself, and no other', () => {
    const literal = module({
      'src/main/resources/application.yml': 'spring:\n  profiles:\n    active: local\nserver:\n  servlet:\n    context-path: /base\n',
      'src/main/resources/application-local.yaml': 'server:\n  servlet:\n    context-path: /local\n',
      'src/main/resources/application-prod.yml': 'server:\n  servlet:\n    context-path: /prod\n',
    });
    expect(readServletPaths(literal, '', [])).toEqual({ contextPath: '/local' });
    // Maven's @profile.name@, from the pom profile active by default (here the parent's).
    const filtered = module({
      'pom.xml': '<project><profiles><profile><id>prod</id><properties><profile.name>prod</profile.name></properties></profile><profile><id>dev</id><activation><activeByDefault>true</activeByDefault></activation><properties><profile.name>dev</profile.name></properties></profile></profiles></project>',
      'app/pom.xml': '<project><artifactId>app</artifactId></project>',
      'app/src/main/resources/application.yml': 'spring:\n  profiles:\n    active: @profile.name@\n',
      'app/src/main/resources/application-dev.yml': 'server:\n  servlet:\n    context-path: /jeecg-boot\n',
      'app/src/main/resources/application-prod.yml': 'server:\n  servlet:\n    context-path: /prod\n',
    });
    expect(readServletPaths(filtered, 'app', [])).toEqual({ contextPath: '/jeecg-boot' });
    const fromEnv = module({
      'src/main/resources/application.properties': 'spring.profiles.active=${SPRING_PROFILES:dev}\n',
      'src/main/resources/application-dev.properties': 'server.servlet.context-path=/dev\n',
    });
    expect(readServletPaths(fromEnv, '', [])).toEqual({ contextPath: '/dev' });
  });

  it('reads the actuator base path and per-id path mappings', () => {
    const root = module({
      'ops/src/main/resources/application.yml': 'management:\n  endpoints:\n    web:\n      base-path: /manage/\n      path-mapping:\n        health: /healthcheck\n        feature.flags: flags\n',
    });
    expect(readServletPaths(root, 'ops', [])).toEqual({ actuatorBasePath: '/manage', actuatorPathMapping: { health: 'healthcheck', 'feature.flags': 'flags' } });
    const atRoot = module({ 'src/main/resources/application.properties': 'management.endpoints.web.base-path=/\n' });
    expect(readServletPaths(atRoot, '', [])).toEqual({ actuatorBasePath: '' });
  });

  it("fills placeholders from the files, else with their defaults, as a local run gets them; one with neither is left out", () => {
    const root = module({ 'src/main/resources/application.properties': 'server.servlet.context-path=${CTX:/x}\nspring.mvc.servlet.path=${app.servlet}\napp.servlet=/mvc\nmanagement.endpoints.web.base-path=${MGMT}\n' });
    expect(readServletPaths(root, '', [])).toEqual({ contextPath: '/x', servletPath: '/mvc' });
  });
});

describe('parseProperties', () => {
  it('handles separators, continuations and escapes', () => {
    const p = parseProperties('a=1\nb: 2\nc 3\nlong=one \\\n   two\nkey\\ with\\ space=v\nuni=\\u0041\n! comment\n');
    expect(Object.fromEntries(p)).toEqual({ a: '1', b: '2', c: '3', long: 'one two', 'key with space': 'v', uni: 'A' });
  });
});
