// The operations of a checked-in OpenAPI document (3.x, or Swagger 2 where the shapes agree),
// named the way openapi-generator names what it writes at build time: the interface an
// operation lands in and the Java method it becomes. Parameters, bodies and responses are
// turned into the endpoint model's JSON Schemas with `$ref`s inlined.
//
// Naming, as the Java generators do it:
//   method     toOperationId: a reserved word or leading digit gets `call_`, then sanitizeName
//              and camelize with a lower first letter; without an operationId one is derived
//              from the path and the verb (`/users/{id}` GET -> `usersIdGet`).
//   interface  toApiName(group) = camelize(sanitizeName(group)) + "Api", `DefaultApi` for the
//              `default` group. The group is the first path segment (jaxrs-spec, and spring with
//              library spring-boot/spring-cloud) unless `useTags` is on, then each tag (the
//              JAX-RS generators keep only the first tag); an untagged operation is `default`.

import { posix } from 'node:path';
import { SpecDocuments } from './spec-documents';
import type { JsonSchema, Param, ParamLocation } from '../../../model/request';
import { MAPPED_CLASS } from '../../../model/request';
import { makeParam } from '../params';
import { requestExampleOf, responseExampleOf } from '../../types/example';

export interface SpecOperation {
  method: string;
  path: string;
  /** The Java method name the generator writes. */
  javaName: string;
  /** Tags as written. */
  tags: string[];
  summary: string;
  description: string;
  deprecated: boolean;
  params: Param[];
  body?: { contentType: string; schema: JsonSchema; required: boolean; description: string };
  /** Form fields when the body is form-encoded or multipart. */
  formParams: Param[];
  consumes: string[];
  produces: string[];
  response?: { contentType: string; schema?: JsonSchema; description: string };
}

export interface SpecDocument {
  operations: SpecOperation[];
  /** The path of the first server URL (`/v1`), '' when none. */
  serverPath: string;
}

const VERBS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const JAVA_RESERVED = new Set(
  ('abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if ' +
    'implements import instanceof int interface long native new package private protected public return short static strictfp super switch ' +
    'synchronized this throw throws transient try void volatile while true false null object list file').split(' '),
);
const MAX_DEPTH = 12;

/**
 * Parses a spec's text (JSON or YAML); throws with a one-line reason when it is not one. `docs`:
 * parses shared with other readers; `mappings`: schemas the generator maps to existing classes
 * (GeneratorConfig.mappings).
 */
export function readSpec(text: string, name: string, docs = new SpecDocuments(), mappings?: Readonly<Record<string, string>>): SpecDocument {
  const doc = docs.parse(text, name) as Record<string, unknown> | null;
  if (!doc || typeof doc !== 'object' || !('paths' in doc)) throw new Error('no "paths" object: not an OpenAPI document');
  const resolver = new Resolver(doc, undefined, undefined, mappings);
  const operations: SpecOperation[] = [];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    const shared = asArray(item.parameters);
    for (const verb of VERBS) {
      const op = item[verb] as Record<string, unknown> | undefined;
      if (!op || typeof op !== 'object') continue;
      operations.push(operationOf(path, verb, op, shared, resolver, doc));
    }
  }
  return { operations, serverPath: serverPath(doc) };
}

