// Evaluates the syntax route-syntax.ts reads into the routes a RouterFunction serves, following
// Spring's own semantics for both stacks (WebFlux `org.springframework.web.reactive.function.server`
// and WebMvc.fn `org.springframework.web.servlet.function`, which share their names):
// - `RouterFunctions.route()` builders: `.GET/.POST/...(pattern?, predicate?, handler)`, `.route`,
//   `.add`, `.path(prefix, builder -> ...)`, `.nest(predicate, supplier)`, `.build()`; springdoc's
//   `SpringdocRouteBuilder.route()` takes one more argument (the operation), read for its names;
// - the static forms: `route(GET("/x").and(accept(JSON)), h)`, `.andRoute`, `.and`, `.andNest`, `nest`;
// - Kotlin's `router { }` / `coRouter { }` DSL: `GET("/x", h::m)`, `"/api".nest { }`,
//   `(accept(JSON) and "/api").nest { }`, `GET("/x") { req -> ... }`;
// - locals, same-class helper methods (with their arguments) and class constants;
// - other classes' methods returning a RouterFunction (`.add(other.routes())`, `new Routes(h).routes()`),
//   read in their own files; `registerBean(RouterFunction.class, supplier)`; Kotlin's `beans { bean { } }`;
// - every branch of Kotlin's `if (c) a else b` and `when`, and of Java's `c ? a : b`.
// A value it cannot follow is `unknown`: whatever depends on it is left out, never guessed.

import type { ProjectIndex, Scope } from '../../project-index';
import type { Expr, FieldDecl, MethodDecl, TypeDecl } from '../../source-model';
import { joinPaths } from '../../paths';
import { RouteSyntax, dottedName } from './route-syntax';
import { targetType } from './handlers';
import type { Node, Stmt } from './route-syntax';

export const VERBS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What one request predicate requires (one alternative of an `or`). */
export interface Condition {
  methods: string[];
  path: string;
  consumes: string[];
  produces: string[];
}

export type Handler =
  /** `target::name`; no target: `this::name` or Kotlin `::name`. */
  | {
      k: 'ref';
      target?: Node;
      name: string;
      at: number;
      env: Env;
      arity?: number;
      /** A lambda handing the request on (`{ pages.show(it, year) }`): the call's argument count. */
      delegated?: number;
    }
  /** A lambda or anything else: the route's own call is the place to show. */
  | { k: 'inline'; at: number };

export interface Route {
  method: string;
  path: string;
  consumes: string[];
  produces: string[];
  handler: Handler;
  /** The verb or `route` call registering it: name and offset. */
  call: { name: string; at: number };
  /** springdoc's operation customizer (`builder -> builder.operationId(...)`), when given. */
  operation?: Node;
  /** The method whose body holds the call (a helper's, when one was followed). */
  env: Env;
}

type Value =
  | { v: 'builder'; conditions: Condition[]; routes: Route[] }
  | { v: 'routes'; routes: Route[] }
  | { v: 'pred'; alts: Condition[] }
  | { v: 'str'; value: string }
  | { v: 'fn'; node: Extract<Node, { k: 'lambda' }>; env: Env }
  | { v: 'handler'; handler: Handler }
  | { v: 'type'; name: string }
  | { v: 'unknown' };

const UNKNOWN: Value = { v: 'unknown' };

/** Where names are looked up: the method being read, its locals, and (Kotlin DSL) the builder it adds to. */
export interface Env {
  type: TypeDecl;
  method: MethodDecl;
  /** The text the offsets point into (the file of `type`). */
  text: string;
  locals: Map<string, Value>;
  /** Locals made with `new Foo(...)`, by name: the type a handler reference on them names. */
  created?: Map<string, string>;
  /** The implicit receiver of a Kotlin `router { }` block. */
  dsl?: Extract<Value, { v: 'builder' }>;
  /** Inside Kotlin's `beans { }`: the routes its `bean { }` definitions supply. */
  beans?: Route[];
  parent?: Env;
}

/** A route the reader saw but could not read: where, and in which method. */
export interface Unreadable {
  at: number;
  call: string;
  env: Env;
}

export interface Program {
  /** The statements of a method's body, read on demand (helpers, other classes' router methods). */
  bodyOf(type: TypeDecl, method: MethodDecl): Stmt[] | undefined;
  /** The text of a type's file, which offsets into its bodies point into. */
  textOf(type: TypeDecl): string | undefined;
  index: ProjectIndex;
}

const EMPTY: Condition = { methods: [], path: '', consumes: [], produces: [] };
/** Helpers calling helpers: a bound, not a stack, for recursive or huge route code. */
const MAX_DEPTH = 24;

