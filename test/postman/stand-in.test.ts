// The stand-in itself: it must reject what Postman would, or the sync tests prove nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostmanStandIn } from './stand-in';
import type { PostmanStandIn } from './stand-in';

let standIn: PostmanStandIn;
beforeAll(async () => {
  standIn = await startPostmanStandIn();
});
afterAll(() => standIn.close());

async function send(method: string, path: string, body?: unknown, key = standIn.apiKey) {
  const res = await fetch(`${standIn.url}${path}`, {
    method,
    headers: { 'X-Api-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Postman stand-in', () => {
  it('accepts a valid create and answers in Postman\'s shape', async () => {
    const created = await send('POST', '/environments?workspace=ws-team', { environment: { name: 'ok', values: [{ key: 'a', value: '1', type: 'default', enabled: true }] } });
    expect(created.status).toBe(200);
    expect(created.body.environment).toEqual({ id: expect.any(String), name: 'ok', uid: expect.stringMatching(/^\d+-/) });
    expect(standIn.violations).toEqual([]);
  });

  it('rejects a wrong key, and bodies outside the published shapes', async () => {
    expect((await send('GET', '/environments', undefined, 'PMAK-nope')).status).toBe(401);
    const bad = [
      { environment: { values: [] } },
      { environment: { name: 'n', values: [{ key: 'a', value: 1 }] } },
      { environment: { name: 'n', values: [{ key: 'a', value: '1', type: 'text' }] } },
      { environment: { name: 'n', values: [{ key: 'a', value: '1', secretValue: true }] } },
      { environment: { name: 'n' }, extra: true },
    ];
    for (const body of bad) expect((await send('POST', '/environments?workspace=ws-team', body)).status).toBe(400);
    expect(standIn.violations).toHaveLength(bad.length + 1);
    standIn.violations.length = 0;
  });
});
