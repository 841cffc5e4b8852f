// A handler taking `HttpEntity<T>` or `RequestEntity<T>` (spinnaker gate's notification callback
// takes `RequestEntity<String>`) receives the request body read as T, with the headers. Before, the
// parameter was read as a bean to bind and the endpoint had no body at all, so Send posted nothing.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultDraft } from '../../core/call/request-builder';
import { scanProject } from '../../core/scan/scan';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-mvc/http-entity-bodies', import.meta.url));

describe('an HttpEntity or RequestEntity parameter', () => {
  it('is the optional request body, typed by its argument, in Java and Kotlin', async () => {
    const scan = await scanProject(FIXTURE);
    const at = (path: string) => scan.endpoints.find((e) => e.path === path)!.request!;
    // RequestEntity<String> under a form `consumes`: the text as sent, in that media type.
    expect(at('/hooks/callbacks/{source}').body).toMatchObject({ contentType: 'application/x-www-form-urlencoded', schema: { type: 'string' }, required: false });
    const event = { contentType: 'application/json', schema: { title: 'HookEvent' }, example: { type: 'type', at: 0 }, required: false };
    expect(at('/hooks/events')).toMatchObject({ consumes: ['application/json'], params: [], body: event });
    expect(at('/relay')).toMatchObject({ consumes: ['application/json'], params: [], body: event });
    expect(at('/hooks/payloads/{id}').body).toMatchObject({ contentType: 'application/octet-stream', schema: { type: 'string', format: 'binary' } });

    const relay = scan.endpoints.find((e) => e.path === '/relay')!;
    expect(defaultDraft(relay, { host: 'http://localhost:8080' })).toMatchObject({ bodyMode: 'json', body: JSON.stringify({ type: 'type', at: 0 }, null, 2) });
  });
});