export class RouteEvaluator {
  private depth = 0;
  /** Methods whose body was followed (this class's and other classes'): parts of a router read. */
  readonly followed = new Set<MethodDecl>();
  /** The methods followed by the last `routesOf`: what that router mounts. */
  lastFollowed = new Set<MethodDecl>();
  /** Fields being read (a field defined through itself is not followed). */
  private readonly fields = new Set<FieldDecl>();
  /** Set when a Kotlin `router { }` / `coRouter { }` block was read. */
  usedDsl = false;
  /** Routes left out because a request predicate could not be read. */
  readonly unread: Unreadable[] = [];
  /** Routes a `registerBean(RouterFunction.class, supplier)` registers, in the method read. */
  readonly registered: Route[] = [];
  /** The routes one run of the code being read stands for: the product of the enclosing loops' item counts. */
  private expansion = 1;
  /** Loop bodies run with a listed item so far in the router being read: sibling loops share MAX_LOOP_RUNS. */
  private loopRuns = 0;

  constructor(private readonly program: Program) {}

  /** The routes a method returns (every `return`, every branch). */
  routesOf(type: TypeDecl, method: MethodDecl, text: string, args: Value[] = []): Route[] {
    if (this.depth === 0) {
      this.lastFollowed = new Set();
      this.loopRuns = 0;
    }
    const body = this.program.bodyOf(type, method);
    if (!body || this.depth >= MAX_DEPTH) return [];
    const env: Env = { type, method, text, locals: new Map() };
    method.params.forEach((p, i) => env.locals.set(p.name, args[i] ?? UNKNOWN));
    this.depth++;
    try {
      return this.block(body, env).flatMap((v) => routesIn(v));
    } finally {
      this.depth--;
    }
  }

  /** Runs statements in order; the values of its `return`s. */
  private block(body: readonly Stmt[], env: Env): Value[] {
    const out: Value[] = [];
    for (const s of body) {
      if (s.k === 'local') {
        env.locals.set(s.name, this.eval(s.value, env));
        if (s.value.k === 'new') (env.created ??= new Map()).set(s.name, s.value.type);
      } else if (s.k === 'return') out.push(this.eval(s.value, env));
      else this.eval(s.value, env);
    }
    return out;
  }

  private eval(n: Node, env: Env): Value {
    switch (n.k) {
      case 'str':
        return { v: 'str', value: n.value };
      case 'binary':
        return this.binary(n, env);
      case 'lambda':
        return { v: 'fn', node: n, env };
      case 'ref':
        return { v: 'handler', handler: { k: 'ref', target: n.target, name: n.name, at: n.at, env } };
      case 'name':
        return this.name(n.name, env);
      case 'field': {
        const dotted = dottedName(n);
        return dotted ? this.constant(dotted, env) ?? { v: 'type', name: dotted } : UNKNOWN;
      }
      case 'call':
        return this.call(n, env);
      case 'branches':
        // Whichever branch runs, its routes are the application's: each branch's, once.
        return merge(n.branches.flatMap((b) => this.block(b, { ...env, locals: new Map(), parent: env })));
      default:
        return UNKNOWN;
    }
  }

  private name(name: string, env: Env): Value {
    for (let e: Env | undefined = env; e; e = e.parent) {
      const local = e.locals.get(name);
      if (local) return local;
    }
    return this.constant(name, env) ?? this.predicateField(name, env) ?? (/^[A-Z]/.test(name) ? { v: 'type', name } : UNKNOWN);
  }

  /** A Java field holding a predicate: `static final RequestPredicate JSON = accept(APPLICATION_JSON);`. */
  private predicateField(name: string, env: Env): Value | undefined {
    if (env.type.file.lang === 'kotlin') return undefined; // Kotlin's front end keeps constant initializers only
    const hit = this.program.index.fieldOf(env.type, name);
    const init = hit?.field.initializer;
    if (!hit || init?.kind !== 'other' || this.depth >= MAX_DEPTH || this.fields.has(hit.field)) return undefined;
    this.fields.add(hit.field);
    this.depth++;
    try {
      const expr = new RouteSyntax(init.text, 0, init.text.length, false).expressionBody()[0]!;
      const v = this.eval((expr as Extract<Stmt, { k: 'return' }>).value, { type: hit.owner, method: env.method, text: init.text, locals: new Map() });
      // Only what a field can hold on its own: offsets into its text would not point into the file.
      return v.v === 'pred' ? v : undefined;
    } finally {
      this.depth--;
      this.fields.delete(hit.field);
    }
  }

  /** A class or library constant as a string (`BASE`, `Paths.API`, `MediaType.APPLICATION_JSON`). */
  private constant(name: string, env: Env): Value | undefined {
    const expr: Expr = { kind: 'name', name };
    const r = this.program.index.evalString(expr, this.scope(env));
    return 'value' in r ? { v: 'str', value: r.value } : undefined;
  }

  private scope(env: Env): Scope {
    return { type: env.type, file: env.type.file };
  }

