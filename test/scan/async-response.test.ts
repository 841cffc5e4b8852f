// A JAX-RS method answering through `@Suspended AsyncResponse` (core/scan/frameworks/jax-rs/index.ts).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a JAX-RS method answering through an AsyncResponse', () => {
  it('has the declared body, or an unknown one, and no 204 No Content', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'jax-rs/async-response'), { parseWorker: false });
    const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;
    expect(byMember('archive').response).toMatchObject({ contentType: 'application/zip', schema: { type: 'string', format: 'binary' }, description: 'The archive' });
    expect(byMember('status').response).toMatchObject({ contentType: 'application/json', schema: { 'x-unresolved': true } });
    expect(byMember('status').status).toBeUndefined();
  });
});
