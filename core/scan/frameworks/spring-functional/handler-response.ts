// The body a functional handler answers with, when its code says so plainly: the value given to
// `bodyValue(..)` / `bodyValueAndAwait(..)` / `bodyAndAwait(..)` is a call on a property of the
// handler's class whose declared type tells what it is (`ok().json().bodyValueAndAwait(repository
// .findAll())`, also through `repository.findAll().let { ok().json().bodyValueAndAwait(it) }`).
// Anything else leaves the response unknown, as before.

import type { ResponseModel } from '../../../model/request';
import type { ScanContext } from '../framework';
import type { ResolvedHandler } from './handlers';
import { bodyRange } from '../../method-body';
import { tokenize } from './route-syntax';
import { closing } from './helper-calls';
import { propertyCallReturn } from '../delegated-return';
import { responseModel, unwrapReturn } from '../payload';

type Tokens = ReturnType<typeof tokenize>;

const BODY_WRITES = new Set(['bodyValue', 'bodyValueAndAwait', 'bodyAndAwait']);

export function handlerResponse(ctx: ScanContext, handler: ResolvedHandler, produces: readonly string[], readText: (path: string) => string | undefined): ResponseModel | undefined {
  const { owner, method } = handler;
  const text = readText(owner.file.path);
  if (text === undefined) return undefined;
  const kotlin = owner.file.lang === 'kotlin';
  const range = bodyRange(text, method, kotlin);
  if (!range) return undefined;
  const toks = tokenize(text, range.from, range.to, kotlin);
  for (let i = 1; i + 1 < toks.length; i++) {
    const t = toks[i]!;
    if (t.t !== 'id' || !BODY_WRITES.has(t.v) || toks[i - 1]!.v !== '.' || toks[i + 1]!.v !== '(') continue;
    const end = closing(toks, i + 1);
    const call = propertyCallAt(toks, i + 2, end) ?? letReceiver(toks, i + 2, end);
    if (!call) continue;
    const found = propertyCallReturn(ctx.index, owner, call.receiver, call.name);
    if (!found) continue;
    const payload = unwrapReturn(found.ref);
    if (payload.kind === 'unknown') continue;
    return responseModel(payload, produces[0] ?? 'application/json', { type: found.owner, file: found.owner.file }, new Map(), ctx.schemas);
  }
  return undefined;
}

/** `receiver.name(...)` filling the tokens from `at` to `end`. */
function propertyCallAt(toks: Tokens, at: number, end: number): { receiver: string; name: string } | undefined {
  const [r, dot, n, open] = [toks[at], toks[at + 1], toks[at + 2], toks[at + 3]];
  if (r?.t !== 'id' || dot?.v !== '.' || n?.t !== 'id' || open?.v !== '(' || !/^[a-z]/.test(r.v)) return undefined;
  return closing(toks, at + 3) === end - 1 ? { receiver: r.v, name: n.v } : undefined;
}

/** `it` (or the lambda's parameter) of `receiver.name(..).let { .. }` around the write at `at`. */
function letReceiver(toks: Tokens, at: number, end: number): { receiver: string; name: string } | undefined {
  const arg = toks[at];
  if (arg?.t !== 'id' || !(at + 1 === end || (toks[at + 1]!.v === '!!' && at + 2 === end))) return undefined;
  // Back to the `{` opening the lambda the write is in, then `.let` before it.
  let depth = 0;
  for (let k = at - 1; k > 0; k--) {
    const v = toks[k]!.v;
    if (toks[k]!.t !== 'op') continue;
    if (v === ')' || v === '}' || v === ']') depth++;
    else if (v === '(' || v === '[') depth = Math.max(0, depth - 1);
    else if (v === '{') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const named = toks[k + 1]?.t === 'id' && toks[k + 2]?.v === '->' ? toks[k + 1]!.v : 'it';
      if (named !== arg.v || toks[k - 1]?.v !== 'let' || toks[k - 2]?.v !== '.' || toks[k - 3]?.v !== ')') return undefined;
      // `receiver.name(...)` ending at k - 3.
      let open = -1;
      let d = 0;
      for (let j = k - 3; j >= 0; j--) {
        const w = toks[j]!.v;
        if (w === ')') d++;
        else if (w === '(' && --d === 0) {
          open = j;
          break;
        }
      }
      if (open < 3 || toks[open - 2]?.v !== '.' || toks[open - 1]?.t !== 'id' || toks[open - 3]?.t !== 'id') return undefined;
      if (toks[open - 4]?.v === '.' || toks[open - 4]?.v === '?.') return undefined; // a longer chain
      return /^[a-z]/.test(toks[open - 3]!.v) ? { receiver: toks[open - 3]!.v, name: toks[open - 1]!.v } : undefined;
    }
  }
  return undefined;
}