function operationOf(path: string, verb: string, op: Record<string, unknown>, shared: unknown[], r: Resolver, doc: Record<string, unknown>): SpecOperation {
  const id = typeof op.operationId === 'string' && op.operationId.trim() ? op.operationId : derivedOperationId(path, verb);
  const params: Param[] = [];
  const formParams: Param[] = [];
  let body: SpecOperation['body'];
  const consumes: string[] = [];
  // Operation parameters override path-level ones of the same name and location.
  const byKey = new Map<string, Record<string, unknown>>();
  for (const raw of [...shared, ...asArray(op.parameters)]) {
    const p = r.deref(raw) as Record<string, unknown> | undefined;
    if (!p || typeof p.name !== 'string') continue;
    byKey.set(`${String(p.in)}:${p.name}`, p);
  }
  for (const p of byKey.values()) {
    const where = String(p.in);
    if (where === 'body') {
      // Swagger 2
      const schema = r.schema(p.schema);
      body = { contentType: 'application/json', schema, required: p.required === true, description: str(p.description) };
      continue;
    }
    const schema = p.schema !== undefined ? r.schema(p.schema) : swagger2Schema(p);
    const location: ParamLocation = where === 'formData' ? 'form' : (['path', 'query', 'header', 'cookie'].includes(where) ? where : 'query') as ParamLocation;
    const param = makeParam(p.name as string, location, schema, where === 'path' || p.required === true, str(p.description), p.example !== undefined ? { example: p.example } : {});
    if (location === 'form') {
      if (p.type === 'file') param.file = true;
      formParams.push(param);
    } else params.push(param);
  }
  const rb = r.deref(op.requestBody) as Record<string, unknown> | undefined;
  const content = (rb?.content ?? {}) as Record<string, Record<string, unknown>>;
  consumes.push(...Object.keys(content));
  if (consumes.length === 0 && Array.isArray(op.consumes ?? doc.consumes)) consumes.push(...((op.consumes ?? doc.consumes) as string[]));
  const first = consumes[0];
  if (rb && first && content[first]) {
    const schema = r.schema(content[first]!.schema ?? {});
    if (/^multipart\/|x-www-form-urlencoded/.test(first) && schema.properties) {
      const required = new Set(schema.required ?? []);
      for (const [name, s] of Object.entries(schema.properties)) {
        const file = s.format === 'binary' || (s.type === 'array' && s.items?.format === 'binary');
        formParams.push(makeParam(name, 'form', s, required.has(name), s.description ?? '', file ? { file: true } : {}));
      }
    } else {
      body = { contentType: first, schema, required: rb.required === true, description: str(rb.description) };
    }
  }
  const responses = (op.responses ?? {}) as Record<string, unknown>;
  const code = Object.keys(responses).find((c) => /^2/.test(c)) ?? (responses.default ? 'default' : undefined);
  let response: SpecOperation['response'];
  const produces: string[] = [];
  if (code) {
    const res = r.deref(responses[code]) as Record<string, unknown> | undefined;
    const rc = (res?.content ?? {}) as Record<string, Record<string, unknown>>;
    produces.push(...Object.keys(rc));
    if (produces.length === 0 && Array.isArray(op.produces ?? doc.produces)) produces.push(...((op.produces ?? doc.produces) as string[]));
    const ct = produces[0];
    const raw = ct ? rc[ct]?.schema : res?.schema;
    const description = str(res?.description);
    response = raw !== undefined ? { contentType: ct ?? 'application/json', schema: r.schema(raw), description } : { contentType: ct ?? 'application/json', description: description || 'No body.' };
  }
  const out: SpecOperation = {
    method: verb.toUpperCase(),
    path,
    javaName: javaMethodName(id),
    tags: asArray(op.tags).filter((t): t is string => typeof t === 'string'),
    summary: str(op.summary),
    description: str(op.description),
    deprecated: op.deprecated === true,
    params,
    formParams,
    consumes,
    produces,
  };
  if (body) out.body = body;
  if (response) out.response = response;
  return out;
}

/** The request body's example, with read-only properties left out. */
export function bodyExample(schema: JsonSchema): unknown {
  return requestExampleOf(schema);
}

export function responseExample(schema: JsonSchema): unknown {
  return responseExampleOf(schema);
}

// ---- naming ------------------------------------------------------------------------------

/** DefaultCodegen's operationId for an operation without one: path parts and the verb, camelized. */
export function derivedOperationId(path: string, verb: string): string {
  const tmp = path.replace(/[{}]/g, '');
  let out = tmp === '/' ? 'root' : '';
  for (const part of `${tmp}/${verb}`.split('/')) {
    if (!part) continue;
    out += out === '' ? part[0]!.toLowerCase() + part.slice(1) : camelize(part);
  }
  return sanitizeName(out);
}

/** The Java generators' toOperationId. */
export function javaMethodName(operationId: string): string {
  let id = operationId;
  if (JAVA_RESERVED.has(id.toLowerCase()) || /^\d/.test(id)) id = `call_${id}`;
  return camelize(sanitizeName(id), true);
}

/** The Java generators' toModelName: `order-item` with suffix `Dto` -> `OrderItemDto`; reserved or leading-digit names get `Model`. */
export function modelClassName(schema: string, prefix = '', suffix = ''): string {
  let name = sanitizeName(schema);
  if (prefix) name = `${prefix}_${name}`;
  if (suffix) name = `${name}_${suffix}`;
  const out = camelize(name);
  return JAVA_RESERVED.has(out.toLowerCase()) || /^\d/.test(out) ? `Model${out}` : out;
}

/** toApiName: `projects` -> `ProjectsApi`, '' or `default` -> `DefaultApi`. */
export function apiName(group: string, suffix = 'Api'): string {
  const name = camelize(sanitizeName(group));
  return `${name || 'Default'}${suffix}`;
}

