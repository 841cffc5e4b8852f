// The one matcher of spec §4.3, shared by the explorer search field, Search Everywhere and the
// CLI. Rules (each has a table of cases in matcher.test.ts):
//
// - Method prefix: a leading verb (GET ... OPTIONS, TRACE, gRPC; any case) filters by method;
//   an endpoint whose method is ALL passes any HTTP verb filter (not `gRPC`: ALL is about HTTP
//   methods, it does not make a controller a gRPC service).
// - Roles: every other token is a path token (starts with `/` or is a URL), an address token
//   (contains `/`), or a word (query.ts). Path and address tokens must match the address; a word
//   may match the address or the name (the explorer also tries folder, description and class
//   name), and each word counts where it matches best. So `users/{id} 获取用户` and
//   `GET /users list` need an address hit and a name hit, and `get user detail` finds the name
//   "Get user detail".
// - `get user detail` starts with a verb but is otherwise plain words: the verb may also be the
//   first word of a name. Endpoints of other methods then match when their name contains it,
//   ranked below endpoints that pass the filter.
// - Words match literally (substring) first; words of 3+ code points that are not CJK may also
//   match the address as a subsequence (`usrid` for `GET /users/{id}`). Shorter tokens (spec
//   §8) and CJK tokens only ever match as substrings: a subsequence of ideographs is noise.
// - Path tokens are compared segment by segment (segment-match.ts), never fuzzily; a value
//   matches a template segment, `*`, `**` and `{name}.json`-style patterns.
// - Ranking: exact path hits, then literal hits, then fuzzy hits (tiers); within a tier by score;
//   ties by path (segment by segment, case-insensitively: `/users` < `/users/{id}` <
//   `/users-admin`), then method, then id. The same list always comes back in the same order.
// - Everything is compared case-insensitively after `fold`.
//
// How it stays fast on 50,000 endpoints: each token is first resolved to the endpoints it
// matches literally (plans.ts, via dictionaries and postings); the smallest such list drives
// the intersection. The subsequence pass runs only when literal hits do not fill the limit,
// since every literal hit outranks every fuzzy one.

import type { Endpoint } from '../model/endpoint';
import * as collector from './collector';
import { highlight, type FieldRanges } from './highlight';
import type { FuzzyTable } from './fuzzy';
import { PathPlan, WordPlan, type Plan } from './plans';
import { compileQuery, type Query, type QueryFields } from './query';
import * as scores from './scores';
import { SearchIndex } from './search-index';
import { fold } from './text';

// Local copies of imported bindings used in hot loops: under vite-node (the tests, the bench)
// every use of an import is a getter call, ~30x slower in a tight loop; the bundle is unaffected.
const { Collector, keyRank, keyScore, RANK_SPACE } = collector;
const { FUZZY_BASE, FUZZY_SCALE, PHRASE, TIER, TIER_EXACT, TIER_FUZZY, TIER_LITERAL, VERB_AS_WORD_PENALTY, VERB_EXACT, shortAddressBonus } = scores;
type Collector = collector.Collector;

export type MatchKind = 'exact' | 'literal' | 'fuzzy';

export interface Match {
  endpoint: Endpoint;
  /** Higher is better; only the order is meaningful. */
  score: number;
  /** `exact`: a path token covered the whole path; `fuzzy`: some token matched as a subsequence. */
  kind: MatchKind;
  /** What to highlight. `address` ranges index `METHOD /path`; `path` ranges index the path. */
  ranges: FieldRanges[];
}

export interface SearchOptions {
  /** At most this many results (the best ones). Default: all. */
  limit?: number;
  /** Overrides the query's fields. */
  fields?: QueryFields;
  /**
   * Compute highlight ranges (default true). The explorer filter, which wants every match, can
   * skip them and ask `highlight` for the rows it shows.
   */
  ranges?: boolean;
}

export { compileQuery, MIN_FUZZY_LENGTH } from './query';
export type { CompileOptions, Query, QueryFields, QueryToken, TokenKind } from './query';
export { SearchIndex, buildSearchIndex } from './search-index';
export type { FieldRanges, MatchField, Range } from './highlight';

const NO_MATCH = -1;

const indexes = new WeakMap<readonly Endpoint[], SearchIndex>();
/** One-endpoint indexes for matchEndpoint: the most recent few (an explorer asks per visible row). */
const singles = new Map<Endpoint, SearchIndex>();
const MAX_SINGLES = 512;

