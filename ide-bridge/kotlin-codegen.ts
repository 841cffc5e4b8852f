// Writes the Kotlin side of the method catalog: data classes for every params, result and
// notification schema, enum classes, method-name constants and typed request descriptors, so the
// IntelliJ client never repeats a method name or a field by hand (STYLE 8 and its pitfalls).
// A pure function of the catalog; scripts/gen-kotlin-protocol.ts writes the file, and a test
// fails when the committed file differs from a fresh generation.

import { Kind } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

export interface Catalog {
  requests: Record<string, { doc: string; params: TSchema; result: TSchema }>;
  /** Requests the sidecar makes of the client (the IDE host). */
  hostRequests: Record<string, { doc: string; params: TSchema; result: TSchema }>;
  notifications: Record<string, TSchema>;
  protocolVersion: number;
  errorCodes: Record<string, number>;
  /** Exported schemas by export name (`EndpointSchema`…): their classes take that name. */
  named: Record<string, unknown>;
  /** The lowest Node.js version the sidecar runs on, e.g. "20.18". */
  minNodeVersion: string;
}

export interface KotlinOptions {
  packageName: string;
  /** Named in the header so a reader knows how to regenerate. */
  generator: string;
}

type Json = Record<string, unknown>;

/**
 * Where a class, enum or union is used: a catalog root (a method's params), a property of another
 * class, or a member of a tagged union (`tag` null: the member without the tag property).
 */
type Use = { root: string } | { owner: string; prop: string; suffix: string } | { union: string; tag: string | null };

/** A class, enum or tagged union the walk found, with every place that uses it. */
interface Shape {
  key: string;
  schema: Json;
  kind: 'class' | 'enum' | 'union';
  exported?: string;
  uses: Use[];
  order: number;
  /** A union's tag property and members; a member's union. */
  union?: TaggedUnion;
  memberOf?: { union: string; tag: string | null };
}

/** A union of objects told apart by one string property, e.g. `kind`; at most one member lacks it. */
interface TaggedUnion {
  tagName: string;
  members: { schema: Json; tag: string | null }[];
}

const KEYWORDS = new Set([
  'as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is', 'null',
  'object', 'package', 'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof', 'val', 'var', 'when', 'while',
]);

