// What the annotations and comments on one property add to the schema of its type: Jackson's
// formats (JSON-B's and fastjson's said as Jackson's, bean-mapper-annotations.ts), Bean Validation constraints (javax and jakarta alike: simple names),
// Swagger 2 `@ApiModelProperty`, OpenAPI 3 `@Schema`, deprecation and the description.

import type { JsonSchema } from '../../model/request';
import type { ProjectIndex, Scope } from '../project-index';
import type { Annotation } from '../source-model';
import { enumListing } from './descriptions';
import { enumWithShape } from './enum-schema';
import { boolAttr, classesAttr, enumAttr, numberAttr, stringAttr, stringsAttr } from './attribute';
import { isRawValue, serializerWrites, writtenContent, writtenSchema } from './value-serializers';

export interface RuleContext {
  index: ProjectIndex;
  /** Where the property is declared: constants in attributes resolve here. */
  scope: Scope;
  /** The schema is of a body Jackson reads (a request), not one it writes. */
  request?: boolean;
  /** In a request, the property's setter reads any JSON (`setX(JsonNode)`). */
  readsJson?: boolean;
  /** The mapper writes enums as their toString() (Jackson 3's default): so does a property's `@JsonFormat(shape = STRING)`. */
  enumsUsingToString?: boolean;
}

/** Excluded from the JSON entirely. */
export function isHidden(anns: ReadonlyMap<string, Annotation>): boolean {
  const ignore = anns.get('JsonIgnore');
  if (ignore && boolAttr(ignore, 'value') !== false) return true;
  if (anns.has('JsonBackReference')) return true; // Jackson never writes the back side of a reference pair
  if (boolAttr(anns.get('Schema'), 'hidden') || boolAttr(anns.get('ApiModelProperty'), 'hidden')) return true;
  return false;
}

/**
 * `@JsonProperty("x")`. Gson's `@SerializedName` names only what Gson writes (gson.ts), fastjson's
 * `@JSONField(name = "x")` and JSON-B's `@JsonbProperty` only what theirs write (bean-mapper-annotations.ts,
 * which says them as `@JsonProperty`): Jackson ignores them.
 */
export function explicitName(anns: ReadonlyMap<string, Annotation>, ctx: RuleContext): string | undefined {
  const { index, scope } = ctx;
  return stringAttr(index, anns.get('JsonProperty'), 'value', scope) || undefined;
}

export interface RuledProperty {
  schema: JsonSchema;
  required: boolean;
}

const DATE_FORMATS = new Set(['date', 'date-time', 'time', 'time-local']);

