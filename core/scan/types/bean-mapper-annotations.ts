// The annotations of a bean as a mapper other than Jackson (and Gson, gson.ts) reads them, said in
// the words of Jackson's that the property rules read: JSON-B's and fastjson's mappers find
// properties much as Jackson does (public fields, getters and setters), so only what their
// annotations say differs. Jackson itself reads neither fastjson's `@JSONField` nor JSON-B's.
// JSON-B (jakarta.json.bind / javax.json.bind, checked against the JSON-B 3.0 API docs): `@JsonbProperty`
// renames, `@JsonbTransient` hides, `@JsonbDateFormat` / `@JsonbNumberFormat` write a formatted string
// (TIME_IN_MILLIS: epoch milliseconds), `@JsonbPropertyOrder` lists Java names first, the rest are
// lexicographical (the default PropertyOrderStrategy); `@JsonbTypeAdapter` / `@JsonbTypeSerializer`
// write what their code writes. Enums are their names. No Jackson annotation counts.
// fastjson: `@JSONField(name, format, serialize = false, deserialize = false, ordinal)`, `@JSONType(ignores,
// orders, alphabetic)`; properties sorted by ordinal, then by name unless `alphabetic = false`. fastjson 1 reads no
// Jackson annotation (1.2.83 writes a `@JsonIgnore` field); fastjson2 reads Jackson's as well
// (`JSONFactory.isUseJacksonAnnotation()`, on by default), `@JSONField`'s name first.

import type { Annotation, Expr } from '../source-model';
import { simpleName } from '../source-model';
import { boolAttr } from './attribute';

/** A mapper other than Jackson and Gson that an application writes its HTTP JSON with. */
export type BeanMapper = 'jsonb' | 'fastjson' | 'fastjson2';

/** The mapper an application writes with, and how it is configured. */
export interface MapperChoice {
  kind: BeanMapper;
  /**
   * fastjson's FastJsonConfig `setDateFormat` pattern for `java.util.Date` and the like; absent,
   * fastjson2's default (`yyyy-MM-dd HH:mm:ss`) or fastjson 1's epoch milliseconds.
   */
  dateFormat?: string;
  /** JSON-B 2.0, as the build says: a `@JsonbCreator` requires every parameter (3.0 made them optional). */
  creatorParamsRequired?: boolean;
  /** fastjson's reference detection is on: an object met again inside itself is written as `{"$ref": path}`. */
  referenceDetection?: boolean;
  /** JSON-B's `JsonbConfig.withPropertyNamingStrategy` set in code: a `PropertyNamingStrategy` constant's name. */
  naming?: string;
  /** JSON-B's `JsonbConfig.withPropertyVisibilityStrategy` set in code: a strategy of the project's own decides what is seen. */
  ownVisibility?: boolean;
}

/** The pattern fastjson2's FastJsonConfig writes dates in unless told otherwise. */
export const FASTJSON2_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Jackson's annotations (and Gson's `@JsonAdapter`), not JSON-B's `Jsonb*`. */
const JACKSON = /^Json(?!b[A-Z])/;
const FASTJSON = /^JSON(?:Field|Type)$/;

/** Whether the mapper reads Jackson's annotations: Jackson itself (undefined) and fastjson2. */
export function readsJacksonAnnotations(mapper: BeanMapper | undefined): boolean {
  return mapper === undefined || mapper === 'fastjson2';
}

/** A property's annotations (by simple name) as `mapper` reads them, in Jackson's words; undefined: Jackson's own reading. */
export function propertyAnnotations(anns: ReadonlyMap<string, Annotation>, mapper: BeanMapper | undefined): Map<string, Annotation> {
  const out = new Map<string, Annotation>();
  for (const [name, a] of anns) if (!FASTJSON.test(name) && (readsJacksonAnnotations(mapper) || !JACKSON.test(name))) out.set(name, a);
  if (mapper === 'jsonb') {
    const property = anns.get('JsonbProperty');
    if (property?.args.value) out.set('JsonProperty', jackson('JsonProperty', property, { value: property.args.value }));
    if (anns.has('JsonbTransient')) out.set('JsonIgnore', jackson('JsonIgnore', anns.get('JsonbTransient')!, {}));
    const date = anns.get('JsonbDateFormat');
    const pattern = date?.args.value;
    if (date && pattern && isTimeInMillis(pattern)) out.set('JsonFormat', jackson('JsonFormat', date, { shape: { kind: 'name', name: 'NUMBER' } }));
    else if (date && pattern && !isDefaultFormat(pattern)) out.set('JsonFormat', jackson('JsonFormat', date, { pattern }));
    const number = anns.get('JsonbNumberFormat');
    if (number?.args.value && !isDefaultFormat(number.args.value)) out.set('JsonFormat', jackson('JsonFormat', number, { shape: { kind: 'name', name: 'STRING' }, pattern: number.args.value }));
  } else if (mapper === 'fastjson' || mapper === 'fastjson2') {
    const field = anns.get('JSONField');
    if (field) {
      out.set('JSONField', field); // its ordinal orders the properties
      const serialize = boolAttr(field, 'serialize') !== false;
      const deserialize = boolAttr(field, 'deserialize') !== false;
      const args: Record<string, Expr> = {};
      // `@JSONField`'s name wins over a `@JsonProperty` beside it.
      const renamed = field.args.name ?? out.get('JsonProperty')?.args.value;
      if (renamed) args.value = renamed;
      if (!serialize || !deserialize) args.access = { kind: 'name', name: serialize ? 'READ_ONLY' : 'WRITE_ONLY' };
      if (!serialize && !deserialize) out.set('JsonIgnore', jackson('JsonIgnore', field, {}));
      else if (Object.keys(args).length) out.set('JsonProperty', jackson('JsonProperty', field, args));
      if (field.args.format) out.set('JsonFormat', jackson('JsonFormat', field, { pattern: field.args.format }));
    }
  }
  return out;
}

