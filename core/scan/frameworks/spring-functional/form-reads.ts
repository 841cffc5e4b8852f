// Form fields a functional handler reads from the request's form data: `val form =
// request.awaitFormData()` (or `formData()`, `body(BodyExtractors.toFormData())`, a project
// extension such as mixit's `req.extractFormData()`: any call named `...FormData`) and then
// `form["email"]`, `form.getFirst("email")`, `form[EMAIL]`; also the parameter of a lambda the
// form data is handed to (`.let { form -> }`, `.flatMap(form -> ...)`) and same-class helpers the
// request or the form data is passed to. A read that insists (`form["id"]!!`, `?: throw`) is
// required. Only names the code spells out (a literal or a constant) count.

import type { ProjectIndex } from '../../project-index';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { bodyRange } from '../../method-body';
import { tokenize } from './route-syntax';
import { closing, helpersGiven, MAX_HELPER_DEPTH } from './helper-calls';

type Tokens = ReturnType<typeof tokenize>;

export interface FormRead {
  name: string;
  required: boolean;
  /** Read through `multipartData()`: the request is multipart. */
  multipart: boolean;
}

const FORM_CALL = /formdata$/i;
const MULTIPART_CALL = /multipartdata$/i;
const READS = new Set(['getFirst', 'get', 'getValue', 'getOrDefault', 'containsKey']);

export function formFieldsRead(index: ProjectIndex, owner: TypeDecl, method: MethodDecl, text: string): FormRead[] {
  const out = new Map<string, FormRead>();
  read(index, owner, method, text, { forms: new Map(), request: new Set(method.params.map((p) => p.name)) }, 0, new Set(), out);
  return [...out.values()];
}

/**
 * The method's parameters that hold form data (each with whether it is multipart data) and those
 * that hold the request: a helper is followed for either, as handler-request.ts follows it for the request.
 */
interface Held {
  forms: ReadonlyMap<string, boolean>;
  request: ReadonlySet<string>;
}

function read(index: ProjectIndex, owner: TypeDecl, method: MethodDecl, text: string, held: Held, depth: number, seen: Set<MethodDecl>, out: Map<string, FormRead>): void {
  if (seen.has(method)) return;
  seen.add(method);
  const kotlin = owner.file.lang === 'kotlin';
  const range = bodyRange(text, method, kotlin);
  if (!range) return;
  const toks = tokenize(text, range.from, range.to, kotlin);
  // Form data variables and whether they came from multipart data.
  const vars = new Map(held.forms);
  for (let i = 1; i + 1 < toks.length; i++) {
    const t = toks[i]!;
    if (t.t !== 'id' || toks[i + 1]!.v !== '(' || toks[i - 1]!.v !== '.') continue;
    const multipart = MULTIPART_CALL.test(t.v);
    if (!multipart && !FORM_CALL.test(t.v)) continue;
    const assigned = assignedName(toks, i);
    if (assigned) vars.set(assigned, multipart);
    const param = lambdaParam(toks, i);
    if (param) vars.set(param, multipart);
  }
  // Same-class helpers handed the request or the form data, read where they are called: the
  // fields in the order the code reads them.
  const helpers = depth < MAX_HELPER_DEPTH ? helpersGiven(owner, toks, new Set([...vars.keys(), ...held.request])) : [];
  const helperAt = new Map(helpers.map((h) => [h.at, h]));
  for (let i = 0; i < toks.length; i++) {
    const helper = helperAt.get(i);
    if (helper) {
      // Multipart data handed on stays multipart: the helper's reads make the request multipart.
      const given = [...helper.given];
      const forms = new Map(given.filter(([, arg]) => vars.has(arg)).map(([param, arg]) => [param, vars.get(arg)!]));
      const request = new Set(given.filter(([, arg]) => held.request.has(arg)).map(([param]) => param));
      read(index, owner, helper.method, text, { forms, request }, depth + 1, seen, out);
      continue;
    }
    const t = toks[i]!;
    const multipart = t.t === 'id' && toks[i - 1]?.v !== '.' ? vars.get(t.v) : undefined;
    if (multipart === undefined) continue;
    const hit = fieldAt(index, owner, toks, i);
    if (!hit) continue;
    const old = out.get(hit.name);
    out.set(hit.name, { name: hit.name, required: hit.required || !!old?.required, multipart: multipart || !!old?.multipart });
  }
}