/** Applies the property's annotations and comment (`docText` of it) to the schema of its type (never mutated). */
export function applyPropertyRules(base: JsonSchema, anns: ReadonlyMap<string, Annotation>, comment: string | undefined, ctx: RuleContext): RuledProperty {
  const { index, scope } = ctx;
  // Serialisation shape: Jackson @JsonFormat (also JSON-B's and fastjson's formats, said as one), value serializers.
  const jsonFormat = anns.get('JsonFormat');
  const shape = enumAttr(jsonFormat, 'shape');
  if (shape) base = enumWithShape(index, base, shape, scope.file.module, { usingToString: ctx.enumsUsingToString === true });
  let s: JsonSchema = { ...base };
  let required = false;

  const serializer = anns.get('JsonSerialize');
  // `@JsonRawValue` only writes: a request's value is the String it is read into, unless a
  // deserializer, its setter or its type (`JsonNode`, `Object`) reads any JSON.
  const rawValue = isRawValue(anns);
  const raw = rawValue && (!ctx.request || ctx.readsJson === true || anns.has('JsonDeserialize'));
  if (rawValue && !raw) s = { type: 'string' };
  const written = raw ? 'raw' : serializerWrites(index, serializer, 'using', scope);
  const content = serializerWrites(index, serializer, 'contentUsing', scope);
  if (written) s = writtenSchema(s, written);
  else if (content) s = writtenContent(s, content);
  else if (shape === 'STRING') {
    // Numbers and booleans as text, the values of an enum's `@JsonValue` too (`"2"`).
    if (s.type === 'integer' || s.type === 'number' || s.type === 'boolean') {
      s.type = 'string';
      if (s.enum) s.enum = s.enum.map(String);
    }
  } else if ((shape === 'NUMBER' || shape === 'NUMBER_INT') && s.type === 'string' && DATE_FORMATS.has(s.format ?? '')) {
    s = { ...s, type: 'integer', format: 'int64' }; // epoch milliseconds
  }
  const pattern = stringAttr(index, jsonFormat, 'pattern', scope);
  if (pattern && s.type === 'string') {
    if (DATE_FORMATS.has(s.format ?? '')) delete s.format; // no longer RFC 3339 on the wire
    s['x-format-pattern'] = pattern;
  }

  // Bean Validation.
  for (const [name, a] of anns) {
    if (!CONSTRAINTS.has(name) || !inDefaultGroup(a)) continue;
    switch (name) {
      case 'NotNull':
        required = true;
        break;
      case 'NotBlank':
      case 'NotEmpty':
        required = true;
        if (s.type === 'string') s.minLength = Math.max(s.minLength ?? 0, 1);
        else if (s.type === 'array' && name === 'NotEmpty') s.minItems = Math.max(s.minItems ?? 0, 1);
        break;
      case 'Size':
      case 'Length': {
        const min = numberAttr(index, a, 'min', scope);
        const max = numberAttr(index, a, 'max', scope);
        if (s.type === 'string') {
          if (min !== undefined && min > 0) s.minLength = min;
          if (max !== undefined && max < 2147483647) s.maxLength = max;
        } else if (s.type === 'array') {
          if (min !== undefined && min > 0) s.minItems = min;
          if (max !== undefined && max < 2147483647) s.maxItems = max;
        }
        break;
      }
      case 'Min':
      case 'DecimalMin': {
        const v = numberAttr(index, a, 'value', scope);
        if (v === undefined) break;
        if (boolAttr(a, 'inclusive') === false) s.exclusiveMinimum = v;
        else s.minimum = v;
        break;
      }
      case 'Max':
      case 'DecimalMax': {
        const v = numberAttr(index, a, 'value', scope);
        if (v === undefined) break;
        if (boolAttr(a, 'inclusive') === false) s.exclusiveMaximum = v;
        else s.maximum = v;
        break;
      }
      case 'Range': {
        const min = numberAttr(index, a, 'min', scope) ?? 0;
        const max = numberAttr(index, a, 'max', scope);
        s.minimum = min;
        if (max !== undefined && max < Number.MAX_SAFE_INTEGER) s.maximum = max;
        break;
      }
      case 'Positive':
        s.exclusiveMinimum = 0;
        break;
      case 'PositiveOrZero':
        s.minimum = 0;
        break;
      case 'Negative':
        s.exclusiveMaximum = 0;
        break;
      case 'NegativeOrZero':
        s.maximum = 0;
        break;
      case 'Pattern': {
        const regexp = stringAttr(index, a, 'regexp', scope);
        if (regexp !== undefined) s.pattern = regexp;
        break;
      }
      case 'Email':
        if (s.type === 'string') s.format = 'email';
        break;
    }
  }

  // Jackson's own flags.
  const jsonProperty = anns.get('JsonProperty');
  if (boolAttr(jsonProperty, 'required')) required = true;
  accessMode(s, enumAttr(jsonProperty, 'access'));

  // Swagger 2 and OpenAPI 3.
  const schemaAnn = anns.get('Schema');
  const apiModel = anns.get('ApiModelProperty');
  let description: string | undefined;
  if (schemaAnn) {
    const type = stringAttr(index, schemaAnn, 'type', scope);
    if (type && type !== s.type && JSON_TYPES.has(type)) s = { type: type as JsonSchema['type'] };
    const format = stringAttr(index, schemaAnn, 'format', scope);
    if (format) s.format = format;
    description = stringAttr(index, schemaAnn, 'description', scope) || stringAttr(index, schemaAnn, 'title', scope) || undefined;
    const example = stringAttr(index, schemaAnn, 'example', scope);
    if (example !== undefined) setExample(s, example);
    const defaultValue = stringAttr(index, schemaAnn, 'defaultValue', scope);
    if (defaultValue !== undefined) s.default = typedValue(defaultValue, s);
    const allowable = stringsAttr(index, schemaAnn, 'allowableValues', scope);
    if (allowable.length) s.enum = allowable.map((v) => typedValue(v, s));
    const mode = enumAttr(schemaAnn, 'requiredMode');
    if (boolAttr(schemaAnn, 'required') || mode === 'REQUIRED') required = true;
    accessMode(s, enumAttr(schemaAnn, 'accessMode'));
    if (boolAttr(schemaAnn, 'deprecated')) s.deprecated = true;
    const minimum = numberAttr(index, schemaAnn, 'minimum', scope);
    if (minimum !== undefined) s[boolAttr(schemaAnn, 'exclusiveMinimum') ? 'exclusiveMinimum' : 'minimum'] = minimum;
    const maximum = numberAttr(index, schemaAnn, 'maximum', scope);
    if (maximum !== undefined) s[boolAttr(schemaAnn, 'exclusiveMaximum') ? 'exclusiveMaximum' : 'maximum'] = maximum;
    const minLength = numberAttr(index, schemaAnn, 'minLength', scope);
    if (minLength) s.minLength = minLength;
    const maxLength = numberAttr(index, schemaAnn, 'maxLength', scope);
    if (maxLength !== undefined && maxLength < 2147483647) s.maxLength = maxLength;
    const regex = stringAttr(index, schemaAnn, 'pattern', scope);
    if (regex) s.pattern = regex;
    // An explicit NOT_REQUIRED is the author overriding the validation constraints for the docs.
    if (mode === 'NOT_REQUIRED') required = false;
  }
  if (apiModel) {
    description ??= stringAttr(index, apiModel, 'value', scope) || stringAttr(index, apiModel, 'notes', scope) || undefined;
    const example = stringAttr(index, apiModel, 'example', scope);
    if (example !== undefined && !s.examples) setExample(s, example);
    if (boolAttr(apiModel, 'required')) required = true;
    const allowable = stringAttr(index, apiModel, 'allowableValues', scope);
    if (allowable && !s.enum) allowableValues(s, allowable);
    if (boolAttr(apiModel, 'readOnly')) s.readOnly = true;
    accessMode(s, enumAttr(apiModel, 'accessMode'));
  }
  if (anns.has('Deprecated')) s.deprecated = true;

  // `@JsonIgnoreProperties({"parent"}) Dept dept`: drops properties of the nested object here only.
  const ignored = stringsAttr(index, anns.get('JsonIgnoreProperties'), 'value', scope);
  if (ignored.length) s = withoutProperties(s, new Set(ignored));

  description ??= comment;
  if (description) {
    // The property's own words replace the enum type's, but the meaning of each value stays.
    const listing = base.enum ? enumListing(base) : undefined;
    s.description = listing ? `${description}\n${listing}` : description;
  }
  return { schema: s, required };
}