  private binary(n: Extract<Node, { k: 'binary' }>, env: Env): Value {
    const l = this.eval(n.left, env);
    const r = this.eval(n.right, env);
    if (n.op === '+') return l.v === 'str' && r.v === 'str' ? { v: 'str', value: l.value + r.value } : UNKNOWN;
    // Kotlin's infix `and` / `or` on predicates (a string is a path predicate there).
    if (n.op === 'and' || n.op === 'or') {
      const a = predOf(l);
      const b = predOf(r);
      if (!a || !b) return UNKNOWN;
      return n.op === 'and' ? and(a, b) : { v: 'pred', alts: [...a.alts, ...b.alts] };
    }
    return UNKNOWN;
  }

  /** A call chain, innermost first, in a loop: a builder of thousands of routes is one long chain. */
  private call(n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const chain: Array<Extract<Node, { k: 'call' }>> = [];
    let inner = n;
    while (inner.target?.k === 'call') {
      chain.push(inner);
      inner = inner.target;
    }
    let value = this.callOn(inner.target && this.eval(inner.target, env), inner, env);
    for (let i = chain.length - 1; i >= 0; i--) value = this.callOn(value, chain[i]!, env);
    return value;
  }

  private callOn(target: Value | undefined, n: Extract<Node, { k: 'call' }>, env: Env): Value {
    if (n.name === 'registerBean') return this.registerBean(n, env);
    if (LOOPS.has(n.name) && n.target && n.args.length === 1 && n.args[0]!.k === 'lambda') return this.loop(n.target, n.args[0]!, env);
    if (!target || target.v === 'type') return this.staticCall(n, env, target?.v === 'type' ? target.name : undefined);
    switch (target.v) {
      case 'builder':
        return this.builderCall(target, n, env);
      case 'routes':
        return this.routesCall(target, n, env);
      case 'pred':
      case 'str':
        return this.predCall(predOf(target)!, n, env);
      case 'fn':
        // `supplier.get()`, Kotlin `invoke`.
        return n.name === 'get' || n.name === 'invoke' ? this.apply(target, []) : UNKNOWN;
      case 'unknown':
        return this.otherRouter(n, env);
      default:
        return UNKNOWN;
    }
  }

  /**
   * `(2012..LAST).forEach { year -> GET("/$year", h) }`, `for (topic in topics) { ... }`: the body
   * runs once per item of a literal list of strings (`listOf("a", "b")`), else once with the loop
   * variable standing for any item as the path variable `{year}`, so `/$year/about` is listed as
   * `/{year}/about` rather than left out. Nested loops multiply: one that would take a router past
   * MAX_EXPANDED runs of its body reads as the path variable too, and so does one that would take
   * the router's loops together (siblings, a helper's) past MAX_LOOP_RUNS: generated code cannot explode the tree.
   */
  private loop(items: Node, lambda: Extract<Node, { k: 'lambda' }>, env: Env): Value {
    if (lambda.params.length > 1) return UNKNOWN;
    const param = lambda.params[0] ?? 'it';
    const listed = literalStrings(items, (a) => this.eval(a, env));
    const expanded = listed && this.expansion * listed.length <= MAX_EXPANDED && this.loopRuns + listed.length <= MAX_LOOP_RUNS ? listed : undefined;
    if (expanded) this.loopRuns += expanded.length;
    const values: Value[] = expanded ? expanded.map((value) => ({ v: 'str', value })) : [{ v: 'str', value: `{${param}}` }];
    const out: Value[] = [];
    const outer = this.expansion;
    this.expansion *= values.length;
    try {
      for (const value of values) {
        const fn = { ...lambda, params: [param] };
        out.push(...this.runBody(fn, { ...env, locals: new Map(), parent: env }, [value]));
      }
    } finally {
      this.expansion = outer;
    }
    return merge(out.filter((v) => v.v === 'routes' || v.v === 'builder'));
  }

  /**
   * `other.routes()`, `new ItemRoutes(h).routes()`, `AdminRoutes.routes(h)`, Kotlin
   * `NoteRoutes(ref()).routes()`: a method of another class giving a RouterFunction, followed into
   * its own file with the arguments bound. Its routes are that class's (their router is it).
   */
  private otherRouter(n: Extract<Node, { k: 'call' }>, env: Env): Value {
    if (!n.target) return UNKNOWN;
    const owner = targetType(this.program.index, n.target, env);
    if (!owner) return UNKNOWN;
    for (const t of [owner, ...this.program.index.ancestors(owner)]) {
      const method = t.methods.find((m) => m.name === n.name && m.params.length === n.args.length && givesRoutes(t, m));
      if (method) return this.helperCall(method, n.args.map((a) => this.eval(a, env)), env, t);
    }
    return UNKNOWN;
  }

  /** A supplier of a RouterFunction: `() -> new Routes(h).routes()`, `Routes::routes`, `routes::routes`, `this::routes`. */
  private supplied(n: Node, env: Env): Value {
    const v = this.eval(n, env);
    if (v.v === 'fn') return this.apply(v, []);
    if (v.v !== 'handler' || v.handler.k !== 'ref') return v;
    const { target, name, at } = v.handler;
    if (!target || (target.k === 'name' && target.name === 'this')) {
      // Kotlin's `bean(::routes)` injects the function's parameters: any arity will do.
      const named = env.type.methods.filter((m) => m.name === name);
      const method = named.find((m) => m.params.length === 0) ?? named[0];
      return method ? this.helperCall(method, [], env) : UNKNOWN;
    }
    return this.otherRouter({ k: 'call', target, name, args: [], at }, env);
  }

