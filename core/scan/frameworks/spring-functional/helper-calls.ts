// Same-class helpers a handler hands its request to (`login(req) = doLogin(req, Context.Login)`,
// mixit's `credentials(req, strict) { .. }`): their bodies read the request as the handler's own
// would. Shared by the readers of a functional handler's body (handler-request.ts, form-reads.ts).

import type { MethodDecl, TypeDecl } from '../../source-model';
import type { tokenize } from './route-syntax';

type Tokens = ReturnType<typeof tokenize>;

/** How many calls deep both readers follow helpers: `login -> doLogin(req, ..) -> credentials(req)`, no further. */
export const MAX_HELPER_DEPTH = 2;

/**
 * The methods of `owner` the body in `toks` calls with one of `passed` as an argument, and for
 * each of their parameters the name passed as it, with the token index of the call.
 */
export function helpersGiven(owner: TypeDecl, toks: Tokens, passed: ReadonlySet<string>): Array<{ method: MethodDecl; given: Map<string, string>; at: number }> {
  const out: Array<{ method: MethodDecl; given: Map<string, string>; at: number }> = [];
  for (let i = 0; i + 1 < toks.length; i++) {
    const t = toks[i]!;
    if (t.t !== 'id' || toks[i + 1]!.v !== '(' || (i > 0 && (toks[i - 1]!.v === '.' || toks[i - 1]!.v === 'fun'))) continue;
    const args = argumentNames(toks, i + 1);
    // Kotlin's trailing lambda is one more argument: `credentials(req, true) { email, user -> .. }`.
    const count = args.length + (toks[closing(toks, i + 1) + 1]?.v === '{' ? 1 : 0);
    const helper = owner.methods.find((m) => m.name === t.v && m.params.length === count);
    if (!helper) continue;
    const given = new Map<string, string>();
    args.forEach((a, k) => {
      if (a !== undefined && passed.has(a)) given.set(helper.params[k]!.name, a);
    });
    if (given.size) out.push({ method: helper, given, at: i });
  }
  return out;
}

/** Each argument of the call whose `(` is at `open`: its name when it is a bare name. */
export function argumentNames(toks: Tokens, open: number): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  const end = closing(toks, open);
  let start = open + 1;
  let depth = 0;
  for (let k = open + 1; k <= end; k++) {
    const v = toks[k]!.v;
    if (toks[k]!.t === 'op' && (v === '(' || v === '[' || v === '{')) depth++;
    else if (toks[k]!.t === 'op' && (v === ')' || v === ']' || v === '}') && k < end) depth--;
    else if ((v === ',' && depth === 0 && toks[k]!.t === 'op') || k === end) {
      if (k > start) out.push(k === start + 1 && toks[start]!.t === 'id' ? toks[start]!.v : undefined);
      start = k + 1;
    }
  }
  return out;
}

/** The index of the bracket closing the one at `open`, or the last token. */
export function closing(toks: Tokens, open: number): number {
  let depth = 0;
  for (let k = open; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t !== 'op') continue;
    if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
    else if (t.v === ')' || t.v === ']' || t.v === '}') {
      if (--depth === 0) return k;
    }
  }
  return toks.length - 1;
}
