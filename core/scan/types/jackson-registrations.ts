// Jackson configured in code rather than by annotations on the models, read from the text of the
// files the header scan marked (project-index.ts JACKSON_REGISTRATION):
// - mix-ins given to Spring's `Jackson2ObjectMapperBuilder` (`builder.mixIn(Target.class,
//   Mixin.class)`, in a `Jackson2ObjectMapperBuilderCustomizer` or a builder bean), and
//   `ObjectMapper.addMixIn(Target.class, Mixin.class)` in a Spring configuration (a file with
//   `@Bean` / `@Configuration`). A mapper built for Redis or a utility class is not Spring MVC's:
//   a file naming Redis, or outside any configuration, is not read for `addMixIn`;
// - subtypes registered with `registerSubtypes(X.class, new NamedType(Y.class, "y"))` on a mapper
//   or module: Jackson adds them to every polymorphic base they extend, whichever mapper it is;
// - serializers by type (`builder.serializerByType(T.class, S)`, `module.addSerializer(T.class, S)`)
//   in a Spring configuration, as for `addMixIn`: `S` is `X.INSTANCE`, `X.instance` or `new X(..)`,
//   read as value-serializers.ts reads a serializer class; java.time's own serializers built with
//   `DateTimeFormatter.ofPattern("...")` (inline or a local variable) write dates in that pattern;
// - deserializers by type (`builder.deserializerByType(T.class, D)`, `module.addDeserializer(T.class, D)`)
//   in a Spring configuration, as for `addMixIn`: `T` is read by its deserializer, not as a bean;
// - the same registrations in the constructor of a Jackson module of the project's own (a class
//   extending `SimpleModule`, gravitee's `ApiModule`), wherever it is: a module is made to be
//   registered; and those naming no type (`addSerializer(new X())`, the builder's
//   `serializers(new X(), ..)` / `deserializers(..)`), for the type X's `StdSerializer<T>` (...) names;
// - Spring Boot's `@JsonComponent` serializers and deserializers (the class, or those nested in it;
//   Boot 4's `@JacksonComponent`): each for the type its `JsonSerializer<T>` / `StdSerializer<T>` /
//   Jackson 3's `ValueSerializer<T>` (`JsonDeserializer<T>`, ...) names;
// - MapperFeature.SORT_PROPERTIES_ALPHABETICALLY enabled or disabled (also by Jackson 3's
//   `configureForJackson2()`), as for `addMixIn`;
// - root wrapping, SerializationFeature.WRAP_ROOT_VALUE and DeserializationFeature.UNWRAP_ROOT_VALUE
//   enabled or disabled (`mapper.enable(..)`, `configure(.., true)`, the builder's
//   `featuresToEnable(..)` in a customizer), as for `addMixIn`, by module (root-wrapping.ts decides
//   per application): it wins over `spring.jackson.*`;
// - the mapper's default inclusion (`setSerializationInclusion(Include.NON_NULL)`,
//   `setDefaultPropertyInclusion(..)`, the builder's `serializationInclusion(..)`), as for root
//   wrapping: by module, winning over `spring.jackson.default-property-inclusion` (null-inclusion.ts);
// - the mapper's date format (`setDateFormat(new SimpleDateFormat("..."))`, the builder's
//   `simpleDateFormat("...")`), as for `addMixIn`: `java.util.Date` and `Calendar` in that pattern.
//   It wins over `spring.jackson.date-format`, as a customizer runs after the properties and a
//   mapper bean of the application's own replaces the one they configure.
// Class literals resolve in the file's first type; one that does not resolve is skipped.

import { readFileSync } from 'node:fs';
import { blankComments, matching, splitTop } from '../config-text';
import { JACKSON_REGISTRATION } from '../project-index';
import type { FileEntry, ProjectIndex, Scope } from '../project-index';
import type { TypeDecl } from '../source-model';
import { findAnnotation, simpleName } from '../source-model';
import { libraryName } from './java-type';
import { numberUnlessFormatted, writtenBy } from './value-serializers';
import type { WrittenAs } from './value-serializers';