  /**
   * `context.registerBean(RouterFunction.class, supplier)` (a name first, customizers after):
   * functional bean registration, no `@Bean` anywhere. Its routes are collected in `registered`.
   */
  private registerBean(n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const at = n.args.findIndex(isRouterFunctionClass);
    const supplier = at < 0 ? undefined : n.args.slice(at + 1).find((a) => a.k === 'lambda' || a.k === 'ref');
    if (supplier) this.registered.push(...routesIn(this.supplied(supplier, env)));
    return UNKNOWN;
  }

  /** A call without a receiver value: a static import, a qualified library call, a DSL verb or a same-class helper. */
  private staticCall(n: Extract<Node, { k: 'call' }>, env: Env, owner: string | undefined): Value {
    const name = n.name;
    const library = owner === undefined || /(?:RouterFunctions|RequestPredicates|SpringdocRouteBuilder|RouterFunctionDsl|CoRouterFunctionDsl|RouterFunctionDslKt|CoRouterFunctionDslKt)$/.test(owner);
    const dsl = owner === undefined ? this.dslOf(env) : undefined;
    if (dsl) {
      const done = this.dslCall(dsl, n, env);
      if (done) return done;
    }
    if (library) {
      if ((name === 'route' || name === 'router' || name === 'coRouter') && (n.args.length === 0 || (name !== 'route' && n.args.length === 1))) {
        const builder: Value = { v: 'builder', conditions: [EMPTY], routes: [] };
        const lambda = n.args[0];
        if (lambda?.k === 'lambda') {
          this.usedDsl = true;
          // Kotlin's DSL: the lambda's receiver is the builder.
          this.runBody(lambda, { type: env.type, method: env.method, text: env.text, locals: new Map(), dsl: builder, parent: env }, []);
          return { v: 'routes', routes: builder.routes };
        }
        if (name === 'route') return builder;
      }
      if (name === 'route' && n.args.length >= 2) {
        const pred = predOf(this.eval(n.args[0]!, env));
        const handler = this.handlerOf(n.args[1]!, env);
        if (!pred) this.unreadable(n, env);
        return pred && handler ? { v: 'routes', routes: routesFor(pred.alts, handler, { name, at: n.at }, env, n.args[2]) } : UNKNOWN;
      }
      if (name === 'nest' && n.args.length === 2) {
        // An unknown prefix: the inner routes are not read, so no router counts as mounted here.
        const pred = predOf(this.eval(n.args[0]!, env));
        return pred ? { v: 'routes', routes: nested(pred.alts, routesIn(this.eval(n.args[1]!, env))) } : UNKNOWN;
      }
      const predicate = this.predicate(n, env);
      if (predicate) return predicate;
    }
    if (owner === undefined && name === 'beans' && n.args.length === 1 && n.args[0]!.k === 'lambda') return this.beans(n.args[0]!, env);
    if (owner === undefined && name === 'bean' && this.beansOf(env)) return this.bean(n, env);
    if (owner === undefined) return this.helper(n, env);
    return this.otherRouter(n, env);
  }

  /** Kotlin's bean definition DSL, `beans { bean { router { } } }`: the routes its definitions supply. */
  private beans(lambda: Extract<Node, { k: 'lambda' }>, env: Env): Value {
    const routes: Route[] = [];
    this.runBody(lambda, { ...env, locals: new Map(), dsl: undefined, beans: routes, parent: env }, []);
    // A registered router counts as a router { } block would: its method is one.
    if (routes.length) this.usedDsl = true;
    return { v: 'routes', routes };
  }

  /** `bean { ... }`, `bean(::routes)`, `bean<Handler>()`: what a definition supplies, when it is routes. */
  private bean(n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const supplier = n.args[n.args.length - 1];
    if (supplier && (supplier.k === 'lambda' || supplier.k === 'ref')) this.beansOf(env)!.push(...routesIn(this.supplied(supplier, env)));
    return UNKNOWN;
  }

  private beansOf(env: Env): Route[] | undefined {
    for (let e: Env | undefined = env; e; e = e.parent) if (e.beans) return e.beans;
    return undefined;
  }