/**
 * An annotation's example in the declared type (`"1,2,3"` on a `List<Long>` is `[1, 2, 3]`). One
 * that cannot be (`"FLOW"` on an `Integer`) is left out, and named in `x-ignored-example` so the
 * exports can say why the example is not the one written.
 */
export function setExample(s: JsonSchema, text: string): void {
  const v = typedExample(text, s);
  if (v === undefined) s['x-ignored-example'] = text;
  else s.examples = [v];
}

/** `typedValue`, or undefined when the text is not a value of the schema's type. */
export function typedExample(text: string, s: JsonSchema): unknown {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  const v = typedValue(text, s);
  if (t === 'integer' || t === 'number' || t === 'boolean') return typeof v === 'string' ? undefined : v;
  if (t === 'array' && typeof v === 'string') {
    // Comma-separated items, as Swagger UI reads `example = "1,2,3"`; a list written the way
    // Java prints one (`[a, b]`, items unquoted, so not JSON) loses its brackets.
    const items = s.items ?? {};
    const listed = /^\[([\s\S]*)\]$/.exec(text.trim());
    const parts = (listed ? listed[1]! : text).split(',').map((x) => typedExample(x.trim(), items));
    return parts.some((x) => x === undefined) ? undefined : parts;
  }
  if (t === 'object' && typeof v === 'string') return undefined;
  return v;
}

