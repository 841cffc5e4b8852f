// Parameters a handler reads in code from the servlet request (request-reads.ts): the request as
// exports and Send build it from them, beyond the names the fixture's expected.json checks.

import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('parameters read in code', async () => {
  const result = await scanProject(join(FIXTURES, 'spring-mvc/params-read-in-code'));
  const at = (method: string, path: string) => result.endpoints.find((e) => e.method === method && e.path === path)!;

  it('a file part read makes the request multipart, with a binary file field', () => {
    const upload = at('POST', '/sys/upload').request!;
    expect(upload.consumes).toEqual(['multipart/form-data']);
    expect(upload.params.find((p) => p.name === 'file')).toMatchObject({ in: 'form', file: true, required: false, schema: { type: 'string', format: 'binary' } });
    expect(at('POST', '/sys/attachments').request!.params.find((p) => p.name === 'files')).toMatchObject({ file: true, schema: { type: 'array', items: { format: 'binary' } } });
  });

  it('values read by name are strings (a list for getParameterValues), optional, and say where they come from', () => {
    const params = at('POST', '/v1/ns/instance').request!.params;
    expect(params.find((p) => p.name === 'tags')).toMatchObject({ in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } });
    expect(params.find((p) => p.name === 'serviceName')).toMatchObject({ in: 'query', required: false, schema: { type: 'string' }, description: 'Read in code (getParameter)' });
    expect(at('POST', '/v1/ns/beat').request!.consumes).toEqual(['application/x-www-form-urlencoded']);
  });
});
