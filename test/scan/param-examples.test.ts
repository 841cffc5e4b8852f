// Examples a springdoc `@Parameter` writes as text are values of the parameter's type, so every
// export carries `pageSize: 20`, not `"20"` (redocly: no-invalid-parameter-examples), and one that
// is not a value of that type gives way to the type's own example.

import { join } from 'node:path';
import { exportCurl } from '../../core/export/curl';
import { exportHttpClient } from '../../core/export/http-client';
import { exportPostman } from '../../core/export/postman';
import { buildTemplate } from '../../core/export/request-template';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { scanUnresolvedPlaceholders } from '../export/fixtures';
import { FIXTURES } from './fixture-case';

describe('springdoc parameter examples', async () => {
  const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc', 'springdoc-examples'));
  const param = (member: string, name: string) => {
    const e = endpoints.find((x) => x.source.member === member)!;
    return e.request!.params.find((p) => p.name === name)!;
  };

  it('types the example text by the parameter it documents', () => {
    expect(param('page', 'pageNo').example).toBe(1);
    expect(param('page', 'pageSize').example).toBe(20);
    expect(param('page', 'enabled').example).toBe(true);
    expect(param('list', 'limit').example).toBe(50);
  });

  it('drops an example that is no value of the type, for the type’s own', () => {
    expect(typeof param('page', 'level').example).toBe('number');
  });

  it('reads a project enum named as the schema implementation', () => {
    const type = param('list', 'type');
    expect(type.schema.enum).toEqual(['MYSQL', 'POSTGRESQL', 'HIVE']);
    expect(type.example).toBe('MYSQL');
  });
});

describe('path variable examples', async () => {
  const { endpoints, modules } = await scanProject(join(FIXTURES, 'shop'));
  const byPath = (path: string) => endpoints.find((e) => e.method === 'GET' && e.path === `/api/v1/catalog${path}`)!;

  it('a String path variable is a value of its name, not a word that reads as part of the path', () => {
    const sku = byPath('/products/sku/{sku}').request!.params.find((p) => p.in === 'path')!;
    expect(sku).toMatchObject({ name: 'sku', required: true, schema: { type: 'string' }, example: 'sku-1' });
    const http = exportHttpClient([byPath('/products/sku/{sku}'), byPath('/products/{id}')], { modules }).files[0]!.content;
    expect(http).toContain('/products/sku/sku-1\n');
    expect(http).not.toContain('/products/sku/sku\n');
    // a number stays the type's example, as before
    expect(http).toContain('/products/0\n');
  });

  it('an undeclared path variable gets the example a declared String one gets, not its bare name', () => {
    const declared = byPath('/products/sku/{sku}');
    // As an endpoint from an older stored result or a framework that does not list it has it.
    const undeclared = { ...declared, request: { ...declared.request!, params: declared.request!.params.filter((p) => p.in !== 'path') } };
    expect(buildTemplate(undeclared, modules).pathParams).toEqual([{ name: 'sku', value: 'sku-1', description: '', required: true, enabled: true }]);
    expect(buildTemplate(undeclared, modules).pathParams[0]!.value).toBe(buildTemplate(declared, modules).pathParams[0]!.value);
    expect(exportHttpClient([undeclared], { modules }).files[0]!.content).toContain('/products/sku/sku-1\n');
  });
});

describe('${key} path parameters', async () => {
  const { endpoints } = await scanUnresolvedPlaceholders();

  it('fill the whole ${key} with the parameter value: no `$` is left before it in the URL', () => {
    const http = exportHttpClient(endpoints).files[0]!.content;
    expect(http).toContain('/api.version-1/events.path-1/close\n');
    expect(http).not.toContain('/$');
    expect(exportCurl(endpoints).files[0]!.content).not.toMatch(/'[^'\n]*\/\$[^'\n]*'/);
    expect(exportPostman(endpoints).files[0]!.content).toContain('/:api.version/:events.path/close');
  });
});
