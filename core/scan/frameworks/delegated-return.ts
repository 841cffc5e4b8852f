// The return type of a Kotlin handler written as a call on a property of its class, without a
// declared type: `fun deleteArticle(@PathVariable slug: String) = articleService.deleteArticle(slug)`
// returns what `ArticleService.deleteArticle` declares. The parser cannot know it (the service
// is in another file); the index can.

import type { ProjectIndex } from '../project-index';
import type { MethodDecl, TypeDecl, TypeRef } from '../source-model';
import { simpleName } from '../source-model';
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
 * it; undefined when overloads disagree or the type is a type variable. `args`: the call's
 * arguments, each its simple type name where known: overloads are picked by their count, then by
 * those types (`queryAll(criteria, pageable)` against `queryAll(criteria)`).
 */
export function methodReturn(index: ProjectIndex, type: TypeDecl, name: string, args?: readonly (string | undefined)[]): { ref: TypeRef; owner: TypeDecl } | undefined {
  for (const t of [type, ...index.ancestors(type)]) {
    let named = t.methods.filter((m) => m.name === name);
    if (!named.length) continue;
    if (args) named = overloadsFor(named, args);
    const refs = named.map((m) => m.returnType).filter((r): r is TypeRef => !!r && r.name !== '?');
    // Overloads returning different types, or a type variable: not for this reader to pick.
    if (refs.length !== named.length || refs.some((r) => JSON.stringify(r) !== JSON.stringify(refs[0]))) return undefined;
    const variables = new Set([...t.typeParams, ...named.flatMap((m) => m.typeParams)].map((p) => p.name));
    if (mentions(refs[0]!, variables)) return undefined;
    return { ref: refs[0]!, owner: t };
  }
  return undefined;
}

/**
 * The overloads a call with these arguments may be: those taking as many parameters (or all, when
 * none does: Kotlin defaults, varargs), narrowed to the one whose parameters the known argument
 * types match when that leaves exactly one.
 */
function overloadsFor(named: MethodDecl[], args: readonly (string | undefined)[]): MethodDecl[] {
  const byCount = named.filter((m) => m.params.length === args.length);
  if (byCount.length <= 1) return byCount.length ? byCount : named;
  const byType = byCount.filter((m) => m.params.every((p, i) => args[i] === undefined || sameType(simpleName(p.type.name), args[i]!)));
  return byType.length === 1 ? byType : byCount;
}

/** A parameter's simple type name against an argument's, boxing aside. */
function sameType(param: string, arg: string): boolean {
  const boxed = (n: string) => BOXES[n] ?? n;
  return boxed(param) === boxed(arg);
}

const BOXES: Record<string, string> = { int: 'Integer', long: 'Long', short: 'Short', byte: 'Byte', double: 'Double', float: 'Float', boolean: 'Boolean', char: 'Character', Int: 'Integer', Char: 'Character' };

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