/**
 * The groups (hence interfaces) an operation lands in: its first path segment, or with
 * `useTags` its tags (only the first for JAX-RS generators), `default` when untagged.
 */
export function groupsOf(op: SpecOperation, byTags: boolean, firstTagOnly: boolean): string[] {
  if (!byTags) {
    const seg = op.path.replace(/^\//, '').split('/')[0] ?? '';
    return [seg === '' ? 'default' : seg];
  }
  const tags = op.tags.length ? op.tags : ['default'];
  return firstTagOnly ? [tags[0]!] : tags;
}

/** openapi-generator's sanitizeName, for the characters names in specs use. */
export function sanitizeName(name: string): string {
  return name.replace(/[-\s.[\]()/:]+/g, '_').replace(/[^A-Za-z0-9_$]/g, '');
}

/** openapi-generator's camelize: `list_projects` -> `ListProjects` (`listProjects` with lowerFirst). */
export function camelize(word: string, lowerFirst = false): string {
  const parts = word.split(/[_\-\s/]+/).filter(Boolean);
  const out = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
  if (!lowerFirst || out === '') return out;
  // A leading all-capitals word is lowered as a whole (`HTTPGet` -> `httpGet`), as camelize does.
  const caps = /^[A-Z]+(?=[A-Z][a-z]|$)/.exec(out)?.[0];
  if (caps && caps.length > 1) return caps.toLowerCase() + out.slice(caps.length);
  return out[0]!.toLowerCase() + out.slice(1);
}

// ---- schemas -----------------------------------------------------------------------------

export interface ModelSchemas {
  /** The schema names the generator writes a class for: components, and inline objects it names. */
  names: ReadonlySet<string>;
  /** One of them, converted on first use. */
  schema(name: string): JsonSchema;
}

/**
 * The model schemas of a spec, converted as operations' schemas are; `javaName` names the class
 * of a schema (title and `x-java-type`), so `$ref`s read as the generated classes. Besides the
 * components (`components.schemas`, Swagger 2 `definitions`), the generator's inline model
 * resolver writes classes for inline objects: by their `title` anywhere (a response's
 * `MembersResponse`), else a component's property `Error.details` as `Error_details`, its
 * array items as `Error_details_inner`.
 */
export function readModelSchemas(
  text: string,
  name: string,
  javaName: (schema: string) => string,
  read?: (path: string) => string | undefined,
  docs = new SpecDocuments(),
  mappings?: Readonly<Record<string, string>>,
): ModelSchemas {
  const parse = (t: string, file: string) => {
    const d = docs.parse(t, file) as Record<string, unknown> | null;
    if (!d || typeof d !== 'object') throw new Error('not an OpenAPI document');
    return d;
  };
  const doc = parse(text, name);
  // Files other `$ref`s name, each parsed once (null: unreadable).
  const opened = new Map<string, Resolver | null>([[name, null]]);
  const files = (path: string): SpecFiles => ({
    path,
    open(p) {
      if (!opened.has(p)) {
        let r: Resolver | null = null;
        try {
          const t = p.startsWith('..') || posix.isAbsolute(p) ? undefined : read?.(p); // only files inside the project
          if (t !== undefined) r = new Resolver(parse(t, p), javaName, files(p), mappings);
        } catch {
          // an unreadable file leaves its references unresolved
        }
        opened.set(p, r);
      }
      return opened.get(p) ?? undefined;
    },
  });
  const resolver = new Resolver(doc, javaName, files(name), mappings);
  opened.set(name, resolver);
  const components = ((doc.components as Record<string, unknown> | undefined)?.schemas ?? doc.definitions ?? {}) as Record<string, unknown>;
  const base = doc.components ? '#/components/schemas/' : '#/definitions/';
  const inline = inlineModels(doc, components);
  const done = new Map<string, JsonSchema>();
  return {
    // A mapped schema gets no class of its own.
    names: new Set([...Object.keys(components), ...inline.keys()].filter((n) => mappings?.[n] === undefined)),
    schema(key) {
      let out = done.get(key);
      if (out) return out;
      const raw = key in components ? undefined : inline.get(key);
      if (raw === undefined) out = resolver.schema({ $ref: base + key.replace(/~/g, '~0').replace(/\//g, '~1') });
      else {
        const java = javaName(key);
        const s = resolver.schema(raw);
        out = { ...(s.type !== undefined ? { type: s.type } : {}), title: java.slice(java.lastIndexOf('.') + 1), ...s, 'x-java-type': java };
      }
      done.set(key, out);
      return out;
    },
  };
}

/** Inline object schemas the generator names (see readModelSchemas), by name; components win a clash. */
function inlineModels(doc: Record<string, unknown>, components: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const inlineObject = (v: unknown): v is Record<string, unknown> => isObject(v) && v.$ref === undefined && (isObject(v.properties) || Array.isArray(v.allOf) || Array.isArray(v.oneOf) || Array.isArray(v.anyOf));
  const add = (name: string, v: unknown) => {
    if (!(name in components) && !out.has(name)) out.set(name, v);
  };
  // Titled inline objects, wherever they are (a component's own title does not rename it).
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number, component: boolean): void => {
    if (!v || typeof v !== 'object' || depth > 40 || seen.has(v)) return;
    seen.add(v);
    if (!component && inlineObject(v) && typeof v.title === 'string' && v.title.trim()) add(v.title.trim(), v);
    for (const x of Object.values(v)) walk(x, depth + 1, false);
  };
  for (const [key, v] of Object.entries(doc)) {
    if (key === 'components' && isObject(v)) {
      for (const [k, section] of Object.entries(v)) {
        if (k === 'schemas' && isObject(section)) for (const c of Object.values(section)) walk(c, 0, true);
        else walk(section, 0, false);
      }
    } else if (key === 'definitions' && isObject(v)) for (const c of Object.values(v)) walk(c, 0, true);
    else walk(v, 0, false);
  }
  // Untitled inline objects of components' properties: `Parent_prop`, `Parent_prop_inner`.
  const nested = (parent: string, schema: unknown, depth: number): void => {
    if (!isObject(schema) || !isObject(schema.properties) || depth > 8) return;
    for (const [prop, p] of Object.entries(schema.properties)) {
      if (!isObject(p)) continue;
      const items: unknown = p.items;
      const own = inlineObject(p);
      const target = own ? p : inlineObject(items) ? items : undefined;
      if (!target || typeof target.title === 'string') continue;
      const name = own ? `${parent}_${prop}` : `${parent}_${prop}_inner`;
      add(name, target);
      nested(name, target, depth + 1);
    }
  };
  for (const [k, c] of Object.entries(components)) nested(k, c, 0);
  return out;
}

/** The spec file a resolver reads, and how it opens the files its `$ref`s name (relative to it). */
interface SpecFiles {
  path: string;
  open(path: string): Resolver | undefined;
}

class Resolver {
  constructor(
    private readonly doc: Record<string, unknown>,
    /** The type name a `$ref` to a component stands for: the component's name unless told. */
    private readonly javaName?: (schema: string) => string,
    /** Without it, a `$ref` into another file stays unresolved. */
    private readonly files?: SpecFiles,
    /** Components the generator maps to existing classes, by name. */
    private readonly mappings?: Readonly<Record<string, string>>,
  ) {}

  /** Follows a `$ref` to a component (parameters, requestBodies, responses). */
  deref(value: unknown, depth = 0): unknown {
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || depth > MAX_DEPTH) return value;
    return this.deref(this.pointer(ref), depth + 1);
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined; // another file: not followed
    let cur: unknown = this.doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
    }
    return cur;
  }

  /** An OpenAPI schema as the model's JSON Schema: references inlined (named by `x-java-type`), cycles cut. */
  /** `asSpec`: a mapped component (`mappings`) as the spec declares it. */
  schema(raw: unknown, seen: readonly string[] = [], asSpec = false): JsonSchema {
    if (!raw || typeof raw !== 'object') return {};
    const s = raw as Record<string, unknown>;
    if (typeof s.$ref === 'string') {
      // `other.yaml#/components/schemas/X`: X as the other file declares it (the generator resolves it so).
      const hash = s.$ref.indexOf('#/');
      if (hash > 0 && this.files) {
        const other = this.files.open(posix.normalize(posix.join(posix.dirname(this.files.path), s.$ref.slice(0, hash))));
        if (other) return other.schema({ $ref: s.$ref.slice(hash) }, seen);
      }
      const component = s.$ref.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~');
      const mapped = this.mappings?.[component];
      if (mapped !== undefined && !asSpec && /\/(schemas|definitions)\/[^/]+$/.test(s.$ref)) return mappedClass(mapped, this.schema(s, seen, true));
      const name = this.javaName ? this.javaName(component) : component;
      const key = `${this.files?.path ?? ''}${s.$ref}`; // one file's ref is not another's
      // A model class's schema is titled by its simple name, as the builder titles classes.
      const titled = this.javaName ? { title: name.slice(name.lastIndexOf('.') + 1) } : {};
      if (seen.includes(key) || seen.length > MAX_DEPTH) return { type: 'object', ...titled, 'x-java-type': name, 'x-truncated': 'recursion' };
      const target = this.pointer(s.$ref);
      if (target === undefined) return { description: `Unresolved reference ${s.$ref}.`, 'x-unresolved': true };
      const out = this.schema(target, [...seen, key]);
      if (this.javaName && !isAlias(target)) {
        // The generator writes a class for this component (a oneOf too, whose first branch stands for it here): it is that type.
        return { ...(out.type !== undefined ? { type: out.type } : {}), ...out, ...titled, 'x-java-type': name };
      }
      const title = out.title === undefined ? titled : {};
      return { ...(out.type !== undefined ? { type: out.type } : {}), ...title, ...out, 'x-java-type': out['x-java-type'] ?? name };
    }
    const out: JsonSchema = {};
    const type = s.type;
    if (typeof type === 'string' && ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'].includes(type)) out.type = type as JsonSchema['type'];
    else if (Array.isArray(type)) out.type = type as JsonSchema['type'];
    if (s.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'] as JsonSchema['type'];
    for (const k of ['format', 'title', 'description', 'pattern'] as const) if (typeof s[k] === 'string') out[k] = s[k] as string;
    for (const k of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) if (typeof s[k] === 'number') out[k] = s[k] as number;
    for (const k of ['readOnly', 'writeOnly', 'deprecated', 'uniqueItems'] as const) if (s[k] === true) out[k] = true;
    if (Array.isArray(s.enum)) out.enum = s.enum;
    if (s.default !== undefined) out.default = s.default;
    if (s.example !== undefined) out.examples = [s.example];
    else if (Array.isArray(s.examples)) out.examples = s.examples;
    // allOf merges into one object; oneOf/anyOf take the first branch (an example needs one shape).
    for (const part of asArray(s.allOf)) {
      const p = this.schema(part, seen);
      out.type ??= p.type;
      if (p.properties) out.properties = { ...out.properties, ...p.properties };
      if (p.required) out.required = [...(out.required ?? []), ...p.required];
    }
    const alt = asArray(s.oneOf ?? s.anyOf)[0];
    if (alt !== undefined && !s.properties) Object.assign(out, this.schema(alt, seen), out.description ? { description: out.description } : {});
    if (s.properties && typeof s.properties === 'object') {
      out.type ??= 'object';
      out.properties = { ...out.properties };
      for (const [name, p] of Object.entries(s.properties as Record<string, unknown>)) out.properties[name] = this.schema(p, seen);
    }
    if (Array.isArray(s.required)) out.required = [...new Set([...(out.required ?? []), ...(s.required as string[])])];
    if (s.items !== undefined) {
      out.type ??= 'array';
      out.items = this.schema(s.items, seen);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') out.additionalProperties = this.schema(s.additionalProperties, seen);
    else if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
    return out;
  }
}

function swagger2Schema(p: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = {};
  if (typeof p.type === 'string' && p.type !== 'file') out.type = p.type as JsonSchema['type'];
  if (p.type === 'file') Object.assign(out, { type: 'string', format: 'binary' });
  if (typeof p.format === 'string') out.format = p.format;
  if (Array.isArray(p.enum)) out.enum = p.enum;
  if (p.items && typeof p.items === 'object') out.items = swagger2Schema(p.items as Record<string, unknown>);
  return out;
}

function serverPath(doc: Record<string, unknown>): string {
  const url = (asArray(doc.servers)[0] as { url?: unknown } | undefined)?.url;
  if (typeof url === 'string') {
    const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/\{[^}]*\}/g, '');
    return path === '/' ? '' : path.replace(/\/+$/, '');
  }
  return typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath.replace(/\/+$/, '') : '';
}

/**
 * A component the generator maps to an existing class (`schemaMappings`, `importMappings`): the
 * code uses that class, whose schema the type engine builds from the source (SchemaBuilder
 * `withProjectClasses`). Until then, and where the source does not tell (a library class, a
 * custom serializer), the spec's own schema says what the JSON is.
 */
function mappedClass(name: string, spec: JsonSchema): JsonSchema {
  return { ...spec, title: name.slice(name.lastIndexOf('.') + 1), 'x-java-type': name, [MAPPED_CLASS]: name };
}

/** A schema that only points at another (`A: {$ref: B}`): the generator uses B's class for it. */
function isAlias(v: unknown): boolean {
  return !!v && typeof v === 'object' && typeof (v as { $ref?: unknown }).$ref === 'string';
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}
