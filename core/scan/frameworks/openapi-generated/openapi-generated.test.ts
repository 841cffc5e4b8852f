import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../model/endpoint';
import { generatorConfigs } from './build-config';
import { quarkusServerConfig } from './quarkus-config';
import { apiName, camelize, derivedOperationId, groupsOf, javaMethodName, modelClassName, readSpec } from './spec-operations';

describe("openapi-generator's names", () => {
  it('derives an operationId from path and verb, and camelizes ids into Java method names', () => {
    expect(derivedOperationId('/projects/{projectId}', 'delete')).toBe('projectsProjectIdDelete');
    expect(derivedOperationId('/', 'get')).toBe('rootGet');
    expect(javaMethodName(derivedOperationId('/user-groups/{id}/members', 'post'))).toBe('userGroupsIdMembersPost');
    expect(javaMethodName('archive-project')).toBe('archiveProject');
    expect(javaMethodName('download_export')).toBe('downloadExport');
    expect(javaMethodName('ListProjects')).toBe('listProjects');
    expect(javaMethodName('new')).toBe('callNew');
    expect(javaMethodName('2fa')).toBe('call2fa');
    expect(camelize('HTTPGet', true)).toBe('httpGet');
  });

  it('names interfaces by path segment or tag, DefaultApi when untagged', () => {
    expect(apiName('projects')).toBe('ProjectsApi');
    expect(apiName('user-groups')).toBe('UserGroupsApi');
    expect(apiName('Pet Store')).toBe('PetStoreApi');
    expect(apiName('default')).toBe('DefaultApi');
    expect(apiName('stock-levels', 'Resource')).toBe('StockLevelsResource');
    expect(apiName('default', 'Resource')).toBe('DefaultResource');
    const [op] = readSpec('{"paths":{"/reports/daily":{"get":{"tags":["Reporting","Admin"]}},"/":{"get":{}}}}', 'x.json').operations;
    expect(groupsOf(op!, false, true)).toEqual(['reports']);
    expect(groupsOf(op!, true, true)).toEqual(['Reporting']);
    expect(groupsOf(op!, true, false)).toEqual(['Reporting', 'Admin']);
  });
});

describe('generator configurations in build files', () => {
  it('reads a Maven execution, with plugin-level configuration shared and comments ignored', () => {
    const pom = `<project><properties><spec.dir>specs</spec.dir></properties><build><plugins><plugin>
      <artifactId>openapi-generator-maven-plugin</artifactId>
      <configuration><configOptions><useTags>true</useTags></configOptions></configuration>
      <executions><execution><configuration>
        <!-- <inputSpec>old.yaml</inputSpec> -->
        <inputSpec>\${project.basedir}/\${spec.dir}/api.yaml</inputSpec>
        <generatorName>jaxrs-spec</generatorName><apiPackage>com.acme.api</apiPackage>
        <configOptions><interfaceOnly>true</interfaceOnly></configOptions>
      </configuration></execution></executions></plugin></plugins></build></project>`;
    const [c] = generatorConfigs('svc/pom.xml', pom, 'svc');
    expect(c).toMatchObject({ generator: 'jaxrs-spec', inputSpec: 'svc/specs/api.yaml', apiPackage: 'com.acme.api', options: { useTags: 'true', interfaceOnly: 'true' }, line: 6 });
  });

  it('reads the model settings, each execution inheriting the plugin-level ones, and properties of parent poms', () => {
    const pom = `<project><parent><artifactId>p</artifactId></parent><build><plugins><plugin>
      <artifactId>openapi-generator-maven-plugin</artifactId>
      <configuration><generatorName>java</generatorName><modelPackage>\${models}</modelPackage><modelNameSuffix>Dto</modelNameSuffix>
        <generateApis>false</generateApis><generateModels>true</generateModels></configuration>
      <executions>
        <execution><configuration><inputSpec>a.yaml</inputSpec></configuration></execution>
        <execution><configuration><inputSpec>b.yaml</inputSpec><modelPackage>\${models}.b</modelPackage><generateModels>false</generateModels></configuration></execution>
      </executions></plugin></plugins></build></project>`;
    const parents: Record<string, string> = {
      'svc/pom.xml': '<project><parent><relativePath>../build/root.xml</relativePath></parent><properties><other>x</other></properties></project>',
      'build/root.xml': '<project><properties><models>com.acme.model</models></properties></project>',
    };
    const [a, b] = generatorConfigs('svc/api/pom.xml', pom, 'svc/api', (path) => parents[path]);
    expect(a).toMatchObject({ generator: 'java', inputSpec: 'svc/api/a.yaml', modelPackage: 'com.acme.model', modelNameSuffix: 'Dto', generatesModels: true });
    expect(b).toMatchObject({ generator: 'java', modelPackage: 'com.acme.model.b', generatesModels: false });
    // Without the parents the property is unknown: no package rather than a wrong one.
    expect(generatorConfigs('svc/api/pom.xml', pom, 'svc/api')[0]!.modelPackage).toBeUndefined();
    expect(modelClassName('order-item', '', 'Dto')).toBe('OrderItemDto');
    expect(modelClassName('Error_details_inner')).toBe('ErrorDetailsInner');
    expect(modelClassName('object')).toBe('ModelObject');
  });

  it('reads Gradle Groovy and Kotlin DSL tasks, and says when a path cannot be read', () => {
    const groovy = `openApiGenerate {\n  generatorName = "spring"\n  inputSpec = "$rootDir/api/a.yaml".toString()\n  configOptions = [interfaceOnly: "true"]\n}`;
    expect(generatorConfigs('m/build.gradle', groovy, 'm')[0]).toMatchObject({ generator: 'spring', inputSpec: 'api/a.yaml', options: { interfaceOnly: 'true' }, line: 3 });
    const kts = `tasks.register<GenerateTask>("x") {\n  generatorName.set("jaxrs-spec")\n  inputSpec.set(file("src/api.json").path)\n  configOptions.set(mapOf("useTags" to "true"))\n}`;
    expect(generatorConfigs('m/build.gradle.kts', kts, 'm')[0]).toMatchObject({ generator: 'jaxrs-spec', inputSpec: 'm/src/api.json', options: { useTags: 'true' } });
    const models = `openApiGenerate {\n  inputSpec.set("api.yaml")\n  modelPackage.set("com.acme.model")\n  modelNamePrefix = "Api"\n}`;
    expect(generatorConfigs('build.gradle.kts', models, '')[0]).toMatchObject({ modelPackage: 'com.acme.model', modelNamePrefix: 'Api', generatesModels: true });
    const unknown = `openApiGenerate {\n  inputSpec = specFile\n}`;
    expect(generatorConfigs('build.gradle', unknown, '')[0]!.inputSpec).toBeUndefined();
  });

  it('reads the schemas mapped to existing classes: schemaMappings, importMappings, typeMappings with the import of their type', () => {
    const groovy = `openApiGenerate {\n  inputSpec = "api.yaml"\n  importMappings = [Money: "com.acme.Money", CustomInterval: "com.acme.CustomInterval"]\n  typeMappings = [Interval: "CustomInterval", BigDecimal: "Number"]\n}`;
    expect(generatorConfigs('build.gradle', groovy, '')[0]!.mappings).toEqual({ Money: 'com.acme.Money', CustomInterval: 'com.acme.CustomInterval', Interval: 'com.acme.CustomInterval', BigDecimal: 'Number' });
    const kts = `openApiGenerate {\n  inputSpec.set("api.yaml")\n  schemaMappings.set(mapOf("Money" to "com.acme.Money"))\n}`;
    expect(generatorConfigs('build.gradle.kts', kts, '')[0]!.mappings).toEqual({ Money: 'com.acme.Money' });
    // gravitee: the import keyed by the schema, the type mapping naming the class; plugin-level settings apply to each execution.
    const pom = `<project><build><plugins><plugin><artifactId>openapi-generator-maven-plugin</artifactId>
      <configuration><importMappings>Interval=com.acme.CustomInterval,Links=com.acme.Links</importMappings>
        <typeMappings><typeMapping>BigDecimal=Number</typeMapping><typeMapping>Interval=CustomInterval</typeMapping></typeMappings></configuration>
      <executions><execution><configuration><inputSpec>a.yaml</inputSpec><schemaMappings><schemaMapping>Page=com.acme.Page</schemaMapping></schemaMappings></configuration></execution>
        <execution><configuration><inputSpec>b.yaml</inputSpec></configuration></execution></executions>
    </plugin></plugins></build></project>`;
    const [a, b] = generatorConfigs('pom.xml', pom, '');
    expect(a!.mappings).toEqual({ Interval: 'com.acme.CustomInterval', Links: 'com.acme.Links', BigDecimal: 'Number', Page: 'com.acme.Page' });
    expect(b!.mappings).toEqual({ Interval: 'com.acme.CustomInterval', Links: 'com.acme.Links', BigDecimal: 'Number' });
    expect(generatorConfigs('build.gradle', `openApiGenerate {\n  inputSpec = "api.yaml"\n}`, '')[0]!.mappings).toBeUndefined();
  });
});