export interface Registrations {
  /** Target -> mix-in. */
  mixins: ReadonlyMap<TypeDecl, TypeDecl>;
  /** Registered subtype -> the names given to it (none: its @JsonTypeName or class name). */
  subtypes: ReadonlyMap<TypeDecl, readonly string[]>;
  /** The type a serializer is registered for (qualified as the type engine names it: `java.lang.Long`, `long`) -> what it writes. */
  serializers: ReadonlyMap<string, TypeSerializer>;
  /** The types a deserializer is registered for, qualified as for `serializers`. */
  deserializers: ReadonlySet<string>;
  /** The Spring mapper sorts properties alphabetically (MapperFeature.SORT_PROPERTIES_ALPHABETICALLY enabled), or not (disabled); undefined: the code does not say. */
  sortProperties: boolean | undefined;
  /** Root wrapping turned on or off in each module's code (by module name): `read` UNWRAP_ROOT_VALUE, `write` WRAP_ROOT_VALUE; undefined where the code does not say. */
  rootValue: ReadonlyMap<string, { read?: boolean; write?: boolean }>;
  /** The default inclusion each module's code sets (by module name): `NON_NULL`, `ALWAYS`, ... */
  inclusion: ReadonlyMap<string, string>;
}

/**
 * What a serializer registered for a type writes: one JSON type (`unlessFormatted`: a string
 * instead where the property has `@JsonFormat`), or a date string in a pattern.
 */
export type TypeSerializer = { as: WrittenAs; unlessFormatted?: boolean } | { pattern: string };

/**
 * Every registration of the project. The files are global (`creates`, or the `@JsonComponent`
 * global marker): changing one re-scans every root, as the derived value needs.
 */
export function codeRegistrations(index: ProjectIndex): Registrations {
  return index.derived('jackson-registrations', () => {
    const mixins = new Map<TypeDecl, TypeDecl>();
    const subtypes = new Map<TypeDecl, string[]>();
    const serializers = new Map<string, TypeSerializer>();
    const deserializers = new Set<string>();
    const sorted: { on?: boolean } = {};
    const rootValue = new Map<string, { read?: boolean; write?: boolean }>();
    const inclusion = new Map<string, string>();
    const entries = [...index.files.values()].filter((e) => e.creates?.includes(JACKSON_REGISTRATION)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const entry of entries) readFile(index, entry, { mixins, subtypes, serializers, deserializers, sorted, rootValue, inclusion });
    const components = [...index.files.values()].filter((e) => COMPONENTS.some((a) => e.annotations.has(a))).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const entry of components) readComponents(index, entry, serializers, deserializers);
    return { mixins, subtypes, serializers, deserializers, sortProperties: sorted.on, rootValue, inclusion };
  });
}

