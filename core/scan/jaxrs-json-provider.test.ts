import { describe, expect, it } from 'vitest';
import { jsonbVersion } from './jaxrs-json-provider';
import type { ModuleInfo } from './modules';

const files = (texts: Record<string, string>) => (path: string) => texts[path];
const api: ModuleInfo = { name: 'api', dir: 'api', build: 'maven' };
const pom = (body: string, parent = '', artifact = 'x') => `<project>${parent}<artifactId>${artifact}</artifactId>${body}</project>`;
const PARENT = '<parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent>';

describe('the JSON-B version a module builds with', () => {
  it('leaves out versions commented out of its own pom and its parent pom', () => {
    const read = files({
      'pom.xml': pom(
        '<dependencyManagement><dependencies><!-- was <dependency><artifactId>yasson</artifactId><version>2.0.4</version></dependency> -->' +
          '<dependency><artifactId>yasson</artifactId><version>3.0.3</version></dependency></dependencies></dependencyManagement>',
        '',
        'parent',
      ),
      'api/pom.xml': pom('<!-- <parent><artifactId>jakarta.jakartaee-bom</artifactId><version>9.1.0</version></parent> --><dependencies><dependency><artifactId>yasson</artifactId></dependency></dependencies>', PARENT),
    });
    expect(jsonbVersion(api, read)).toBe(3);
  });

  it('leaves out a Gradle comment', () => {
    const read = files({ 'api/build.gradle': '// implementation "org.eclipse:yasson:2.0.4"\nimplementation "org.eclipse:yasson:3.0.3"\n' });
    expect(jsonbVersion({ ...api, build: 'gradle' }, read)).toBe(3);
  });

  it("takes the pom above only when it is the parent the module names (Maven's check of the default relativePath)", () => {
    const texts = {
      'pom.xml': pom('<modules><module>api</module></modules><dependencyManagement><dependencies><dependency><artifactId>yasson</artifactId><version>2.0.4</version></dependency></dependencies></dependencyManagement>', '', 'aggregator'),
      'api/pom.xml': pom('<dependencies><dependency><artifactId>yasson</artifactId></dependency></dependencies>', '<parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>2.7.18</version></parent>', 'api'),
    };
    expect(jsonbVersion(api, files(texts))).toBeUndefined();
    // The aggregator as the parent: its managed Yasson is the module's.
    texts['api/pom.xml'] = pom('<dependencies><dependency><artifactId>yasson</artifactId></dependency></dependencies>', '<parent><groupId>com.acme</groupId><artifactId>aggregator</artifactId><version>1</version></parent>', 'api');
    expect(jsonbVersion(api, files(texts))).toBe(2);
  });
});
