// Issue 21: prefixes and mounts read from files other than sources follow those files. A change
// to application.yml, web.xml or an OpenAPI spec a build file (or Quarkus's application.yml) names, reported to the re-scan API
// (what the sidecar's files/changed calls), recomputes the endpoints without a full scan.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-config-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const copy = (fixture: string) => copyFixture(fixture, tmp);
const edit = editFile;

const paths = (s: ProjectScanner) => s.endpoints.map((e) => `${e.method} ${e.path}`).sort();

describe('a changed config file re-scans the prefixes it feeds', () => {
  it('application.yaml: the @ConfigurationProperties prefix of a configurePathMatch', async () => {
    const root = copy('spring-mvc/path-prefixes');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(paths(scanner)).toContain('GET /admin-api/v2/system/user/page');
    const yml = 'server/src/main/resources/application.yaml';
    edit(root, yml, 'prefix: /admin-api/v2', 'prefix: /admin-api/v3');
    const result = scanner.rescan([{ path: yml, kind: 'changed' }]);
    expect(paths(scanner)).toContain('GET /admin-api/v3/system/user/page');
    expect(paths(scanner).some((p) => p.includes('/admin-api/v2/'))).toBe(false);
    expect(result.added.length).toBeGreaterThan(0);
  });

  it('application.yml: a ${...} placeholder in a mapping path', async () => {
    const root = copy('spring-mvc/path-placeholders');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(paths(scanner)).toContain('GET /v2/push/events');
    const yml = 'src/main/resources/application.yml';
    edit(root, yml, 'path: /push/events', 'path: /sse');
    scanner.rescan([{ path: yml, kind: 'changed' }]);
    expect(paths(scanner)).toContain('GET /v2/sse/close');
    expect(paths(scanner).some((p) => p.includes('/push/'))).toBe(false);
  });

  it('web.xml: the url-pattern of the JAX-RS servlet', async () => {
    const root = copy('jax-rs/servlet-mount');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(paths(scanner)).toEqual(['GET /api/books', 'GET /api/books/{id}']);
    const xml = 'src/main/webapp/WEB-INF/web.xml';
    edit(root, xml, '<url-pattern>/api/*</url-pattern>', '<url-pattern>/rest/*</url-pattern>');
    scanner.rescan([{ path: xml, kind: 'changed' }]);
    expect(paths(scanner)).toEqual(['GET /rest/books', 'GET /rest/books/{id}']);
  });

  it('an OpenAPI spec the build names: the operations of the generated interfaces', async () => {
    const root = copy('jax-rs/spec-first');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(paths(scanner)).toContain('GET /api/projects/{projectId}/components');
    const spec = 'projects/src/main/openapi/projects.yaml';
    edit(root, spec, '/projects/{projectId}/components:', '/projects/{projectId}/parts:');
    scanner.rescan([{ path: spec, kind: 'changed' }]);
    expect(paths(scanner)).toContain('GET /api/projects/{projectId}/parts');
    expect(paths(scanner)).not.toContain('GET /api/projects/{projectId}/components');
  });

  it('Quarkus server generator: its application.yml and the spec it names', async () => {
    const root = copy('jax-rs/quarkus-spec-first');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(paths(scanner)).toContain('PUT /api/stock/{sku}');
    const spec = 'catalog/src/main/resources/openapi/catalog.yaml';
    edit(root, spec, '/api/stock/{sku}:', '/api/stock-levels/{sku}:');
    scanner.rescan([{ path: spec, kind: 'changed' }]);
    expect(paths(scanner)).toContain('PUT /api/stock-levels/{sku}');
    expect(paths(scanner)).not.toContain('PUT /api/stock/{sku}');
    // Another base package: the resources' imports no longer name generated interfaces.
    const yml = 'catalog/src/main/resources/application.yml';
    edit(root, yml, 'base-package: com.acme.catalog.api', 'base-package: com.acme.other');
    scanner.rescan([{ path: yml, kind: 'changed' }]);
    expect(paths(scanner)).toEqual([]);
    edit(root, yml, 'base-package: com.acme.other', 'base-package: com.acme.catalog.api');
    scanner.rescan([{ path: yml, kind: 'changed' }]);
    expect(paths(scanner)).toHaveLength(5);
  });

  it('a spec that only generates model classes: the bodies of hand-written endpoints using them', async () => {
    const root = copy('spring-mvc/spec-models-only');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const body = () => scanner.endpoints.find((e) => e.method === 'POST' && e.path === '/products')?.request?.body?.example;
    expect(body()).toEqual({ name: 'Standing desk', price: 0, categoryId: 0 });
    const spec = 'src/main/resources/openapi/catalog.yaml';
    edit(root, spec, '        categoryId:', '        sku:\n          type: string\n          example: DSK-1\n        categoryId:');
    scanner.rescan([{ path: spec, kind: 'changed' }]);
    expect(body()).toEqual({ name: 'Standing desk', price: 0, sku: 'DSK-1', categoryId: 0 });
    // A spec file another one's $ref names is an input too.
    const topReview = () => (scanner.endpoints.find((e) => e.method === 'PUT' && e.path === '/products/{id}')?.request?.body?.example as { topReview?: { comment?: string } } | undefined)?.topReview?.comment;
    expect(topReview()).toBe('Sturdy and quiet.');
    const reviews = 'src/main/resources/openapi/reviews.yaml';
    edit(root, reviews, 'example: Sturdy and quiet.', 'example: Wobbly.');
    scanner.rescan([{ path: reviews, kind: 'changed' }]);
    expect(topReview()).toBe('Wobbly.');
    // The build file too: another suffix names other classes, which no spec explains.
    edit(root, 'pom.xml', '<modelNameSuffix>Dto</modelNameSuffix>', '<modelNameSuffix>Model</modelNameSuffix>');
    scanner.rescan([{ path: 'pom.xml', kind: 'changed' }]);
    expect(scanner.endpoints.find((e) => e.method === 'POST' && e.path === '/products')?.request?.body?.schema?.['x-unresolved']).toBe(true);
  });

  it('a source file change alone still recomputes only its roots', async () => {
    const root = copy('jax-rs/servlet-mount');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const result = scanner.rescan([{ path: 'src/main/java/com/acme/mount/BookResource.java', kind: 'changed' }]);
    expect(result.rootsRecomputed).toBe(1);
  });

  it("a CXF server's address in code, and a new resource given to it", async () => {
    const root = copy('jax-rs/cxf-server-address');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const config = 'src/main/java/com/acme/cxfaddr/RestConfig.java';
    edit(root, config, 'scim.setAddress("/scim")', 'scim.setAddress("/scim2")');
    edit(root, config, 'rest.setServiceBeans(List.of(userService))', 'rest.setServiceBeans(List.of(userService, new StatusResource()))');
    edit(root, config, 'status.setResourceClasses(StatusResource.class)', 'status.setResourceClasses()');
    scanner.rescan([{ path: config, kind: 'changed' }]);
    expect(paths(scanner)).toEqual(['GET /services/health', 'GET /services/scim2/v2/Users', 'GET /services/users']);
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(paths(fresh)).toEqual(paths(scanner));
  });
});
