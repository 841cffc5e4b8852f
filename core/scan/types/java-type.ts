// Type expressions as written (a TypeRef in a scope, type variables bound by the use site) ->
// closed terms that say what they mean: a source declaration with its type arguments, a
// library type by its qualified name, a primitive, an array, or anything. Everything after
// resolution works on these terms only, so generics are substituted exactly once.

import type { ProjectIndex, Scope } from '../project-index';
import type { TypeDecl, TypeParam, TypeRef } from '../source-model';
import { simpleName, singleTypeImport } from '../source-model';
import { isKnownLibraryType } from './library-types';

export type JavaType = AnyType | PrimitiveType | ArrayType | SourceType | LibraryType;

interface Named {
  /** Memoised qualified rendering: the cache key and `x-java-type`. */
  key?: string;
}
export interface AnyType extends Named {
  kind: 'any';
}
export interface PrimitiveType extends Named {
  kind: 'primitive';
  name: string;
}
export interface ArrayType extends Named {
  kind: 'array';
  item: JavaType;
}
export interface SourceType extends Named {
  kind: 'source';
  decl: TypeDecl;
  /** One per type parameter: written arguments, or the parameters' bounds when used raw. */
  args: JavaType[];
  raw: boolean;
}
export interface LibraryType extends Named {
  kind: 'library';
  /** Qualified when the imports tell; as written otherwise. */
  name: string;
  args: JavaType[];
  /**
   * For a name the imports do not qualify: the packages it may be in, the file's own and its
   * on-demand imports (types the build generates can be found there).
   */
  packages?: readonly string[];
}

export const ANY: AnyType = { kind: 'any', key: '?' };

/** Looks a type variable up by name; undefined when the name is not a bound variable. */
export type Lookup = (name: string) => JavaType | undefined;
export const NO_VARIABLES: Lookup = () => undefined;

const PRIMITIVES = new Set(['int', 'long', 'short', 'byte', 'float', 'double', 'boolean', 'char', 'void']);

const JAVA_LANG = new Set([
  'String', 'Object', 'Integer', 'Long', 'Short', 'Byte', 'Float', 'Double', 'Boolean', 'Character', 'Number', 'Void',
  'CharSequence', 'Iterable', 'Class', 'StringBuilder', 'StringBuffer', 'Enum', 'Record', 'Comparable', 'Throwable',
  'Exception', 'RuntimeException', 'Error',
]);

/** Nesting guard: bindings that refer to themselves in broken code must still end. */
const MAX_RESOLVE_DEPTH = 40;

/** Resolves a type as written at `scope`: variables through `lookup`, then the enclosing types' parameters (as their bounds). */
export function resolveRef(index: ProjectIndex, ref: TypeRef, scope: Scope, lookup: Lookup, depth = 0): JavaType {
  if (depth > MAX_RESOLVE_DEPTH) return ANY;
  if (ref.dims > 0) {
    let t = resolveRef(index, { ...ref, dims: 0 }, scope, lookup, depth + 1);
    for (let i = 0; i < ref.dims; i++) t = { kind: 'array', item: t };
    return t;
  }
  const name = ref.name;
  if (name === '?') return ref.bound ? resolveRef(index, ref.bound.type, scope, lookup, depth + 1) : ANY;
  if (PRIMITIVES.has(name)) return { kind: 'primitive', name };
  const simple = !name.includes('.');
  if (simple && ref.args.length === 0) {
    const bound = lookup(name);
    if (bound) return bound;
    for (let t = scope.type; t; t = t.outer) {
      const param = t.typeParams.find((p) => p.name === name);
      if (param) return unboundVariable(index, param, t, depth + 1);
    }
  }
  if (simple && JAVA_LANG.has(name) && !importsSimpleName(scope, name)) {
    return { kind: 'library', name: `java.lang.${name}`, args: ref.args.map((a) => resolveRef(index, a, scope, lookup, depth + 1)) };
  }
  const decl = index.resolveType(name, scope);
  if (decl) {
    const args = decl.typeParams.map((p, i) => {
      const arg = ref.args[i];
      return arg ? resolveRef(index, arg, scope, lookup, depth + 1) : unboundVariable(index, p, decl, depth + 1);
    });
    return { kind: 'source', decl, args, raw: ref.args.length === 0 && decl.typeParams.length > 0 };
  }
  const qualified = libraryName(name, scope);
  // A method's own type variable the caller did not bind (`<T> T get()`): anything.
  if (qualified === name && simple && ref.args.length === 0 && /^[A-Z][A-Z0-9]?$/.test(name)) return ANY;
  const out: LibraryType = { kind: 'library', name: qualified, args: ref.args.map((a) => resolveRef(index, a, scope, lookup, depth + 1)) };
  if (qualified === name && /^[A-Z]/.test(name)) out.packages = candidatePackages(scope);
  return out;
}