  /** `GET("/x")`, `path("/api")`, `accept(APPLICATION_JSON)`, `method(HttpMethod.PUT)`, `all()`. */
  private predicate(n: Extract<Node, { k: 'call' }>, env: Env): Value | undefined {
    const name = n.name;
    const strings = () => n.args.map((a) => this.eval(a, env)).map((v) => (v.v === 'str' ? v.value : undefined));
    if (VERBS.has(name) && n.args.length <= 1) {
      const [path] = strings();
      if (n.args.length === 1 && path === undefined) return UNKNOWN;
      return { v: 'pred', alts: [{ ...EMPTY, methods: [name], path: path ?? '' }] };
    }
    if (name === 'path' && n.args.length === 1) {
      const [path] = strings();
      return path === undefined ? UNKNOWN : { v: 'pred', alts: [{ ...EMPTY, path }] };
    }
    if (name === 'method' && n.args.length >= 1) {
      const verbs = n.args.map((a) => verbName(a)).filter((v): v is string => v !== undefined);
      return { v: 'pred', alts: [{ ...EMPTY, methods: verbs }] };
    }
    if (name === 'accept' || name === 'contentType') {
      const types = strings().filter((s): s is string => s !== undefined);
      return { v: 'pred', alts: [{ ...EMPTY, [name === 'accept' ? 'produces' : 'consumes']: types }] };
    }
    if (['all', 'headers', 'queryParam', 'param', 'pathExtension', 'attribute', 'attributes', 'version'].includes(name)) return { v: 'pred', alts: [EMPTY] };
    return undefined;
  }

  private unreadable(n: Extract<Node, { k: 'call' }>, env: Env): void {
    if (!this.unread.some((u) => u.at === n.at)) this.unread.push({ at: n.at, call: n.name, env });
  }

  /** A method of the class called by name: its body is followed with the arguments bound. */
  private helper(n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const method = env.type.methods.find((m) => m.name === n.name && m.params.length === n.args.length);
    if (!method) return UNKNOWN;
    return this.helperCall(method, n.args.map((a) => this.eval(a, env)), env);
  }

  private helperCall(method: MethodDecl, args: Value[], env: Env, owner: TypeDecl = env.type): Value {
    this.followed.add(method);
    this.lastFollowed.add(method);
    const body = this.program.bodyOf(owner, method);
    const text = owner === env.type ? env.text : this.program.textOf(owner);
    if (!body || text === undefined || this.depth >= MAX_DEPTH) return UNKNOWN;
    const inner: Env = { type: owner, method, text, locals: new Map() };
    method.params.forEach((p, i) => inner.locals.set(p.name, args[i] ?? UNKNOWN));
    this.depth++;
    try {
      return merge(this.block(body, inner));
    } finally {
      this.depth--;
    }
  }

  private dslOf(env: Env): Extract<Value, { v: 'builder' }> | undefined {
    for (let e: Env | undefined = env; e; e = e.parent) if (e.dsl) return e.dsl;
    return undefined;
  }

  /** Inside `router { }`: verbs with a handler, `add`, `nest`, `resources`. Undefined: not a DSL call. */
  private dslCall(dsl: Extract<Value, { v: 'builder' }>, n: Extract<Node, { k: 'call' }>, env: Env): Value | undefined {
    if (VERBS.has(n.name) && (n.args.length >= 2 || (n.args.length === 1 && isFunction(n.args[0]!)))) return this.builderCall(dsl, n, env);
    if (n.name === 'add' || n.name === 'nest' || n.name === 'path' && n.args.length === 2) return this.builderCall(dsl, n, env);
    if (n.name === 'resources' || n.name === 'filter' || n.name === 'before' || n.name === 'after' || n.name === 'onError') return dsl;
    return undefined;
  }

  private builderCall(b: Extract<Value, { v: 'builder' }>, n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const name = n.name;
    if (VERBS.has(name) || name === 'route') {
      // (pattern?, predicate*, handler) and, with springdoc, the operation customizer last.
      let args = n.args;
      let operation: Node | undefined;
      const last = args[args.length - 1];
      if (args.length >= 2 && last && isOperationCustomizer(last)) {
        operation = last;
        args = args.slice(0, -1);
      }
      const handlerNode = args[args.length - 1];
      if (!handlerNode || (args.length === 1 && !VERBS.has(name))) return b;
      let alts: Condition[] = [{ ...EMPTY, methods: VERBS.has(name) ? [name] : [] }];
      for (const [i, a] of args.slice(0, -1).entries()) {
        const v = this.eval(a, env);
        const p = i === 0 && v.v === 'str' ? { v: 'pred' as const, alts: [{ ...EMPTY, path: v.value }] } : v.v === 'str' ? undefined : predOf(v);
        if (p) alts = and({ v: 'pred', alts }, p).alts;
        // After the pattern, a predicate only narrows which requests match; in first place it may
        // hold the path: the route cannot be listed without it.
        else if (i === 0) {
          this.unreadable(n, env);
          return b;
        }
      }
      const handler = this.handlerOf(handlerNode, env);
      if (!handler) return b;
      b.routes.push(...routesFor(combine(b.conditions, alts), handler, { name, at: n.at }, env, operation));
      return b;
    }
    if (name === 'add' || name === 'and') {
      for (const a of n.args) b.routes.push(...nested(b.conditions, routesIn(this.eval(a, env))));
      return b;
    }
    if ((name === 'path' || name === 'nest') && n.args.length >= 2) {
      const first = this.eval(n.args[0]!, env);
      const pred = predOf(first);
      if (!pred) return b;
      const conditions = combine(b.conditions, pred.alts);
      b.routes.push(...this.nestedRoutes(conditions, n.args[1]!, env));
      return b;
    }
    if (name === 'nest' && n.args.length === 1 && n.args[0]!.k === 'lambda') {
      b.routes.push(...this.nestedRoutes(b.conditions, n.args[0]!, env));
      return b;
    }
    if (name === 'build') return { v: 'routes', routes: b.routes };
    // filter, before, after, onError, withAttribute(s), resources: no routes of their own.
    return b;
  }

