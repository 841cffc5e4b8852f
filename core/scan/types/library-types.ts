// What well-known types outside the source tree look like on the wire: the JDK, Spring,
// Jackson, Gson, fastjson, Guava, reactive wrappers, and the page types of Spring Data and
// MyBatis-Plus. Dates and durations follow Spring Boot's Jackson defaults (ISO-8601 strings,
// WRITE_DATES_AS_TIMESTAMPS and WRITE_DURATIONS_AS_TIMESTAMPS off).

import type { JsonSchema } from '../../model/request';
import { SPRING_HTTP_STATUS_NAMES } from '../http-status';
import { halWrapper, isRepresentationModel } from './hateoas';

export type LibraryShape =
  /** A fixed schema: scalars, dates, files. */
  | { kind: 'scalar'; schema: JsonSchema }
  /** A JSON array of the first type argument. */
  | { kind: 'array'; unique?: boolean; items?: JsonSchema }
  /** A JSON object whose values are the `value`-th type argument (`list`: lists of it). */
  | { kind: 'map'; value: number; list?: boolean; values?: JsonSchema }
  /** Serialised as its first type argument (`Optional<T>`, `CompletableFuture<T>`). */
  | { kind: 'unwrap' }
  /** Any JSON object. */
  | { kind: 'free' }
  /** A string enum. */
  | { kind: 'enum'; values: string[] }
  /** An object of fixed properties; `items` stands for an array of the first type argument. */
  | { kind: 'object'; properties: Array<[string, JsonSchema | 'items']> };

const str = (extra: JsonSchema = {}): LibraryShape => ({ kind: 'scalar', schema: { type: 'string', ...extra } });
const int32: JsonSchema = { type: 'integer', format: 'int32' };
const int64: JsonSchema = { type: 'integer', format: 'int64' };
const bool: JsonSchema = { type: 'boolean' };
const binary = str({ format: 'binary' });
const dateTime = str({ format: 'date-time' });
const date = str({ format: 'date' });
// A LocalTime (and java.sql.Time) is written without an offset (`10:15:30`): the registry's `time-local`. RFC 3339's
// `time`, which validators check for an offset, is an OffsetTime's (`10:15:30+01:00`).
const localTime = str({ format: 'time-local' });
const time = str({ format: 'time' });

const TABLE = new Map<string, LibraryShape>();
function add(names: string, shape: LibraryShape): void {
  for (const n of names.trim().split(/\s+/)) TABLE.set(n, shape);
}
/** `pkg: A B C` lines: each simple name in its package. */
function addIn(pkg: string, names: string, shape: LibraryShape): void {
  add(names.trim().split(/\s+/).map((n) => `${pkg}.${n}`).join(' '), shape);
}

addIn('java.lang', 'String CharSequence StringBuilder StringBuffer', str());
addIn('java.lang', 'Integer', { kind: 'scalar', schema: int32 });
addIn('java.lang', 'Long', { kind: 'scalar', schema: int64 });
addIn('java.lang', 'Short Byte', { kind: 'scalar', schema: { type: 'integer' } });
addIn('java.lang', 'Float', { kind: 'scalar', schema: { type: 'number', format: 'float' } });
addIn('java.lang', 'Double', { kind: 'scalar', schema: { type: 'number', format: 'double' } });
addIn('java.lang', 'Number', { kind: 'scalar', schema: { type: 'number' } });
addIn('java.lang', 'Boolean', { kind: 'scalar', schema: bool });
addIn('java.lang', 'Character', str({ maxLength: 1 }));
addIn('java.lang', 'Void', { kind: 'scalar', schema: { type: 'null' } });
addIn('java.lang', 'Class', str());
addIn('java.lang', 'Object', { kind: 'free' });
addIn('java.lang', 'Iterable', { kind: 'array' });
addIn('java.math', 'BigDecimal', { kind: 'scalar', schema: { type: 'number' } });
addIn('java.math', 'BigInteger', { kind: 'scalar', schema: { type: 'integer' } });