/** `val form = ...call(` / `Foo form = ...call(` on the statement holding the call at `i`. */
function assignedName(toks: Tokens, i: number): string | undefined {
  let k = i;
  while (k > 0 && !toks[k]!.nl && ![';', '{', '}'].includes(toks[k - 1]!.v)) k--;
  // toks[k] starts the statement.
  for (let j = k; j < i; j++) if (toks[j + 1]?.v === '=' && toks[j]!.t === 'id') return toks[j]!.v;
  return undefined;
}

/** `call().let { form -> }`, `call().flatMap(form -> ...)`, `.map { it[..] }`: the lambda's parameter, after the call's parentheses. */
function lambdaParam(toks: Tokens, i: number): string | undefined {
  let k = closing(toks, i + 1) + 1;
  // Through `.awaitSingle()`-like calls to the first lambda.
  while (toks[k]?.v === '.' && toks[k + 1]?.t === 'id') {
    const open = toks[k + 2];
    if (open?.v === '{') {
      if (toks[k + 3]?.t === 'id' && toks[k + 4]?.v === '->') return toks[k + 3]!.v;
      return 'it';
    }
    if (open?.v !== '(') return undefined;
    if (toks[k + 3]?.t === 'id' && toks[k + 4]?.v === '->') return toks[k + 3]!.v;
    k = closing(toks, k + 2) + 1;
  }
  return undefined;
}

/** The field read at `form` (token `i`): `form["x"]`, `form[KEY]`, `form.getFirst("x")`. */
function fieldAt(index: ProjectIndex, owner: TypeDecl, toks: Tokens, i: number): { name: string; required: boolean } | undefined {
  let argAt: number;
  let end: number;
  if (toks[i + 1]?.v === '[') {
    argAt = i + 2;
    end = closing(toks, i + 1);
  } else if (toks[i + 1]?.v === '.' && READS.has(toks[i + 2]?.v ?? '') && toks[i + 3]?.v === '(') {
    argAt = i + 4;
    end = closing(toks, i + 3);
  } else return undefined;
  const name = keyAt(index, owner, toks, argAt, end);
  if (name === undefined) return undefined;
  return { name, required: insists(toks, end) };
}

/**
 * Whether the code refuses to go on without the value read up to `close` (its `)`): Kotlin's
 * `?: throw`, `!!`, Java's `.orElseThrow(`.
 */
export function insists(toks: Tokens, close: number): boolean {
  const next = toks[close + 1];
  if (next?.v === '!!') return true;
  if (next?.v === '?:') return toks[close + 2]?.v === 'throw';
  return next?.v === '.' && toks[close + 2]?.v === 'orElseThrow';
}

/** A literal or a constant (`EMAIL`, `Keys.EMAIL`) filling the tokens from `at` to `end`. */
function keyAt(index: ProjectIndex, owner: TypeDecl, toks: Tokens, at: number, end: number): string | undefined {
  const first = toks[at];
  if (!first) return undefined;
  if (first.t === 'str' && !first.parts && at + 1 === end) return first.v;
  let name = '';
  for (let k = at; k < end; k++) {
    const t = toks[k]!;
    if ((k - at) % 2 === 0 ? t.t !== 'id' : t.v !== '.') return undefined;
    name += t.v;
  }
  if (!/^[A-Za-z_]/.test(name)) return undefined;
  const r = index.evalString({ kind: 'name', name }, { type: owner, file: owner.file });
  return 'value' in r ? r.value : undefined;
}
