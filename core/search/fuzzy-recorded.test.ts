// Differential test of the fuzzy matcher: many seeded random queries over a generated endpoint
// set (the search bench's), every result (endpoint, score, kind, highlight ranges) compared with
// results recorded from the matcher as it was before its speed-up (ba34795). Only the speed was
// to change: a difference here is a change of matching, ranking or highlighting.
// Re-record on purpose only (a deliberate ranking change), with APISCOUT_RECORD=1.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rng, syntheticEndpoints } from '../../bench/search-data';
import { buildSearchIndex, filterEndpoints, search } from './matcher';

const RECORDED = fileURLToPath(new URL('../../test/fixtures/search/fuzzy-recorded.json', import.meta.url));

const endpoints = syntheticEndpoints(4000);

/** Queries of the kinds people type: word starts, camel humps, strewn letters, several tokens. */
function queries(): string[] {
  const r = rng(23);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const words = (ep: (typeof endpoints)[number]) => ep.path.split(/[/{}\-_.]+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < 400; i++) {
    const ep = pick(endpoints);
    const w = words(ep);
    switch (i % 8) {
      case 0: // two or three letters of each of the last two words: `ordsta`
        out.push(w.slice(-2).map((x) => x.slice(0, 2 + Math.floor(r() * 2))).join('').toLowerCase() || 'usrid');
        break;
      case 1: // first letters of several words, one of them skipped
        out.push(w.filter(() => r() < 0.7).map((x) => x.slice(0, 1 + Math.floor(r() * 2))).join('') || 'api');
        break;
      case 2: // the handler name's humps: `RecMsg`
        out.push(ep.name.split(/(?=[A-Z])| /).map((x) => x.slice(0, 1 + Math.floor(r() * 3))).join('') || 'get');
        break;
      case 3: // random letters: mostly no hit, some strewn ones
        out.push(Array.from({ length: 3 + Math.floor(r() * 4) }, () => pick('abcdeilmnoprstuy'.split(''))).join(''));
        break;
      case 4: // a fuzzy token and a word
        out.push(`${w.at(-1)?.slice(0, 3) ?? 'usr'}${w.at(-2)?.slice(0, 2) ?? 'id'} ${pick(w) ?? 'users'}`);
        break;
      case 5: // a verb and a fuzzy token
        out.push(`${pick(['get', 'post', 'PUT', 'delete'])} ${w.slice(-2).map((x) => x.slice(0, 3)).join('')}`);
        break;
      case 6: // two fuzzy tokens
        out.push(`${w[0]?.slice(0, 3) ?? 'api'}${w[1]?.slice(0, 2) ?? ''} ${w.slice(-1).map((x) => x.slice(0, 2)).join('')}${pick(w)?.slice(0, 2) ?? ''}`);
        break;
      default: // a word's start with a letter dropped from its middle
        out.push((pick(w) ?? 'orders').replace(/^(..)./, '$1').slice(0, 8));
    }
  }
  return out;
}

function digest(rows: string[]): string {
  return createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16);
}

describe('fuzzy results against the recorded ones', () => {
  it('every random query finds the same endpoints, in the same order, with the same scores and highlights', () => {
    const index = buildSearchIndex(endpoints);
    const got: Record<string, { hits: number; fuzzy: number; search: string; filter: string }> = {};
    for (const q of queries()) {
      const found = search(index, q);
      const filtered = filterEndpoints(index, q, { fields: 'explorer' });
      got[q] = {
        hits: found.length,
        fuzzy: found.filter((m) => m.kind === 'fuzzy').length,
        search: digest(found.map((m) => `${m.endpoint.id}|${m.score}|${m.kind}|${JSON.stringify(m.ranges)}`)),
        filter: digest(filtered.map((e) => e.id)),
      };
    }
    if (process.env['APISCOUT_RECORD'] === '1') {
      fs.mkdirSync(path.dirname(RECORDED), { recursive: true });
      fs.writeFileSync(RECORDED, `${JSON.stringify(got, null, 1)}\n`);
    }
    const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as typeof got;
    // The set covers what it must: fuzzy hits, queries with none, and plenty of each.
    const values = Object.values(recorded);
    expect(values.filter((v) => v.fuzzy > 0).length).toBeGreaterThan(150);
    expect(values.filter((v) => v.hits === 0).length).toBeGreaterThan(10);
    expect(got).toEqual(recorded);
  });
});
