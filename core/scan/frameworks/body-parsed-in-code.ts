// A handler that takes its body as a String and parses it itself (Zeppelin's
// `GSON.fromJson(message, CredentialRequest.class)`, fastjson's `JSON.parseObject(body, X.class)`,
// Jackson's `mapper.readValue(body, X.class)`) expects that class as JSON: without this the body
// is only "a string" and the explorer offers no fields. Read from the method's text, as declared:
// - a class literal, or a type token for a generic type (Jackson's and fastjson's
//   `new TypeReference<List<X>>() {}`, Gson's `new TypeToken<List<X>>() {}.getType()`, Kotlin's
//   `object : TypeReference<List<X>>() {}`, or reified: `mapper.readValue<List<X>>(body)`); fastjson's `JSON.parseArray(body, X.class)` is a List<X>;
// - a project class's static factory given the text (`X.from(body)`) whose own body parses its
//   String parameter so: the class that parse names.

import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import type { SourceFile, TypeDecl, TypeRef } from '../source-model';
import { simpleName } from '../source-model';
import { blankComments, matching } from '../config-text';
import { readFieldInitializer, readMethodBody } from '../method-body';
import { toJvmType } from '../kotlin/jvm-types';

/** JSON libraries' parse calls taking the text first and a class literal (or a type token) second. */
const PARSE_CALLS = ['fromJson', 'readValue', 'parseObject', 'toBean', 'jsonToObject', 'fromJSON'];
const TYPE_NAME = '[A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*';
/** A type token's type argument starts after this; its `<` is the last character. */
const TYPE_TOKEN = /^(?:new\s+|object\s*:\s*)(?:[\w$]+\.)*(?:TypeReference|TypeToken)\s*</;

/** The class `site`'s body parses its String parameter `name` into, when it does so once or always into the same class. */
export function bodyParsedInCode(index: ProjectIndex, site: MethodSite, name: string): TypeRef | undefined {
  return parsedInto(index, site, name, MAX_HOPS);
}

/** Calls followed from the handler to the method that parses: Knox's `super.enableTokens(ids)` -> `setTokenEnabledFlags(ids, true)`. */
const MAX_HOPS = 2;