/**
 * Searches endpoints. Pass a SearchIndex for repeated queries over a large project; a plain
 * array is indexed on first use and the index kept for as long as the array lives (treat it as
 * immutable).
 */
export function search(source: SearchIndex | readonly Endpoint[], query: string | Query, opts: SearchOptions = {}): Match[] {
  const index = indexOf(source);
  const q = bind(query, opts.fields);
  const limit = opts.limit ?? Infinity;
  if (!(limit > 0) || index.size === 0) return [];
  if (index.size >= RANK_SPACE) throw new Error(`search: at most ${RANK_SPACE - 1} endpoints per index`);

  const run = new Run(index, q);
  try {
    const keys = new Collector(limit, index.size);
    run.literal(keys);
    // Every literal hit outranks every fuzzy hit: when literal hits fill the limit, the
    // subsequence pass cannot change the result.
    if (!keys.full) run.fuzzy(keys);
    const sorted = keys.sortedDescending();
    const out: Match[] = new Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const score = keyScore(sorted[i]!);
      const e = index.byRank[keyRank(sorted[i]!)]!;
      const tier = Math.floor(score / TIER);
      out[i] = {
        endpoint: index.endpoints[e]!,
        score,
        kind: tier >= TIER_EXACT ? 'exact' : tier === TIER_LITERAL ? 'literal' : 'fuzzy',
        ranges: opts.ranges === false ? [] : run.highlight(e),
      };
    }
    return out;
  } finally {
    run.release();
  }
}

/**
 * The endpoints a query matches, in their original order, unranked: what a tree view filtered
 * by its search field needs (spec §4.3.2; use `fields: 'explorer'`). Cheaper than `search`
 * without a limit: no sorting and no result objects.
 */
export function filterEndpoints(
  source: SearchIndex | readonly Endpoint[],
  query: string | Query,
  opts: Pick<SearchOptions, 'fields'> = {},
): Endpoint[] {
  const index = indexOf(source);
  const q = bind(query, opts.fields);
  if (index.size === 0) return [];
  const run = new Run(index, q);
  try {
    const keys = new Collector(Infinity, index.size);
    run.literal(keys);
    run.fuzzy(keys);
    const hit = new Uint8Array(index.size);
    keys.forEach((key) => (hit[index.byRank[keyRank(key)]!] = 1));
    const out: Endpoint[] = [];
    for (let e = 0; e < index.size; e++) if (hit[e]) out.push(index.endpoints[e]!);
    return out;
  } finally {
    run.release();
  }
}

/** The same rules for one endpoint; null when it does not match. */
export function matchEndpoint(query: string | Query, endpoint: Endpoint, opts: Omit<SearchOptions, 'limit'> = {}): Match | null {
  let index = singles.get(endpoint);
  if (index) singles.delete(endpoint); // re-inserted below as the most recent
  else index = new SearchIndex([endpoint]);
  singles.set(endpoint, index);
  if (singles.size > MAX_SINGLES) singles.delete(singles.keys().next().value!);
  return search(index, query, { ...opts, limit: 1 })[0] ?? null;
}

/** Highlight ranges of one endpoint for a query (e.g. for the rows an explorer shows). */
export function highlightEndpoint(query: string | Query, endpoint: Endpoint, opts: Pick<SearchOptions, 'fields'> = {}): FieldRanges[] {
  return matchEndpoint(query, endpoint, opts)?.ranges ?? [];
}

function indexOf(source: SearchIndex | readonly Endpoint[]): SearchIndex {
  if (source instanceof SearchIndex) return source;
  let index = indexes.get(source);
  if (!index) {
    index = new SearchIndex(source);
    indexes.set(source, index);
  }
  return index;
}

function bind(query: string | Query, fields: QueryFields | undefined): Query {
  if (typeof query === 'string') return compileQuery(query, { fields: fields ?? 'address-and-name' });
  return fields && query.fields !== fields ? { ...query, fields } : query;
}

