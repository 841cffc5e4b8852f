// One class's routers read: which of its methods are routers, and the routes each gives. Shared by
// the scanner (which lists them) and the mount check (which asks what another class's routers compose).

import { readFileSync } from 'node:fs';
import type { ProjectIndex } from '../../project-index';
import { findAnnotation, simpleName } from '../../source-model';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { RouteSyntax } from './route-syntax';
import type { Stmt } from './route-syntax';
import { bodyRange, propertyRange } from '../../method-body';
import { RouteEvaluator } from './route-eval';
import type { Route } from './route-eval';

/** Annotations making a class a Spring bean whose RouterFunction-returning methods are routers. */
const BEAN_CLASSES = ['Component', 'Configuration', 'Service', 'Controller', 'RestController', 'Repository', 'SpringBootApplication', 'SpringBootConfiguration', 'AutoConfiguration'];

export type ReadText = (path: string) => string | undefined;

export interface RouterRead {
  method: MethodDecl;
  routes: Route[];
  /** The methods (of this class or others) whose bodies this router includes. */
  follows: ReadonlySet<MethodDecl>;
}

export interface RoutersRead {
  routers: RouterRead[];
  evaluator: RouteEvaluator;
}

/** A reader of project files' texts, each read once. */
export function fileTexts(index: ProjectIndex): ReadText {
  const texts = new Map<string, string | undefined>();
  return (path) => {
    if (!texts.has(path)) {
      const abs = index.files.get(path)?.abs;
      let text: string | undefined;
      try {
        text = abs === undefined ? undefined : readFileSync(abs, 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(path, text);
    }
    return texts.get(path);
  };
}

/** The class's routers and their routes; undefined when it has none. May throw on code nested too deep. */
export function readRouters(type: TypeDecl, index: ProjectIndex, readText: ReadText): RoutersRead | undefined {
  const text = readText(type.file.path);
  if (text === undefined) return undefined;
  const candidates = type.methods.map((m) => ({ method: m, kind: isRouter(type, m) || registersRouter(text, type, m) })).filter((r) => r.kind);
  const bodies = new Map<MethodDecl, Stmt[] | undefined>();
  if (type.file.lang === 'kotlin') {
    for (const p of routerProperties(text, type)) {
      candidates.push({ method: p.method, kind: 'dsl' });
      bodies.set(p.method, p.body);
    }
  }
  if (!candidates.length) return undefined;
  // Another class's router method (`.add(other.routes())`) is read from its own file.
  const textOf = (owner: TypeDecl) => (owner === type ? text : readText(owner.file.path));
  const evaluator = new RouteEvaluator({
    index,
    textOf,
    bodyOf: (owner, method) => {
      if (!bodies.has(method)) {
        const source = textOf(owner);
        bodies.set(method, source === undefined ? undefined : readBody(source, method, owner.file.lang === 'kotlin'));
      }
      return bodies.get(method);
    },
  });
  const routers = candidates.map(({ method, kind }) => {
    evaluator.usedDsl = false;
    const routes = [...evaluator.routesOf(type, method, text), ...evaluator.registered.splice(0)];
    // A Kotlin function that builds no router { } block is no router: it serves and mounts nothing.
    const dropped = kind === 'dsl' && !evaluator.usedDsl;
    return { method, routes: dropped ? [] : routes, follows: dropped ? new Set<MethodDecl>() : evaluator.lastFollowed };
  });
  return { routers, evaluator };
}

/**
 * `@Bean RouterFunction<ServerResponse> routes(...)`, or such a method of a Spring component
 * (`bean`); in Kotlin, any method counts whose routes come from a `router { }` DSL block (`dsl`).
 * A method returning a `Supplier` of routes is followed from the router using it, not read alone.
 */
function isRouter(type: TypeDecl, m: MethodDecl): 'bean' | 'dsl' | false {
  const returned = m.returnType ? simpleName(m.returnType.name) : undefined;
  // Kotlin's `fun routes() = router { }` declares no type (`?`): its body tells.
  if (returned !== 'RouterFunction' && !(type.file.lang === 'kotlin' && returned === '?')) return false;
  if (findAnnotation(m.annotations, 'Bean') !== undefined || BEAN_CLASSES.some((a) => findAnnotation(type.annotations, a) !== undefined)) return 'bean';
  // Kotlin registers beans in code too (`beans { bean { Routes(ref()).router() } }`): a router { }
  // block is written to be registered, whichever class (or file) holds it.
  return type.file.lang === 'kotlin' ? 'dsl' : false;
}

/**
 * A method calling `registerBean(RouterFunction.class, supplier)` (functional bean registration,
 * in an ApplicationContextInitializer or the like): whichever class holds it, it registers routers.
 */
function registersRouter(text: string, type: TypeDecl, m: MethodDecl): 'register' | false {
  if (!text.includes('registerBean')) return false;
  const body = bodyRange(text, m, type.file.lang === 'kotlin');
  const code = body && text.slice(body.from, body.to);
  return code && code.includes('registerBean') && code.includes('RouterFunction') ? 'register' : false;
}

/**
 * Kotlin properties initialized with the DSLs (`val beans = beans { bean { router { } } }`, a
 * top-level `val routes = router { }`), as methods without parameters: their value is read as an
 * expression body. Like a Kotlin function, one counts when a router { } block or a registered
 * router gives its routes.
 */
function routerProperties(text: string, type: TypeDecl): { method: MethodDecl; body: Stmt[] }[] {
  const out: { method: MethodDecl; body: Stmt[] }[] = [];
  for (const f of type.fields) {
    const declared = simpleName(f.type.name);
    if (declared !== 'RouterFunction' && declared !== 'BeanDefinitionDsl' && declared !== 'Object') continue;
    const range = propertyRange(text, f);
    if (!range || !/\b(?:router|coRouter|beans)\s*\{/.test(text.slice(range.from, range.to))) continue;
    const method: MethodDecl = { name: f.name, modifiers: f.modifiers, annotations: f.annotations, typeParams: [], params: [], returnType: f.type, line: f.line, column: 1 };
    out.push({ method, body: new RouteSyntax(text, range.from, range.to, true).expressionBody() });
  }
  return out;
}

/** The statements of a method's body. */
function readBody(text: string, m: MethodDecl, kotlin: boolean): Stmt[] | undefined {
  const body = bodyRange(text, m, kotlin);
  if (!body) return undefined;
  const syntax = new RouteSyntax(text, body.from, body.to, kotlin);
  return body.expression ? syntax.expressionBody() : syntax.statements();
}
