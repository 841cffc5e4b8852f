// A handler that takes its JSON body as a Map or a JSON library's object (`@RequestBody
// Map<String, Object> params`, fastjson's or hutool's `JSONObject`) and reads its keys itself
// (`params.get("username")`, `body.getString("selectedRoles")`, Kotlin's `params["name"]`) expects
// those keys: without this the body is `{}` and the explorer offers nothing to fill in (JeecgBoot's
// user and role handlers). Read from the handler's text: each key it reads is a property, typed by
// the getter (`getIntValue` an integer) or a cast (`(String) params.get(..)`), else left untyped.

import type { JsonSchema } from '../../model/request';
import { blankComments } from '../config-text';
import { untypedSchema } from './declared-responses';
import type { MethodSite } from '../hierarchy';
import { readMethodBody } from '../method-body';
import type { ProjectIndex } from '../project-index';

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

/**
 * The keys the handler at `site` reads from its body parameter `name`, as properties in the order
 * first read; undefined when it reads none.
 */
export function bodyKeysReadInCode(index: ProjectIndex, site: MethodSite, name: string): Record<string, JsonSchema> | undefined {
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
  return out;
}

/** `schema` of a body taken as any JSON object (a Map, a JSONObject) with the keys its handler reads as properties; any other schema as it is. */
export function withBodyKeysRead(index: ProjectIndex, site: MethodSite, name: string, schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !untypedSchema(schema)) return schema;
  const keys = bodyKeysReadInCode(index, site, name);
  return keys ? { ...schema, properties: keys } : schema;
}