/** One query against one index: the bound tokens and the two passes over the endpoints. */
class Run {
  private readonly words: WordPlan[] = [];
  private readonly paths: PathPlan[] = [];
  /** Words first in query order (for the phrase bonus), then paths. */
  private readonly plans: Plan[] = [];
  // The plans' arrays, copied out so the per-endpoint loops read plain arrays of one type.
  private readonly scores: Int32Array[];
  private readonly masks: Int32Array;
  private readonly nameWords: Uint8Array[];
  private readonly exacts: Uint8Array[];
  private tables: (FuzzyTable | null)[] = [];
  /** Plan positions by decreasing token length. */
  private readonly fuzzyOrder: Int32Array;
  private readonly verbAsWord: WordPlan | null = null;
  private readonly hasVerb: boolean;
  /** Method code the verb filters by; -2 when no endpoint has that method. */
  private readonly verbCode: number = -1;
  /** Code of ALL when it passes the verb filter: any HTTP verb, but not gRPC. */
  private readonly allCode: number;

  constructor(
    private readonly index: SearchIndex,
    query: Query,
  ) {
    this.hasVerb = query.verb !== null;
    this.allCode = query.verb === 'gRPC' ? -3 : index.allMethodCode;
    if (query.verb !== null) {
      const code = index.methods.indexOf(fold(query.verb));
      this.verbCode = code >= 0 ? code : -2;
    }
    try {
      for (const t of query.tokens) {
        if (t.kind === 'word') this.words.push(new WordPlan(index, t, query.fields));
        else this.paths.push(new PathPlan(index, t));
      }
      if (query.verbAsWord) this.verbAsWord = new WordPlan(index, query.verbAsWord, 'name');
    } catch (err) {
      this.release();
      throw err;
    }
    this.plans = [...this.words, ...this.paths];
    this.scores = this.plans.map((p) => p.score);
    this.masks = Int32Array.from(this.plans, (p) => p.mask);
    this.nameWords = this.words.map((w) => w.nameWord);
    this.exacts = this.paths.map((p) => p.exact);
    const byLength = this.plans.map((_, j) => j).sort((a, b) => this.plans[b]!.token.text.length - this.plans[a]!.token.text.length || a - b);
    this.fuzzyOrder = Int32Array.from(byLength);
  }

  release(): void {
    for (const p of this.words) p.release();
    for (const p of this.paths) p.release();
    this.verbAsWord?.release();
  }

  /** Score for the verb filter, or NO_MATCH. */
  private methodScore(e: number): number {
    if (!this.hasVerb) return 0;
    const code = this.index.methodCode[e]!;
    if (code === this.verbCode) return VERB_EXACT;
    if (code === this.allCode) return 0;
    // Read as a name word instead: a fixed cost, so such hits rank below filtered ones.
    const s = this.verbAsWord === null ? 0 : this.verbAsWord.score[e]!;
    return s > 0 ? -VERB_AS_WORD_PENALTY : NO_MATCH;
  }

  /** First pass: endpoints every token matches literally. */
  literal(keys: Collector): void {
    const ix = this.index;
    const plans = this.plans;
    if (plans.length === 0) return this.unfiltered(keys);
    const scores = this.scores;
    const exacts = this.exacts;

    let driver = plans[0]!;
    for (const p of plans) if (p.list.count < driver.list.count) driver = p;
    const list = driver.list.data;
    const count = driver.list.count;
    if (plans.length === 1 && this.paths.length === 0) {
      // One word (the common case, and the one with the longest lists): the loop below, unrolled.
      const score = scores[0]!;
      for (let k = 0; k < count; k++) {
        const e = list[k]!;
        const within = this.methodScore(e);
        if (within !== NO_MATCH) keys.add(this.total(TIER_LITERAL, within + score[e]!, e), ix.rank[e]!);
      }
      return;
    }
    for (let k = 0; k < count; k++) {
      const e = list[k]!;
      let within = this.methodScore(e);
      if (within === NO_MATCH) continue;
      let j = 0;
      for (; j < scores.length; j++) {
        const s = scores[j]![e]!;
        if (s === 0) break;
        within += s;
      }
      if (j < scores.length) continue;
      let exact = false;
      for (let i = 0; i < exacts.length; i++) if (exacts[i]![e] === 1) exact = true;
      keys.add(this.total(exact ? TIER_EXACT : TIER_LITERAL, within + this.phraseBonus(e), e), ix.rank[e]!);
    }
  }