function candidatePackages(scope: Scope): string[] {
  const out = scope.file.pkg ? [scope.file.pkg] : [];
  for (const imp of scope.file.imports) if (imp.wildcard && !imp.isStatic) out.push(imp.name);
  return out;
}

/** A type variable nothing binds reads as its first bound (`T extends Base` -> Base), else anything. */
export function unboundVariable(index: ProjectIndex, param: TypeParam, owner: TypeDecl, depth = 0): JavaType {
  const bound = param.bounds[0];
  if (!bound) return ANY;
  // `T extends Comparable<T>`: inside its own bound every parameter of the owner is unknown.
  const own = new Set(owner.typeParams.map((p) => p.name));
  return resolveRef(index, bound, { type: owner, file: owner.file }, (n) => (own.has(n) ? ANY : undefined), depth + 1);
}

function importsSimpleName(scope: Scope, name: string): boolean {
  return singleTypeImport(scope.file, name, false) !== undefined;
}

/**
 * The qualified name of a type that is not in the source tree, as far as the file's imports
 * tell: single-type imports, java.lang, and on-demand imports of packages whose types we know.
 */
export function libraryName(name: string, scope: Scope): string {
  const dot = name.indexOf('.');
  const head = dot < 0 ? name : name.slice(0, dot);
  const first = head.charCodeAt(0);
  if (first >= 0x61 && first <= 0x7a) return name; // already qualified: `java.util.List`
  const rest = dot < 0 ? '' : name.slice(dot);
  const imported = singleTypeImport(scope.file, head, false);
  if (imported) return imported.name + rest;
  if (JAVA_LANG.has(head)) return `java.lang.${name}`;
  for (const imp of scope.file.imports) {
    if (imp.wildcard && !imp.isStatic && isKnownLibraryType(`${imp.name}.${name}`)) return `${imp.name}.${name}`;
  }
  return name;
}

/** `com.acme.Result<com.acme.PageResult<com.acme.UserVO>>`: the cache key and `x-java-type`. */
export function qualifiedName(t: JavaType): string {
  if (t.key !== undefined) return t.key;
  let out: string;
  switch (t.kind) {
    case 'any':
      out = '?';
      break;
    case 'primitive':
      out = t.name;
      break;
    case 'array':
      out = `${qualifiedName(t.item)}[]`;
      break;
    case 'source':
      out = t.raw || t.args.length === 0 ? t.decl.fqn : `${t.decl.fqn}<${t.args.map(qualifiedName).join(', ')}>`;
      break;
    case 'library':
      out = t.args.length === 0 ? t.name : `${t.name}<${t.args.map(qualifiedName).join(', ')}>`;
      break;
  }
  t.key = out;
  return out;
}

/** `Result<PageResult<UserVO>>`: the schema title. */
export function displayName(t: JavaType): string {
  switch (t.kind) {
    case 'any':
      return '?';
    case 'primitive':
      return t.name;
    case 'array':
      return `${displayName(t.item)}[]`;
    case 'source':
      return t.raw || t.args.length === 0 ? t.decl.name : `${t.decl.name}<${t.args.map(displayName).join(', ')}>`;
    case 'library': {
      const base = simpleName(t.name);
      return t.args.length === 0 ? base : `${base}<${t.args.map(displayName).join(', ')}>`;
    }
  }
}

/** The variables of a generic declaration as a use fixes them. */
export function variablesOf(t: SourceType): Lookup {
  const params = t.decl.typeParams;
  if (params.length === 0) return NO_VARIABLES;
  return (name) => {
    for (let i = 0; i < params.length; i++) if (params[i]!.name === name) return t.args[i];
    return undefined;
  };
}
