// Parameters the application fills itself, whatever the framework: a resolver or provider class
// of the project decides which parameters it supports, usually by an annotation of the project
// (litemall's `@LoginUser Integer userId`, Signal-Server's `@WebSocketSession` context) or by the
// parameter's type, so those parameters are nothing a client sends. Which annotation or type it
// supports is in a method body, which the source model does not keep: the provider's text is
// searched for the project's types it names as `X.class` / `X::class`.
// Provider files must be the framework's `globalSupers`: editing one re-scans every endpoint.

import { readFileSync } from 'node:fs';
import { blankComments } from '../config-text';
import type { ProjectIndex, Scope } from '../project-index';
import { directSubtypes } from '../direct-subtypes';
import type { ParamDecl } from '../source-model';

/** The fully qualified names of the project's annotations and types the project's subtypes of `supers` name. */
export function typesNamedByProviders(index: ProjectIndex, key: string, supers: readonly string[]): ReadonlySet<string> {
  return index.derived(key, () => {
    const out = new Set<string>();
    const read = new Set<string>();
    for (const { type: provider, file, entry } of directSubtypes(index, supers)) {
      // The file's text once, in the scope of its first provider.
      if (read.has(entry.path)) continue;
      read.add(entry.path);
      let text: string;
      try {
        text = blankComments(readFileSync(entry.abs, 'utf8'));
      } catch {
        continue;
      }
      for (const m of text.matchAll(/\b([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*(?:\.class\b|::class\b)/g)) {
        const decl = index.resolveType(m[1]!, { type: provider, file });
        if (decl && decl !== provider) out.add(decl.fqn);
      }
    }
    return out;
  });
}

/** Whether the parameter is annotated with, or of, one of the `named` project types. */
export function namesOneOf(index: ProjectIndex, named: ReadonlySet<string>, param: ParamDecl, scope: Scope): boolean {
  if (named.size === 0) return false;
  const has = (name: string) => {
    const decl = index.resolveType(name, scope);
    return decl !== undefined && named.has(decl.fqn);
  };
  return param.annotations.some((a) => has(a.name)) || has(param.type.name);
}