const MIXIN_CALL = /\.\s*(addMixIn|mixIn)\s*\(/g;
const REGISTER_CALL = /\bregisterSubtypes\s*\(/g;
const DATE_FORMAT = /\.\s*(?:setDateFormat\s*\(\s*new\s+(?:java\.text\.)?SimpleDateFormat|simpleDateFormat)\s*\(\s*"([^"\\]+)"/;
/** The types Jackson writes with the mapper's DateFormat. */
const LEGACY_DATES = ['java.util.Date', 'java.util.Calendar', 'java.util.GregorianCalendar', 'java.sql.Timestamp'];
// Called on a mapper, module or builder, or unqualified in a module's own constructor.
const SERIALIZER_CALL = /(?:\.\s*|(?<![\w$.]\s*))(?:addSerializer|serializerByType)\s*\(/g;
/** The builder's `serializers(new X(), ..)` and `deserializers(..)`: each for the type it handles. */
const HANDLED_TYPE_CALL = /\.\s*(serializers|deserializers)\s*\(/g;
/** `configure(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)`, `enable(..)`, the builder's `featuresToEnable(..)`. */
const SORTED = /\b(?:configure\s*\(\s*(?:[\w$]+\.)*MapperFeature\s*\.\s*SORT_PROPERTIES_ALPHABETICALLY\s*,\s*true|(?:enable|featuresToEnable)\s*\([^()]*\bSORT_PROPERTIES_ALPHABETICALLY\b)/;
/** The same feature turned off, or Jackson 3's builder set to Jackson 2's defaults (`configureForJackson2()`: unsorted). */
const UNSORTED = /\b(?:configure\s*\(\s*(?:[\w$]+\.)*MapperFeature\s*\.\s*SORT_PROPERTIES_ALPHABETICALLY\s*,\s*false|(?:disable|featuresToDisable)\s*\([^()]*\bSORT_PROPERTIES_ALPHABETICALLY\b|configureForJackson2\s*\()/;
/** A feature turned on (`enable(..)`, `featuresToEnable(..)`, `configure(F, true)`) or off in the same ways, by its enum and constant. */
function featureSet(feature: string, on: boolean): RegExp {
  const f = `(?:[\\w$]+\\.)*${feature.replace('.', '\\s*\\.\\s*')}`;
  return new RegExp(`\\b(?:configure\\s*\\(\\s*${f}\\s*,\\s*${on}\\b|${on ? '(?:enable|featuresToEnable)' : '(?:disable|featuresToDisable)'}\\s*\\([^()]*\\b${f}\\b)`);
}
const WRAP = featureSet('SerializationFeature.WRAP_ROOT_VALUE', true);
const NO_WRAP = featureSet('SerializationFeature.WRAP_ROOT_VALUE', false);
const UNWRAP = featureSet('DeserializationFeature.UNWRAP_ROOT_VALUE', true);
const NO_UNWRAP = featureSet('DeserializationFeature.UNWRAP_ROOT_VALUE', false);
/** The mapper's default inclusion: `setSerializationInclusion(Include.X)`, `setDefaultPropertyInclusion(X)` (or of `JsonInclude.Value.construct(X, ..)`), the builder's `serializationInclusion(X)`. */
const INCLUSION = /\b(?:setSerializationInclusion|serializationInclusion|setDefaultPropertyInclusion)\s*\(\s*(?:(?:[\w$]+\s*\.\s*)*construct\s*\(\s*)?(?:[\w$]+\s*\.\s*)*(ALWAYS|NON_NULL|NON_ABSENT|NON_EMPTY|NON_DEFAULT|USE_DEFAULTS)\b/;
const DESERIALIZER_CALL = /(?:\.\s*|(?<![\w$.]\s*))(?:addDeserializer|deserializerByType)\s*\(/g;
/** java.time's serializers taking a formatter (jackson-datatype-jsr310). */
const TIME_SERIALIZERS = new Set(['LocalDateTimeSerializer', 'LocalDateSerializer', 'LocalTimeSerializer', 'OffsetDateTimeSerializer', 'ZonedDateTimeSerializer', 'InstantSerializer']);
const PRIMITIVE_TYPES: Record<string, string> = { Long: 'long', Integer: 'int', Boolean: 'boolean', Double: 'double', Float: 'float', Short: 'short', Byte: 'byte' };
const CLASS_LITERAL = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.class$/;

interface Tables {
  mixins: Map<TypeDecl, TypeDecl>;
  subtypes: Map<TypeDecl, string[]>;
  serializers: Map<string, TypeSerializer>;
  deserializers: Set<string>;
  sorted: { on?: boolean };
  rootValue: Map<string, { read?: boolean; write?: boolean }>;
  inclusion: Map<string, string>;
}

function readFile(index: ProjectIndex, entry: FileEntry, { mixins, subtypes, serializers, deserializers, sorted, rootValue, inclusion }: Tables): void {
  let text: string;
  try {
    text = readFileSync(entry.abs, 'utf8');
  } catch {
    return;
  }
  const file = index.parse(entry);
  if (!file) return;
  const scope: Scope = { type: file.types[0], file };
  const resolve = (arg: string | undefined) => {
    const m = arg ? CLASS_LITERAL.exec(arg.trim()) : null;
    return m ? index.resolveType(m[1]!, scope) : undefined;
  };
  // Kotlin spells a class literal `X::class.java` (or `X::class` in an annotation-like API).
  const code = blankComments(text).replace(/::class\.java\b/g, '.class').replace(/::class\b/g, '.class');
  const springConfig = /@(?:Bean|Configuration)\b/.test(code) && !/Redis/.test(code);
  // A Jackson module of the project's own registers what its constructor adds wherever it is used.
  const module = !/Redis/.test(code) && file.types.some((t) => extendsSimpleModule(index, t));
  for (const m of code.matchAll(MIXIN_CALL)) {
    if (m[1] === 'addMixIn' && !springConfig) continue;
    const args = argsOf(code, m.index! + m[0].length - 1);
    if (args.length !== 2) continue;
    const target = resolve(args[0]);
    const mixin = resolve(args[1]);
    if (target && mixin && !mixins.has(target)) mixins.set(target, mixin);
  }
  if (springConfig) {
    const dateFormat = DATE_FORMAT.exec(code);
    if (dateFormat) for (const t of LEGACY_DATES) if (!serializers.has(t)) serializers.set(t, { pattern: dateFormat[1]! });
    if (SORTED.test(code)) sorted.on = true;
    else if (UNSORTED.test(code) && sorted.on === undefined) sorted.on = false;
    const root = rootValue.get(entry.module) ?? {};
    if (WRAP.test(code)) root.write = true;
    else if (NO_WRAP.test(code) && root.write === undefined) root.write = false;
    if (UNWRAP.test(code)) root.read = true;
    else if (NO_UNWRAP.test(code) && root.read === undefined) root.read = false;
    if (root.read !== undefined || root.write !== undefined) rootValue.set(entry.module, root);
    const included = INCLUSION.exec(code)?.[1];
    if (included && !inclusion.has(entry.module)) inclusion.set(entry.module, included);
    for (const m of code.matchAll(HANDLED_TYPE_CALL)) {
      for (const arg of argsOf(code, m.index! + m[0].length - 1)) {
        const handled = handledBy(index, arg, scope);
        if (!handled) continue;
        if (m[1] === 'deserializers') deserializers.add(handled.type);
        else if (!serializers.has(handled.type)) {
          const written = serializerOf(index, handled.decl);
          if (written) serializers.set(handled.type, written);
        }
      }
    }
  }
  if (springConfig || module) {
    for (const m of code.matchAll(SERIALIZER_CALL)) {
      const args = argsOf(code, m.index! + m[0].length - 1);
      // `addSerializer(new X())`: for the type X handles.
      const handled = args.length === 1 ? handledBy(index, args[0]!, scope) : undefined;
      const target = handled?.type ?? (args.length === 2 ? registeredType(index, args[0]!, scope) : undefined);
      const written = handled ? serializerOf(index, handled.decl) : target && typeSerializer(index, args[1]!, code, scope);
      if (target && written && !serializers.has(target)) serializers.set(target, written);
    }
    for (const m of code.matchAll(DESERIALIZER_CALL)) {
      const args = argsOf(code, m.index! + m[0].length - 1);
      const target = args.length === 2 ? registeredType(index, args[0]!, scope) : undefined;
      if (target) deserializers.add(target);
    }
  }
  for (const m of code.matchAll(REGISTER_CALL)) {
    for (const arg of argsOf(code, m.index! + m[0].length - 1)) {
      // `new NamedType(X.class, "x")` (Kotlin: `NamedType(X.class, "x")`), or `X.class`.
      const named = /^(?:new\s+)?(?:[\w$.]*\.)?NamedType\s*\(([\s\S]*)\)$/.exec(arg.trim());
      const parts = named ? splitTop(named[1]!, ',') : [arg];
      const sub = resolve(parts[0]);
      if (!sub) continue;
      const names = subtypes.get(sub) ?? [];
      const name = parts[1] ? /^\s*"([^"\\]*)"\s*$/.exec(parts[1])?.[1] : undefined;
      if (name && !names.includes(name)) names.push(name);
      subtypes.set(sub, names);
    }
  }
}

/** Spring Boot's annotation for a serializer bean: `@JsonComponent`, `@JacksonComponent` since Boot 4 (Jackson 3). */
const COMPONENTS = ['JsonComponent', 'JacksonComponent'];
// Jackson 2's and Jackson 3's (`ValueSerializer`; Boot 4's `ObjectValueSerializer`) base classes.
const SERIALIZER_SUPERS = new Set(['JsonSerializer', 'StdSerializer', 'JsonObjectSerializer', 'StdScalarSerializer', 'ValueSerializer', 'ObjectValueSerializer']);
const DESERIALIZER_SUPERS = new Set(['JsonDeserializer', 'StdDeserializer', 'JsonObjectDeserializer', 'StdScalarDeserializer', 'FromStringDeserializer', 'ValueDeserializer', 'ObjectValueDeserializer']);

/** The serializers and deserializers of a file's `@JsonComponent` classes, by the type each handles. */
function readComponents(index: ProjectIndex, entry: FileEntry, serializers: Map<string, TypeSerializer>, deserializers: Set<string>): void {
  const file = index.parse(entry);
  if (!file) return;
  const visit = (t: TypeDecl, inComponent: boolean) => {
    const component = inComponent || COMPONENTS.some((a) => findAnnotation(t.annotations, a) !== undefined);
    const sup = t.superclass;
    const handled = component && sup ? sup.args[0] : undefined;
    if (handled) {
      const scope: Scope = { type: t, file: t.file };
      const target = index.resolveType(handled.name, scope)?.fqn ?? libraryName(handled.name, scope);
      if (SERIALIZER_SUPERS.has(simpleName(sup!.name))) {
        const written = serializerOf(index, t);
        if (written && !serializers.has(target)) serializers.set(target, written);
      } else if (DESERIALIZER_SUPERS.has(simpleName(sup!.name))) deserializers.add(target);
    }
    for (const n of t.nested) visit(n, component);
  };
  for (const t of file.types) visit(t, false);
}

function serializerOf(index: ProjectIndex, decl: TypeDecl): TypeSerializer | undefined {
  const as = writtenBy(index, decl);
  if (as) return { as };
  return numberUnlessFormatted(index, decl) ? { as: 'number', unlessFormatted: true } : undefined;
}

/** The class extends Jackson's `SimpleModule`, itself or through classes of the project. */
function extendsSimpleModule(index: ProjectIndex, decl: TypeDecl): boolean {
  return [decl, ...index.ancestors(decl)].some((t) => t.superclass !== undefined && simpleName(t.superclass.name) === 'SimpleModule');
}

/**
 * The serializer or deserializer class an expression makes (`new X(..)`, `X.INSTANCE`, `X.instance`)
 * and the type it handles: the one its `StdSerializer<T>` / `JsonDeserializer<T>` (...) superclass names.
 */
function handledBy(index: ProjectIndex, arg: string, scope: Scope): { decl: TypeDecl; type: string } | undefined {
  const m = /^(?:new\s+)?([A-Za-z_$][\w$.]*?)(?:\.(?:INSTANCE|instance)|\s*\([\s\S]*\))$/.exec(arg.trim());
  const decl = m ? index.resolveType(m[1]!, scope) : undefined;
  const sup = decl?.superclass;
  const handled = sup && (SERIALIZER_SUPERS.has(simpleName(sup.name)) || DESERIALIZER_SUPERS.has(simpleName(sup.name))) ? sup.args[0] : undefined;
  if (!decl || !handled || decl.typeParams.some((t) => t.name === handled.name)) return undefined;
  const own: Scope = { type: decl, file: decl.file };
  return { decl, type: index.resolveType(handled.name, own)?.fqn ?? libraryName(handled.name, own) };
}

/** `Long.class` -> java.lang.Long, `Long.TYPE` -> long, `Money.class` -> its qualified name. */
function registeredType(index: ProjectIndex, arg: string, scope: Scope): string | undefined {
  const m = /^([A-Za-z_$][\w$.]*)\.(class|TYPE)$/.exec(arg.trim());
  if (!m) return undefined;
  if (m[2] === 'TYPE') return PRIMITIVE_TYPES[m[1]!];
  return index.resolveType(m[1]!, scope)?.fqn ?? libraryName(m[1]!, scope);
}

/** What the serializer expression writes: `X.INSTANCE`, `X.instance`, `new X(...)`. */
function typeSerializer(index: ProjectIndex, arg: string, code: string, scope: Scope): TypeSerializer | undefined {
  const m = /^(?:new\s+)?([A-Za-z_$][\w$.]*?)(?:\.(?:INSTANCE|instance)|\s*\(([\s\S]*)\))$/.exec(arg.trim());
  if (!m) return undefined;
  const name = m[1]!;
  const simple = simpleName(name);
  if (TIME_SERIALIZERS.has(simple) && m[2] !== undefined) {
    const pattern = formatterPattern(m[2], code);
    return pattern ? { pattern } : undefined;
  }
  if (simple === 'ToStringSerializer') return { as: 'string' };
  const decl = index.resolveType(name, scope);
  return decl && serializerOf(index, decl);
}

/** `DateTimeFormatter.ofPattern("p")`, written inline or as a local variable of the file. */
function formatterPattern(args: string, code: string): string | undefined {
  const OF_PATTERN = /DateTimeFormatter\s*\.\s*ofPattern\s*\(\s*"([^"\\]+)"/;
  const inline = OF_PATTERN.exec(args);
  if (inline) return inline[1];
  const variable = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(args)?.[1];
  if (!variable) return undefined;
  const assigned = new RegExp(`\\b${variable.replace(/\$/g, '\\$')}\\s*=\\s*${OF_PATTERN.source}`).exec(code);
  return assigned?.[1];
}

/** The top-level arguments of the call whose `(` is at `open`. */
function argsOf(code: string, open: number): string[] {
  const close = matching(code, open);
  if (close < 0) return [];
  return splitTop(code.slice(open + 1, close), ',').map((a) => a.trim()).filter((a) => a !== '');
}

/** Registered subtypes that extend or implement `decl`, in the order met. */
export function registeredSubtypes(index: ProjectIndex, decl: TypeDecl): Array<[TypeDecl, readonly string[]]> {
  const out: Array<[TypeDecl, readonly string[]]> = [];
  for (const [sub, names] of codeRegistrations(index).subtypes) if (sub !== decl && index.ancestors(sub).includes(decl)) out.push([sub, names]);
  return out;
}
