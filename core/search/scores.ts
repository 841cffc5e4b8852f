// Score constants and the per-hit scores, in one place so that ranking (plans.ts) and
// highlighting (highlight.ts) agree on which hit is best.

/** Tiers keep the spec's order absolute: exact path hits, then literal hits, then fuzzy hits. */
export const TIER = 1_000_000;
export const TIER_FUZZY = 1;
export const TIER_LITERAL = 2;
export const TIER_EXACT = 3;

const EQUAL = 300; // the token is the whole segment or word
const START = 200; // ... its start
const INNER = 100; // ... somewhere inside
export const METHOD_HIT = 60; // a word found in the method name
// The token is the handler method's whole name (`getApplications`): what a developer who has
// the code open types, so it counts like a whole name word. Only the whole name: every getter
// shares `get`, and the address and name already answer parts of it.
export const HANDLER_NAME = EQUAL;
const FIRST_NAME_WORD = 20;
const OTHER_FIELD_WEIGHT = 0.5; // folder and class name
const DESCRIPTION_WEIGHT = 0.25;

export const PHRASE = 40; // consecutive tokens hit consecutive words of the name
// A word found in both the address and the name: `ns instance` puts `/ns/instance` ("Get the
// instance") before `/ns/health` ("Update health check for instance"), which only the name names.
export const ADDRESS_AND_NAME = 30;
export const FUZZY_BASE = 100;
export const FUZZY_SCALE = 4;
export const VERB_EXACT = 50; // a GET endpoint before an ALL endpoint for `GET ...`
export const VERB_AS_WORD_PENALTY = 150;
const SHORT_ADDRESS = 64;

export const OTHER_KIND_FOLDER = 1;
export const OTHER_KIND_DESCRIPTION = 2;
export const OTHER_KIND_CLASS = 3;

/** Where in a piece a hit is; `textStart` is 1 for path segments (after their `/`), else 0. */
function placeScore(offset: number, textStart: number, tokenLength: number, pieceLength: number): number {
  if (offset !== textStart) return INNER;
  return tokenLength === pieceLength - textStart ? EQUAL : START;
}

export function segmentHitScore(offset: number, tokenLength: number, pieceLength: number): number {
  return placeScore(offset, 1, tokenLength, pieceLength);
}

export function nameHitScore(offset: number, tokenLength: number, pieceLength: number, wordIndex: number): number {
  return placeScore(offset, 0, tokenLength, pieceLength) + (wordIndex === 0 ? FIRST_NAME_WORD : 0);
}

/** Folder and description words, and class names (scored from the simple name). */
export function otherHitScore(kind: number, offset: number, tokenLength: number, piece: string): number {
  if (kind === OTHER_KIND_CLASS) {
    const simple = piece.lastIndexOf('.') + 1;
    return Math.round(placeScore(offset - simple, 0, tokenLength, piece.length - simple) * OTHER_FIELD_WEIGHT);
  }
  const weight = kind === OTHER_KIND_DESCRIPTION ? DESCRIPTION_WEIGHT : OTHER_FIELD_WEIGHT;
  return Math.round(placeScore(offset, 0, tokenLength, piece.length) * weight);
}

/** Among otherwise equal hits, shorter addresses first (a small nudge, below any hit score step). */
export function shortAddressBonus(addressLength: number): number {
  return Math.max(0, SHORT_ADDRESS - (addressLength >> 1));
}
