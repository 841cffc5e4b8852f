// Parameters a handler reads in code from the servlet request (request-reads.ts): the request as
// exports and Send build it from them, beyond the names the fixture's expected.json checks.

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanProject } from '../../core/scan/scan';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { FIXTURES, copyFixture, editFile } from './fixture-case';

describe('parameters read in code', async () => {
  const result = await scanProject(join(FIXTURES, 'spring-mvc/params-read-in-code'));
  const at = (method: string, path: string) => result.endpoints.find((e) => e.method === method && e.path === path)!;

  it('a file part read makes the request multipart, with a binary file field', () => {
    const upload = at('POST', '/sys/upload').request!;
    expect(upload.consumes).toEqual(['multipart/form-data']);
    expect(upload.params.find((p) => p.name === 'file')).toMatchObject({ in: 'form', file: true, required: false, schema: { type: 'string', format: 'binary' } });
    expect(at('POST', '/sys/attachments').request!.params.find((p) => p.name === 'files')).toMatchObject({ file: true, schema: { type: 'array', items: { format: 'binary' } } });
  });

  it('values read by name are strings (a list for getParameterValues), optional unless the code insists, and say where they come from', () => {
    const params = at('POST', '/v1/ns/instance').request!.params;
    expect(params.find((p) => p.name === 'tags')).toMatchObject({ in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } });
    expect(params.find((p) => p.name === 'namespaceId')).toMatchObject({ in: 'query', required: false, schema: { type: 'string' }, description: 'Read in code (getParameter)' });
    // ParamUtils.required throws when the value is missing: the request cannot do without it.
    expect(params.find((p) => p.name === 'serviceName')).toMatchObject({ in: 'query', required: true, schema: { type: 'string' }, description: 'Read in code (getParameter)' });
    expect(at('POST', '/v1/ns/beat').request!.consumes).toEqual(['application/x-www-form-urlencoded']);
  });
});

describe('a re-scan of parameters read through other classes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-reads-rescan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const L = 'src/main/java/com/acme/legacy/';
  const params = (s: ProjectScanner, method: string, path: string) =>
    (s.endpoints.find((e) => e.method === method && e.path === path)!.request?.params ?? []).map((p) => `${p.name}:${p.required ? 'required' : 'optional'}`);
  const sameAsFullScan = async (s: ProjectScanner, root: string) => {
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
  };

  it('follows edits of the builder the request is handed to and of the helper checking a value', async () => {
    const root = copyFixture('spring-mvc/params-read-in-code', dir);
    const s = new ProjectScanner(root);
    await s.scan();
    expect(params(s, 'DELETE', '/v1/ns/instance')).toEqual(['ip:required', 'encoding:optional', 'healthy:optional']);

    editFile(root, `${L}InstanceBuilder.java`, 'healthy = ParamUtils.optional(request, "healthy", "true");', 'healthy = ParamUtils.required(request, "healthy");');
    s.rescan([{ path: `${L}InstanceBuilder.java`, kind: 'changed' }]);
    expect(params(s, 'DELETE', '/v1/ns/instance')).toEqual(['ip:required', 'encoding:optional', 'healthy:required']);
    await sameAsFullScan(s, root);

    // The helper stops insisting: every parameter read through it is optional again.
    editFile(root, `${L}ParamUtils.java`, 'throw new IllegalArgumentException("Param \'" + key + "\' is required.");', 'value = "";');
    s.rescan([{ path: `${L}ParamUtils.java`, kind: 'changed' }]);
    expect(params(s, 'DELETE', '/v1/ns/instance')).toEqual(['ip:optional', 'encoding:optional', 'healthy:optional']);
    expect(params(s, 'POST', '/v1/ns/instance')).toContain('serviceName:optional');
    await sameAsFullScan(s, root);
  });

  it('follows edits of an interface implementation the request is handed to', async () => {
    const root = copyFixture('spring-mvc/params-read-in-code', dir, 'impl');
    const s = new ProjectScanner(root);
    await s.scan();
    expect(params(s, 'POST', '/v1/auth/login')).toEqual(['Authorization:optional', 'username:optional', 'password:optional']);

    editFile(root, `${L}TokenAuthenticator.java`, 'httpRequest.getParameter("password")', 'httpRequest.getParameter("otp")');
    s.rescan([{ path: `${L}TokenAuthenticator.java`, kind: 'changed' }]);
    expect(params(s, 'POST', '/v1/auth/login')).toEqual(['Authorization:optional', 'username:optional', 'otp:optional']);
    await sameAsFullScan(s, root);

    // A second implementation: its reads count too.
    writeFileSync(join(root, L, 'KeyAuthenticator.java'), 'package com.acme.legacy;\nimport javax.servlet.http.HttpServletRequest;\nclass KeyAuthenticator implements Authenticator {\n    public String authenticate(HttpServletRequest r) { return r.getHeader("X-Api-Key"); }\n}\n');
    s.rescan([{ path: `${L}KeyAuthenticator.java`, kind: 'created' }]);
    expect(params(s, 'POST', '/v1/auth/login')).toEqual(['X-Api-Key:optional', 'Authorization:optional', 'username:optional', 'otp:optional']);
    await sameAsFullScan(s, root);
  });
});
