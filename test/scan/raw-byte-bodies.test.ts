// A body Spring hands the handler as raw bytes (`@RequestBody byte[]`, Kotlin `ByteArray`, an
// InputStream or a Resource: ByteArrayHttpMessageConverter and ResourceHttpMessageConverter read
// any media type), or a JAX-RS byte[] or InputStream entity, is a binary body: application/octet-stream unless `consumes` says otherwise,
// `format: binary` in OpenAPI, a File body (no file chosen yet) in the request editor. Before, it was
// an application/json body whose example was a base64 string ("AA=="). The same holds for a byte[]
// a handler returns (ByteArrayHttpMessageConverter, JAX-RS's byte[] provider).

import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { defaultDraft } from '../../core/call/request-builder';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-mvc/raw-byte-bodies', import.meta.url));
const JAX_RS = fileURLToPath(new URL('../fixtures/jax-rs/raw-byte-bodies', import.meta.url));
const binary = { type: 'string', format: 'binary' };

describe('a raw byte body', () => {
  it('is application/octet-stream (or what consumes names) and binary, in the scan, OpenAPI and the request editor', async () => {
    const scan = await scanProject(FIXTURE);
    const at = (path: string) => scan.endpoints.find((e) => e.path === path)!;
    for (const path of ['/files/bytes', '/files/stream', '/files/resource', '/blobs']) {
      expect(at(path).request, path).toMatchObject({ consumes: ['application/octet-stream'], body: { contentType: 'application/octet-stream', schema: binary, required: true } });
      expect(at(path).request!.body!.example, path).toBeUndefined();
    }
    expect(at('/files/image').request).toMatchObject({ consumes: ['image/png'], body: { contentType: 'image/png', schema: binary } });
    // A JSON document's byte[] field is still Jackson's base64 string.
    expect(at('/files/documents').request!.body).toMatchObject({ contentType: 'application/json', example: { name: 'name', content: 'AA==' } });

    const doc = parse(exportOpenApi(scan.endpoints, { modules: scan.modules }).files[0]!.content);
    expect(doc.paths['/files/bytes'].post.requestBody).toEqual({ required: true, content: { 'application/octet-stream': { schema: binary } } });
    expect(doc.paths['/files/image'].put.requestBody.content).toEqual({ 'image/png': { schema: binary } });

    const draft = defaultDraft(at('/files/bytes'), { host: 'http://localhost:8080' });
    expect(draft).toMatchObject({ bodyMode: 'file', contentType: 'application/octet-stream', bodyFile: '' });
  });

  it('is binary for a JAX-RS byte[] or InputStream entity too', async () => {
    const scan = await scanProject(JAX_RS);
    const at = (method: string) => scan.endpoints.find((e) => e.method === method)!;
    expect(at('PUT').request).toMatchObject({ consumes: ['application/octet-stream'], body: { contentType: 'application/octet-stream', schema: binary } });
    expect(at('POST').request).toMatchObject({ consumes: ['application/pdf'], body: { contentType: 'application/pdf', schema: binary } });
    expect(at('PUT').request!.body!.example).toBeUndefined();
    expect(at('GET').response).toMatchObject({ contentType: 'application/octet-stream', schema: binary });
  });

  // microcks' mock endpoints return ResponseEntity<byte[]>: before, an application/json response
  // whose example was a base64 string ("AA=="), which is not what Spring's byte-array converter sends.
  it('is written raw when a handler returns it: application/octet-stream unless produces says otherwise', async () => {
    const scan = await scanProject(FIXTURE);
    const at = (path: string) => scan.endpoints.find((e) => e.path === path && e.method === 'GET')!;
    for (const path of ['/files/{id}/content', '/blobs/{id}']) expect(at(path).response, path).toMatchObject({ contentType: 'application/octet-stream', schema: binary });
    expect(at('/files/{id}/thumbnail').response).toMatchObject({ contentType: 'image/png', schema: binary });
    // A JSON document's byte[] field is still Jackson's base64 string.
    expect(at('/files/documents/{id}').response).toMatchObject({ contentType: 'application/json', example: { name: 'name', content: 'AA==' } });

    const doc = parse(exportOpenApi(scan.endpoints, { modules: scan.modules }).files[0]!.content);
    expect(doc.paths['/files/{id}/content'].get.responses['200'].content).toMatchObject({ 'application/octet-stream': { schema: binary } });
  });
});