  /**
   * The second argument of `path` / `nest`: a builder consumer (`b -> b.GET(...)`), a supplier
   * (`() -> route()...build()`), a Kotlin DSL block, or any expression giving a RouterFunction.
   */
  private nestedRoutes(conditions: Condition[], arg: Node, env: Env): Route[] {
    const value = this.eval(arg, env);
    if (value.v === 'fn') {
      const child: Extract<Value, { v: 'builder' }> = { v: 'builder', conditions, routes: [] };
      const params = value.node.params;
      // Java's consumer gets the nested builder as its parameter; a Kotlin `nest { }` block has it as receiver.
      if (params.length === 1) {
        this.runBody(value.node, { ...value.env, locals: new Map(), dsl: undefined, parent: value.env }, [child]);
        return child.routes;
      }
      if (env.type.file.lang === 'kotlin' && this.dslOf(env)) {
        this.runBody(value.node, { ...value.env, locals: new Map(), dsl: child, parent: value.env }, []);
        return child.routes;
      }
      // A supplier: `() -> route()...build()`.
      return nested(conditions, routesIn(this.apply(value, [])));
    }
    // `this::vetRoutes`: a method of the class as the consumer (taking the builder) or the supplier.
    const ref = value.v === 'handler' && value.handler.k === 'ref' ? value.handler : undefined;
    if (ref && (!ref.target || (ref.target.k === 'name' && ref.target.name === 'this'))) {
      const method = env.type.methods.find((m) => m.name === ref.name && m.params.length <= 1);
      if (method) {
        const child: Extract<Value, { v: 'builder' }> = { v: 'builder', conditions, routes: [] };
        const returned = this.helperCall(method, method.params.length === 1 ? [child] : [], env);
        return method.params.length === 1 ? child.routes : nested(conditions, routesIn(returned));
      }
    }
    // `other::routes`: another class's router method as the supplier.
    if (ref) return nested(conditions, routesIn(this.supplied(arg, env)));
    return nested(conditions, routesIn(value));
  }

  private runBody(lambda: Extract<Node, { k: 'lambda' }>, env: Env, args: Value[]): Value[] {
    lambda.params.forEach((p, i) => env.locals.set(p, args[i] ?? UNKNOWN));
    if (this.depth >= MAX_DEPTH) return [];
    this.depth++;
    try {
      return this.block(lambda.body, env);
    } finally {
      this.depth--;
    }
  }

  private apply(fn: Extract<Value, { v: 'fn' }>, args: Value[]): Value {
    return merge(this.runBody(fn.node, { ...fn.env, locals: new Map(), parent: fn.env }, args));
  }

  private routesCall(r: Extract<Value, { v: 'routes' }>, n: Extract<Node, { k: 'call' }>, env: Env): Value {
    const name = n.name;
    if ((name === 'and' || name === 'andOther') && n.args.length === 1) return { v: 'routes', routes: [...r.routes, ...routesIn(this.eval(n.args[0]!, env))] };
    if (name === 'andRoute' && n.args.length >= 2) {
      const pred = predOf(this.eval(n.args[0]!, env));
      const handler = this.handlerOf(n.args[1]!, env);
      if (!pred) this.unreadable(n, env);
      return { v: 'routes', routes: [...r.routes, ...(pred && handler ? routesFor(pred.alts, handler, { name, at: n.at }, env, undefined) : [])] };
    }
    if (name === 'andNest' && n.args.length === 2) {
      const pred = predOf(this.eval(n.args[0]!, env));
      return { v: 'routes', routes: [...r.routes, ...(pred ? nested(pred.alts, routesIn(this.eval(n.args[1]!, env))) : [])] };
    }
    // filter, withAttribute, ...: the same routes.
    return r;
  }