/** A class's annotations (by simple name) as `mapper` reads them, in Jackson's words. */
export function classAnnotations(anns: ReadonlyMap<string, Annotation>, mapper: BeanMapper | undefined): Map<string, Annotation> {
  const out = new Map<string, Annotation>();
  for (const [name, a] of anns) if (!FASTJSON.test(name) && (readsJacksonAnnotations(mapper) || !JACKSON.test(name))) out.set(name, a);
  if (mapper === undefined) return out;
  if (mapper === 'jsonb') {
    const order = anns.get('JsonbPropertyOrder');
    // Listed first, the rest lexicographical.
    out.set('JsonPropertyOrder', jackson('JsonPropertyOrder', order, { ...(order?.args.value ? { value: order.args.value } : {}), alphabetic: TRUE }));
    return out;
  }
  // fastjson names no Jackson naming strategy.
  out.delete('JsonNaming');
  const type = anns.get('JSONType');
  if (type?.args.ignores) out.set('JsonIgnoreProperties', jackson('JsonIgnoreProperties', type, { value: type.args.ignores }));
  const orders = type?.args.orders ?? out.get('JsonPropertyOrder')?.args.value;
  const alphabetic = boolAttr(type, 'alphabetic') !== false;
  out.set('JsonPropertyOrder', jackson('JsonPropertyOrder', type, { ...(orders ? { value: orders } : {}), alphabetic: alphabetic ? TRUE : FALSE }));
  return out;
}

/**
 * The annotation on a property, or on its class, that hands it to code of its own (JSON-B's
 * `@JsonbTypeAdapter` / `@JsonbTypeSerializer`, fastjson's `serializeUsing`): what it writes is unknown here.
 */
export function ownWriter(anns: ReadonlyMap<string, Annotation>, mapper: BeanMapper | undefined): string | undefined {
  if (mapper === 'jsonb') return ['JsonbTypeAdapter', 'JsonbTypeSerializer'].find((n) => anns.has(n));
  if (mapper === 'fastjson' || mapper === 'fastjson2') {
    if (anns.get('JSONField')?.args.serializeUsing) return 'JSONField(serializeUsing)';
    if (anns.get('JSONType')?.args.serializer) return 'JSONType(serializer)';
  }
  return undefined;
}

const TRUE: Expr = { kind: 'literal', value: 'true' };
const FALSE: Expr = { kind: 'literal', value: 'false' };

function jackson(name: string, from: Annotation | undefined, args: Record<string, Expr>): Annotation {
  return { name, args, line: from?.line ?? 0 };
}

/** JsonbDateFormat.TIME_IN_MILLIS (`##time-in-millis`). */
function isTimeInMillis(e: Expr): boolean {
  return (e.kind === 'name' && simpleName(e.name) === 'TIME_IN_MILLIS') || (e.kind === 'string' && e.value === '##time-in-millis');
}

/** JsonbDateFormat.DEFAULT_FORMAT (`##default`): the mapper's own format. */
function isDefaultFormat(e: Expr): boolean {
  return (e.kind === 'name' && simpleName(e.name) === 'DEFAULT_FORMAT') || (e.kind === 'string' && e.value === '##default');
}

/**
 * A property's name as JSON-B's `PropertyNamingStrategy` constant `strategy` writes it (Yasson):
 * the lower-case ones put their separator before every upper-case letter but a leading one
 * (`orderNo` -> `order_no`), the upper camel ones upper-case the first letter; IDENTITY and
 * CASE_INSENSITIVE (which only reads names loosely) write it as it is.
 */
export function jsonbPropertyName(name: string, strategy: string): string {
  const separated = (sep: string) => [...name].map((c, i) => (i > 0 && c !== c.toLowerCase() && c === c.toUpperCase() ? sep + c : c)).join('');
  switch (strategy) {
    case 'LOWER_CASE_WITH_UNDERSCORES':
      return separated('_').toLowerCase();
    case 'LOWER_CASE_WITH_DASHES':
      return separated('-').toLowerCase();
    case 'UPPER_CAMEL_CASE':
      return name.charAt(0).toUpperCase() + name.slice(1);
    case 'UPPER_CAMEL_CASE_WITH_SPACES': {
      const spaced = separated(' ');
      return spaced.charAt(0).toUpperCase() + spaced.slice(1);
    }
    default:
      return name;
  }
}
