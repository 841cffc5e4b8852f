// The indexed search (dictionaries, postings, candidate generation, two passes) must agree with
// the same rules applied to each endpoint alone: same endpoints, same scores, same kinds.
// Run over synthetic endpoints shaped like a real project and queries of every kind.

import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterEndpoints, matchEndpoint, search } from '../../core/search/matcher';
import { rng, syntheticEndpoints } from '../../bench/search-data';

// Fewer than matchEndpoint keeps one-endpoint indexes for, so each is built once.
const endpoints = syntheticEndpoints(400, 3);
const index = buildSearchIndex(endpoints);

function queries(): string[] {
  const r = rng(5);
  const pick = () => endpoints[Math.floor(r() * endpoints.length)]!;
  const out = ['', 'GET', 'delete', 'a', 'id', 'v2', '用户', '获取', 'zzqxv', '/', '/api', 'gRPC', 'options'];
  for (let i = 0; i < 8; i++) {
    const ep = pick();
    const segs = ep.path.split('/').filter(Boolean);
    const words = ep.name.split(/(?=[A-Z])| /).filter(Boolean);
    const last = segs.at(-1)!;
    out.push(
      ep.path,
      ep.path.replace(/\{[^}]+\}/g, '42'),
      `http://localhost:8080${ep.path.replace(/\{[^}]+\}/g, '7')}?q=1`,
      `${ep.method} ${ep.path}`,
      `${ep.method.toLowerCase()} ${last}`,
      segs.slice(-2).join('/'),
      `${segs.slice(-2).join('/')} ${words[0] ?? ''}`,
      words.slice(0, 3).join(' ').toLowerCase(),
      segs.map((s) => s.replace(/[^a-z]/g, '').slice(0, 2)).join(''),
      last.slice(0, 3),
      `/${segs.slice(1).join('/')}`,
      ep.name.slice(0, 2),
    );
  }
  return out;
}

describe('indexed search agrees with per-endpoint matching', () => {
  it.each(queries())('%s', (query) => {
    for (const fields of ['address-and-name', 'explorer'] as const) {
      const found = new Map(search(index, query, { fields, ranges: false }).map((m) => [m.endpoint, m]));
      for (const ep of endpoints) {
        const one = matchEndpoint(query, ep, { fields });
        const many = found.get(ep);
        expect(many?.score, `${fields} ${query} -> ${ep.address} "${ep.name}"`).toBe(one?.score);
        expect(many?.kind).toBe(one?.kind);
      }
      expect(new Set(filterEndpoints(index, query, { fields }))).toEqual(new Set(found.keys()));
    }
  });

  it('returns the same ranking for any limit', () => {
    for (const query of queries().slice(0, 40)) {
      const all = search(index, query, { ranges: false });
      expect(search(index, query, { limit: 7, ranges: false })).toEqual(all.slice(0, 7));
    }
  });
});