  private predCall(p: Extract<Value, { v: 'pred' }>, n: Extract<Node, { k: 'call' }>, env: Env): Value {
    if (n.name === 'and' && n.args.length === 1) {
      // A condition this reader cannot see (`new WebSocketRequestPredicate().negate()`) narrows
      // which requests match, not the method or path the known part fixes.
      const other = predOf(this.eval(n.args[0]!, env));
      return other ? and(p, other) : p;
    }
    if (n.name === 'or' && n.args.length === 1) {
      const other = predOf(this.eval(n.args[0]!, env));
      return other ? { v: 'pred', alts: [...p.alts, ...other.alts] } : UNKNOWN;
    }
    if (n.name === 'negate') return { v: 'pred', alts: [EMPTY] };
    // Kotlin DSL: `"/api".nest { }`, `accept(JSON).nest { }`, and `GET("/x")(handler)` written as `pred(h)`.
    const dsl = this.dslOf(env);
    if (dsl && n.name === 'nest' && n.args.length === 1) {
      const conditions = combine(dsl.conditions, p.alts);
      dsl.routes.push(...this.nestedRoutes(conditions, n.args[0]!, env));
      return dsl;
    }
    if (dsl && n.name === 'invoke' && n.args.length === 1) {
      const handler = this.handlerOf(n.args[0]!, env);
      // Shown at the predicate's first word (`GET` of `GET("/x")(h)` or `(GET(..) or GET(..)) { }`).
      const word = /^[A-Za-z_]\w*/.exec(env.text.slice(n.at, n.at + 64))?.[0] ?? 'invoke';
      if (handler) dsl.routes.push(...routesFor(combine(dsl.conditions, p.alts), handler, { name: word, at: n.at }, env, undefined));
      return dsl;
    }
    return UNKNOWN;
  }

  /** A handler argument: a method reference, a lambda, or a variable holding either. */
  private handlerOf(n: Node, env: Env): Handler | undefined {
    if (n.k === 'ref') return { k: 'ref', target: n.target, name: n.name, at: n.at, env };
    if (n.k === 'lambda') return delegate(n, env) ?? { k: 'inline', at: n.at };
    // Kotlin's SAM conversion `HandlerFunction<ServerResponse>(handler::all)`, Java's cast-free equivalent.
    if (n.k === 'call' && n.name === 'HandlerFunction' && n.args.length === 1) return this.handlerOf(n.args[0]!, env);
    // `handlerFunction()`: a method of this class making the handler is where it is written.
    if (n.k === 'call' && !n.target && env.type.methods.some((m) => m.name === n.name && m.params.length === n.args.length)) {
      return { k: 'ref', name: n.name, at: n.at, env, arity: n.args.length };
    }
    const v = this.eval(n, env);
    if (v.v === 'handler') return v.handler;
    if (v.v === 'fn') return { k: 'inline', at: n.at };
    // `new PetHandler()`, a field of a HandlerFunction type: served, but by code we cannot point at.
    if (n.k === 'new' || n.k === 'name' || n.k === 'field' || n.k === 'call') return v.v === 'unknown' ? { k: 'inline', at: n.at } : undefined;
    return undefined;
  }
}

/** `RouterFunction.class`, Kotlin `RouterFunction::class.java`. */
function isRouterFunctionClass(n: Node): boolean {
  const klass = n.k === 'field' && n.name === 'java' ? n.target : n;
  if ((klass.k !== 'field' && klass.k !== 'ref') || klass.name !== 'class' || !klass.target) return false;
  const name = dottedName(klass.target);
  return name !== undefined && (name === 'RouterFunction' || name.endsWith('.RouterFunction'));
}

/** A method whose value may be routes: one returning a RouterFunction, or (Kotlin) one declaring no type. */
function givesRoutes(owner: TypeDecl, m: MethodDecl): boolean {
  const returned = m.returnType?.name;
  if (!returned) return false;
  const simple = returned.slice(returned.lastIndexOf('.') + 1);
  return simple === 'RouterFunction' || (owner.file.lang === 'kotlin' && returned === '?');
}

/**
 * A lambda whose one statement hands the request to a method of an object of the router
 * (`GET("/sponsors") { sponsors.view(it, year) }`, `{ req -> pages.show(talks(req)) }`): that
 * method handles the route, the place to show and the body that reads the request.
 */
function delegate(n: Extract<Node, { k: 'lambda' }>, env: Env): Handler | undefined {
  if (n.body.length !== 1 || n.params.length > 1) return undefined;
  const call = n.body[0]!.value;
  const request = n.params[0] ?? 'it';
  if (call.k !== 'call' || !call.target || (call.target.k !== 'name' && call.target.k !== 'field')) return undefined;
  if (call.target.k === 'name' && call.target.name === request) return undefined;
  if (!call.args.some((a) => mentions(a, request))) return undefined;
  return { k: 'ref', target: call.target, name: call.name, at: call.at, env, delegated: call.args.length };
}

/** Whether the name is an argument of the call, or of a call among its arguments. */
function mentions(n: Node, name: string): boolean {
  if (n.k === 'name') return n.name === name;
  if (n.k === 'call') return n.args.some((a) => mentions(a, name));
  return false;
}

