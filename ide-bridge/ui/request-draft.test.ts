import { describe, expect, it } from 'vitest';
import { bodyContentType, switchBodyMode } from './request-draft';
import type { HttpRequestDraft } from './request-draft';

const draft = (d: Partial<HttpRequestDraft>): HttpRequestDraft =>
  ({ method: 'PUT', host: 'http://localhost:8080', path: '/avatar', pathParams: [], query: [], cookies: [], headers: [], form: [], bodyMode: 'file', body: '', ...d }) as HttpRequestDraft;

describe('switchBodyMode', () => {
  it('drops a content type that does not suit the new body kind', () => {
    const json = switchBodyMode(draft({ bodyMode: 'file', contentType: 'image/png' }), 'json');
    expect(json.bodyMode).toBe('json');
    expect(bodyContentType(json)).toBe('application/json');
    expect(bodyContentType(switchBodyMode(draft({ bodyMode: 'json', contentType: 'application/vnd.acme+json' }), 'text'))).toBe('text/plain');
  });

  it('keeps one that does', () => {
    expect(switchBodyMode(draft({ bodyMode: 'json', contentType: 'application/vnd.acme+json' }), 'json').contentType).toBe('application/vnd.acme+json');
    expect(switchBodyMode(draft({ bodyMode: 'text', contentType: 'text/csv' }), 'file').contentType).toBe('text/csv');
  });
});
