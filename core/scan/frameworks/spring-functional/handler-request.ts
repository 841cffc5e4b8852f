// What a handler method's own body shows of the request, when it says so plainly:
// `request.bodyToMono(Foo.class)` / `bodyToFlux` / WebMvc.fn's `body(Foo.class)` / Kotlin's
// `awaitBody<Foo>()` make the JSON body; `queryParam("q")` (Kotlin `queryParamOrNull("q")`) a query
// parameter, required when a missing value throws (`?: throw`, `.orElseThrow()`); `headers()
// .firstHeader("X-Id")` / `header("X-Id")` a header; form data reads form fields (form-reads.ts).
// A route itself says none of this.

import type { Param, RequestModel } from '../../../model/request';
import { requestExampleOf } from '../../types/example';
import type { ScanContext } from '../framework';
import { makeParam } from '../params';
import type { ResolvedHandler } from './handlers';
import { bodyRange } from '../../method-body';
import { tokenize } from './route-syntax';
import { formFieldsRead, insists } from './form-reads';
import { helpersGiven, MAX_HELPER_DEPTH } from './helper-calls';
import type { MethodDecl, TypeDecl } from '../../source-model';

const BODY_CALLS = new Set(['bodyToMono', 'bodyToFlux', 'body', 'awaitBody', 'awaitBodyOrNull', 'bodyToFlow']);
const STREAMS = new Set(['bodyToFlux', 'bodyToFlow']);

export function handlerRequest(ctx: ScanContext, handler: ResolvedHandler, consumes: readonly string[], readText: (path: string) => string | undefined): RequestModel | undefined {
  const { owner, method } = handler;
  const text = readText(owner.file.path);
  if (text === undefined) return undefined;
  const bodies = bodiesReading(owner, method, text);
  if (!bodies.length) return undefined;
  const params: Param[] = [];
  let bodyType: { name: string; stream: boolean } | undefined;
  const add = (name: string, where: Param['in'], required = false) => {
    const old = params.findIndex((p) => p.name === name && p.in === where);
    if (old < 0) params.push(makeParam(name, where, { type: 'string' }, required, ''));
    else if (required) params[old] = { ...params[old]!, required: true };
  };
  for (const toks of bodies) for (let i = 0; i + 2 < toks.length; i++) {
    const t = toks[i]!;
    if (t.t !== 'id' || (i > 0 && toks[i - 1]!.v !== '.')) continue;
    const open = toks[i + 1]!;
    const arg = toks[i + 2]!;
    if (open.v === '(' && arg.t === 'str' && toks[i + 3]?.v === ')') {
      if (t.v === 'queryParam' || t.v === 'queryParamOrNull' || (t.v === 'getFirst' && toks[i - 2]?.v === ')' && toks[i - 4]?.v === 'queryParams')) add(arg.v, 'query', insists(toks, i + 3));
      else if (t.v === 'firstHeader' || t.v === 'header') add(arg.v, 'header');
    }
    if (!bodyType && BODY_CALLS.has(t.v)) {
      // `bodyToMono(Foo.class)`, `bodyToMono(Foo::class.java)`, `bodyToMono<Foo>()`.
      const name = classArgument(toks, i + 1);
      if (name) bodyType = { name, stream: STREAMS.has(t.v) };
    }
  }
  const form = formFieldsRead(ctx.index, owner, method, text);
  for (const f of form) {
    if (!params.some((p) => p.name === f.name && p.in === 'form')) params.push(makeParam(f.name, 'form', { type: 'string' }, f.required, 'Read in code (form data)'));
  }
  let body: RequestModel['body'];
  if (bodyType) {
    const scope = { type: owner, file: owner.file };
    const item = ctx.schemas.schemaOf({ name: bodyType.name, args: [], dims: 0 }, scope, undefined, 'request');
    const schema = bodyType.stream ? { type: 'array' as const, items: item } : item;
    body = { contentType: consumes[0] ?? 'application/json', schema, example: requestExampleOf(schema), description: '', required: true };
  }
  if (!params.length && !body) return undefined;
  const formType = form.some((f) => f.multipart) ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  const model: RequestModel = { params, consumes: consumes.length ? [...consumes] : body ? ['application/json'] : form.length ? [formType] : [] };
  if (body) model.body = body;
  return model;
}

/** The tokens of the handler's body and of the same-class helpers it hands the request to. */
function bodiesReading(owner: TypeDecl, method: MethodDecl, text: string): Array<ReturnType<typeof tokenize>> {
  const kotlin = owner.file.lang === 'kotlin';
  const out: Array<ReturnType<typeof tokenize>> = [];
  const seen = new Set<MethodDecl>();
  const visit = (m: MethodDecl, request: ReadonlySet<string>, depth: number) => {
    if (seen.has(m)) return;
    seen.add(m);
    const range = bodyRange(text, m, kotlin);
    if (!range) return;
    const toks = tokenize(text, range.from, range.to, kotlin);
    out.push(toks);
    if (depth < MAX_HELPER_DEPTH) for (const { method: helper, given } of helpersGiven(owner, toks, request)) visit(helper, new Set(given.keys()), depth + 1);
  };
  visit(method, new Set(method.params.map((p) => p.name)), 0);
  return out;
}

/** The class a call at `i` (its `(` or `<`) names: `(Foo.class)`, `(a.b.Foo::class.java)`, `<Foo>(`. */
function classArgument(toks: ReturnType<typeof tokenize>, i: number): string | undefined {
  const open = toks[i]!;
  if (open.v === '<') {
    const name = dottedAt(toks, i + 1);
    return name && toks[name.end]?.v === '>' ? name.name : undefined;
  }
  if (open.v !== '(') return undefined;
  const name = dottedAt(toks, i + 1);
  if (!name) return undefined;
  const after = toks.slice(name.end, name.end + 4).map((t) => t.v);
  if (after[0] === '.' && after[1] === 'class' && after[2] === ')') return name.name;
  if (after[0] === '::' && after[1] === 'class' && after[2] === '.' && after[3] === 'java') return name.name;
  return undefined;
}

function dottedAt(toks: ReturnType<typeof tokenize>, i: number): { name: string; end: number } | undefined {
  if (toks[i]?.t !== 'id') return undefined;
  let name = toks[i]!.v;
  let k = i + 1;
  while (toks[k]?.v === '.' && toks[k + 1]?.t === 'id' && toks[k + 1]!.v !== 'class') {
    name += `.${toks[k + 1]!.v}`;
    k += 2;
  }
  return /^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1)) ? { name, end: k } : undefined;
}