/** Calls running a lambda per item; the routes it registers are the loop's. */
const LOOPS = new Set(['forEach', 'onEach']);
/** Literal collections whose items a loop is run with one by one. */
const LIST_FACTORIES = new Set(['listOf', 'setOf', 'arrayOf', 'mutableListOf', 'of', 'asList']);
/** A loop over more items than this reads as one path variable. */
const MAX_LISTED = 32;
/** Nested loops over listed items run their innermost body this many times at most per router. */
const MAX_EXPANDED = 64;
/** All of a router's loops over listed items together run their bodies this many times at most. */
const MAX_LOOP_RUNS = 256;

/** The items of `listOf("a", "b")`, `List.of(..)`, `Arrays.asList(..)`, `Stream.of(..)` when each is a string. */
function literalStrings(n: Node, evalArg: (a: Node) => Value): string[] | undefined {
  if (n.k !== 'call' || !LIST_FACTORIES.has(n.name) || n.args.length === 0 || n.args.length > MAX_LISTED) return undefined;
  const out: string[] = [];
  for (const a of n.args) {
    const v = evalArg(a);
    if (v.v !== 'str') return undefined;
    out.push(v.value);
  }
  return out;
}

function isFunction(n: Node): boolean {
  return n.k === 'lambda' || n.k === 'ref';
}

/** springdoc's operation customizer calls the operation builder's setters on its parameter. */
const OPERATION_SETTERS = new Set(['operationId', 'tag', 'tags', 'summary', 'description', 'parameter', 'requestBody', 'response', 'security', 'hidden', 'deprecated', 'beanClass', 'beanMethod']);

function isOperationCustomizer(n: Node): boolean {
  if (n.k !== 'lambda' || n.params.length !== 1) return false;
  const param = n.params[0]!;
  let found = false;
  const visit = (x: Node | undefined): void => {
    if (!x || found) return;
    if (x.k === 'call') {
      let t: Node | undefined = x;
      while (t?.k === 'call') {
        if (t.target?.k === 'name' && t.target.name === param && OPERATION_SETTERS.has(t.name)) found = true;
        t = t.target;
      }
      x.args.forEach(visit);
    }
  };
  for (const s of n.body) visit(s.value);
  return found;
}


/** `HttpMethod.PUT`, `PUT`, `HttpMethod.valueOf("PUT")`. */
function verbName(n: Node): string | undefined {
  if (n.k === 'name' || n.k === 'field') {
    const last = n.k === 'name' ? n.name : n.name;
    return VERBS.has(last) ? last : undefined;
  }
  if (n.k === 'call' && n.name === 'valueOf' && n.args[0]?.k === 'str') return VERBS.has(n.args[0].value) ? n.args[0].value : undefined;
  return undefined;
}

function predOf(v: Value): Extract<Value, { v: 'pred' }> | undefined {
  if (v.v === 'pred') return v;
  if (v.v === 'str') return { v: 'pred', alts: [{ ...EMPTY, path: v.value }] };
  return undefined;
}

function and(a: Extract<Value, { v: 'pred' }>, b: Extract<Value, { v: 'pred' }>): Extract<Value, { v: 'pred' }> {
  return { v: 'pred', alts: combine(a.alts, b.alts) };
}

/** Every pairing of two alternatives' conditions: a nested prefix, then the inner route's own. */
function combine(outer: readonly Condition[], inner: readonly Condition[]): Condition[] {
  const out: Condition[] = [];
  for (const o of outer) {
    for (const i of inner) {
      out.push({
        methods: i.methods.length ? i.methods : o.methods,
        path: o.path && i.path ? joinPaths(o.path, i.path) : o.path || i.path,
        consumes: i.consumes.length ? i.consumes : o.consumes,
        produces: i.produces.length ? i.produces : o.produces,
      });
    }
  }
  return out;
}

function routesFor(alts: readonly Condition[], handler: Handler, call: Route['call'], env: Env, operation: Node | undefined): Route[] {
  const out: Route[] = [];
  for (const c of alts) {
    for (const method of c.methods.length ? c.methods : ['ALL']) {
      const route: Route = { method, path: c.path, consumes: c.consumes, produces: c.produces, handler, call, env };
      if (operation) route.operation = operation;
      out.push(route);
    }
  }
  return out;
}

function nested(conditions: readonly Condition[], routes: readonly Route[]): Route[] {
  const out: Route[] = [];
  for (const c of conditions) {
    for (const r of routes) {
      const [joined] = combine([c], [{ methods: r.method === 'ALL' ? [] : [r.method], path: r.path, consumes: r.consumes, produces: r.produces }]);
      out.push({ ...r, method: joined!.methods[0] ?? 'ALL', path: joined!.path, consumes: joined!.consumes, produces: joined!.produces });
    }
  }
  return out;
}

function routesIn(v: Value): Route[] {
  if (v.v === 'routes' || v.v === 'builder') return v.routes;
  return [];
}

/** Several returns (branches): their routes together; else the one value. */
function merge(values: readonly Value[]): Value {
  if (values.length === 1) return values[0]!;
  const routes = values.flatMap(routesIn);
  return routes.length || values.length === 0 ? { v: 'routes', routes } : UNKNOWN;
}
