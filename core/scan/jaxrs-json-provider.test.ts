import { describe, expect, it } from 'vitest';
import { jsonbVersion } from './jaxrs-json-provider';
import type { ModuleInfo } from './modules';

const files = (texts: Record<string, string>) => (path: string) => texts[path];
const api: ModuleInfo = { name: 'api', dir: 'api', build: 'maven' };
const pom = (body: string, parent = '') => `<project>${parent}<artifactId>x</artifactId>${body}</project>`;
const PARENT = '<parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent>';

describe('the JSON-B version a module builds with', () => {
  it('leaves out versions commented out of its own pom and its parent pom', () => {
    const read = files({
      'pom.xml': pom(
        '<dependencyManagement><dependencies><!-- was <dependency><artifactId>yasson</artifactId><version>2.0.4</version></dependency> -->' +
          '<dependency><artifactId>yasson</artifactId><version>3.0.3</version></dependency></dependencies></dependencyManagement>',
      ),
      'api/pom.xml': pom('<!-- <parent><artifactId>jakarta.jakartaee-bom</artifactId><version>9.1.0</version></parent> --><dependencies><dependency><artifactId>yasson</artifactId></dependency></dependencies>', PARENT),
    });
    expect(jsonbVersion(api, read)).toBe(3);
  });

  it('leaves out a Gradle comment', () => {
    const read = files({ 'api/build.gradle': '// implementation "org.eclipse:yasson:2.0.4"\nimplementation "org.eclipse:yasson:3.0.3"\n' });
    expect(jsonbVersion({ ...api, build: 'gradle' }, read)).toBe(3);
  });
});
