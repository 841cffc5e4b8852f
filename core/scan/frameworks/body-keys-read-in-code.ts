// A handler that takes its JSON body as a Map or a JSON library's object (`@RequestBody
// Map<String, Object> params`, fastjson's or hutool's `JSONObject`) and reads its keys itself
// (`params.get("username")`, `body.getString("selectedRoles")`, Kotlin's `params["name"]`) expects
// those keys: without this the body is `{}` and the explorer offers nothing to fill in (JeecgBoot's
// user and role handlers). Read from the handler's text: each key it reads is a property, typed by
// the getter (`getIntValue` an integer) or a cast (`(String) params.get(..)`), else left untyped.
// A handler that hands the body on (`userService.update(params)`) expects what the method it
// calls reads: calls of the project's code taking the body as an argument are followed, on the
// handler's class, a class named, a field's type (an interface's implementations), two calls deep.

import type { JsonSchema } from '../../model/request';
import { blankComments, matching, splitTop } from '../config-text';
import { subtypesOf } from '../direct-subtypes';
import { untypedSchema } from './declared-responses';
import type { MethodSite } from '../hierarchy';
import { readMethodBody } from '../method-body';
import type { ProjectIndex, Scope } from '../project-index';
import type { MethodDecl, TypeDecl } from '../source-model';
import { simpleName } from '../source-model';

const STRING: JsonSchema = { type: 'string' };
const INTEGER: JsonSchema = { type: 'integer' };
const NUMBER: JsonSchema = { type: 'number' };
const BOOLEAN: JsonSchema = { type: 'boolean' };
const OBJECT: JsonSchema = { type: 'object' };
const ARRAY: JsonSchema = { type: 'array', items: {} };

/** Map's and the JSON objects' (fastjson, fastjson2, hutool, org.json, Gson's JsonObject) keyed getters, by the schema of what they return; undefined: any value. */
const GETTERS: Record<string, JsonSchema | undefined> = {
  get: undefined,
  getOrDefault: undefined,
  opt: undefined,
  getObj: undefined,
  getString: STRING,
  getStr: STRING,
  optString: STRING,
  getAsString: STRING,
  getInteger: INTEGER,
  getIntValue: INTEGER,
  getInt: INTEGER,
  optInt: INTEGER,
  getLong: INTEGER,
  getLongValue: INTEGER,
  optLong: INTEGER,
  getShort: INTEGER,
  getByte: INTEGER,
  getBigInteger: INTEGER,
  getDouble: NUMBER,
  getDoubleValue: NUMBER,
  getFloat: NUMBER,
  getFloatValue: NUMBER,
  getBigDecimal: NUMBER,
  optDouble: NUMBER,
  getBoolean: BOOLEAN,
  getBooleanValue: BOOLEAN,
  getBool: BOOLEAN,
  optBoolean: BOOLEAN,
  getJSONObject: OBJECT,
  getJSONArray: ARRAY,
  getJsonObject: OBJECT,
  getJsonArray: ARRAY,
  getAsJsonObject: OBJECT,
  getAsJsonArray: ARRAY,
  optJSONObject: OBJECT,
  optJSONArray: ARRAY,
};

/** Java casts in front of a `get`, by the schema they say. */
const CASTS: Record<string, JsonSchema> = {
  String: STRING, Integer: INTEGER, Int: INTEGER, Long: INTEGER, Short: INTEGER, BigInteger: INTEGER, int: INTEGER, long: INTEGER,
  Double: NUMBER, Float: NUMBER, BigDecimal: NUMBER, Number: NUMBER, double: NUMBER,
  Boolean: BOOLEAN, boolean: BOOLEAN,
  Map: OBJECT, HashMap: OBJECT, LinkedHashMap: OBJECT, JSONObject: OBJECT,
  List: ARRAY, ArrayList: ARRAY, Collection: ARRAY, JSONArray: ARRAY, MutableList: ARRAY, MutableMap: OBJECT,
};

/** By parameter name, the read's pattern: compiled once per name, not per handler. */
const READS = new Map<string, RegExp>();

function readsOf(name: string): RegExp {
  let re = READS.get(name);
  if (!re) {
    const n = name.replace(/\$/g, '\\$');
    // 1: a Java cast's type, 2: the getter, 3: its key; or 4: Kotlin's `name["key"]` key; then 5: a Kotlin cast (`as String`, `as? Int`).
    const key = '"((?:[^"\\\\\\n]|\\\\.)+)"';
    // A call's closing parenthesis is matched only for a Kotlin cast after it; `params["k"] = v` is a write.
    const read = `${n}\\s*\\??\\.\\s*([a-zA-Z]+)\\s*\\(\\s*${key}(?:[^()]*\\))?|${n}\\s*\\[\\s*${key}\\s*\\](?!\\s*=[^=])`;
    re = new RegExp(`(?:\\(\\s*([A-Za-z][\\w$]*)(?:\\s*<[^()]*>)?\\s*\\)\\s*)?(?<![\\w$.])(?:${read})(?:\\s+as\\??\\s+([A-Z][\\w$]*))?`, 'g');
    READS.set(name, re);
  }
  return re;
}

/** Calls followed from the handler: its service's method and a helper that one hands the body to. */
const MAX_DEPTH = 2;
/** At most this many implementations of an interface's method are followed: more is a plugin point. */
const MAX_IMPLEMENTATIONS = 4;
/** `receiver.name(` or `name(`, either after `this.`: a call whose arguments may hand the body on. */
const CALL = /(?<![\w$.])(?:this\s*\.\s*)?(?:([A-Za-z_$][\w$]*)\s*\??\.\s*)?([A-Za-z_$][\w$]*)\s*\(/g;
const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'when', 'super', 'this', 'new', 'throw', 'assert']);