export function generateKotlin(catalog: Catalog, opts: KotlinOptions): string {
  const shapes = new Map<string, Shape>();
  const exportedByKey = new Map<string, string>();
  for (const [exportName, value] of Object.entries(catalog.named)) {
    if (!isSchema(value) || !exportName.endsWith('Schema')) continue;
    const key = keyOf(value as Json);
    if (!exportedByKey.has(key)) exportedByKey.set(key, exportName.slice(0, -'Schema'.length));
  }

  // Pass 1: find every object and enum, and where each is used.
  const visit = (schema: Json, use: Use): void => {
    const s = nonNull(schema);
    if (isEnum(s)) return void note(s, 'enum', use);
    const union = taggedUnion(s);
    if (union) {
      const key = note(s, 'union', use);
      shapes.get(key)!.union = union;
      for (const m of union.members) visit(m.schema, { union: key, tag: m.tag });
      return;
    }
    if (isClass(s)) {
      const key = note(s, 'class', use);
      for (const [prop, sub] of Object.entries(s.properties as Record<string, Json>)) visit(sub, { owner: key, prop, suffix: '' });
      return;
    }
    const inner = (u: Use, suffix: string): Use => ('root' in u ? { root: u.root + suffix } : 'owner' in u ? { ...u, suffix: u.suffix + suffix } : u);
    if (s.type === 'array') {
      if (Array.isArray(s.items)) (s.items as Json[]).forEach((item, i) => visit(item, inner(use, String(i))));
      else if (isObject(s.items)) visit(s.items as Json, inner(use, '[]'));
      return;
    }
    const values = s.type === 'object' ? valuesOf(s) : undefined;
    if (values) visit(values, inner(use, 'Value'));
  };
  const note = (s: Json, kind: Shape['kind'], use: Use): string => {
    const key = keyOf(s);
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { key, schema: s, kind, exported: exportedByKey.get(key), uses: [], order: shapes.size }));
    shape.uses.push(use);
    if ('union' in use) {
      const other = shape.memberOf;
      if (other && other.union !== use.union) throw new Error(`one shape is a member of two unions: ${key.slice(0, 200)}`);
      shape.memberOf = { union: use.union, tag: use.tag };
    }
    return key;
  };
  const requestNames = Object.keys(catalog.requests);
  const notificationNames = Object.keys(catalog.notifications);
  for (const method of requestNames) {
    const spec = catalog.requests[method]!;
    visit(spec.params as Json, { root: `${pascal(method)}Params` });
    visit(spec.result as Json, { root: `${pascal(method)}Result` });
  }
  const hostRequestNames = Object.keys(catalog.hostRequests);
  for (const method of hostRequestNames) {
    const spec = catalog.hostRequests[method]!;
    visit(spec.params as Json, { root: `${pascal(method)}Params` });
    visit(spec.result as Json, { root: `${pascal(method)}Result` });
  }
  for (const name of notificationNames) visit(catalog.notifications[name] as Json, { root: `${pascal(name)}Params` });

  // Each shape takes its exported name, else the shortest name its uses suggest: the owner's
  // name and the property (singular for array items); two shapes never share a name.
  const nameOf = new Map<string, string>();
  const resolving = new Set<string>();
  const resolve = (shape: Shape): string => {
    const known = nameOf.get(shape.key);
    if (known) return known;
    if (resolving.has(shape.key)) throw new Error(`recursive schema without an exported name: ${shape.key.slice(0, 200)}`);
    resolving.add(shape.key);
    const member = shape.memberOf;
    if (member && shape.uses.some((u) => !('union' in u))) {
      throw new Error(`${shape.exported ?? 'a union member'} is used both in a union and alone: its tag property would be lost`);
    }
    let name: string;
    if (member) {
      // A member is nested in its union (Selection.Ids) unless exported under a name of its own.
      if (!shape.exported && member.tag === null) throw new Error(`the untagged member of a union needs an exported name: ${shape.key.slice(0, 200)}`);
      name = shape.exported ?? `${resolve(shapes.get(member.union)!)}.${pascal(member.tag!)}`;
    } else {
      const suggested = shape.uses.map((u) =>
        'root' in u ? u.root.replace(/\[\]/g, 'Item') : 'owner' in u ? resolve(shapes.get(u.owner)!).replace(/\./g, '') + placeName(u.prop, u.suffix) : '',
      );
      name = shape.exported ?? [...suggested].sort((a, b) => a.length - b.length)[0]!;
    }
    nameOf.set(shape.key, name);
    return name;
  };
  const owner = new Map<string, Shape>();
  const reserved = new Set(['Methods', 'Notifications', 'ErrorCodes', 'Requests', 'HostRequests', 'NotificationTypes', 'Empty', 'RequestType', 'NotificationType']);
  for (const shape of shapes.values()) {
    const name = resolve(shape);
    if (reserved.has(name)) throw new Error(`the Kotlin name ${name} belongs to the generated file itself: export the shape under another name`);
    const taken = owner.get(name);
    if (taken) throw new Error(`two different shapes want the Kotlin name ${name}: export one of them as ${name}Schema (or another name)`);
    owner.set(name, shape);
  }

  // Pass 2: Kotlin types and declarations.
  const typeOf = (schema: Json): { text: string; nullable: boolean } => {
    const nullable = acceptsNull(schema);
    const s = nonNull(schema);
    const t = (text: string) => ({ text, nullable });
    if (isEnum(s) || isClass(s) || taggedUnion(s)) return t(nameOf.get(keyOf(s))!);
    if (isEmptyObject(s)) return t('Empty');
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf) || Array.isArray(s.allOf)) return t('JsonElement');
    if (typeof s.const === 'string') return t('String');
    switch (s.type) {
      case 'string':
        return t('String');
      case 'boolean':
        return t('Boolean');
      case 'number':
        return t('Double');
      case 'integer':
        return t(s.format === 'int64' || beyondInt(s) ? 'Long' : 'Int');
      case 'array': {
        if (Array.isArray(s.items)) {
          const items = (s.items as Json[]).map((i) => render(typeOf(i)));
          return t(`List<${items.length > 0 && items.every((i) => i === items[0]) ? items[0] : 'JsonElement'}>`);
        }
        return t(`List<${isObject(s.items) ? render(typeOf(s.items as Json)) : 'JsonElement'}>`);
      }
      case 'object':
        if (valuesOf(s)) return t(`Map<String, ${render(typeOf(valuesOf(s)!))}>`);
        return t('JsonObject');
      default:
        // {} (unknown), a union of types, an open JSON Schema: carried as JSON.
        return { text: 'JsonElement', nullable: true };
    }
  };

  const out: string[] = [];
  out.push(
    `// Generated by ${opts.generator} from ide-bridge/protocol.ts: do not edit.`,
    '// After changing the catalog run `npm run gen:kotlin`; a test fails while this file is stale.',
    '@file:Suppress("unused", "RedundantVisibilityModifier")',
    '',
    `package ${opts.packageName}`,
    '',
    'import kotlinx.serialization.SerialName',
    'import kotlinx.serialization.Serializable',
    'import kotlinx.serialization.json.JsonElement',
    'import kotlinx.serialization.json.JsonObject',
    ...([...shapes.values()].some((s) => s.kind === 'union') ? ['import kotlinx.serialization.json.Json', 'import kotlinx.serialization.json.jsonObject'] : []),
    '',
    '/** Bumped by the sidecar on any incompatible change; `hello` returns the one it speaks. */',
    `public const val PROTOCOL_VERSION: Int = ${catalog.protocolVersion}`,
    '',
    '/** The lowest Node.js version the sidecar runs on (package.json engines). */',
    `public const val MIN_NODE_VERSION: String = ${str(catalog.minNodeVersion)}`,
    '',
    '/** Every request method of the catalog. */',
    'public object Methods {',
  );
  for (const m of requestNames) out.push(...kdoc(catalog.requests[m]!.doc, '    '), `    public const val ${constant(m)}: String = ${str(m)}`);
  out.push('}', '', '/** Every notification of the catalog. */', 'public object Notifications {');
  for (const n of notificationNames) out.push(`    public const val ${constant(n)}: String = ${str(n)}`);
  out.push('}', '', '/** The sidecar\'s own JSON-RPC error codes (beyond JSON-RPC\'s). */', 'public object ErrorCodes {');
  for (const [name, code] of Object.entries(catalog.errorCodes)) out.push(`    public const val ${constant(name)}: Int = ${code}`);
  out.push('}', '', '/** Typed requests: method name, params and result serializers from one place. */', 'public object Requests {');
  const paramsOf = (schema: TSchema) => render(typeOf(schema as Json));
  for (const m of requestNames) {
    const spec = catalog.requests[m]!;
    out.push(`    public val ${camel(m)}: RequestType<${paramsOf(spec.params)}, ${paramsOf(spec.result)}> =`);
    out.push(`        RequestType(Methods.${constant(m)}, ${serializer(paramsOf(spec.params))}, ${serializer(paramsOf(spec.result))})`);
  }
  out.push(`    public val all: List<RequestType<*, *>> = listOf(${requestNames.map(camel).join(', ')})`);
  out.push('}', '', '/** Requests the sidecar makes of this client (the IDE host), typed: the client answers them. */', 'public object HostRequests {');
  for (const m of hostRequestNames) {
    const spec = catalog.hostRequests[m]!;
    out.push(...kdoc(spec.doc, '    '), `    public val ${camel(m)}: RequestType<${paramsOf(spec.params)}, ${paramsOf(spec.result)}> =`);
    out.push(`        RequestType(${str(m)}, ${serializer(paramsOf(spec.params))}, ${serializer(paramsOf(spec.result))})`);
  }
  out.push(`    public val all: List<RequestType<*, *>> = listOf(${hostRequestNames.map(camel).join(', ')})`);
  out.push('}', '', '/** Typed notifications. */', 'public object NotificationTypes {');
  for (const n of notificationNames) {
    const p = paramsOf(catalog.notifications[n]!);
    out.push(`    public val ${camel(n)}: NotificationType<${p}> = NotificationType(Notifications.${constant(n)}, ${serializer(p)})`);
  }
  out.push(`    public val all: List<NotificationType<*>> = listOf(${notificationNames.map(camel).join(', ')})`);
  out.push('}', '', '/** Params or result without fields. */', '@Serializable', 'public object Empty');

  /** A class's declaration; a union member leaves out the tag property (its union's serializer writes it). */
  const classLines = (shape: Shape, indent: string): string[] => {
    const name = nameOf.get(shape.key)!;
    const member = shape.memberOf;
    const union = member ? shapes.get(member.union)! : undefined;
    const simple = member && !shape.exported ? name.slice(name.lastIndexOf('.') + 1) : name;
    const supertype = union ? ` : ${nameOf.get(union.key)}` : '';
    const required = new Set((shape.schema.required as string[] | undefined) ?? []);
    const props = Object.entries(shape.schema.properties as Record<string, Json>).filter(([prop]) => prop !== union?.union!.tagName);
    const lines = [...kdoc(shape.schema.description as string | undefined, indent)];
    if (props.length === 0) return [...lines, `${indent}@Serializable`, `${indent}public data object ${simple}${supertype}`];
    lines.push(`${indent}@Serializable`, `${indent}public data class ${simple}(`);
    for (const [prop, sub] of props) {
      const type = typeOf(sub);
      const optional = !required.has(prop);
      const nullable = type.nullable || optional;
      // Absent and null differ on the wire: an optional field is left out while null (its default),
      // a required one that may be null is always sent. Unknown JSON may be absent either way.
      const defaulted = optional || (nullable && type.text === 'JsonElement');
      const field = identifier(prop);
      lines.push(...kdoc(sub.description as string | undefined, `${indent}    `));
      const serialName = field.replace(/`/g, '') === prop ? '' : `@SerialName(${str(prop)}) `;
      lines.push(`${indent}    ${serialName}val ${field}: ${type.text}${nullable ? '?' : ''}${defaulted ? ' = null' : ''},`);
    }
    lines.push(`${indent})${supertype}`);
    return lines;
  };

  for (const shape of [...shapes.values()].sort((a, b) => a.order - b.order)) {
    const name = nameOf.get(shape.key)!;
    if (shape.kind === 'class') {
      // Nested members are written inside their union.
      if (shape.memberOf && !shape.exported) continue;
      out.push('', ...classLines(shape, ''));
      continue;
    }
    out.push('');
    out.push(...kdoc(shape.schema.description as string | undefined, ''));
    if (shape.kind === 'enum') {
      out.push('@Serializable', `public enum class ${name} {`);
      for (const v of enumValues(shape.schema)!) out.push(`    @SerialName(${str(v)}) ${constant(v)},`);
      out.push('}');
      continue;
    }
    // A tagged union: a sealed interface, its members, and the serializer that reads the tag.
    const union = shape.union!;
    const members = union.members.map((m) => ({ tag: m.tag, shape: shapes.get(keyOf(nonNull(m.schema)))! }));
    const nested = members.filter((m) => !m.shape.exported);
    out.push(`@Serializable(with = ${name}Serializer::class)`, `public sealed interface ${name}${nested.length ? ' {' : ''}`);
    nested.forEach((m, i) => out.push(...(i > 0 ? [''] : []), ...classLines(m.shape, '    ')));
    if (nested.length) out.push('}');
    const tagOf = (tag: string | null) => (tag === null ? 'null' : str(tag));
    const isObject = (m: (typeof members)[number]) => Object.keys(m.shape.schema.properties as Json).every((p) => p === union.tagName);
    out.push(
      '',
      `internal object ${name}Serializer : TaggedUnionSerializer<${name}>(${str(name)}, ${str(union.tagName)}) {`,
      `    override fun encode(json: Json, value: ${name}): Pair<String?, JsonObject> = when (value) {`,
    );
    for (const m of members) {
      const type = nameOf.get(m.shape.key)!;
      out.push(
        isObject(m)
          ? `        ${type} -> ${tagOf(m.tag)} to JsonObject(emptyMap())`
          : `        is ${type} -> ${tagOf(m.tag)} to json.encodeToJsonElement(${type}.serializer(), value).jsonObject`,
      );
    }
    out.push('    }', `    override fun decode(json: Json, tag: String?, body: JsonObject): ${name} = when (tag) {`);
    for (const m of members) {
      const type = nameOf.get(m.shape.key)!;
      out.push(`        ${tagOf(m.tag)} -> ${isObject(m) ? type : `json.decodeFromJsonElement(${type}.serializer(), body)`}`);
    }
    out.push('        else -> unknownTag(tag)');
    out.push('    }', '}');
  }
  return `${out.join('\n')}\n`;
}

function render(t: { text: string; nullable: boolean }): string {
  return t.nullable ? `${t.text}?` : t.text;
}

function serializer(type: string): string {
  if (type === 'Empty') return 'Empty.serializer()';
  if (/^[A-Z]\w*$/.test(type) && !['JsonElement', 'JsonObject', 'String', 'Int', 'Long', 'Boolean', 'Double'].includes(type)) return `${type}.serializer()`;
  return `kotlinx.serialization.serializer<${type}>()`;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isSchema(v: unknown): boolean {
  return isObject(v) && Kind in v;
}

/**
 * A union of objects with one string-literal property (the tag) whose values tell the members
 * apart; one member may lack the property (the default, as an HTTP draft lacks `protocol`).
 */
function taggedUnion(s: Json): TaggedUnion | undefined {
  if (!Array.isArray(s.anyOf) || s.anyOf.length < 2) return undefined;
  const members = s.anyOf as Json[];
  if (!members.every(isClass)) return undefined;
  const propsOf = (m: Json) => m.properties as Record<string, Json>;
  const names = [...new Set(members.flatMap((m) => Object.entries(propsOf(m)).filter(([, p]) => typeof p.const === 'string').map(([k]) => k)))];
  for (const tagName of names) {
    const tags = members.map((m) => propsOf(m)[tagName]?.const as string | undefined);
    const untagged = members.filter((_, i) => tags[i] === undefined);
    if (untagged.length > 1 || untagged.some((m) => tagName in propsOf(m))) continue;
    const present = tags.filter((t) => t !== undefined);
    if (new Set(present).size !== present.length) continue;
    if (members.some((m, i) => tags[i] !== undefined && !((m.required as string[] | undefined) ?? []).includes(tagName))) continue;
    return { tagName, members: members.map((schema, i) => ({ schema, tag: tags[i] ?? null })) };
  }
  return undefined;
}

/** `enum: [...]` of strings, or a union of string literals (TypeBox's Union of Literals). */
function enumValues(s: Json): string[] | undefined {
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => typeof v === 'string')) return s.enum as string[];
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && (s.anyOf as Json[]).every((m) => typeof m.const === 'string')) {
    return (s.anyOf as Json[]).map((m) => m.const as string);
  }
  return undefined;
}

function isEnum(s: Json): boolean {
  return enumValues(s) !== undefined;
}

function isClass(s: Json): boolean {
  return s.type === 'object' && isObject(s.properties) && Object.keys(s.properties).length > 0;
}

function isEmptyObject(s: Json): boolean {
  return (
    s.type === 'object' &&
    (!isObject(s.properties) || Object.keys(s.properties).length === 0) &&
    s.additionalProperties === undefined &&
    valuesOf(s) === undefined
  );
}

/** The value schema of a map: `additionalProperties` or a record's single pattern. */
function valuesOf(s: Json): Json | undefined {
  if (isObject(s.additionalProperties)) return s.additionalProperties;
  if (isObject(s.patternProperties)) {
    const patterns = Object.values(s.patternProperties);
    if (patterns.length === 1 && isObject(patterns[0])) return patterns[0];
  }
  return undefined;
}

function beyondInt(s: Json): boolean {
  return (typeof s.maximum === 'number' && s.maximum > 2 ** 31 - 1) || (typeof s.minimum === 'number' && s.minimum < -(2 ** 31));
}

/** Null is allowed by `{}`, `type: 'null'` members of a union and `type: [..., 'null']`. */
function acceptsNull(s: Json): boolean {
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).some((m) => acceptsNull(m));
  if (Array.isArray(s.type)) return s.type.includes('null');
  if (s.type === 'null') return true;
  return s.type === undefined && s.enum === undefined && s.const === undefined && s.anyOf === undefined && s.$ref === undefined;
}

/** The schema without its null alternative: `T | null` is T, nullable. */
function nonNull(s: Json): Json {
  if (Array.isArray(s.anyOf)) {
    const rest = (s.anyOf as Json[]).filter((m) => m.type !== 'null');
    if (rest.length === 1) return rest[0]!;
    if (rest.length < s.anyOf.length) return { ...s, anyOf: rest };
  }
  if (Array.isArray(s.type)) {
    const rest = s.type.filter((t) => t !== 'null');
    if (rest.length === 1) return { ...s, type: rest[0] };
  }
  return s;
}

/** Structure only: descriptions and constraints do not make a different class. */
function keyOf(s: Json): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isObject(v)) return v;
    const o: Json = {};
    for (const k of Object.keys(v).sort()) {
      if (['description', 'title', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'examples', 'default'].includes(k)) continue;
      o[k] = k === 'properties' ? Object.fromEntries(Object.entries(v[k] as Json).map(([p, sub]) => [p, strip(sub)])) : strip(v[k]);
    }
    return o;
  };
  return JSON.stringify(strip(s));
}

/** 'project/open' → ProjectOpen, 'index/changed' → IndexChanged, 'spring-mvc' → SpringMvc. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** 'project/open' → projectOpen: descriptors are values, so they never shadow a class name. */
function camel(name: string): string {
  return pascal(name).replace(/^./, (c) => c.toLowerCase());
}

/** 'project/open' → PROJECT_OPEN, 'ProjectNotOpen' → PROJECT_NOT_OPEN, 'spring-mvc' → SPRING_MVC. */
export function constant(name: string): string {
  const c = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(c) ? c : `_${c}`;
}

function identifier(prop: string): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(prop) ? prop : camel(prop);
  const safe = /^[0-9]/.test(name) ? `_${name}` : name;
  return KEYWORDS.has(safe) ? `\`${safe}\`` : safe;
}

/** `modules` holding a list of objects → Module; a plain property → its name. */
function placeName(prop: string, suffix: string): string {
  const name = pascal(prop);
  return suffix.startsWith('[]') ? singular(name) + suffix.slice(2).replace(/\[\]/g, 'Item') : name + suffix;
}

function singular(name: string): string {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/Children$/.test(name)) return name.slice(0, -3);
  if (/(ss|x|ch|sh)es$/.test(name)) return name.slice(0, -2);
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}

function str(s: string): string {
  return JSON.stringify(s).replace(/\$/g, '\\$');
}

function kdoc(text: string | undefined, indent: string): string[] {
  if (!text) return [];
  const safe = text.replace(/\*\//g, '*&#47;');
  return [`${indent}/** ${safe} */`];
}
