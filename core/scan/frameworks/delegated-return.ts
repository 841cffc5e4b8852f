// The return type of a Kotlin handler written as a call on a property of its class, without a
// declared type: `fun deleteArticle(@PathVariable slug: String) = articleService.deleteArticle(slug)`
// returns what `ArticleService.deleteArticle` declares. The parser cannot know it (the service
// is in another file); the index can.

import type { ProjectIndex } from '../project-index';
import type { TypeDecl, TypeRef } from '../source-model';
import type { MethodSite } from '../hierarchy';

/** The declared return type the call returns, and the class whose file its names are written in. */
export function delegatedReturn(index: ProjectIndex, site: MethodSite): { ref: TypeRef; owner: TypeDecl } | undefined {
  const call = site.method.returnsCall;
  if (!call || site.method.returnType?.name !== '?') return undefined;
  return propertyCallReturn(index, site.owner, call.receiver, call.name);
}

/** What `receiver.name(..)` declares it returns, `receiver` a property of `owner`. */
export function propertyCallReturn(index: ProjectIndex, owner: TypeDecl, receiverName: string, name: string): { ref: TypeRef; owner: TypeDecl } | undefined {
  const receiver = propertyType(index, owner, receiverName);
  return receiver && methodReturn(index, receiver, name);
}

/**
 * What `type`'s method `name` (its own or inherited) declares it returns, with the class declaring
 * it; undefined when overloads disagree or the type is a type variable.
 */
export function methodReturn(index: ProjectIndex, type: TypeDecl, name: string): { ref: TypeRef; owner: TypeDecl } | undefined {
  for (const t of [type, ...index.ancestors(type)]) {
    const named = t.methods.filter((m) => m.name === name);
    if (!named.length) continue;
    const refs = named.map((m) => m.returnType).filter((r): r is TypeRef => !!r && r.name !== '?');
    // Overloads returning different types, or a type variable: not for this reader to pick.
    if (refs.length !== named.length || refs.some((r) => JSON.stringify(r) !== JSON.stringify(refs[0]))) return undefined;
    const variables = new Set([...t.typeParams, ...named.flatMap((m) => m.typeParams)].map((p) => p.name));
    if (mentions(refs[0]!, variables)) return undefined;
    return { ref: refs[0]!, owner: t };
  }
  return undefined;
}

/** A property (field or constructor property) of the class or its supertypes, as a project class. */
function propertyType(index: ProjectIndex, type: TypeDecl, name: string): TypeDecl | undefined {
  const field = index.fieldOf(type, name);
  if (field) return index.resolveType(field.field.type.name, { type: field.owner, file: field.owner.file });
  for (const t of [type, ...index.ancestors(type)]) {
    const prop = t.components.find((c) => c.name === name);
    if (prop) return index.resolveType(prop.type.name, { type: t, file: t.file });
  }
  return undefined;
}

function mentions(ref: TypeRef, names: ReadonlySet<string>): boolean {
  if (names.has(ref.name)) return true;
  if (ref.bound && mentions(ref.bound.type, names)) return true;
  return ref.args.some((a) => mentions(a, names));
}