/**
 * The keys the handler at `site` reads from its body parameter `name`, as properties in the order
 * first read (then those of the methods it hands the body to); undefined when it reads none.
 */
export function bodyKeysReadInCode(index: ProjectIndex, site: MethodSite, name: string): Record<string, JsonSchema> | undefined {
  return keysRead(index, site, name, 0, new Set());
}

function keysRead(index: ProjectIndex, site: MethodSite, name: string, depth: number, visiting: Set<MethodDecl>): Record<string, JsonSchema> | undefined {
  const raw = readMethodBody(index, site.owner, site.method)?.text;
  if (raw === undefined || !raw.includes(name)) return undefined;
  const text = blankComments(raw);
  let out: Record<string, JsonSchema> | undefined;
  const re = readsOf(name);
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const getter = m[2];
    if (getter !== undefined && !(getter in GETTERS)) continue; // `params.put("k", v)`, `params.remove("k")`: not a read
    const key = m[3] ?? m[4]!;
    const cast = m[1] ?? m[5];
    const typed = (getter !== undefined ? GETTERS[getter] : undefined) ?? (cast !== undefined ? CASTS[cast] : undefined);
    const how = getter ?? 'get';
    const prop: JsonSchema = { ...(typed ?? {}), description: `Read in code (${how})` };
    out ??= {};
    // A key read twice keeps the first read's type unless only a later one says it.
    if (!(key in out) || (out[key]!.type === undefined && typed)) out[key] = prop;
  }
  if (depth >= MAX_DEPTH) return out;
  visiting.add(site.method);
  for (const { callee, at } of handedTo(index, site, text, name)) {
    if (visiting.has(callee.method)) continue;
    const param = callee.method.params[at];
    const keys = param && keysRead(index, callee, param.name, depth + 1, visiting);
    if (!keys) continue;
    out ??= {};
    for (const [key, prop] of Object.entries(keys)) if (!(key in out)) out[key] = prop;
  }
  visiting.delete(site.method);
  return out;
}

/** The project methods `text` (the body of `site`) calls with `name` as an argument, and at which position. */
function handedTo(index: ProjectIndex, site: MethodSite, text: string, name: string): { callee: MethodSite; at: number }[] {
  const out: { callee: MethodSite; at: number }[] = [];
  CALL.lastIndex = 0;
  for (let m = CALL.exec(text); m; m = CALL.exec(text)) {
    const [, receiver, method] = m;
    if (receiver === name || NOT_CALLS.has(method!)) continue;
    const open = m.index + m[0].length - 1;
    const close = matching(text, open);
    if (close < 0) continue;
    const inner = text.slice(open + 1, close);
    if (!inner.includes(name)) continue;
    const args = splitTop(inner, ',');
    const at = args.indexOf(name);
    if (at < 0) continue;
    for (const callee of calleesOf(index, site, receiver, method!, args.length)) out.push({ callee, at });
  }
  return out;
}

/** `name(..)` on `receiver`: the handler's class (none, `this`), a class named, or a field's type; an interface's method is its implementations'. */
function calleesOf(index: ProjectIndex, site: MethodSite, receiver: string | undefined, name: string, arity: number): MethodSite[] {
  const scope: Scope = { type: site.owner, file: site.owner.file };
  let owner: TypeDecl | undefined;
  if (receiver === undefined || receiver === 'this') owner = site.owner;
  else if (/^[A-Z]/.test(simpleName(receiver))) owner = index.resolveType(receiver, scope);
  else {
    const field = index.resolveField(receiver, scope);
    if (field) owner = index.resolveType(field.field.type.name, { type: field.owner, file: field.owner.file });
  }
  if (!owner) return [];
  for (const t of [owner, ...index.ancestors(owner)]) {
    const method = t.methods.find((m) => m.name === name && m.params.length === arity);
    if (!method) continue;
    index.noteFiles([t.file.path]); // its body is read from the file's text
    if (readMethodBody(index, t, method)) return [{ method, owner: t }];
    return implementations(index, t, name, arity);
  }
  return [];
}

/** The project's overrides of an abstract method (a service interface's), nearest first; none when there are many. */
function implementations(index: ProjectIndex, abstract: TypeDecl, name: string, arity: number): MethodSite[] {
  const out: MethodSite[] = [];
  const seen = new Set<TypeDecl>([abstract]);
  const queue: TypeDecl[] = [abstract];
  while (queue.length && out.length <= MAX_IMPLEMENTATIONS) {
    for (const t of subtypesOf(index, queue.shift()!)) {
      if (seen.has(t)) continue;
      seen.add(t);
      queue.push(t);
      const method = t.methods.find((m) => m.name === name && m.params.length === arity);
      if (!method) continue;
      index.noteFiles([t.file.path]);
      out.push({ method, owner: t });
    }
  }
  return out.length > MAX_IMPLEMENTATIONS ? [] : out;
}

/** `schema` of a body taken as any JSON object (a Map, a JSONObject) with the keys its handler reads as properties; any other schema as it is. */
export function withBodyKeysRead(index: ProjectIndex, site: MethodSite, name: string, schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !untypedSchema(schema)) return schema;
  const keys = bodyKeysReadInCode(index, site, name);
  return keys ? { ...schema, properties: keys } : schema;
}