function parsedInto(index: ProjectIndex, site: MethodSite, name: string, hops: number): TypeRef | undefined {
  const raw = readMethodBody(index, site.owner, site.method)?.text;
  if (raw === undefined) return undefined;
  const body = blankComments(raw).replace(/::class\.java\b/g, '.class');
  const types = new Map<string, TypeRef>();
  const add = (t: TypeRef | undefined) => {
    if (t) types.set(typeKey(t), t);
  };
  const call = new RegExp(`\\b(${PARSE_CALLS.join('|')}|parseArray)\\s*\\(\\s*${name}\\s*,`, 'g');
  for (const m of body.matchAll(call)) {
    const close = matching(body, body.indexOf('(', m.index!));
    if (close < 0) continue;
    // What follows the text: the class or type token, maybe then options (fastjson's `Feature`s).
    const rest = body.slice(m.index! + m[0].length, close).trim();
    const literal = new RegExp(`^(${TYPE_NAME})\\.class\\s*(?:,|$)`).exec(rest);
    const parsed = literal ? { name: literal[1]!, args: [], dims: 0 } : typeToken(rest);
    add(parsed && m[1] === 'parseArray' ? { name: 'List', args: [parsed], dims: 0 } : parsed);
  }
  // Kotlin's reified `mapper.readValue<List<X>>(body)` (jackson-module-kotlin).
  for (const m of body.matchAll(/\breadValue\s*</g)) {
    const from = m.index! + m[0].length;
    add(typeToken(`new TypeReference<${body.slice(from, from + 300)}`, new RegExp(`^\\s*\\(\\s*${name}\\s*\\)`)));
  }
  // Jackson's ObjectReader: `mapper.readerFor(X.class).readValue(body)`, or a reader field of the
  // class built so (helix-rest's `ZNRECORD_READER.readValue(data)`).
  const reader = new RegExp(`(?:\\b(?:readerFor|forType)\\s*\\(\\s*(${TYPE_NAME})\\.class\\s*\\)|(?<![\\w$.])([A-Za-z_$][\\w$]*))\\s*\\.\\s*readValue\\s*\\(\\s*${name}\\s*\\)`, 'g');
  for (const m of body.matchAll(reader)) add(m[1] ? { name: m[1], args: [], dims: 0 } : readerFieldType(index, site.owner, m[2]!));
  // Jackson's tree (`mapper.readTree(body)`): any JSON, not a JSON string.
  if (new RegExp(`\\.\\s*readTree\\s*\\(\\s*${name}\\s*\\)`).test(body)) add({ name: 'com.fasterxml.jackson.databind.JsonNode', args: [], dims: 0 });
  if (hops > 0) {
    const factory = new RegExp(`(?<![\\w$.])(${TYPE_NAME})\\s*\\.\\s*([a-z][\\w$]*)\\s*\\(\\s*${name}\\s*\\)`, 'g');
    for (const m of body.matchAll(factory)) add(factoryParse(index, site, m[1]!, m[2]!, hops - 1));
    // A helper of the class or its superclasses given the text (`toZNRecord(content)`, Knox's
    // `setTokenEnabledFlags(tokenIds, true)`), or the overridden method (`super.enableTokens(tokenIds)`).
    const helper = new RegExp(`(?<![\\w$.])(super\\s*\\.\\s*|this\\s*\\.\\s*)?([a-z][\\w$]*)\\s*\\(`, 'g');
    for (const m of body.matchAll(helper)) {
      const open = m.index! + m[0].length - 1;
      const close = matching(body, open);
      const args = close < 0 ? [] : topLevelArgs(body.slice(open + 1, close));
      const at = args.findIndex((a) => a.trim() === name);
      if (at >= 0) add(helperParse(index, site, m[2]!, { at, of: args.length }, m[1]?.startsWith('super') === true, hops - 1));
    }
  }
  if (types.size !== 1) return undefined;
  const [only] = types.values();
  return site.owner.file.lang === 'kotlin' ? toJvmType(only!, shadowedIn(site.owner.file)) : only;
}

/** The simple names a Kotlin file imports or declares, which are never Kotlin's built-ins there. */
function shadowedIn(file: SourceFile): Set<string> {
  const out = new Set<string>();
  for (const imp of file.imports) if (!imp.wildcard) out.add(imp.alias ?? simpleName(imp.name));
  const visit = (t: TypeDecl) => {
    out.add(t.name);
    t.nested.forEach(visit);
  };
  file.types.forEach(visit);
  return out;
}

/** The type a type token names: `new TypeReference<List<X>>() {}` is List<X>. */
function typeToken(expr: string, after = /^\s*\(\s*\)\s*\{\s*\}/): TypeRef | undefined {
  const m = TYPE_TOKEN.exec(expr);
  if (!m) return undefined;
  let depth = 1;
  let i = m[0].length;
  for (; i < expr.length && depth > 0; i++) {
    if (expr[i] === '<') depth++;
    else if (expr[i] === '>') depth--;
  }
  if (depth !== 0 || !after.test(expr.slice(i))) return undefined;
  return typeText(expr.slice(m[0].length, i - 1));
}