/**
 * An example or default written as a string, as a value of the property's type: "42" is 42
 * for an integer, JSON text is parsed for objects and arrays; anything else stays a string.
 */
export function typedValue(text: string, s: JsonSchema): unknown {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  const trimmed = text.trim();
  switch (t) {
    case 'integer':
      return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : text;
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : text;
    case 'string':
      return text;
    default: {
      if (!/^[[{]/.test(trimmed)) return text;
      try {
        const v: unknown = JSON.parse(trimmed);
        if (t === 'array' ? Array.isArray(v) : t === 'object' ? v !== null && typeof v === 'object' && !Array.isArray(v) : true) return v;
      } catch {
        // not JSON: keep the text as written
      }
      return text;
    }
  }
}

const CONSTRAINTS = new Set([
  'NotNull', 'NotBlank', 'NotEmpty', 'Size', 'Length', 'Min', 'Max', 'DecimalMin', 'DecimalMax', 'Range',
  'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero', 'Pattern', 'Email',
]);

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

/** Constraints restricted to other validation groups apply only when an endpoint asks for them. */
function inDefaultGroup(a: Annotation): boolean {
  if (!a.args.groups) return true;
  const groups = classesAttr(a, 'groups');
  return groups.length === 0 || groups.includes('Default');
}

function accessMode(s: JsonSchema, mode: string | undefined): void {
  if (mode === 'READ_ONLY') s.readOnly = true;
  else if (mode === 'WRITE_ONLY') s.writeOnly = true;
}

/** Swagger 2 `allowableValues`: `"A,B,C"`, `"range[1, 5]"`, `"range(0, infinity]"`. */
function allowableValues(s: JsonSchema, text: string): void {
  const range = /^range([[(])\s*(-?infinity|[-+\d.eE]+)\s*,\s*(-?infinity|[-+\d.eE]+)\s*([\])])$/i.exec(text.trim());
  if (range) {
    const [, open, lo, hi, close] = range;
    if (!/infinity/i.test(lo!)) s[open === '(' ? 'exclusiveMinimum' : 'minimum'] = Number(lo);
    if (!/infinity/i.test(hi!)) s[close === ')' ? 'exclusiveMaximum' : 'maximum'] = Number(hi);
    return;
  }
  const values = text.split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (values.length) s.enum = values.map((v) => typedValue(v, s));
}

function withoutProperties(s: JsonSchema, names: ReadonlySet<string>): JsonSchema {
  if (s.type === 'array' && s.items) return { ...s, items: withoutProperties(s.items, names) };
  if (!s.properties) return s;
  const properties: Record<string, JsonSchema> = {};
  for (const [k, v] of Object.entries(s.properties)) if (!names.has(k)) properties[k] = v;
  const out: JsonSchema = { ...s, properties };
  const required = s.required?.filter((r) => !names.has(r));
  if (required?.length) out.required = required;
  else delete out.required;
  return out;
}
