import { describe, expect, it } from 'vitest';
import { child, children, childText, textOf, withoutComments } from './pom-elements';
import { interpolate, pomModel, versionIn } from './pom-model';
import { readGradleModule } from './gradle-module';

const POM = `<?xml version="1.0"?>
<project>
  <!-- <groupId>com.commented</groupId> -->
  <parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>2.0</version><relativePath/></parent>
  <artifactId>app</artifactId>
  <profiles><profile><id>x</id><properties><v>9</v></properties><build><plugins><plugin><groupId>org.other</groupId></plugin></plugins></build></profile></profiles>
  <properties><v>1</v></properties>
  <dependencies><dependency><groupId>com.acme</groupId><artifactId>lib</artifactId><version>\${v}</version><exclusions><exclusion><groupId>x</groupId><artifactId>y</artifactId></exclusion></exclusions></dependency></dependencies>
</project>`;

describe('pom elements by where they stand', () => {
  it("reads the project's own children, not a profile's or a comment's", () => {
    const project = child(withoutComments(POM), 'project');
    expect(childText(project, 'groupId')).toBeUndefined();
    expect(childText(child(project, 'parent'), 'groupId')).toBe('com.acme');
    expect(children(child(project, 'parent')).get('relativePath')).toBe('');
    expect(textOf(children(project).get('properties'))).toBeUndefined(); // not text only
    const model = pomModel(POM, () => ({ project: '', properties: new Map([['v', '0'], ['project.version', '7']]), managed: new Map() }));
    expect(model.properties.get('v')).toBe('1');
    expect(model.properties.get('project.version')).toBe('2.0'); // the parent's version, not the parent's project.version
    expect(versionIn(model, { group: 'com.acme', artifact: 'lib', version: '${v}' })).toBe('1');
  });

  it('reads no Gradle module metadata from JSON of another shape', () => {
    expect(readGradleModule('{"variants": []}')).toBeUndefined();
    expect(readGradleModule('not json')).toBeUndefined();
    expect(readGradleModule(JSON.stringify({ formatVersion: '1.1', variants: [{ attributes: { 'org.gradle.usage': 'java-runtime', 'org.gradle.category': 'documentation' }, files: [{ name: 'x-sources.jar' }] }] }))).toEqual({ dependencies: [] });
  });
});

describe('pom property interpolation', () => {
  const props = new Map([
    ['a', '${b}-a'],
    ['b', '${c}'],
    ['c', '1.2'],
    ['self', '${self}.x'],
    ['twice', '${twice}${twice}'],
    ['ping', '${pong}'],
    ['pong', '${ping}'],
    ['deep1', '${deep2}'],
    ['deep2', '${deep3}'],
    ['deep3', '${deep4}'],
    ['deep4', '${deep5}'],
    ['deep5', '${deep6}'],
    ['deep6', 'too deep'],
  ]);

  it('fills in properties naming others, and gives up on an unknown one', () => {
    expect(interpolate('v${a}', props)).toBe('v1.2-a');
    expect(interpolate('${missing}', props)).toBeUndefined();
    expect(interpolate('${deep2}', props)).toBe('too deep');
    expect(interpolate('${deep1}', props)).toBeUndefined();
  });

  it('gives up on a property naming itself, directly or through another, without growing it', () => {
    expect(interpolate('${self}', props)).toBeUndefined();
    expect(interpolate('${twice}', props)).toBeUndefined();
    expect(interpolate('${ping}', props)).toBeUndefined();
    let reads = 0;
    const counting = new Map(props);
    const get = counting.get.bind(counting);
    counting.get = (k: string) => (reads++, get(k));
    interpolate('${twice}', counting);
    expect(reads).toBeLessThan(4);
  });
});