/** `Map<String, List<X>>`, `X[]`, `? extends X` read from source text; undefined when it is not a type. */
function typeText(text: string): TypeRef | undefined {
  let t = text.trim().replace(/^\?\s*extends\s+/, '');
  let dims = 0;
  while (t.endsWith('[]')) {
    dims++;
    t = t.slice(0, -2).trim();
  }
  const m = /^([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?:<([\s\S]*)>)?$/.exec(t);
  if (!m) return undefined;
  const args: TypeRef[] = [];
  for (const a of m[2] !== undefined ? typeArgs(m[2]) : []) {
    const arg = typeText(a);
    if (!arg) return undefined;
    args.push(arg);
  }
  return { name: m[1]!.replace(/\s+/g, ''), args, dims };
}

/** The comma-separated type arguments of `A, Map<B, C>`. */
function typeArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>') depth--;
    else if (text[i] === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

function typeKey(t: TypeRef): string {
  return `${t.name}<${t.args.map(typeKey).join(',')}>${'[]'.repeat(t.dims)}`;
}

/** The class a Jackson `ObjectReader` field of `owner` (or a superclass) reads: its initializer ends in `readerFor(X.class)`. */
function readerFieldType(index: ProjectIndex, owner: TypeDecl, field: string): TypeRef | undefined {
  const found = index.fieldOf(owner, field);
  if (!found || simpleName(found.field.type.name) !== 'ObjectReader') return undefined;
  const init = readFieldInitializer(index, found.owner, found.field);
  const m = init && new RegExp(`\\b(?:readerFor|forType)\\s*\\(\\s*(${TYPE_NAME})\\.class\\s*\\)\\s*$`).exec(init.trim());
  return m ? qualified(index, owner, found.owner, m[1]!) : undefined;
}

/**
 * What a method of the handler's class or its superclasses (only the superclasses for `super.`)
 * parses its String parameter at `position.at` into: the one method of that name taking `position.of` arguments.
 */
function helperParse(index: ProjectIndex, site: MethodSite, method: string, position: { at: number; of: number }, superOnly: boolean, hops: number): TypeRef | undefined {
  for (const t of superOnly ? index.ancestors(site.owner) : [site.owner, ...index.ancestors(site.owner)]) {
    const named = t.methods.filter((f) => f.name === method && f.params.length === position.of);
    if (!named.length) continue;
    const param = named.length === 1 ? named[0]!.params[position.at] : undefined;
    if (!param || simpleName(param.type.name) !== 'String' || param.type.dims !== 0) return undefined;
    const parsed = parsedInto(index, { owner: t, method: named[0]! }, param.name, hops);
    // A generic type's arguments are names in the helper's file: not followed.
    return parsed && parsed.args.length === 0 ? qualified(index, site.owner, t, parsed.name, parsed.dims) : undefined;
  }
  return undefined;
}

/** The comma-separated arguments of a call's text, commas inside brackets and strings left alone. */
function topLevelArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** `name`, written in `writer`'s file, as the handler's class `reader` can resolve it. */
function qualified(index: ProjectIndex, reader: TypeDecl, writer: TypeDecl, name: string, dims = 0): TypeRef | undefined {
  if (writer === reader) return { name, args: [], dims };
  const target = index.resolveType(name, { type: writer, file: writer.file });
  return target ? { name: target.fqn, args: [], dims } : undefined;
}

/**
 * What the project class `owner`'s static `method(String)` parses its parameter into, named as the
 * handler can resolve it: the class itself by the handler's own name for it, another by its
 * qualified name.
 */
function factoryParse(index: ProjectIndex, site: MethodSite, owner: string, method: string, hops: number): TypeRef | undefined {
  const decl = index.resolveType(owner, { type: site.owner, file: site.owner.file });
  const m = decl?.methods.find((f) => f.name === method && f.modifiers.includes('static') && f.params.length === 1 && simpleName(f.params[0]!.type.name) === 'String' && f.params[0]!.type.dims === 0);
  if (!decl || !m) return undefined;
  const parsed = parsedInto(index, { owner: decl, method: m }, m.params[0]!.name, hops);
  // A generic type's arguments are names in the factory's file: not followed.
  if (!parsed || parsed.args.length > 0) return undefined;
  const target = index.resolveType(parsed.name, { type: decl, file: decl.file });
  if (!target) return undefined;
  return target === decl ? { name: owner, args: [], dims: parsed.dims } : { name: target.fqn, args: [], dims: parsed.dims };
}
