// What a handler's body shows about the request values it reads: which ones it cannot do without,
// and on which class a call handing the request on is made.

import { describe, expect, it } from 'vitest';
import { bodyFacts } from './body-facts';
import type { ParamDecl, RequestRead } from './source-model';

const param = (name: string, type: string): ParamDecl => ({ name, type: { name: type, args: [], dims: 0 }, annotations: [] }) as unknown as ParamDecl;
const reads = (body: string, params: ParamDecl[] = [param('request', 'HttpServletRequest')]): RequestRead[] => bodyFacts(`{${body}}`, 0, body.length + 2, params)?.requestReads ?? [];
const required = (body: string) =>
  reads(body)
    .filter((r): r is Extract<RequestRead, { key: unknown }> => 'key' in r)
    .map((r) => `${r.key.kind === 'string' ? r.key.value : '?'}:${r.required ? 'required' : 'optional'}`);

describe('a value the code cannot do without', () => {
  it('is required when a guard call takes it or an if throws when it is missing or empty', () => {
    expect(required('Objects.requireNonNull(request.getParameter("a"), "a"); Preconditions.checkNotNull(request.getHeader("b"));')).toEqual(['a:required', 'b:required']);
    expect(required('String c = request.getParameter("c"); if (!StringUtils.hasText(c)) { throw new IllegalArgumentException(); }')).toEqual(['c:required']);
    expect(required('String d = request.getParameter("d"); String e = request.getParameter("e"); if (d == null || e.isBlank()) throw new X();')).toEqual(['d:required', 'e:required']);
    expect(required('if (StringUtils.isBlank(request.getParameter("f"))) throw new X();')).toEqual(['f:required']);
  });

  it('is required in Kotlin through ?: throw and requireNotNull', () => {
    expect(required('val a = request.getParameter("a") ?: throw IllegalArgumentException()\n val b = requireNotNull(request.getParameter("b"))')).toEqual(['a:required', 'b:required']);
  });

  it('stays optional with a fallback, a test of something else, or either of two values', () => {
    expect(required('String a = request.getParameter("a"); if (a == null) { a = "x"; }')).toEqual(['a:optional']);
    expect(required('String b = request.getParameter("b"); if (StringUtils.isNotEmpty(b)) throw new X();')).toEqual(['b:optional']);
    expect(required('String c = request.getParameter("c"); String d = request.getParameter("d"); if (c == null && d == null) throw new X();')).toEqual(['c:optional', 'd:optional']);
    expect(required('String e = request.getParameter("e"); if (e == null || e.length() > 5) throw new X();')).toEqual(['e:optional']);
  });

  it('stays optional when the check binds only some requests: after an early return, or inside a branch', () => {
    expect(required('String t = request.getHeader("t"); if (t != null) { return t; } String u = request.getParameter("u"); if (u == null) throw new X(); return u;')).toEqual(['t:optional', 'u:optional']);
    expect(required('if (legacy) { Assert.hasText(request.getParameter("v"), "v"); }')).toEqual(['v:optional']);
  });
});

describe('a call handing the request on', () => {
  const receiver = (body: string, params?: ParamDecl[]) => reads(body, params).map((r) => ('call' in r ? `${r.call}@${r.receiver ?? '-'}` : '')).filter(Boolean);

  it('is made on the class a builder chain starts from, or on a local or parameter of a declared type', () => {
    expect(receiver('return Builder.newBuilder().a(true).setRequest(request).build();')).toEqual(['setRequest@Builder']);
    expect(receiver('return new Builder(1).setRequest(request);')).toEqual(['setRequest@Builder']);
    expect(receiver('Builder<X> b = make(); b.setRequest(request);')).toEqual(['b.setRequest@Builder']);
    expect(receiver('var b = new Builder(); b.setRequest(request);')).toEqual(['b.setRequest@Builder']);
    expect(receiver('b.setRequest(request);', [param('request', 'HttpServletRequest'), param('b', 'Builder')])).toEqual(['b.setRequest@Builder']);
  });

  it('names no receiver when the call names its own target', () => {
    expect(receiver('WebUtils.required(request, "a"); helper(request); this.other(request);')).toEqual(['WebUtils.required@-', 'helper@-', 'this.other@-']);
  });
});