addIn('java.time', 'LocalDate', date);
addIn('java.time', 'LocalDateTime OffsetDateTime ZonedDateTime Instant', dateTime);
addIn('java.time', 'LocalTime', localTime);
addIn('java.time', 'OffsetTime', time);
addIn('java.time', 'Duration Period', str({ format: 'duration' }));
addIn('java.time', 'Year', str({ pattern: '^\\d{4}$', examples: ['2024'] }));
addIn('java.time', 'YearMonth', str({ pattern: '^\\d{4}-\\d{2}$', examples: ['2024-01'] }));
addIn('java.time', 'MonthDay', str({ pattern: '^--\\d{2}-\\d{2}$', examples: ['--01-01'] }));
addIn('java.time', 'ZoneId', str({ examples: ['UTC'] }));
addIn('java.time', 'ZoneOffset', str({ examples: ['+00:00'] }));
addIn('java.time', 'DayOfWeek', { kind: 'enum', values: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] });
addIn('java.time', 'Month', {
  kind: 'enum',
  values: ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'],
});
// Joda-Time, as jackson-datatype-joda writes it with Spring Boot's defaults (ISO text, like java.time).
addIn('org.joda.time', 'DateTime MutableDateTime Instant LocalDateTime', dateTime);
addIn('org.joda.time', 'LocalDate', date);
addIn('org.joda.time', 'LocalTime', time);
addIn('org.joda.time', 'Duration Period', str({ format: 'duration' }));
addIn('org.joda.time', 'DateTimeZone', str({ examples: ['UTC'] }));
addIn('java.util', 'Date Calendar GregorianCalendar', dateTime);
addIn('java.sql', 'Timestamp', dateTime);
addIn('java.sql', 'Date', date);
addIn('java.sql', 'Time', localTime);
addIn('java.util', 'UUID', str({ format: 'uuid' }));
addIn('java.util', 'Locale', str({ examples: ['en_US'] }));
addIn('java.util', 'TimeZone', str({ examples: ['UTC'] }));
addIn('java.util', 'Currency', str({ examples: ['USD'] }));
addIn('java.util.regex', 'Pattern', str());
addIn('java.net', 'URI URL', str({ format: 'uri' }));
addIn('java.net', 'InetAddress', str({ format: 'ipv4' }));
addIn('java.io', 'File', str());
addIn('java.nio.file', 'Path', str());
addIn('java.io', 'InputStream', binary);
addIn('java.io', 'Serializable', { kind: 'free' });

addIn('java.util', 'OptionalInt', { kind: 'scalar', schema: int32 });
addIn('java.util', 'OptionalLong', { kind: 'scalar', schema: int64 });
addIn('java.util', 'OptionalDouble', { kind: 'scalar', schema: { type: 'number', format: 'double' } });
addIn('java.util.concurrent.atomic', 'AtomicInteger', { kind: 'scalar', schema: int32 });
addIn('java.util.concurrent.atomic', 'AtomicLong', { kind: 'scalar', schema: int64 });
addIn('java.util.concurrent.atomic', 'AtomicBoolean', { kind: 'scalar', schema: bool });
addIn('java.util.concurrent.atomic', 'AtomicReference', { kind: 'unwrap' });
addIn('java.util', 'Optional', { kind: 'unwrap' });
addIn('java.util.concurrent', 'CompletableFuture CompletionStage Future Callable', { kind: 'unwrap' });

addIn('java.util', 'Collection List ArrayList LinkedList AbstractList Queue Deque ArrayDeque Vector Stack PriorityQueue', { kind: 'array' });
addIn('java.util.concurrent', 'CopyOnWriteArrayList BlockingQueue LinkedBlockingQueue ConcurrentLinkedQueue', { kind: 'array' });
addIn('java.util.stream', 'Stream', { kind: 'array' });
addIn('java.util', 'Set HashSet LinkedHashSet TreeSet SortedSet NavigableSet EnumSet AbstractSet', { kind: 'array', unique: true });
addIn('java.util.concurrent', 'CopyOnWriteArraySet ConcurrentSkipListSet', { kind: 'array', unique: true });
addIn('java.util.stream', 'IntStream LongStream', { kind: 'array', items: { type: 'integer' } });
addIn('java.util', 'Map HashMap LinkedHashMap TreeMap SortedMap NavigableMap Hashtable EnumMap AbstractMap WeakHashMap IdentityHashMap', {
  kind: 'map',
  value: 1,
});
addIn('java.util.concurrent', 'ConcurrentMap ConcurrentHashMap ConcurrentSkipListMap', { kind: 'map', value: 1 });
addIn('java.util', 'Properties', { kind: 'map', value: -1, values: { type: 'string' } });

// Spring
addIn('org.springframework.web.multipart', 'MultipartFile', binary);
addIn('org.springframework.http.codec.multipart', 'FilePart Part', binary);
addIn('org.springframework.core.io', 'Resource InputStreamResource ByteArrayResource FileSystemResource ClassPathResource UrlResource PathResource', binary);
addIn('org.springframework.web.servlet.mvc.method.annotation', 'StreamingResponseBody', binary);
addIn('javax.servlet.http', 'Part', binary);
addIn('jakarta.servlet.http', 'Part', binary);
addIn('org.springframework.util', 'MultiValueMap LinkedMultiValueMap', { kind: 'map', value: 1, list: true });
addIn('org.springframework.http', 'ResponseEntity HttpEntity', { kind: 'unwrap' });
// Jackson writes an HttpStatus by its name (`"OK"`); an HttpStatusCode is in practice one of them.
addIn('org.springframework.http', 'HttpStatus HttpStatusCode', { kind: 'enum', values: [...SPRING_HTTP_STATUS_NAMES] });
addIn('org.springframework.web.context.request.async', 'DeferredResult WebAsyncTask', { kind: 'unwrap' });
addIn('org.springframework.util.concurrent', 'ListenableFuture', { kind: 'unwrap' });
addIn('reactor.core.publisher', 'Mono', { kind: 'unwrap' });
addIn('reactor.core.publisher', 'Flux', { kind: 'array' });
addIn('io.reactivex', 'Single Maybe', { kind: 'unwrap' });
addIn('io.reactivex.rxjava3.core', 'Single Maybe', { kind: 'unwrap' });
addIn('io.reactivex', 'Observable Flowable', { kind: 'array' });
addIn('io.reactivex.rxjava3.core', 'Observable Flowable', { kind: 'array' });
const springPage: LibraryShape = {
  kind: 'object',
  properties: [
    ['content', 'items'],
    ['totalElements', int64],
    ['totalPages', int32],
    ['number', int32],
    ['size', int32],
    ['numberOfElements', int32],
    ['first', bool],
    ['last', bool],
    ['empty', bool],
  ],
};
addIn('org.springframework.data.domain', 'Page PageImpl', springPage);
addIn('org.springframework.data.domain', 'Slice SliceImpl', {
  kind: 'object',
  properties: [
    ['content', 'items'],
    ['number', int32],
    ['size', int32],
    ['numberOfElements', int32],
    ['first', bool],
    ['last', bool],
    ['empty', bool],
  ],
});
const mybatisPlusPage: LibraryShape = {
  kind: 'object',
  properties: [
    ['records', 'items'],
    ['total', int64],
    ['size', int64],
    ['current', int64],
    ['pages', int64],
  ],
};
addIn('com.baomidou.mybatisplus.core.metadata', 'IPage', mybatisPlusPage);
addIn('com.baomidou.mybatisplus.extension.plugins.pagination', 'Page', mybatisPlusPage);

