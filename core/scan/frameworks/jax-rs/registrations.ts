// Which resource classes a JAX-RS application registers by name. A Jersey `ResourceConfig`
// subclass calling `register(ApisResource.class)`, or an `Application` whose `getClasses()` /
// `getSingletons()` lists them, serves those classes as roots and no others: a class of the same
// module that carries `@Path` but is only reached through a sub-resource locator (Jersey ignores
// the `@Path` of a located class) is then not a root of its own. An application that scans
// packages (`packages(...)`, `scan(...)`) registers classes nobody names, so it turns the rule off
// for its module. The list may live in a helper class the application calls
// (`CamundaRestResources.getResourceClasses()`): the classes that helper names count as named.
// Whether a class is located is asked of the tree each time (jax-rs/index.ts): the files whose
// locators return it are its dependencies, and a file that comes to locate it sets off locatedMarker.

import { blankComments } from '../../config-text';
import { simpleName } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';

/** The dependency on the list of files whose locators return `name` (a missing name no identifier can be). */
export function locatedMarker(name: string): string {
  return `located:${name}`;
}

/** The markers a JAX-RS file's text sets off: one for each class name a locator of it could return. */
export function locatedMarkers(text: string): string[] {
  return [...new Set(text.match(CLASS_NAME))].map(locatedMarker);
}

/** The annotation a locator carries: only files using it can locate a class. */
export const LOCATOR_ANNOTATION = 'Path';

/** Names a class could be written with (a capital first). */
const CLASS_NAME = /\b[A-Z][A-Za-z0-9_$]*/g;

/** Supertypes of the classes that list an application's resources. */
export const APPLICATION_SUPERS = ['ResourceConfig', 'Application'];

const SCANS = /\b(?:packages|scan|registerFinder)\s*\(|PROVIDER_PACKAGES/;
/** `Foo.class` and `new Foo(`: a class registered by name or as an instance. */
const NAMED = /\b([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\.class\b|\bnew\s+([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*[(<]/g;
/** `Helper.method(`: a static call that may hand the application its list of classes. */
const STATIC_CALL = /\b([A-Z][\w$]*)\s*\.\s*[a-z][\w$]*\s*\(/g;

export class ResourceRegistrations {
  /** Qualified names of the classes some application registers. */
  private readonly registered = new Set<string>();
  /** Modules whose roots an application lists by name. */
  private readonly covered = new Set<string>();
  /** Modules with an application that scans packages. */
  private readonly scanning = new Set<string>();

  /**
   * Reads an application class: every class it names that carries `@Path` (its own or inherited)
   * is registered. `isResource` says whether a type is one.
   */
  collectApplication(type: TypeDecl, ctx: ScanContext, isResource: (t: TypeDecl) => boolean): void {
    const sup = type.superclass && simpleName(type.superclass.name);
    if (!sup || !APPLICATION_SUPERS.includes(sup) || type.outer) return;
    // JAX-RS's or Jersey's class, not a class of the project that happens to be called Application.
    if (ctx.index.resolveType(type.superclass!.name, { type, file: type.file })) return;
    const text = ctx.readProjectFile?.(type.file.path);
    if (text === undefined) return;
    const code = blankComments(text);
    if (SCANS.test(code)) {
      this.scanning.add(type.file.module);
      return;
    }
    const scope = { type, file: type.file };
    let any = this.registerNamed(code, scope, ctx, isResource);
    // One level into the project's helpers the application calls: their named classes are its list.
    const helpers = new Set<TypeDecl>();
    for (const m of code.matchAll(STATIC_CALL)) {
      const helper = ctx.index.resolveType(m[1]!, scope);
      // A helper written later may hand over the list (most such names are the JDK's: `Set.of(`, never declared in the tree).
      if (!helper) ctx.index.projectWide(() => ctx.index.noteMissing([m[1]!]));
      if (helper && helper !== type && !helper.outer) helpers.add(helper);
    }
    for (const helper of helpers) {
      const text = ctx.readProjectFile?.(helper.file.path);
      if (text === undefined) continue;
      const helperCode = blankComments(text);
      if (SCANS.test(helperCode)) {
        this.scanning.add(type.file.module);
        return;
      }
      if (this.registerNamed(helperCode, { type: helper, file: helper.file }, ctx, isResource)) any = true;
    }
    if (any) this.covered.add(type.file.module);
  }

  /** Registers the resource classes `code` names; says whether there was any. */
  private registerNamed(code: string, scope: { type: TypeDecl; file: TypeDecl['file'] }, ctx: ScanContext, isResource: (t: TypeDecl) => boolean): boolean {
    let any = false;
    for (const m of code.matchAll(NAMED)) {
      const name = (m[1] ?? m[2])!;
      const named = ctx.index.resolveType(name, scope);
      // A class named before it exists: its creation must register it, as a fresh scan would (every root again).
      if (!named) ctx.index.projectWide(() => ctx.index.noteMissing(name.split('.')));
      if (!named || !isResource(named)) continue;
      this.registered.add(named.fqn);
      this.covered.add(named.file.module);
      any = true;
    }
    return any;
  }

  /**
   * A class with `@Path` that the applications of its module list by name, without it: when a
   * locator reaches it (`located`), Jersey serves it only under the locator's path.
   */
  unlisted(type: TypeDecl): boolean {
    const module = type.file.module;
    return this.covered.has(module) && !this.scanning.has(module) && !this.registered.has(type.fqn);
  }
}

/**
 * The project classes an application class names as `X.class` or `new X(`, in its own file and
 * in those of its project superclasses (a base `ApplicationConfig` registering for every version).
 * Read through `readProjectFile`, so an edit to any of them re-scans; read inside
 * `ProjectIndex.projectWide`, a class of a name it looked for in vain coming re-scans every root.
 */
export function classesNamedBy(app: TypeDecl, ctx: ScanContext): Set<string> {
  const out = new Set<string>();
  for (const t of [app, ...ctx.index.ancestors(app)]) {
    const text = ctx.readProjectFile?.(t.file.path);
    if (text === undefined) continue;
    for (const m of blankComments(text).matchAll(NAMED)) {
      // Only the name is taken: an edit to the class named re-scans no other root, a rename or move does.
      const named = ctx.index.fqnOf((m[1] ?? m[2])!, { type: t, file: t.file });
      if (named) out.add(named);
    }
  }
  return out;
}