  /** No tokens: everything, or everything the verb filter lets through, in path order. */
  private unfiltered(keys: Collector): void {
    const ix = this.index;
    if (!this.hasVerb) {
      for (let e = 0; e < ix.size; e++) keys.add(TIER_LITERAL * TIER, ix.rank[e]!);
      return;
    }
    const post = ix.methodPostings;
    for (const code of [this.verbCode, this.allCode]) {
      if (code < 0) continue;
      const bonus = code === this.verbCode ? VERB_EXACT : 0;
      for (let i = post.start[code]!; i < post.start[code + 1]!; i++) {
        const e = post.items[i]!;
        keys.add(TIER_LITERAL * TIER + bonus, ix.rank[e]!);
      }
    }
  }

  /** Second pass: endpoints where some token matches only as a subsequence of the address. */
  fuzzy(keys: Collector): void {
    const ix = this.index;
    const plans = this.plans;
    if (!plans.some((p) => p.canFuzzy)) return;
    this.tables = plans.map((p) => (p.canFuzzy ? p.fuzzy() : null));
    // Tokens that cannot match fuzzily still have to match literally: the smallest list drives.
    let driver: Plan | null = null;
    for (const p of plans) if (!p.canFuzzy && (driver === null || p.list.count < driver.list.count)) driver = p;
    if (driver) {
      const list = driver.list.data;
      for (let k = 0; k < driver.list.count; k++) this.fuzzyOne(list[k]!, keys);
      return;
    }
    // Otherwise every endpoint is a candidate; character masks reject most of them at once.
    if (plans.length > 1) {
      for (let e = 0; e < ix.size; e++) this.fuzzyOne(e, keys);
      return;
    }
    // One token (the common case): the same steps as fuzzyOne, unrolled for the 50,000-long loop.
    const score = this.scores[0]!;
    const need = this.masks[0]!;
    const table = this.tables[0]!;
    const masks = ix.addressMask;
    for (let e = 0; e < ix.size; e++) {
      if (score[e] !== 0 || (masks[e]! & need) !== need) continue;
      const g = table.match(e);
      if (g < 0) continue;
      const within = this.methodScore(e);
      if (within === NO_MATCH) continue;
      keys.add(this.total(TIER_FUZZY, within + FUZZY_BASE + g * FUZZY_SCALE, e), ix.rank[e]!);
    }
  }

  private fuzzyOne(e: number, keys: Collector): void {
    const ix = this.index;
    const scores = this.scores;
    const masks = this.masks;
    const tables = this.tables;
    const mask = ix.addressMask[e]!;
    let missing = 0;
    for (let j = 0; j < scores.length; j++) {
      if (scores[j]![e] !== 0) continue;
      if (tables[j] === null || (mask & masks[j]!) !== masks[j]) return;
      missing++;
    }
    if (missing === 0) return; // a literal hit, counted by the first pass
    let within = this.methodScore(e);
    if (within === NO_MATCH) return;
    // Longest token first: it is the likeliest to fail and end the work for this endpoint.
    const order = this.fuzzyOrder;
    for (let i = 0; i < order.length; i++) {
      const j = order[i]!;
      const s = scores[j]![e]!;
      if (s !== 0) {
        within += s;
        continue;
      }
      const g = tables[j]!.match(e);
      if (g < 0) return;
      within += FUZZY_BASE + Math.max(0, g) * FUZZY_SCALE;
    }
    keys.add(this.total(TIER_FUZZY, within + this.phraseBonus(e), e), ix.rank[e]!);
  }

  private phraseBonus(e: number): number {
    const words = this.nameWords;
    let bonus = 0;
    for (let j = 1; j < words.length; j++) {
      const w = words[j]![e]!;
      if (w !== 0 && w === words[j - 1]![e]! + 1) bonus += PHRASE;
    }
    return bonus;
  }

  private total(tier: number, within: number, e: number): number {
    const w = within + shortAddressBonus(this.index.addressLength[e]!);
    return tier * TIER + Math.min(TIER - 1, Math.max(0, w));
  }

  highlight(e: number): FieldRanges[] {
    const code = this.index.methodCode[e]!;
    const viaWord = this.hasVerb && code !== this.verbCode && code !== this.allCode;
    return highlight(
      {
        index: this.index,
        verbHit: this.hasVerb && code === this.verbCode,
        verbAsWord: viaWord ? this.verbAsWord : null,
        paths: this.paths,
        words: this.words,
      },
      e,
    );
  }
}