describe("Quarkus's server generator configuration", () => {
  const files = (map: Record<string, string>) => (path: string) => map[path];

  it('reads spec, base package and input dir from application.properties, the line of the spec key for diagnostics', () => {
    const props = [
      'quarkus.http.port=8080',
      'quarkus.openapi.generator.server.spec=api.yaml',
      'quarkus.openapi.generator.server.base-package=com.acme.api',
      'quarkus.openapi.generator.server.input-base-dir=src/main/openapi',
      'quarkus.openapi.generator.server.use=openapitools',
    ].join('\n');
    const c = quarkusServerConfig('svc', files({ 'svc/src/main/resources/application.properties': props }), []);
    expect(c).toMatchObject({ inputSpec: 'svc/src/main/openapi/api.yaml', apiPackage: 'com.acme.api.resources', buildFile: 'svc/src/main/resources/application.properties', line: 2 });
  });

  it('defaults the input dir to src/main/resources/openapi and finds the spec key in YAML', () => {
    const yml = 'quarkus:\n  kubernetes:\n    spec: no\n  openapi:\n    generator:\n      server:\n        spec: a.yml\n        use: openapitools\n        base-package: p\n';
    expect(quarkusServerConfig('', files({ 'src/main/resources/application.yml': yml }), [])).toMatchObject({ inputSpec: 'src/main/resources/openapi/a.yml', apiPackage: 'p.resources', line: 7 });
  });

  it('reads nothing for the Apicurio generator (the default), and says when the base package is missing', () => {
    const apicurio = 'quarkus.openapi.generator.server.spec=a.yaml\nquarkus.openapi.generator.server.base-package=p';
    expect(quarkusServerConfig('', files({ 'src/main/resources/application.properties': apicurio }), [])).toBeUndefined();
    const problems: Diagnostic[] = [];
    const noPackage = 'quarkus.openapi.generator.server.spec=a.yaml\nquarkus.openapi.generator.server.use=openapitools';
    expect(quarkusServerConfig('', files({ 'src/main/resources/application.properties': noPackage }), problems)?.apiPackage).toBeUndefined();
    expect(problems[0]!.message).toContain('base-package is not set');
  });
});
