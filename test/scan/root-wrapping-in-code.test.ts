// Jackson root wrapping switched on in code, not in application properties (core/scan/types/
// jackson-registrations.ts; the fixture spring-mvc/root-wrapping-in-code): the scan's bodies and
// the OpenAPI export's go under the class's @JsonRootName, both ways.

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('root wrapping turned on by a Jackson2ObjectMapperBuilderCustomizer', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/root-wrapping-in-code'), { parseWorker: false }));
  });

  it('wraps the response and the request body under the root name', () => {
    const e = endpoints.find((x) => x.source.member === 'register')!;
    expect(e.response?.schema).toMatchObject({ type: 'object', required: ['user'], properties: { user: { title: 'UserDto' } } });
    expect(e.request?.body?.schema).toMatchObject({ type: 'object', required: ['user'], properties: { user: { title: 'Registration' } } });
  });

  it('the OpenAPI export writes the wrapper around the component', () => {
    const doc = JSON.parse(exportOpenApi(endpoints, { openapi: { format: 'json', version: '3.1.0' } }).files[0]!.content);
    const op = doc.paths['/api/users'].post;
    expect(op.responses['200'].content['application/json'].schema).toEqual({ type: 'object', properties: { user: { $ref: '#/components/schemas/UserDto' } }, required: ['user'] });
    expect(op.requestBody.content['application/json'].schema.properties.user).toEqual({ $ref: '#/components/schemas/Registration' });
  });
});