// JSON trees
addIn('com.fasterxml.jackson.databind', 'JsonNode', { kind: 'free' });
addIn('com.fasterxml.jackson.databind.node', 'ObjectNode', { kind: 'free' });
addIn('com.fasterxml.jackson.databind.node', 'ArrayNode', { kind: 'array', items: {} });
// Jackson 3 (Spring Boot 4) moved them to tools.jackson (Halo's ObjectNode bodies).
addIn('tools.jackson.databind', 'JsonNode', { kind: 'free' });
addIn('tools.jackson.databind.node', 'ObjectNode', { kind: 'free' });
addIn('tools.jackson.databind.node', 'ArrayNode', { kind: 'array', items: {} });
// Vert.x's, which Quarkus handlers take and return.
addIn('io.vertx.core.json', 'JsonObject', { kind: 'free' });
addIn('io.vertx.core.json', 'JsonArray', { kind: 'array', items: {} });
addIn('com.alibaba.fastjson', 'JSONObject', { kind: 'free' });
addIn('com.alibaba.fastjson2', 'JSONObject', { kind: 'free' });
addIn('com.alibaba.fastjson', 'JSONArray', { kind: 'array', items: {} });
addIn('com.alibaba.fastjson2', 'JSONArray', { kind: 'array', items: {} });
addIn('com.google.gson', 'JsonObject', { kind: 'free' });
addIn('com.google.gson', 'JsonArray', { kind: 'array', items: {} });
addIn('cn.hutool.json', 'JSONObject', { kind: 'free' });
addIn('cn.hutool.json', 'JSONArray', { kind: 'array', items: {} });

// JSON Patch (RFC 6902) documents, which Jackson (fge / java-json-tools) and JSON-P read from an array of operations.
const jsonPatchOperation: JsonSchema = {
  type: 'object',
  properties: {
    op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
    path: { type: 'string' },
    value: {},
    from: { type: 'string' },
  },
  required: ['op', 'path'],
  examples: [{ op: 'replace', path: '/name', value: 'new value' }],
};
addIn('com.github.fge.jsonpatch', 'JsonPatch', { kind: 'array', items: jsonPatchOperation });
addIn('javax.json', 'JsonPatch', { kind: 'array', items: jsonPatchOperation });
addIn('jakarta.json', 'JsonPatch', { kind: 'array', items: jsonPatchOperation });
addIn('com.github.fge.jsonpatch.mergepatch', 'JsonMergePatch', { kind: 'free' });
addIn('javax.json', 'JsonMergePatch', { kind: 'free' });
addIn('jakarta.json', 'JsonMergePatch', { kind: 'free' });

// Guava
addIn('com.google.common.collect', 'ImmutableList ImmutableCollection', { kind: 'array' });
addIn('com.google.common.collect', 'ImmutableSet ImmutableSortedSet', { kind: 'array', unique: true });
addIn('com.google.common.collect', 'ImmutableMap ImmutableSortedMap BiMap HashBiMap', { kind: 'map', value: 1 });
addIn('com.google.common.base', 'Optional', { kind: 'unwrap' });

/** Supertypes that add no JSON properties: extending them loses nothing. */
export const EMPTY_SUPERCLASSES = new Set([
  'java.lang.Object',
  'java.lang.Enum',
  'java.lang.Record',
  'com.baomidou.mybatisplus.extension.activerecord.Model',
]);

export function libraryShape(qualifiedName: string): LibraryShape | undefined {
  return TABLE.get(qualifiedName);
}

export function isKnownLibraryType(qualifiedName: string): boolean {
  return TABLE.has(qualifiedName) || halWrapper(qualifiedName) !== undefined || isRepresentationModel(qualifiedName);
}
