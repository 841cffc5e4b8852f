// Controller base classes of libraries, whose mappings a subclass inherits although their source is
// not scanned. Spring Boot's `BasicErrorController` carries
// `@RequestMapping("${server.error.path:${error.path:/error}}")` and maps `errorHtml` (text/html)
// and `error`; a subclass (hawkbit's `ErrorController`) is served there, and an override of either
// handler without annotations of its own keeps the library's mapping, as Spring finds it up the hierarchy.

import type { ProjectIndex } from '../../project-index';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { simpleName } from '../../source-model';

export interface LibraryBase {
  /** The class mapping's path, placeholders as written. */
  classPath: string;
  /** Handler methods by name: what their mapping adds. */
  handlers: ReadonlyMap<string, { produces?: string[] }>;
}

const BASES: ReadonlyMap<string, LibraryBase> = new Map([
  ['BasicErrorController', { classPath: '${server.error.path:${error.path:/error}}', handlers: new Map([['errorHtml', { produces: ['text/html'] }], ['error', {}]]) }],
]);

/** The library controller `type` extends, directly or through project classes, if one is known. */
export function libraryBaseOf(type: TypeDecl, index: ProjectIndex): LibraryBase | undefined {
  const inProject = [type, ...index.ancestors(type)];
  for (const t of inProject) {
    const name = t.superclass && simpleName(t.superclass.name);
    const base = name === undefined ? undefined : BASES.get(name);
    // A project class of that name is read from source instead.
    if (base && !inProject.some((a) => a !== t && a.name === name)) return base;
  }
  return undefined;
}

/** The library's mapping of a handler `method` overrides without annotations (`error(HttpServletRequest)`), if it overrides one. */
export function inheritedHandler(base: LibraryBase, method: MethodDecl): { produces?: string[] } | undefined {
  const handler = base.handlers.get(method.name);
  if (!handler || method.modifiers.includes('private') || method.modifiers.includes('static') || method.params.length === 0 || simpleName(method.params[0]!.type.name) !== 'HttpServletRequest') return undefined;
  return handler;
}
