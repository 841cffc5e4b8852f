import { describe, expect, it } from 'vitest';
import { GeneratedModels } from './generated-models';

const pom = (spec: string, pkg: string, suffix = '') => `<project><build><plugins><plugin>
  <artifactId>openapi-generator-maven-plugin</artifactId>
  <configuration><inputSpec>${spec}</inputSpec><modelPackage>${pkg}</modelPackage><modelNameSuffix>${suffix}</modelNameSuffix><generateApis>false</generateApis></configuration>
</plugin></plugins></build></project>`;
const spec = (example: string) => `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Review:\n      properties:\n        text: {type: string, example: ${example}}\n`;

describe('model classes generated from specs', () => {
  const files: Record<string, string> = {
    'a/pom.xml': pom('a.yaml', 'com.acme.a'),
    'a/a.yaml': spec('from-a'),
    'b/pom.xml': pom('b.yaml', 'com.acme.b', 'Dto'),
    'b/b.yaml': spec('from-b'),
    'c/pom.xml': pom('c.yaml', 'com.acme.c'),
    'c/c.yaml': spec('from-c'),
  };
  const read: string[] = [];
  const models = new GeneratedModels(['a', 'b', 'c'].map((dir) => ({ name: dir, dir, build: 'maven' as const })), (path) => {
    read.push(path);
    return files[path];
  });

  it('finds a class by package and suffixed name, reading only the spec of that package', () => {
    expect(models.schemaOf('com.acme.b.ReviewDto')).toMatchObject({ title: 'ReviewDto', 'x-java-type': 'com.acme.b.ReviewDto', properties: { text: { examples: ['from-b'] } } });
    expect(models.schemaOf('com.acme.b.Review')).toBeUndefined();
    expect(read.filter((p) => p.endsWith('.yaml'))).toEqual(['b/b.yaml']);
  });

  it('looks for an unqualified name in the packages it may be in, and takes none when two packages have it', () => {
    expect(models.schemaOf('Review', ['com.acme.other', 'com.acme.c'])?.['x-java-type']).toBe('com.acme.c.Review');
    expect(models.schemaOf('Review')).toBeUndefined(); // com.acme.a or com.acme.c
    expect(models.schemaOf('ReviewDto')?.['x-java-type']).toBe('com.acme.b.ReviewDto');
  });

  it('cuts a recursive model where it recurs, naming the class there', () => {
    const tree = `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Node:\n      properties:\n        children: {type: array, items: {$ref: '#/components/schemas/Node'}}\n`;
    const m = new GeneratedModels([{ name: 't', dir: '', build: 'maven' }], (path) => ({ 'pom.xml': pom('t.yaml', 'com.acme.t'), 't.yaml': tree })[path]);
    expect(m.schemaOf('com.acme.t.Node')?.properties?.children?.items).toEqual({ type: 'object', title: 'Node', 'x-java-type': 'com.acme.t.Node', 'x-truncated': 'recursion' });
  });

  it('names a oneOf model by its own class, its first branch standing for it; an alias by the class it points to', () => {
    const pets = `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Cat:\n      title: Kitty\n      properties:\n        lives: {type: integer}\n    Dog:\n      properties:\n        barks: {type: boolean}\n    Pet:\n      oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]\n    Animal:\n      $ref: '#/components/schemas/Dog'\n`;
    const m = new GeneratedModels([{ name: 't', dir: '', build: 'maven' }], (path) => ({ 'pom.xml': pom('t.yaml', 'com.acme.t'), 't.yaml': pets })[path]);
    expect(m.schemaOf('com.acme.t.Pet')).toMatchObject({ title: 'Pet', 'x-java-type': 'com.acme.t.Pet', properties: { lives: { type: 'integer' } } });
    expect(m.schemaOf('com.acme.t.Cat')).toMatchObject({ title: 'Cat', 'x-java-type': 'com.acme.t.Cat' });
    expect(m.schemaOf('com.acme.t.Animal')).toMatchObject({ title: 'Dog', 'x-java-type': 'com.acme.t.Dog' });
  });
});
