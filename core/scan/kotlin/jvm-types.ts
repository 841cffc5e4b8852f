// Kotlin's built-in types as the JVM sees them, which is what Jackson, Spring and the type
// engine read: `Int` is `int` (`Integer` when nullable or a type argument), `List` is
// `java.util.List`, `Array<T>` is `T[]`, `IntArray` is `int[]`, `Any` is `Object`, `Unit` is
// `void`. A file that imports or declares a type of the same simple name keeps its own.

import type { TypeRef } from '../source-model';

/** Kotlin name -> [JVM name when not null at the top, JVM name otherwise]. */
const BASIC: Record<string, [string, string]> = {
  Int: ['int', 'Integer'],
  Long: ['long', 'Long'],
  Short: ['short', 'Short'],
  Byte: ['byte', 'Byte'],
  Double: ['double', 'Double'],
  Float: ['float', 'Float'],
  Boolean: ['boolean', 'Boolean'],
  Char: ['char', 'Character'],
  Unit: ['void', 'Void'],
  Nothing: ['Void', 'Void'],
  String: ['String', 'String'],
  CharSequence: ['CharSequence', 'CharSequence'],
  Any: ['Object', 'Object'],
  Number: ['Number', 'Number'],
  Comparable: ['Comparable', 'Comparable'],
  Throwable: ['Throwable', 'Throwable'],
};

const COLLECTIONS: Record<string, string> = {
  List: 'java.util.List',
  MutableList: 'java.util.List',
  ArrayList: 'java.util.ArrayList',
  Collection: 'java.util.Collection',
  MutableCollection: 'java.util.Collection',
  Iterable: 'java.lang.Iterable',
  MutableIterable: 'java.lang.Iterable',
  Set: 'java.util.Set',
  MutableSet: 'java.util.Set',
  HashSet: 'java.util.HashSet',
  LinkedHashSet: 'java.util.LinkedHashSet',
  Map: 'java.util.Map',
  MutableMap: 'java.util.Map',
  HashMap: 'java.util.HashMap',
  LinkedHashMap: 'java.util.LinkedHashMap',
  Sequence: 'java.util.stream.Stream',
};

const PRIMITIVE_ARRAYS: Record<string, string> = {
  IntArray: 'int',
  LongArray: 'long',
  ShortArray: 'short',
  ByteArray: 'byte',
  DoubleArray: 'double',
  FloatArray: 'float',
  BooleanArray: 'boolean',
  CharArray: 'char',
};

/** Qualified spellings of the same types. */
const PACKAGES = ['kotlin.', 'kotlin.collections.', 'kotlin.sequences.'];

/**
 * Rewrites a Kotlin type to its JVM form in place (type arguments included). `shadowed` holds
 * simple names the file imports or declares, which are never built-ins there.
 */
export function toJvmType(ref: TypeRef, shadowed: ReadonlySet<string>, top = true): TypeRef {
  for (const a of ref.args) toJvmType(a, shadowed, false);
  if (ref.bound) toJvmType(ref.bound.type, shadowed, false);
  let name = ref.name;
  for (const p of PACKAGES) {
    if (name.startsWith(p) && !name.slice(p.length).includes('.')) {
      name = name.slice(p.length);
      break;
    }
  }
  if (name === ref.name && shadowed.has(name)) return ref;
  const basic = BASIC[name];
  if (basic) {
    ref.name = top && !ref.nullable && ref.dims === 0 ? basic[0] : basic[1];
    return ref;
  }
  const collection = COLLECTIONS[name];
  if (collection) {
    ref.name = collection;
    return ref;
  }
  const primitive = PRIMITIVE_ARRAYS[name];
  if (primitive && ref.args.length === 0) {
    ref.name = primitive;
    ref.dims += 1;
    return ref;
  }
  if (name === 'Array' && ref.args.length === 1) {
    const item = ref.args[0]!;
    const element = item.name === '?' ? (item.bound?.type ?? { name: 'Object', args: [], dims: 0 }) : item;
    ref.name = element.name;
    ref.args = element.args;
    ref.dims += element.dims + 1;
  }
  return ref;
}
