// Java types -> JSON Schema (draft 2020-12), from source alone, the way Jackson would write them.
//
// A type as written is first resolved to a closed term (java-type.ts): generics are substituted
// there, through any depth, superclasses included. Objects are built from their fields (Lombok
// classes need nothing more), merged with the annotations of any getters and setters declared.
//
// Recursion: a type met again while it is being built becomes `$ref: '#/$defs/<Title>'`, and
// its full schema goes into the root schema's `$defs`. Nesting past `maxDepth` object levels is
// cut with `x-truncated`. Schemas of object types are cached per resolved type (`x-java-type`)
// for as long as they do not depend on where they were met; every schema returned is a fresh
// copy the caller may change.
//
// Jackson polymorphic types (`@JsonTypeInfo` / `@JsonSubTypes`, rules in polymorphism.ts): an
// object carries its type id, and a base type is a `oneOf` of its subtypes' object schemas, built
// (and cached, and referenced when recursive) like any other object type.
//
// Property order: superclass properties first (as Jackson collects fields), then the type's own,
// fields before getter-only properties; those renamed with `@JsonProperty("x")` after the rest, as
// Jackson re-adds each explicitly named property at the end (not where a creator orders them: a
// record, a Kotlin class, `@JsonCreator`); `@JsonPropertyOrder` reorders, and sorting
// alphabetically (its `alphabetic`, or the mapper's SORT_PROPERTIES_ALPHABETICALLY) sorts the rest.

import type { Diagnostic } from '../../model/endpoint';
import type { JsonSchema } from '../../model/request';
import { parseDoc } from '../doc-comment';
import type { Dependencies, ProjectIndex, Scope } from '../project-index';
import type { Annotation, Expr, MethodDecl, SourceFile, TypeDecl, TypeRef } from '../source-model';
import { findAnnotation, simpleName } from '../source-model';
import { boolAttr, bySimpleName, classesAttr, enumAttr, foldNumber, foldString, numberAttr, stringAttr, stringsAttr } from './attribute';
import { docText, typeDescription } from './descriptions';
import { enumSchema, jsonValueMember } from './enum-schema';
import type { JsonValueMember } from './enum-schema';
import type { JacksonBuilder } from './builders';
import type { JavaType, LibraryType, Lookup, SourceType } from './java-type';
import { ANY, displayName, libraryName, NO_VARIABLES, qualifiedName, resolveRef, unboundVariable, variablesOf } from './java-type';
import { EMPTY_SUPERCLASSES, libraryShape } from './library-types';
import { collectionRelation, halLinks, halPage, halWrapper, isRepresentationModel, withLinks } from './hateoas';
import type { HalWrapper } from './hateoas';
import { jsonbAccess, visibilityPackages } from './jsonb-visibility';
import { getterProperty, lombokProperty, namingStrategy, setterProperty } from './naming';
import type { NamingStrategy } from './naming';
import { polymorphismOf, withTypeId } from './polymorphism';
import type { PropertyTyping } from './polymorphism';
import { applyPropertyRules, explicitName, isHidden, setExample } from './property-rules';
import { serializerWrites, writtenSchema } from './value-serializers';
import { classAnnotations, mixinOf } from './mixins';
import { codeRegistrations } from './jackson-registrations';
import type { WrittenAs } from './value-serializers';
import { classRetyping, retyped, retypes } from './retyping';
import { builderClassProperties, jacksonBuilder, lombokBuilderProperties } from './builders';
import type { Direction } from './retyping';
import { MAPPED_CLASS } from '../../model/request';
import { GSON_DEFAULT_DATE, gsonFieldName, gsonFields, withoutJacksonAnnotations } from './gson';
import type { GsonSettings } from './gson';
import { classAnnotations as mapperClassAnnotations, ownWriter, propertyAnnotations, readsJacksonAnnotations } from './bean-mapper-annotations';
import { FASTJSON2_DATE_FORMAT, jsonbPropertyName } from './bean-mapper-annotations';
import type { BeanMapper } from './bean-mapper-annotations';
import type { JsonMapperChoice } from '../json-mapper-choice';
import { oneApplication } from '../root-wrapping';
import { includedContent, inclusionOf, isReference, leavesAbsentOut, leavesEmptyOut, leavesNullsOut, mayBeLeftOut } from './inclusion';
import type { Include } from './inclusion';
import type { RootValue } from '../root-wrapping';

export type TypeBindings = ReadonlyMap<string, { ref: TypeRef; scope: Scope; bindings?: TypeBindings }>;

export interface SchemaOptions {
  /** Nested object levels before truncation, default 8. */
  maxDepth?: number;
  /**
   * `json` (default): property names as Jackson writes them. `java`: the Java property names,
   * as Spring's data binding reads form fields and query parameters into a bean.
   */
  propertyNames?: 'json' | 'java';
  /**
   * How the application's ObjectMapper writes `java.util.Date`, `Calendar` and `Timestamp`
   * (Spring Boot's `spring.jackson.date-format` / `spring.jackson.serialization.write-dates-as-timestamps`):
   * a date pattern, or epoch milliseconds. Absent: ISO 8601, Jackson's default. `java.time` types
   * keep their ISO forms either way (JavaTimeModule reads neither setting).
   */
  legacyDates?: { pattern?: string; timestamps?: boolean };
  /** The application's mapper sorts properties alphabetically (`spring.jackson.mapper.sort-properties-alphabetically`, or Jackson 3's default). */
  sortProperties?: boolean;
  /** Sorted properties keep a creator's order (Jackson 3's default), rather than sorted among themselves (Jackson 2's). */
  creatorOrder?: boolean;
  /** Enums are written (and read) as their `toString()` (Jackson 3's default, WRITE_ENUMS_USING_TO_STRING). */
  enumsUsingToString?: boolean;
  /**
   * The application's Jackson wraps the root value of a body in an object named for its class
   * (Spring Boot's `spring.jackson.deserialization.unwrap-root-value` for request bodies it reads,
   * `spring.jackson.serialization.wrap-root-value` for those it writes): `rootWrapped`. A function
   * gives each application's, by the file of the body's root (root-wrapping.ts, the code's settings
   * in); a fixed value is the whole project's properties, any module's code winning.
   */
  rootValue?: RootValue | ((file: SourceFile) => RootValue);
  /** The default inclusion of the Jackson of the application writing `file`'s types (null-inclusion.ts). */
  inclusion?: (file: SourceFile) => Include;
  /**
   * The schema of a type that is not in the source tree but that the build generates (an
   * openapi-generator model class, from its spec); undefined when it knows none by that name.
   * `packages`: where an unqualified name may be (the file's package, its on-demand imports).
   */
  generatedType?: (name: string, packages?: readonly string[]) => JsonSchema | undefined;
  /**
   * The mapper other than Jackson (Gson, JSON-B, fastjson) the application whose code a root type is
   * written in writes its HTTP JSON with, and how it is configured (json-mapper-choice.ts); undefined
   * where Jackson writes it. Bodies are then modelled as that mapper writes and reads them: Gson's
   * fields (gson.ts), JSON-B's or fastjson's annotations (bean-mapper-annotations.ts), and none of the
   * application's ObjectMapper settings apply. `endpoint`: the framework and root type being read,
   * whose stack (Spring MVC, WebFlux, a JAX-RS runtime) decides the mapper.
   */
  mapper?: (file: SourceFile, endpoint: EndpointRoot | undefined) => JsonMapperChoice | undefined;
}

/** The framework reading endpoints, and the file of the root type it reads them from. */
export interface EndpointRoot {
  framework: string;
  file: SourceFile;
}

/** What fastjson writes for an object met again inside itself, with its reference detection on. */
const FASTJSON_REFERENCE: JsonSchema = {
  type: 'object',
  description: 'fastjson reference to an object written earlier in this document ("$ref": "..", "$", "@" or a path)',
  properties: { $ref: { type: 'string', examples: ['..'] } },
  required: ['$ref'],
};

/** The types Jackson writes with the ObjectMapper's DateFormat. */
const LEGACY_DATES = new Set(['java.util.Date', 'java.util.Calendar', 'java.util.GregorianCalendar', 'java.sql.Timestamp']);

/** Internal `$ref` values: the referenced type's key; written as `#/$defs/<name>` on the way out. */
const REF = '\u0000';
const WILDCARD: TypeRef = { name: '?', args: [], dims: 0 };

/** A schema under construction, with what decides whether it can be reused elsewhere. */
interface Built {
  /** Shared and never mutated; `finish` copies it for the caller. */
  schema: JsonSchema;
  /** Object levels it nests. */
  height: number;
  /** The depth cap cut something inside. */
  truncated: boolean;
  /** The size budget cut something inside: right only under the budget it was built with, so never cached. */
  cut?: boolean | undefined;
  /** Keys of the object types written out inside: reusable only where none of them is being built. */
  types?: ReadonlySet<string> | undefined;
  /** Recursive references to types being built further up: valid only inside them. */
  open?: ReadonlySet<string> | undefined;
  /** Full schemas of the recursive types referenced inside, by key. */
  defs?: ReadonlyMap<string, JsonSchema> | undefined;
  /** Something inside is written and read as different types (retyping.ts): a request's schema differs from a response's. */
  directional?: boolean | undefined;
}

interface Cached extends Built {
  /** Object level it was built at: a truncated schema is only right at that level. */
  level: number;
  /** The files declaring `types`, listed on its first reuse (it is reused once per endpoint that uses the type). */
  paths?: string[];
  /** Names its build looked for in vain (ProjectIndex.missedBy): a reuse depends on them as the build did. */
  missing: ReadonlySet<string>;
}

/** One JSON property candidate as one type declares it. */
interface Member {
  /** The Java-side property name Jackson starts from. */
  implicit: string;
  type: TypeRef;
  /** Field, then getter, then setter annotations. */
  annotations: Annotation[];
  /** From the Javadoc or line comment, markup removed. */
  description?: string | undefined;
  /** Declared by a concrete getter with no field behind it: Jackson writes it, never reads it. */
  getterOnly?: boolean;
  /** A field (rather than a getter or record component). */
  field?: boolean;
  /** The field's own name, when a getter (Lombok's or written) names its property otherwise (`isGift` -> `gift`). */
  renamedField?: string;
  /** The declaration makes it mandatory (Kotlin: a constructor property neither nullable nor defaulted). */
  required?: boolean;
  /** The value the declaration gives it when the JSON does not. */
  defaultValue?: Expr;
  /** Parameter types of its setters, and whether `@JsonSetter` / `@JsonProperty` marks one. */
  setters?: Array<{ type: TypeRef; marked: boolean }>;
  /** JSON-B only writes it (a public getter, no public setter or field) or only reads it (jsonb-visibility.ts). */
  jsonbAccess?: 'read' | 'write';
}

interface Level {
  decl: TypeDecl;
  vars: Lookup;
}

/** One JSON property of a type: its name, the member behind it, and where (`scope`, `vars`) its type is read. */
interface Property {
  name: string;
  member: Member;
  anns: ReadonlyMap<string, Annotation>;
  scope: Scope;
  vars: Lookup;
  readOnly?: boolean;
  writeOnly?: boolean;
}

/**
 * A type's bean properties (`properties` of its levels) as one mapper lists them: the same for every
 * use of the type but for the type arguments (`vars`), which `Result<A>` and `Result<B>` each bind
 * their own way; with what listing them read, which a reuse records again (ProjectIndex.replay).
 */
interface Listing {
  /** The levels' declarations, root-most first: the listing's key beyond the type's own. */
  decls: TypeDecl[];
  /** Each property, and the index of the level whose variables its type is read with. */
  properties: Array<{ property: Property; level: number }>;
  deps: Dependencies;
}

/** Property candidates per declaration: derived from the syntax alone, so shared by every builder; a re-parsed file has new declarations. */
const MEMBERS = new WeakMap<TypeDecl, Member[]>();

/** Between the declaring file's path and the type's qualified name in a cache key. */
const KEY_SEPARATOR = '\u0001';
/** After the key of a type built without its polymorphism. */
const UNTYPED = '\u0002untyped';
/** Keys of types used without type arguments, one string per declaration: its hash is computed once, not per lookup. */
const PLAIN_KEYS = new WeakMap<TypeDecl, string>();

function plainKey(decl: TypeDecl): string {
  let key = PLAIN_KEYS.get(decl);
  if (key === undefined) PLAIN_KEYS.set(decl, (key = `${decl.file.path}${KEY_SEPARATOR}${decl.fqn}`));
  return key;
}

/** How often one generic declaration may enclose itself (with other type arguments) in one schema. */
const MAX_GENERIC_REPEATS = 3;
/**
 * Object schemas one root schema may hold, counted as written out (a reused schema counts every
 * object inside it each time it is used); past it, objects are cut with `x-truncated`. The
 * branches of a `oneOf` share what is left fairly (fairBranches), so no subtype takes it all, and
 * so do the properties of an object once the budget cuts one of them (sharedByProperties).
 */
const MAX_OBJECT_NODES = 2_000;
const SIZE_LIMIT = `schema size limit of ${MAX_OBJECT_NODES} objects reached`;

/** The cut-schema cache's key: a cut one is built the same way at the same level with the same budget left. */
function cutKeyOf(key: string, direction: Direction, level: number, budget: number): string {
  return `${key}\u0003${direction}\u0003${level}\u0003${budget}`;
}

/** Object schemas in `s` as JSON writes it, shared subtrees counted at each use; memoised, as schemas are never mutated. */
const EXPANDED_SIZES = new WeakMap<JsonSchema, number>();
function expandedSize(s: JsonSchema): number {
  let n = EXPANDED_SIZES.get(s);
  if (n !== undefined) return n;
  n = s.properties || s.oneOf ? 1 : 0;
  // Keys and indexes, not Object.values: no array per schema (it runs for every object built or reused).
  const props = s.properties;
  if (props) for (const k in props) n += expandedSize(props[k]!);
  const oneOf = s.oneOf;
  if (oneOf) for (let i = 0; i < oneOf.length; i++) n += expandedSize(oneOf[i]!);
  if (s.items && !Array.isArray(s.items)) n += expandedSize(s.items);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') n += expandedSize(s.additionalProperties);
  EXPANDED_SIZES.set(s, n);
  return n;
}

const leaf = (schema: JsonSchema): Built => ({ schema, height: 0, truncated: false });

const PRIMITIVES: Record<string, JsonSchema> = {
  int: { type: 'integer', format: 'int32' },
  long: { type: 'integer', format: 'int64' },
  short: { type: 'integer' },
  byte: { type: 'integer' },
  float: { type: 'number', format: 'float' },
  double: { type: 'number', format: 'double' },
  boolean: { type: 'boolean' },
  char: { type: 'string', maxLength: 1 },
  void: { type: 'null' },
};

export class SchemaBuilder {
  private readonly maxDepth: number;
  private readonly javaNames: boolean;
  private readonly sortProperties: boolean;
  private readonly creatorOrder: boolean;
  private readonly enumsUsingToString: boolean;
  /** The schema of the legacy date types when the application configures how Jackson writes them. */
  private readonly legacyDate: JsonSchema | undefined;
  private readonly generatedType: SchemaOptions['generatedType'];
  /** Object schemas by key: any that reads the same both ways, and those of responses. */
  private cache = new Map<string, Cached>();
  /** Object schemas of requests that differ from their responses'. */
  private requestCache = new Map<string, Cached>();
  /** Object schemas the size budget cut, by key, direction, level and the budget they were built under: right only there. */
  private cutCache = new Map<string, Cached>();
  private enums = new Map<TypeDecl, JsonSchema>();
  /** The Gson settings the root being built is written with; undefined: Jackson's rules. */
  private gson: GsonSettings | undefined;
  private readonly mapperFor: SchemaOptions['mapper'];
  /** The other mapper the root being built is written with; undefined: Jackson's (or Gson's) rules. */
  private mapper: BeanMapper | undefined;
  /** fastjson's configured date pattern (MapperChoice). */
  private mapperDates: string | undefined;
  /** JSON-B 2.0's creators require every parameter (MapperChoice). */
  private creatorParamsRequired = false;
  /** JSON-B's JsonbConfig in code: its naming strategy, and whether a visibility strategy of the project's own decides (MapperChoice). */
  private jsonbNaming: string | undefined;
  private jsonbOwnVisibility = false;
  /** fastjson's reference detection is on (MapperChoice). */
  private fastjsonReferences = false;
  /** The caches of each mapper's models, by its settings' key ('' for Jackson). */
  private readonly mappers = new Map<string, { cache: Map<string, Cached>; requestCache: Map<string, Cached>; cutCache: Map<string, Cached>; enums: Map<TypeDecl, JsonSchema>; listings: Map<TypeDecl, Listing> }>();
  /** The bean properties of each type built, by the type's declaration (`beanProperties`). */
  private listings = new Map<TypeDecl, Listing>();
  private mapperKey = '';
  private readonly rootValue: (file: SourceFile) => RootValue;
  private readonly inclusionFor: ((file: SourceFile) => Include) | undefined;
  /** The application's Jackson's default inclusion, unless a property or class says otherwise. */
  private inclusion: Include = 'ALWAYS';
  /** The root type whose endpoints are being read (`readingEndpointsOf`). */
  private endpointRoot: EndpointRoot | undefined;
  /** The side the root being built is for. */
  private direction: Direction = 'response';
  private readonly jsonValues = new Map<TypeDecl, JsonValueMember | null>();
  private readonly serializers = new Map<TypeDecl, WrittenAs | null>();
  /** The property being built has `@JsonFormat`, which some registered serializers read themselves. */
  private formattedProperty = false;
  /** Types whose `@JsonValue` is being written. */
  private readonly valueTypes = new Set<TypeDecl>();
  /** Keys of the object types being built, outermost first. */
  private readonly stack: string[] = [];
  /** Their declarations, to see a generic type recurring with ever new type arguments. */
  private readonly declStack: TypeDecl[] = [];
  /** Object schemas written out so far, counted as `expandedSize` counts them, against `limit`. */
  private nodes = 0;
  /** Where `nodes` stops: MAX_OBJECT_NODES for a root, a branch's share inside a `oneOf`. */
  private limit = MAX_OBJECT_NODES;

  constructor(
    private readonly index: ProjectIndex,
    /** Kept for problems worth reporting; library types are normal and report nothing. */
    readonly diagnostics: Diagnostic[],
    opts: SchemaOptions = {},
  ) {
    this.maxDepth = opts.maxDepth ?? 8;
    this.javaNames = opts.propertyNames === 'java';
    this.sortProperties = opts.sortProperties === true;
    this.creatorOrder = opts.creatorOrder === true;
    this.enumsUsingToString = opts.enumsUsingToString === true && !this.javaNames;
    this.rootValue = typeof opts.rootValue === 'function' ? opts.rootValue : oneApplication(index, opts.rootValue ?? { read: false, write: false });
    const dates = opts.legacyDates;
    this.generatedType = opts.generatedType;
    this.mapperFor = opts.mapper;
    this.inclusionFor = opts.inclusion;
    this.mappers.set('', { cache: this.cache, requestCache: this.requestCache, cutCache: this.cutCache, enums: this.enums, listings: this.listings });
    this.legacyDate = dates?.timestamps ? { type: 'integer', format: 'int64' } : dates?.pattern ? { type: 'string', 'x-format-pattern': dates.pattern } : undefined;
  }

  /**
   * `java.util.Date` and the like as fastjson writes them: in FastJsonConfig's pattern, or fastjson 1's
   * epoch milliseconds; a string where the property gives its own format (`@JSONField(format)`, which the property rules apply).
   */
  private fastjsonDate(): JsonSchema {
    const pattern = this.mapperDates ?? (this.mapper === 'fastjson2' ? FASTJSON2_DATE_FORMAT : undefined);
    if (this.formattedProperty) return { type: 'string', ...(pattern ? { 'x-format-pattern': pattern } : {}) };
    return pattern ? { type: 'string', 'x-format-pattern': pattern } : { type: 'integer', format: 'int64' };
  }

  /** `schema` of the type `name` as the serializer the application registers for it in code writes it, if any. */
  private registered(name: string, schema: JsonSchema): JsonSchema {
    if (this.javaNames) return schema; // Spring's data binder: no Jackson
    if (this.gson) return this.gson.longAsString && (name === 'long' || name === 'java.lang.Long') ? { type: 'string', format: 'int64' } : schema;
    if (this.mapper) return schema; // the application's ObjectMapper does not write it
    const s = codeRegistrations(this.index).serializers.get(name);
    if (!s || ('unlessFormatted' in s && s.unlessFormatted && this.formattedProperty)) return schema;
    if ('pattern' in s) return { type: 'string', 'x-format-pattern': s.pattern };
    return writtenSchema(schema, s.as);
  }

  /**
   * The JSON Schema of a type as written at `scope` (type variables looked up in `bindings`, then
   * bounds): as Jackson writes it (a response, the default) or reads it (a request body).
   */
  schemaOf(ref: TypeRef, scope: Scope, bindings?: TypeBindings, direction: Direction = 'response'): JsonSchema {
    this.nodes = 0;
    this.limit = MAX_OBJECT_NODES;
    this.direction = direction;
    this.useMapper(scope.file);
    return this.finish(this.build(resolveRef(this.index, ref, scope, this.lookupOf(bindings)), 0));
  }

  /**
   * A body schema (`schemaOf` at the same scope) as Jackson reads or writes it at the root when the
   * application turns root wrapping on: an object whose one key is the class's `@JsonRootName`
   * (its own, a mix-in's or a supertype's, as Jackson's class annotations merge them), else its
   * simple name. Only a class of the project's is wrapped: Jackson would name a list or a map by
   * its runtime class (`ArrayList`), which no client sends. Gson, JSON-B and fastjson never wrap.
   */
  rootWrapped(schema: JsonSchema, scope: Scope, direction: Direction): JsonSchema {
    if (this.javaNames) return schema;
    const wrapping = this.rootValue(scope.file);
    if (!(direction === 'request' ? wrapping.read : wrapping.write)) return schema;
    const javaType = schema['x-java-type'];
    if (schema.type !== 'object' || typeof javaType !== 'string') return schema;
    this.useMapper(scope.file);
    if (this.gson || this.mapper) return schema;
    const decl = this.index.typeByFqn(javaType.replace(/<[\s\S]*$/, ''));
    if (!decl || decl.kind === 'enum') return schema;
    let name: string | undefined;
    for (const t of [decl, ...this.index.ancestors(decl)]) {
      const root = findAnnotation(classAnnotations(this.index, t), 'JsonRootName');
      if (!root) continue;
      name = stringAttr(this.index, root, 'value', { type: t, file: t.file });
      break;
    }
    const key = name || decl.name;
    return { type: 'object', properties: { [key]: schema }, required: [key] };
  }

  /**
   * Jackson's inclusion of a property's value, or of its content (a Map's values): its
   * `@JsonInclude`, else its class's (or a supertype's, a mix-in's: `classIncludes`), else the
   * application's default (which sets no content inclusion here).
   */
  private inclusionOf(own: Annotation | undefined, classIncludes: readonly (Annotation | undefined)[], attribute: 'value' | 'content'): Include {
    return inclusionOf([own, ...classIncludes], attribute, attribute === 'value' ? this.inclusion : 'ALWAYS');
  }

  /** Says which framework reads endpoints from which root type until the next call (undefined: none). */
  readingEndpointsOf(root: EndpointRoot | undefined): void {
    this.endpointRoot = root;
  }

  /** Jackson's rules, or Gson's (JSON-B's, fastjson's) where the application writing `file`'s types uses it: each with its own caches. */
  private useMapper(file: SourceFile | undefined): void {
    const choice = this.javaNames || !file ? undefined : this.mapperFor?.(file, this.endpointRoot);
    const gson = choice?.kind === 'gson' ? choice.settings : undefined;
    const mapper = choice?.kind === 'gson' ? undefined : choice;
    // Jackson's default inclusion is the application's: bodies left without nulls have caches of their own.
    const inclusion = !choice && !this.javaNames && file ? this.inclusionFor?.(file) ?? 'ALWAYS' : 'ALWAYS';
    const key = choice ? JSON.stringify(choice) : inclusion !== 'ALWAYS' ? `jackson:${inclusion}` : '';
    if (key === this.mapperKey) return;
    this.inclusion = inclusion;
    let caches = this.mappers.get(key);
    if (!caches) this.mappers.set(key, (caches = { cache: new Map(), requestCache: new Map(), cutCache: new Map(), enums: new Map(), listings: new Map() }));
    this.gson = gson;
    this.mapper = mapper?.kind;
    this.mapperDates = mapper?.dateFormat;
    this.creatorParamsRequired = mapper?.creatorParamsRequired === true;
    this.jsonbNaming = mapper?.naming;
    this.jsonbOwnVisibility = mapper?.ownVisibility === true;
    this.fastjsonReferences = mapper?.referenceDetection === true;
    this.mapperKey = key;
    ({ cache: this.cache, requestCache: this.requestCache, cutCache: this.cutCache, enums: this.enums, listings: this.listings } = caches);
  }

  /**
   * A schema read from a spec with the classes the generator maps some of its schemas to
   * (`x-mapped-class`, spec-operations.ts) built from the source, where the source has them.
   */
  withProjectClasses(schema: JsonSchema, direction: Direction = 'response'): JsonSchema {
    this.nodes = 0;
    this.limit = MAX_OBJECT_NODES;
    this.direction = direction;
    this.useMapper(undefined);
    const parts = new Parts();
    const out = this.projectClasses(schema, parts, 0);
    return out === schema ? schema : this.finish(parts.done(out));
  }

  /** `s` with each mapped class in it built (`parts` takes what they are built of); `s` itself when none is. */
  private projectClasses(s: JsonSchema, parts: Parts, level: number, depth = 0): JsonSchema {
    const mapped = s[MAPPED_CLASS];
    if (typeof mapped === 'string') {
      const decl = this.index.typeByFqn(mapped);
      if (decl && !this.opaque(decl)) return parts.take(this.build(rawType(this.index, decl), level));
      const { [MAPPED_CLASS]: _class, ...spec } = s; // the spec's schema: the source does not tell
      return spec;
    }
    if (depth > 16) return s;
    let out: JsonSchema | undefined;
    const nested = (v: JsonSchema) => this.projectClasses(v, parts, level + 1, depth + 1);
    if (s.properties) {
      let props: Record<string, JsonSchema> | undefined;
      for (const [name, p] of Object.entries(s.properties)) {
        const q = nested(p);
        if (q !== p) (props ??= { ...s.properties })[name] = q;
      }
      if (props) out = { ...s, properties: props };
    }
    if (s.items) {
      const items = this.projectClasses(s.items, parts, level, depth + 1);
      if (items !== s.items) out = { ...(out ?? s), items };
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const values = this.projectClasses(s.additionalProperties, parts, level, depth + 1);
      if (values !== s.additionalProperties) out = { ...(out ?? s), additionalProperties: values };
    }
    return out ?? s;
  }

  /**
   * A class whose JSON its own (de)serializer writes or reads in a way not read here (gravitee's
   * `CustomInterval`, written as a number or a duration string): its fields do not say.
   */
  private opaque(decl: TypeDecl): boolean {
    const anns = classAnnotations(this.index, decl);
    const custom = ['JsonSerialize', 'JsonDeserialize'].some((n) => findAnnotation(anns, n)?.args.using !== undefined);
    return custom && !classSerializer(this.index, decl);
  }

  /** Bindings for a generic type's parameters from a use like `Result<PageResult<UserVO>>`. */
  bind(decl: TypeDecl, ref: TypeRef, scope: Scope, outer?: TypeBindings): TypeBindings {
    const out = new Map<string, { ref: TypeRef; scope: Scope; bindings?: TypeBindings }>();
    const declScope: Scope = { type: decl, file: decl.file };
    decl.typeParams.forEach((p, i) => {
      const arg = ref.args[i];
      // Used raw: each parameter is its bound, read where it is declared.
      out.set(p.name, arg ? { ref: arg, scope, bindings: outer } : { ref: p.bounds[0] ?? WILDCARD, scope: declScope, bindings: unknownParams(decl) });
    });
    return out;
  }

  /**
   * `outer` plus a generic method's own type variables, each read as its bound:
   * `<T extends Base> T get()` returns a Base, `<T> T get()` anything.
   */
  methodBindings(method: MethodDecl, scope: Scope, outer?: TypeBindings): TypeBindings {
    if (method.typeParams.length === 0) return outer ?? new Map();
    const out = new Map(outer ?? []);
    const own = new Map<string, { ref: TypeRef; scope: Scope; bindings?: TypeBindings }>();
    for (const p of method.typeParams) own.set(p.name, { ref: WILDCARD, scope });
    for (const p of method.typeParams) out.set(p.name, { ref: p.bounds[0] ?? WILDCARD, scope, bindings: own });
    return out;
  }

  private lookupOf(bindings: TypeBindings | undefined, depth = 0): Lookup {
    if (!bindings || bindings.size === 0) return NO_VARIABLES;
    return (name) => {
      const b = bindings.get(name);
      if (!b) return undefined;
      if (depth > 40) return ANY; // bindings that refer to themselves
      return resolveRef(this.index, b.ref, b.scope, this.lookupOf(b.bindings, depth + 1));
    };
  }

  private build(t: JavaType, level: number): Built {
    switch (t.kind) {
      case 'any':
        return leaf({});
      case 'primitive':
        return leaf(this.registered(t.name, PRIMITIVES[t.name] ?? {}));
      case 'array': {
        const item = t.item;
        // Jackson writes byte[] as base64 and char[] as a string.
        if (item.kind === 'primitive' && item.name === 'byte') return leaf({ type: 'string', format: 'byte' });
        if (item.kind === 'primitive' && item.name === 'char') return leaf({ type: 'string' });
        const parts = new Parts();
        return parts.done({ type: 'array', items: parts.take(this.build(item, level)) });
      }
      case 'library':
        return this.library(t, level);
      case 'source':
        return this.source(t, level);
    }
  }

  private library(t: LibraryType, level: number): Built {
    const hal = this.javaNames || this.gson ? undefined : halWrapper(t.name);
    if (hal) return this.halModel(t, hal, level);
    const shape = libraryShape(t.name);
    const arg = (i: number): JavaType => t.args[i] ?? ANY;
    if (!shape) {
      const generated = t.args.length === 0 ? this.generatedType?.(t.name, t.packages) : undefined;
      if (!generated) return leaf(unresolved(t));
      const parts = new Parts();
      return parts.done(this.projectClasses(generated, parts, level));
    }
    switch (shape.kind) {
      case 'scalar':
        // Gson writes java.util.Date (and Timestamp) in its DateFormat: the default, US locale, or the configured pattern.
        if (this.gson && (t.name === 'java.util.Date' || t.name === 'java.sql.Timestamp')) return leaf({ type: 'string', 'x-format-pattern': this.gson.dateFormat ?? GSON_DEFAULT_DATE });
        if (LEGACY_DATES.has(t.name) && (this.mapper === 'fastjson' || this.mapper === 'fastjson2')) return leaf(this.fastjsonDate());
        return leaf(this.registered(t.name, this.legacyDate && !this.mapper && LEGACY_DATES.has(t.name) ? this.legacyDate : shape.schema));
      case 'unwrap':
        return this.build(arg(0), level);
      case 'free':
        return leaf(named({ type: 'object' }, t));
      case 'enum':
        return leaf(named({ type: 'string', enum: shape.values }, t));
      case 'array': {
        const parts = new Parts();
        const schema: JsonSchema = { type: 'array', items: shape.items ?? parts.take(this.build(arg(0), level)) };
        if (shape.unique) schema.uniqueItems = true;
        return parts.done(schema);
      }
      case 'map': {
        const parts = new Parts();
        const valueType = arg(shape.value);
        let value = shape.values ?? (isObject(valueType) ? {} : parts.take(this.build(valueType, level)));
        if (shape.list) value = { type: 'array', items: value };
        return parts.done(named({ type: 'object', additionalProperties: value }, t));
      }
      case 'object': {
        if (level >= this.maxDepth) return { schema: this.truncated(t), height: 0, truncated: true };
        if (this.nodes >= this.limit) return this.sizeCut(t);
        this.nodes++;
        const parts = new Parts();
        const properties: Record<string, JsonSchema> = {};
        for (const [name, s] of shape.properties) {
          properties[name] = s === 'items' ? { type: 'array', items: parts.take(this.build(arg(0), level + 1)) } : s;
        }
        return parts.done(named({ type: 'object', properties }, t), 1);
      }
    }
  }

  /** Spring HATEOAS' wrappers as HAL writes them (hateoas.ts). */
  private halModel(t: LibraryType, kind: HalWrapper, level: number): Built {
    const content = t.args[0] ?? ANY;
    const parts = new Parts();
    if (kind === 'entity') {
      const linked = withLinks(parts.take(this.build(content, level)));
      if (!linked.properties?._links) return parts.done(linked);
      // Named for the wrapper: the content's own schema, without `_links`, keeps the content's name in exports.
      const { title: _title, 'x-java-type': _type, ...rest } = linked;
      return parts.done(named(rest, t));
    }
    if (level >= this.maxDepth) return { schema: this.truncated(t), height: 0, truncated: true };
    const items = parts.take(this.build(content, level + 1));
    const properties: Record<string, JsonSchema> = {
      _embedded: { type: 'object', properties: { [collectionRelation(this.index, content)]: { type: 'array', items } } },
      _links: halLinks(),
    };
    if (kind === 'paged') properties.page = halPage();
    return parts.done(named({ type: 'object', properties }, t), 2);
  }

  private source(t: SourceType, level: number): Built {
    const decl = t.decl;
    if (decl.kind === 'enum') {
      let schema = this.enums.get(decl);
      if (!schema) this.enums.set(decl, (schema = enumSchema(this.index, decl, undefined, this.gson ? { gson: true } : this.mapper ? { names: !readsJacksonAnnotations(this.mapper) } : { usingToString: this.enumsUsingToString })));
      return leaf(schema);
    }
    if (decl.kind === 'annotation') return leaf(named({ type: 'object' }, t));
    if (this.mapper) {
      // A class written by code of its own (`@JsonbTypeAdapter`, fastjson's `@JSONType(serializer)`): unknown here.
      const writer = ownWriter(bySimpleName(decl.annotations), this.mapper);
      if (writer) return leaf({ title: displayName(t), description: `Written by its @${writer}`, 'x-java-type': qualifiedName(t) });
      // JSON-B and fastjson 1 read none of Jackson's class annotations (`@JsonSerialize`, `@JsonValue`, `@JsonTypeInfo`).
      if (!readsJacksonAnnotations(this.mapper)) return this.object(t, level);
    }
    if (this.gson) {
      // Gson's own `@JsonAdapter` writes the class as its adapter does: unknown here. Gson reads no Jackson annotation.
      if (findAnnotation(decl.annotations, 'JsonAdapter')) return leaf({ title: displayName(t), description: `Written by its Gson @JsonAdapter`, 'x-java-type': qualifiedName(t) });
      return this.object(t, level);
    }
    // `@JsonSerialize(as = ...)` / `@JsonDeserialize(as = ...)` / `converter` on the class: another type on one side.
    const retyping = this.javaNames ? undefined : classRetyping(classAnnotations(this.index, decl));
    if (retyping) {
      const target = retyped(this.index, t, retyping, { type: decl, file: decl.file }, this.direction);
      const built = target === t || (target.kind === 'source' && target.decl === decl) ? this.unretyped(t, level) : this.build(target, level);
      return { ...built, directional: true };
    }
    return this.unretyped(t, level);
  }

  private unretyped(t: SourceType, level: number): Built {
    const decl = t.decl;
    // `@JsonSerialize(using = ...)` on the class, or a serializer registered for it in code: written as its serializer writes.
    let serializer = this.serializers.get(decl);
    if (serializer === undefined) this.serializers.set(decl, (serializer = (!this.javaNames && classSerializer(this.index, decl)) || null));
    if (serializer) {
      // With no deserializer of its own, Jackson reads it as a bean, unless a one-argument creator reads the value.
      if (ownDeserializer(this.index, decl) || delegatingCreator(decl)) return leaf({ ...writtenSchema({}, serializer), 'x-java-type': qualifiedName(t) });
      if (this.direction === 'response') return { ...leaf({ ...writtenSchema({}, serializer), 'x-java-type': qualifiedName(t) }), directional: true };
      return { ...this.object(t, level), directional: true };
    }
    if (!this.javaNames && !this.mapper && codeRegistrations(this.index).serializers.has(decl.fqn)) {
      // As a class-level serializer: a bean where Jackson reads it, unless something else reads the value.
      const written = leaf({ ...this.registered(decl.fqn, {}), 'x-java-type': qualifiedName(t) });
      if (ownDeserializer(this.index, decl) || delegatingCreator(decl)) return written;
      if (this.direction === 'response') return { ...written, directional: true };
      return { ...this.object(t, level), directional: true };
    }
    // A type with a `@JsonValue` accessor is written as that value.
    let jv = this.jsonValues.get(decl);
    if (jv === undefined) this.jsonValues.set(decl, (jv = jsonValueMember(this.index, decl) ?? null));
    if (jv && !this.valueTypes.has(decl)) {
      const ref = jv.field?.type ?? jv.method!.returnType!;
      const vars = jv.owner === decl ? variablesOf(t) : NO_VARIABLES;
      this.valueTypes.add(decl); // a value that is (or holds) its own type again is written as an object
      try {
        return this.build(resolveRef(this.index, ref, { type: jv.owner, file: jv.owner.file }, vars), level);
      } finally {
        this.valueTypes.delete(decl);
      }
    }
    return this.object(t, level);
  }

  /** `untyped`: without the type id and subtypes of its class's `@JsonTypeInfo` (a property's `use = NONE`). */
  private object(t: SourceType, level: number, untyped = false): Built {
    // The file is part of the key: one builder serves a whole scan, and two modules may both
    // declare `com.acme.Dto`.
    const typedKey = t.raw || t.args.length === 0 ? plainKey(t.decl) : `${t.decl.file.path}${KEY_SEPARATOR}${qualifiedName(t)}`;
    const key = untyped ? `${typedKey}${UNTYPED}` : typedKey;
    if (this.stack.includes(key)) {
      // fastjson's reference detection writes the same object met again inside itself as a reference to it.
      const schema: JsonSchema = this.fastjsonReferences ? { oneOf: [{ $ref: REF + key }, FASTJSON_REFERENCE] } : { $ref: REF + key };
      return { schema, height: 0, truncated: false, open: new Set([key]) };
    }
    if (level >= this.maxDepth) return { schema: this.truncated(t), height: 0, truncated: true };
    // Budgets against explosion (issue 23): `Box<T> { Box<Box<T>> next; }` meets a new
    // instantiation at every level, so neither `$ref` nor the cache stops it; and a wide tree of
    // distinct types is bounded by a count of object schemas per root.
    let repeats = 0;
    for (const d of this.declStack) if (d === t.decl) repeats++;
    if (repeats >= MAX_GENERIC_REPEATS) {
      return { schema: this.truncated(t, `${t.decl.name} recurs inside itself with new type arguments more than ${MAX_GENERIC_REPEATS} times`), height: 0, truncated: true };
    }
    if (this.nodes >= this.limit) return this.sizeCut(t);
    const before = this.nodes;
    const hit = this.cached(key);
    // Written out again in full: Gaffer's polymorphic Operation, whose subtypes hold Operations,
    // made 90 MB of JSON per endpoint from a few hundred types. One that does not fit what is left
    // is built again under it, cut deeper down rather than as a whole.
    const fits = hit && (hit.truncated ? hit.level === level : hit.height <= this.maxDepth - level) && before + expandedSize(hit.schema) <= this.limit;
    // A cut one is built the same way wherever the same budget is left at the same level (each endpoint using Gaffer's Operation).
    // Its key is made only when needed: most objects are found whole, or built once and not cut.
    const { direction, cutCache } = this;
    const budget = this.limit - before;
    const reused = fits ? hit : cutCache.size === 0 ? undefined : cutCache.get(cutKeyOf(key, direction, level, budget));
    if (reused && !this.stack.some((k) => reused.types!.has(k))) {
      this.nodes = before + expandedSize(reused.schema);
      // A reused schema still depends on every type inside it: tell the index, whose tracking
      // decides what a changed file re-scans.
      this.index.noteFiles((reused.paths ??= [...new Set([...reused.types!].map((k) => k.slice(0, k.indexOf(KEY_SEPARATOR))))]));
      this.index.noteMissing(reused.missing);
      return reused;
    }
    this.nodes++;
    this.stack.push(key);
    this.declStack.push(t.decl);
    let built: Built;
    let missing: ReadonlySet<string>;
    try {
      ({ value: built, missing } = this.index.missedBy(() => (untyped ? this.objectBody(t, level) : this.typedBody(t, level))));
    } finally {
      this.stack.pop();
      this.declStack.pop();
    }
    let { open, defs } = built;
    if (open?.has(key)) {
      const rest = new Set(open);
      rest.delete(key);
      open = rest.size ? rest : undefined;
      const all = new Map(defs);
      all.set(key, built.schema);
      defs = all;
    }
    // The count during the build is a guide (a wrapper object of a type id is not counted there): what is written out decides.
    this.nodes = before + expandedSize(built.schema);
    if (this.nodes > this.limit) {
      this.nodes = before;
      return this.sizeCut(t);
    }
    const types = new Set(built.types);
    types.add(key);
    const result: Built = { schema: built.schema, height: built.height, truncated: built.truncated, cut: built.cut, types, open, defs, directional: built.directional };
    if (open) return result;
    if (built.cut) this.cutCache.set(cutKeyOf(key, direction, level, budget), { ...result, level, missing });
    else (this.direction === 'request' && built.directional ? this.requestCache : this.cache).set(key, { ...result, level, missing });
    return result;
  }

  /** An object cut by the size budget. */
  private sizeCut(t: JavaType): Built {
    return { schema: this.truncated(t, SIZE_LIMIT), height: 0, truncated: true, cut: true };
  }

  /**
   * The branches of a `oneOf`, sharing what is left of the size budget fairly (max-min): each is
   * offered an equal share; those that fit whole keep what they use, and the rest are offered the
   * shares again with what the others left, until no more fits whole; the rest are then cut
   * within their shares, deeper levels first as each is built depth-first. So every subtype shows
   * at least its own properties, however large the first ones (Gaffer's AddGraph, 600 objects).
   * Undefined when what is left cannot give every branch an object: the type is then cut whole,
   * rather than written as a list of cut subtypes. With `leftovers` (an object's property values,
   * sharedByProperties), never undefined: see the rounds below.
   */
  private fairBranches(branches: ReadonlyArray<() => Built>, o: { leftovers?: boolean } = {}): Built[] | undefined {
    const start = this.nodes;
    const limit = this.limit;
    if (limit - start < branches.length && !o.leftovers) return undefined;
    const out: Built[] = new Array(branches.length);
    let left = limit - start;
    let pending = branches.map((_, i) => i);
    const attempt = (i: number, share: number): { built: Built; size: number } => {
      this.nodes = 0;
      this.limit = share;
      const built = branches[i]!();
      return { built, size: expandedSize(built.schema) };
    };
    try {
      while (pending.length) {
        // Shares roll: what one branch leaves of its own goes to those after it in this round. With
        // `leftovers` they do not (that favoured the last of values that are whole or nothing): what
        // is left at the end goes to the cut ones in order, the first first.
        let spare = left;
        const tried: Array<{ i: number; built: Built; size: number }> = [];
        pending.forEach((i, k) => {
          const { built, size } = attempt(i, Math.floor(o.leftovers ? left / pending.length : spare / (pending.length - k)));
          spare -= size;
          tried.push({ i, built, size });
        });
        const whole = tried.filter((x) => !x.built.cut);
        // Those cut keep their cut schemas once no other fits whole; else they try again with what those leave.
        const settled = whole.length && whole.length < tried.length ? whole : tried;
        for (const { i, built, size } of settled) {
          out[i] = built;
          left -= size;
        }
        pending = settled === tried ? [] : tried.filter((x) => x.built.cut).map((x) => x.i);
      }
      // What the shares left unused, to the cut ones in order, each offered it with its own share.
      for (let i = 0; o.leftovers && left > 0 && i < out.length; i++) {
        if (!out[i]!.cut) continue;
        const own = expandedSize(out[i]!.schema);
        const { built, size } = attempt(i, left + own);
        if (size <= own) continue;
        out[i] = built;
        left -= size - own;
      }
    } finally {
      this.limit = limit;
    }
    this.nodes = limit - left;
    return out;
  }

  /**
   * The values of an object's properties, built in order; when the size budget cut one, built
   * again sharing what is left fairly between those that take any of it (fairBranches), so a wide
   * object (hundreds of DTO properties) shows every property with at least its own level, rather
   * than its first properties whole and the later ones cut to their titles. What the shares leave
   * unused (a value that is whole or nothing, as a `oneOf` is) goes to the cut ones in order.
   */
  private sharedByProperties(values: ReadonlyArray<() => Built>): Built[] {
    const before = this.nodes;
    const built = values.map((v) => v());
    // Most objects fit whole: the takers are counted only when one was cut.
    if (!built.some((b) => b.cut)) return built;
    const takers = built.flatMap((b, i) => (b.cut || expandedSize(b.schema) > 0 ? [i] : []));
    if (takers.length < 2) return built;
    this.nodes = before;
    const shared = this.fairBranches(takers.map((i) => values[i]!), { leftovers: true })!;
    takers.forEach((i, k) => (built[i] = shared[k]!));
    return built;
  }

  /** The cached schema of an object type for the current direction. */
  private cached(key: string): Cached | undefined {
    if (this.direction === 'response') return this.cache.get(key);
    const hit = this.requestCache.get(key) ?? this.cache.get(key);
    return hit?.directional && !this.requestCache.has(key) ? undefined : hit;
  }

  /**
   * The object as Jackson writes it: with its type id when its hierarchy carries `@JsonTypeInfo`,
   * or, for a polymorphic base, a `oneOf` of the subtypes a body of it may be (polymorphism.ts).
   * Spring's data binder (`propertyNames: 'java'`) knows nothing of either.
   */
  private typedBody(t: SourceType, level: number): Built {
    const poly = this.javaNames || this.gson || !readsJacksonAnnotations(this.mapper) ? undefined : polymorphismOf(this.index, t.decl);
    if (!poly) return this.objectBody(t, level);
    const withId = (b: Built): Built => ({ ...b, schema: withTypeId(b.schema, poly.info, poly.ids) });
    if (!poly.branches) return withId(this.objectBody(t, level));
    const parts = new Parts();
    const own = (): Built => {
      // The type itself as a branch: one more object, as `expandedSize` counts it, checked as `object` checks one.
      const before = this.nodes;
      if (before >= this.limit) return this.sizeCut(t);
      this.nodes++;
      const b = withId(this.objectBody(t, level));
      this.nodes = before + expandedSize(b.schema);
      if (this.nodes <= this.limit) return b;
      this.nodes = before;
      return this.sizeCut(t);
    };
    const built = this.fairBranches(poly.branches.map((d) => () => (d === t.decl ? own() : this.object(rawType(this.index, d), level))));
    if (!built) return this.sizeCut(t);
    const oneOf = built.map((b) => parts.take(b));
    const schema: JsonSchema = {};
    if (oneOf.every((b) => b.type === 'object')) schema.type = 'object';
    schema.title = displayName(t);
    const description = typeDescription(this.index, t.decl);
    if (description) schema.description = description;
    schema.oneOf = oneOf;
    if (poly.info.property) schema['x-discriminator'] = { propertyName: poly.info.property };
    schema['x-java-type'] = qualifiedName(t);
    return parts.done(schema);
  }

  /**
   * A value typed by its property's own `@JsonTypeInfo` (polymorphism.ts): the value itself, an
   * Optional's, or each element of an array, collection or map. Undefined when none applies.
   */
  private typedProperty(type: JavaType, typing: PropertyTyping, level: number): { built: Built; external?: { name: string; schema: JsonSchema } } | undefined {
    const element = typedElement(type);
    if (!element) return undefined;
    if (enumAttr(typing.typeInfo, 'use') === 'NONE') {
      // Switches the class's polymorphism off for a value declared as the class: its own properties,
      // no type id. Jackson 2.17 still writes the ids of a collection's elements.
      return type.kind === 'source' ? { built: this.object(type, level, true) } : undefined;
    }
    const poly = polymorphismOf(this.index, element.type.decl, typing);
    if (!poly) return undefined;
    const { info } = poly;
    const parts = new Parts();
    const branches = poly.branches ?? [element.type.decl];
    const build = (d: TypeDecl) => () => this.object(d === element.type.decl ? element.type : rawType(this.index, d), level);
    let each: Built[] | undefined;
    if (branches.length === 1) each = [build(branches[0]!)()];
    else if (this.nodes < this.limit) {
      this.nodes++; // the `oneOf` itself, counted before its branches share what is left
      each = this.fairBranches(branches.map(build));
      if (!each) this.nodes--;
    }
    const oneOf = each ? each.map((b, i) => withTypeId(parts.take(b), info, poly.idsOf(branches[i]!))) : [parts.take(this.sizeCut(element.type))];
    let value: JsonSchema;
    if (oneOf.length === 1) value = oneOf[0]!;
    else {
      value = {};
      if (oneOf.every((b) => b.type === 'object')) value.type = 'object';
      value.title = displayName(element.type);
      value.oneOf = oneOf;
      if (info.property && info.include !== 'EXTERNAL_PROPERTY') value['x-discriminator'] = { propertyName: info.property };
      value['x-java-type'] = qualifiedName(element.type);
    }
    const built = parts.done(this.withElement(type, element.at, value, parts, level));
    if (info.include !== 'EXTERNAL_PROPERTY' || element.at !== 'self') return { built };
    const ids = [...new Set(branches.flatMap((d) => poly.idsOf(d)))];
    return { built, external: { name: info.property, schema: { type: 'string', enum: ids } } };
  }

  /** `type`'s schema with `value` as itself, its items or its map values. */
  private withElement(type: JavaType, at: 'self' | 'items' | 'values', value: JsonSchema, parts: Parts, level: number): JsonSchema {
    if (at === 'self') return value;
    const whole = parts.take(this.build(type, level));
    return at === 'items' ? { ...whole, items: value } : { ...whole, additionalProperties: value };
  }

  private objectBody(t: SourceType, level: number): Built {
    const decl = t.decl;
    const { levels, unresolvedSuperclass } = this.hierarchy(t);
    const map = this.javaNames ? undefined : this.mapSuperclass(levels, unresolvedSuperclass);
    if (map) {
      // A class extending a library map (`RestResponse extends HashMap<String, Object>`): Jackson
      // writes and reads its entries, never its bean properties.
      const parts = new Parts();
      const value = isObject(map) ? {} : parts.take(this.build(map, level + 1));
      return parts.done(named({ type: 'object', additionalProperties: value }, t));
    }
    const parts = new Parts();
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    let additional: JsonSchema | undefined;
    const request = this.direction === 'request';
    // A class Jackson reads through a builder takes the builder's properties (builders.ts).
    const builder = this.javaNames || this.gson || this.mapper ? undefined : jacksonBuilder(this.index, decl);
    const read = builder && this.builderLevels(builder, levels);
    const beanProperties = this.gson ? this.gsonProperties(levels, this.gson) : this.beanProperties(levels);
    const builderProperties = read && this.properties(read.levels, read.members);
    // Marked on both sides when the builder reads other properties than the class writes.
    const throughBuilder = builderProperties !== undefined && !sameProperties(beanProperties, builderProperties);
    if (throughBuilder) parts.directional = true;

    const listed = request && throughBuilder ? builderProperties : beanProperties;
    // Each property's value, built as a function so the size budget can be shared out again (sharedByProperties).
    const external: Array<{ name: string; schema: JsonSchema } | undefined> = [];
    // Each property's type as written (an Optional's emptiness is its own, not its schema's).
    const types: JavaType[] = [];
    const values = listed.map((p, i) => {
      const implementation = classesAttr(p.anns.get('Schema'), 'implementation')[0];
      // Jackson reads a property through its setter, as the setter's parameter type.
      const setterType = this.javaNames || this.gson || implementation ? undefined : retypingSetter(p.member);
      if (setterType) parts.directional = true;
      const ref = implementation ? { name: implementation, args: [], dims: 0 } : request && setterType ? setterType : p.member.type;
      const declared = resolveRef(this.index, ref, p.scope, p.vars);
      const directional = !this.javaNames && !this.gson && retypes(p.anns);
      if (directional) parts.directional = true;
      const type = directional ? retyped(this.index, declared, p.anns, p.scope, this.direction) : declared;
      types[i] = type;
      const typeInfo = this.javaNames || this.gson ? undefined : p.anns.get('JsonTypeInfo');
      const typing = typeInfo && { typeInfo, subTypes: p.anns.get('JsonSubTypes'), scope: p.scope };
      return (): Built => {
        const typed = typing && this.typedProperty(type, typing, level + 1);
        external[i] = typed?.external;
        if (typed) return typed.built;
        const outer = this.formattedProperty;
        this.formattedProperty = p.anns.has('JsonFormat');
        try {
          return this.build(type, level + 1);
        } finally {
          this.formattedProperty = outer;
        }
      };
    });
    const builtValues = this.sharedByProperties(values);
    // The `@JsonInclude` of the class and its supertypes, nearest first: read once for all its properties.
    const classIncludes = this.javaNames || this.gson || this.mapper ? [] : [decl, ...this.index.ancestors(decl)].map((t) => findAnnotation(classAnnotations(this.index, t), 'JsonInclude'));

    // Indexed: most of a scan runs before the optimizing compiler, where `entries()` makes an iterator and a pair per property.
    for (let i = 0; i < listed.length; i++) {
      const p = listed[i]!;
      let base = parts.take(builtValues[i]!);
      // Gson's `@JsonAdapter` on a field writes it as the adapter does: unknown here.
      if (this.gson && p.anns.has('JsonAdapter')) base = { description: 'Written by its Gson @JsonAdapter' };
      // JSON-B's `@JsonbTypeAdapter` / `@JsonbTypeSerializer`, fastjson's `serializeUsing`: likewise.
      const writer = this.mapper && ownWriter(bySimpleName(p.member.annotations), this.mapper);
      if (writer) base = { description: `Written by its @${writer}` };
      if (p.anns.has('JsonAnyGetter') || p.anns.has('JsonAnySetter')) {
        additional = base.additionalProperties && typeof base.additionalProperties === 'object' ? base.additionalProperties : {};
        continue;
      }
      const ruled = applyPropertyRules(base, p.anns, p.member.description, { index: this.index, scope: p.scope, request, readsJson: request && readsJson(p.member), enumsUsingToString: this.enumsUsingToString && !this.mapper });
      let { schema } = ruled;
      // What Jackson writes: `@JsonInclude` (and the application's default) decide (inclusion.ts).
      const jackson = !this.javaNames && !this.gson && !this.mapper;
      const inclusion = jackson ? this.inclusionOf(p.anns.get('JsonInclude'), classIncludes, 'value') : 'ALWAYS';
      // A value the declaration promises is still left out when empty (NON_EMPTY) or default (NON_DEFAULT): not required
      // in a response, still in a request: the two sides differ.
      const promised = ruled.required || p.member.required === true;
      const leftOut = promised && mayBeLeftOut(inclusion, types[i]!, schema, p.anns);
      if (leftOut) parts.directional = true;
      const isRequired = promised && (request || !leftOut);
      // `@JsonInclude(content = ..)`: a Map's values, or an Optional's referent where an absent one is left out.
      const map = schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object' && !schema.properties;
      const reference = isReference(types[i]!) && leavesAbsentOut(inclusion);
      const content = jackson && (map || reference) ? this.inclusionOf(p.anns.get('JsonInclude'), classIncludes, 'content') : 'ALWAYS';
      const values = content !== 'ALWAYS' && map ? includedContent(content, schema.additionalProperties as JsonSchema) : schema.additionalProperties;
      const noEntries = map && values === undefined;
      const written = values !== schema.additionalProperties
        ? (values ? { ...schema, additionalProperties: values } : { ...schema, additionalProperties: false, maxProperties: 0 })
        : content !== 'ALWAYS' && reference ? includedContent(content, schema) ?? schema : schema;
      // Written, not read: the two sides differ.
      if (written !== schema) parts.directional = true;
      if (written !== schema && !request) schema = written;
      if (p.member.defaultValue && schema.default === undefined) {
        const value = declaredDefault(this.index, p.member.defaultValue, schema, p.scope);
        if (value !== undefined) schema.default = value;
      }
      if (p.readOnly) schema.readOnly = true;
      if (p.writeOnly) schema.writeOnly = true;
      const unwrapped = p.anns.get('JsonUnwrapped');
      if (unwrapped && boolAttr(unwrapped, 'enabled') !== false && schema.properties) {
        const prefix = stringAttr(this.index, unwrapped, 'prefix', p.scope) ?? '';
        const suffix = stringAttr(this.index, unwrapped, 'suffix', p.scope) ?? '';
        for (const [n, s] of Object.entries(schema.properties)) properties[prefix + n + suffix] = s;
        for (const r of schema.required ?? []) required.push(prefix + r + suffix);
        continue;
      }
      // Always null (`Void`, `T` bound to it) where Jackson leaves nulls out: never written (null-inclusion.ts),
      // still read: the two sides differ.
      // So is a map whose entries are all left out (`Map<String, Void>` under content NON_NULL), where empty values are.
      if (jackson && ((schema.type === 'null' && leavesNullsOut(inclusion)) || (noEntries && leavesEmptyOut(inclusion)))) {
        parts.directional = true;
        if (!request) continue;
      }
      properties[p.name] = schema;
      if (isRequired) required.push(p.name);
      // EXTERNAL_PROPERTY: Jackson writes the id beside the value, after it.
      const typedId = external[i];
      if (typedId) properties[typedId.name] = typedId.schema;
    }

    // A RepresentationModel's links, which Spring Boot's Jackson writes as HAL.
    const hal = !this.javaNames && !this.gson && isRepresentationModel(unresolvedSuperclass);
    if (hal) properties._links = halLinks();
    const schema: JsonSchema = { type: 'object', title: displayName(t) };
    const description = typeDescription(this.index, decl);
    if (description) schema.description = description;
    schema.properties = properties;
    if (required.length) schema.required = [...new Set(required)];
    if (additional) schema.additionalProperties = additional;
    const scope: Scope = { type: decl, file: decl.file };
    const example = stringAttr(this.index, findAnnotation(decl.annotations, 'Schema'), 'example', scope);
    if (example !== undefined) setExample(schema, example);
    if (unresolvedSuperclass && !hal) schema['x-unresolved-superclass'] = unresolvedSuperclass;
    schema['x-java-type'] = qualifiedName(t);
    // Exports tell the two schemas of one type apart by this (OpenAPI components).
    if (parts.directional && this.direction === 'request') schema['x-direction'] = 'request';
    return parts.done(schema, 1);
  }

  /** The levels and property candidates of the builder Jackson reads a class through. */
  private builderLevels(builder: JacksonBuilder, levels: Level[]): { levels: Level[]; members: (decl: TypeDecl) => Member[] } {
    if (builder.kind === 'class') {
      // A builder extending a base builder takes the base's methods too (their type variables bound by the extends clause).
      const own = this.hierarchy(rawType(this.index, builder.builder)).levels.filter((l) => l.decl.kind === 'class');
      return { levels: own, members: (d) => builderClassProperties(d, builder.prefix, d === builder.builder) };
    }
    // `@Builder` takes the class's own fields; `@SuperBuilder` its superclasses' as well.
    return { levels: builder.superBuilder ? levels : levels.slice(-1), members: lombokBuilderProperties };
  }

  /** The value type of the library map the class extends, if its superclass chain ends in one. */
  private mapSuperclass(levels: readonly Level[], unresolvedSuperclass: string | undefined): JavaType | undefined {
    if (!unresolvedSuperclass || libraryShape(unresolvedSuperclass)?.kind !== 'map') return undefined;
    for (const { decl, vars } of levels) {
      const ref = decl.kind === 'class' ? decl.superclass : undefined;
      if (!ref || this.index.resolveType(ref.name, decl.outer ? { type: decl.outer, file: decl.file } : { file: decl.file })) continue;
      const value = ref.args[1];
      return value ? resolveRef(this.index, value, { type: decl, file: decl.file }, vars) : ANY;
    }
    return undefined;
  }

  /** The type and the supertypes whose members it inherits, root-most first, each with its type arguments. */
  private hierarchy(t: SourceType): { levels: Level[]; unresolvedSuperclass?: string } {
    const levels: Level[] = [{ decl: t.decl, vars: variablesOf(t) }];
    const seen = new Set<TypeDecl>([t.decl]);
    let unresolvedSuperclass: string | undefined;
    // Classes inherit fields along the superclass chain; interfaces inherit getters from all they extend.
    const queue = [levels[0]!];
    while (queue.length) {
      const cur = queue.shift()!;
      const supers = cur.decl.kind === 'interface' ? cur.decl.interfaces : cur.decl.superclass ? [cur.decl.superclass] : [];
      const outer: Scope = cur.decl.outer ? { type: cur.decl.outer, file: cur.decl.file } : { file: cur.decl.file };
      const inside: Scope = { type: cur.decl, file: cur.decl.file };
      for (const ref of supers) {
        const sup = this.index.resolveType(ref.name, outer);
        if (!sup) {
          const name = libraryName(ref.name, outer);
          if (cur.decl.kind === 'class' && !EMPTY_SUPERCLASSES.has(name)) unresolvedSuperclass ??= name;
          continue;
        }
        if (seen.has(sup)) continue;
        seen.add(sup);
        // The arguments are written in the subtype: resolve them there, with its variables.
        const args = sup.typeParams.map((p, i) => {
          const arg = ref.args[i];
          return arg ? resolveRef(this.index, arg, inside, cur.vars) : unboundVariable(this.index, p, sup);
        });
        const next: Level = { decl: sup, vars: variablesOf({ kind: 'source', decl: sup, args, raw: ref.args.length === 0 }) };
        levels.push(next);
        queue.push(next);
      }
    }
    levels.reverse();
    const out: { levels: Level[]; unresolvedSuperclass?: string } = { levels };
    if (unresolvedSuperclass) out.unresolvedSuperclass = unresolvedSuperclass;
    return out;
  }

  /**
   * The JSON properties of a type as Gson writes them (gson.ts): the fields of each class, the
   * type's own first, then its superclasses', named by `@SerializedName` or the naming policy.
   * A name met again further up is the subclass's (Gson itself refuses such a class).
   */
  private gsonProperties(levels: readonly Level[], gson: GsonSettings): ReturnType<SchemaBuilder['properties']> {
    const out: ReturnType<SchemaBuilder['properties']> = [];
    const seen = new Set<string>();
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i]!;
      const scope: Scope = { type: level.decl, file: level.decl.file };
      const params = level.decl.kind === 'record' ? parseDoc(level.decl.doc).params : undefined;
      for (const { field, serialize, deserialize } of gsonFields(level.decl, gson)) {
        const anns = withoutJacksonAnnotations(bySimpleName(field.annotations));
        if (isHidden(anns)) continue;
        const name = stringAttr(this.index, anns.get('SerializedName'), 'value', scope) || gsonFieldName(field.name, gson.naming);
        if (seen.has(name)) continue;
        seen.add(name);
        const member: Member = { implicit: field.name, type: field.type, annotations: [...field.annotations], description: params ? params[field.name] || undefined : docText(field.doc), field: true };
        if ('defaultValue' in field && field.defaultValue) member.defaultValue = field.defaultValue;
        const p: (typeof out)[number] = { name, member, anns, scope, vars: level.vars };
        if (!deserialize) p.readOnly = true;
        if (!serialize) p.writeOnly = true;
        out.push(p);
      }
    }
    return out;
  }

  /**
   * `properties(levels)`, listed once per type and mapper: a generic type is built again for every
   * instantiation (`Result<A>`, `Result<B>`: 700 of the 1,700 objects the 10,000-file bench builds),
   * and nothing of its listing but the type arguments differs between them.
   */
  private beanProperties(levels: readonly Level[]): Property[] {
    const own = levels[levels.length - 1]!.decl;
    const known = this.listings.get(own);
    if (known && known.decls.length === levels.length && known.decls.every((d, i) => d === levels[i]!.decl)) {
      this.index.replay(known.deps);
      return known.properties.map(({ property, level }) => ({ ...property, vars: levels[level]!.vars }));
    }
    const { value, deps } = this.index.recorded(() => this.properties(levels));
    // Each property's type is read in its level's scope, with that level's variables.
    const level = (p: Property) => levels.findIndex((l) => l.decl === p.scope.type && l.vars === p.vars);
    const properties = value.map((property) => ({ property, level: level(property) }));
    if (properties.every((p) => p.level >= 0)) this.listings.set(own, { decls: levels.map((l) => l.decl), properties, deps });
    return value;
  }

  /** The JSON properties of a type: members of every level merged by name, filtered, named and ordered as Jackson does. */
  private properties(levels: readonly Level[], members?: (decl: TypeDecl) => Member[]): Property[] {
    const merged = new Map<string, { member: Member; level: Level }>();
    for (const level of levels) {
      for (const m of members ? members(level.decl) : this.mapper ? this.mapperMembers(level.decl) : this.withMixin(level.decl)) {
        const prev = merged.get(m.implicit);
        if (prev && !m.field) {
          // An overriding getter adds its annotations; the inherited field still says what it is.
          const member = { ...prev.member, annotations: [...m.annotations, ...prev.member.annotations], description: prev.member.description ?? m.description };
          merged.set(m.implicit, { member, level: prev.level });
        } else merged.set(m.implicit, { member: m, level });
      }
    }
    // Class-level rules: the nearest declaration wins; ignored names add up.
    // JSON-B's naming strategy set in code names what `@JsonbProperty` does not (JSON-B reads no `@JsonNaming`).
    const jsonbNaming = this.mapper === 'jsonb' ? this.jsonbNaming : undefined;
    let naming: NamingStrategy | undefined = jsonbNaming ? (name) => jsonbPropertyName(name, jsonbNaming) : undefined;
    let order: { names: string[]; alphabetic: boolean } | undefined;
    const ignored = new Map<string, 'all' | 'read' | 'write'>();
    for (let i = levels.length - 1; i >= 0; i--) {
      const decl = levels[i]!.decl;
      const mixin = this.javaNames || this.mapper ? undefined : mixinOf(this.index, decl);
      const anns = mapperClassAnnotations(bySimpleName(mixin ? classAnnotations(this.index, decl) : decl.annotations), this.mapper);
      // Attributes of the mix-in's annotations are written in the mix-in.
      const scope: Scope = mixin && ['JsonPropertyOrder', 'JsonIgnoreProperties'].some((n) => findAnnotation(mixin.annotations, n)) ? { type: mixin, file: mixin.file } : { type: decl, file: decl.file };
      if (!naming) {
        const cls = classesAttr(anns.get('JsonNaming'), 'value')[0];
        if (cls) naming = namingStrategy(cls);
      }
      const po = anns.get('JsonPropertyOrder');
      if (po && !order) order = { names: stringsAttr(this.index, po, 'value', scope), alphabetic: boolAttr(po, 'alphabetic') === true };
      const ip = anns.get('JsonIgnoreProperties');
      if (ip) {
        const mode = boolAttr(ip, 'allowGetters') ? 'read' : boolAttr(ip, 'allowSetters') ? 'write' : 'all';
        for (const n of stringsAttr(this.index, ip, 'value', scope)) if (!ignored.has(n)) ignored.set(n, mode);
      }
    }

    let out: ReturnType<SchemaBuilder['properties']> = [];
    for (const { member, level } of merged.values()) {
      const anns = propertyAnnotations(bySimpleName(member.annotations), this.mapper);
      // `@JsonIgnore` on the field behind an any-getter hides the field, not the getter's entries.
      if (isHidden(anns) && !anns.has('JsonAnyGetter') && !anns.has('JsonAnySetter')) continue;
      const scope: Scope = { type: level.decl, file: level.decl.file };
      const name = this.javaNames ? member.implicit : explicitName(anns, { index: this.index, scope }) ?? (naming ? naming(member.implicit) : member.implicit);
      const ignore = ignored.get(name) ?? ignored.get(member.implicit);
      if (ignore === 'all') continue;
      const p: (typeof out)[number] = { name, member, anns, scope, vars: level.vars };
      if (ignore === 'read' || member.getterOnly || member.jsonbAccess === 'read') p.readOnly = true;
      if (ignore === 'write' || member.jsonbAccess === 'write') p.writeOnly = true;
      out.push(p);
    }
    if (this.javaNames) return out;
    const own = levels[levels.length - 1]?.decl;
    // A MapperFeature setting in code wins over the properties and the Jackson version's default, as a customizer runs after both.
    const alphabetic = order?.alphabetic === true || (!this.mapper && (codeRegistrations(this.index).sortProperties ?? this.sortProperties));
    if (own && !alphabetic && !creatorOrdered(own)) {
      // Jackson collects every field (superclasses first), then the accessors with no field of
      // their name (the class's own first): a field its getter renames (`isGift` -> `gift`) is such a one.
      if (!members) {
        const rank = new Map(out.map((p, i) => {
          const at = levels.findIndex((l) => l.decl === p.scope.type);
          return [p, p.member.field && !p.member.renamedField ? at * out.length + i : (levels.length + (levels.length - at)) * out.length + i] as const;
        }));
        out.sort((a, b) => rank.get(a)! - rank.get(b)!);
      }
      const renamed = out.filter((p) => stringAttr(this.index, p.anns.get('JsonProperty'), 'value', p.scope));
      if (renamed.length) out = [...out.filter((p) => !renamed.includes(p)), ...renamed];
    }
    if (order && !order.alphabetic && alphabetic) order = { ...order, alphabetic };
    else if (!order && alphabetic) order = { names: [], alphabetic };
    if (order && (order.names.length || order.alphabetic)) {
      const rank = (p: (typeof out)[number]) => {
        const i = order.names.indexOf(p.name);
        const j = i >= 0 ? i : order.names.indexOf(p.member.implicit);
        return j >= 0 ? j : order.names.length;
      };
      const listed = out.filter((p) => rank(p) < order.names.length).sort((a, b) => rank(a) - rank(b));
      let rest = out.filter((p) => rank(p) === order.names.length);
      const byName = (a: (typeof out)[number], b: (typeof out)[number]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      if (order.alphabetic) {
        // Sorted, a creator's properties still come first (MapperFeature.SORT_CREATOR_PROPERTIES_FIRST):
        // sorted too in Jackson 2, in the creator's order in Jackson 3 (SORT_CREATOR_PROPERTIES_BY_DECLARATION_ORDER).
        const params = own && !this.mapper ? creatorParams(this.index, own) : [];
        const at = (p: (typeof out)[number]) => params.findIndex((c) => c.json === p.name || c.name === p.member.implicit);
        const created = rest.filter((p) => at(p) >= 0);
        if (this.creatorOrder) created.sort((a, b) => at(a) - at(b));
        else created.sort(byName);
        rest = [...created, ...rest.filter((p) => at(p) < 0).sort(byName)];
      }
      return [...listed, ...this.indexedFirst(this.byOrdinal(rest))];
    }
    return this.indexedFirst(this.byOrdinal(out));
  }

  /** fastjson's order: by `@JSONField(ordinal)` (0 when absent), the order so far among equals. */
  private byOrdinal<P extends { anns: ReadonlyMap<string, Annotation>; scope: Scope }>(props: P[]): P[] {
    if (this.mapper !== 'fastjson' && this.mapper !== 'fastjson2') return props;
    const ordinal = (p: P) => numberAttr(this.index, p.anns.get('JSONField'), 'ordinal', p.scope) ?? 0;
    return props.map((p, i) => ({ p, i, o: ordinal(p) })).sort((a, b) => a.o - b.o || a.i - b.i).map((x) => x.p);
  }

  /** Properties with `@JsonProperty(index = N)` first, by index, as Jackson orders them after those `@JsonPropertyOrder` lists. */
  private indexedFirst<P extends { anns: ReadonlyMap<string, Annotation>; scope: Scope }>(props: P[]): P[] {
    const at = new Map<P, number>();
    for (const p of props) {
      const i = numberAttr(this.index, p.anns.get('JsonProperty'), 'index', p.scope);
      if (i !== undefined && i >= 0) at.set(p, i);
    }
    if (at.size === 0) return props;
    return [...props.filter((p) => at.has(p)).sort((a, b) => at.get(a)! - at.get(b)!), ...props.filter((p) => !at.has(p))];
  }

  /** `membersOf(decl)`, each with the annotations of its `@JsonMixin`'s member of the same name first. */
  private withMixin(decl: TypeDecl): Member[] {
    const own = this.membersOf(decl);
    const mixin = this.javaNames ? undefined : mixinOf(this.index, decl);
    if (!mixin) return own;
    // Any member of the mix-in counts, abstract and package-private ones included (the usual style).
    const added = new Map<string, Annotation[]>();
    const add = (name: string | undefined, anns: readonly Annotation[]) => {
      if (name && anns.length) added.set(name, [...(added.get(name) ?? []), ...anns]);
    };
    for (const f of mixin.fields) if (!f.modifiers.includes('static')) add(f.name, f.annotations);
    for (const m of mixin.methods) {
      if (m.modifiers.includes('static') || !m.returnType) continue;
      if (m.params.length === 0) add(getterProperty(m.name, isPrimitiveBoolean(m.returnType)), m.annotations);
      else if (m.params.length === 1) add(setterProperty(m.name), m.annotations);
    }
    return own.map((m) => (added.has(m.implicit) ? { ...m, annotations: [...added.get(m.implicit)!, ...m.annotations] } : m));
  }

  /** The property candidates one type declares as the other mapper sees them: JSON-B sees only public fields and accessors. */
  private mapperMembers(decl: TypeDecl): Member[] {
    const all = this.membersOf(decl);
    if (this.mapper !== 'jsonb') return all;
    const out: Member[] = [];
    for (const m of all) {
      const { access, required } = jsonbAccess(decl, m, this.creatorParamsRequired, this.jsonbOwnVisibility || visibilityPackages(this.index).has(decl.file.pkg));
      if (access === 'none') continue;
      out.push(access === 'both' && !required ? m : { ...m, ...(access === 'both' ? {} : { jsonbAccess: access }), ...(required ? { required } : {}) });
    }
    return out;
  }

  /** The property candidates one type declares: fields (or record components), then accessors merged in (syntax only: shared by all builders). */
  private membersOf(decl: TypeDecl): Member[] {
    const cached = MEMBERS.get(decl);
    if (cached) return cached;
    const byName = new Map<string, Member>();
    if (decl.kind === 'record') {
      const params = parseDoc(decl.doc).params;
      for (const c of decl.components) {
        byName.set(c.name, { implicit: c.name, type: c.type, annotations: [...c.annotations], description: params[c.name] || undefined, field: true });
      }
    } else if (decl.kind !== 'interface' || decl.file.lang === 'kotlin') {
      // A Kotlin interface's `val name: String` is its getter `getName()`: a property Jackson writes.
      const lombok = findAnnotation(decl.annotations, 'Data', 'Getter', 'Value') !== undefined;
      for (const f of decl.fields) {
        if (f.modifiers.includes('static') || f.modifiers.includes('transient')) continue;
        // A Kotlin `private val` has no getter: Jackson sees no property unless it is annotated.
        if (decl.file.lang === 'kotlin' && f.modifiers.includes('private') && !findAnnotation(f.annotations, 'JsonProperty')) continue;
        // Jackson names a private field by the getter Lombok generates for it.
        const viaLombok = !f.modifiers.includes('public') && (lombok || findAnnotation(f.annotations, 'Getter') !== undefined);
        const implicit = viaLombok ? lombokProperty(f.name, isPrimitiveBoolean(f.type)) : f.name;
        const member: Member = { implicit, type: f.type, annotations: [...f.annotations], description: docText(f.doc), field: true };
        if (implicit !== f.name) member.renamedField = f.name;
        if (f.required) member.required = true;
        if (f.defaultValue) member.defaultValue = f.defaultValue;
        byName.set(implicit, member);
      }
    }
    // Fields a getter or setter names: in a class written with accessors, the others are its own state.
    const accessed = new Set<Member>();
    for (const m of decl.methods) {
      if (m.modifiers.includes('static') || !m.returnType) continue;
      if (m.params.length === 0 && !(m.returnType.name === 'void' && m.returnType.dims === 0)) {
        // `@JsonProperty` makes any method a getter, named as the method (AutoValue's `abstract String id()`).
        const prop = getterProperty(m.name, isPrimitiveBoolean(m.returnType)) ?? (findAnnotation(m.annotations, 'JsonProperty') ? m.name : undefined);
        if (!prop) continue;
        // `boolean isView` with `isView()` / `setView()`: the field is the getter's own property `view`.
        const sameNamedField = m.name.startsWith('is') ? byName.get(m.name) : undefined;
        const target = byName.get(prop) ?? caseInsensitive(byName, prop) ?? (sameNamedField?.field ? sameNamedField : undefined);
        if (target) {
          accessed.add(target);
          target.annotations.push(...m.annotations);
          target.description ??= docText(m.doc);
          // A hand-written getter names a private field's property: `pName` + `getPName()` is `pname`.
          if (target.implicit !== prop && decl.kind !== 'record') {
            byName.delete(target.implicit);
            if (target.field) target.renamedField ??= target.implicit;
            target.implicit = prop;
            byName.set(prop, target);
          }
        } else if (decl.kind === 'interface' || m.modifiers.includes('public')) {
          const member: Member = { implicit: prop, type: m.returnType, annotations: [...m.annotations], description: docText(m.doc) };
          if (decl.kind !== 'interface' && !m.modifiers.includes('abstract')) member.getterOnly = true;
          byName.set(prop, member);
        }
      } else if (m.params.length === 1) {
        const prop = setterProperty(m.name);
        const target = prop ? (byName.get(prop) ?? caseInsensitive(byName, prop)) : undefined;
        if (target) {
          accessed.add(target);
          target.annotations.push(...m.annotations);
          (target.setters ??= []).push({ type: m.params[0]!.type, marked: findAnnotation(m.annotations, 'JsonSetter', 'JsonProperty') !== undefined });
        }
      }
    }
    const out = [...byName.values()].filter((m) => !fieldOnlyInternal(decl, m, accessed));
    MEMBERS.set(decl, out);
    return out;
  }

  private truncated(t: JavaType, why = `depth limit ${this.maxDepth} reached`): JsonSchema {
    return { type: 'object', title: displayName(t), 'x-java-type': qualifiedName(t), 'x-truncated': why };
  }

  /**
   * The schema for the caller, recursive references pointing into the root's `$defs`. Without
   * recursion it is the cached object itself, shared by every endpoint that uses the type:
   * callers must treat schemas as immutable.
   */
  private finish(b: Built): JsonSchema {
    if (!b.defs?.size && !b.open?.size) return deepFreeze(b.schema);
    const names = new Map<string, string>();
    const taken = new Set<string>();
    const order: string[] = [];
    const nameOf = (key: string): string => {
      let name = names.get(key);
      if (name === undefined) {
        const base = defName(b.defs?.get(key)?.title ?? key);
        name = base;
        for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
        taken.add(name);
        names.set(key, name);
        order.push(key);
      }
      return name;
    };
    const copy = (v: unknown): unknown => {
      if (v === null || typeof v !== 'object') return v;
      if (Array.isArray(v)) return v.map(copy);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const x = (v as Record<string, unknown>)[k];
        out[k] = k === '$ref' && typeof x === 'string' && x.startsWith(REF) ? `#/$defs/${nameOf(x.slice(REF.length))}` : copy(x);
      }
      return out;
    };
    const root = copy(b.schema) as JsonSchema;
    if (order.length) {
      const defs: Record<string, JsonSchema> = {};
      for (let i = 0; i < order.length; i++) {
        const key = order[i]!;
        defs[names.get(key)!] = copy(b.defs?.get(key) ?? {}) as JsonSchema;
      }
      root.$defs = defs;
    }
    return root;
  }
}

/** Collects what the parts of a schema say about where it can be reused. */
class Parts {
  private height = 0;
  private truncated = false;
  private cut = false;
  private types: Set<string> | undefined;
  private open: Set<string> | undefined;
  private defs: Map<string, JsonSchema> | undefined;
  directional = false;

  take(b: Built): JsonSchema {
    if (b.directional) this.directional = true;
    if (b.height > this.height) this.height = b.height;
    if (b.truncated) this.truncated = true;
    if (b.cut) this.cut = true;
    if (b.types) for (const k of b.types) (this.types ??= new Set()).add(k);
    if (b.open) for (const k of b.open) (this.open ??= new Set()).add(k);
    if (b.defs) {
      for (const [k, v] of b.defs) {
        this.defs ??= new Map();
        if (!this.defs.has(k)) this.defs.set(k, v);
      }
    }
    return b.schema;
  }

  /** `levels`: 1 when `schema` is an object level itself. */
  done(schema: JsonSchema, levels = 0): Built {
    return { schema, height: this.height + levels, truncated: this.truncated, cut: this.cut || undefined, types: this.types, open: this.open, defs: this.defs, directional: this.directional || undefined };
  }
}

function named(schema: JsonSchema, t: JavaType): JsonSchema {
  const { type, ...rest } = schema;
  return { type, title: displayName(t), ...rest, 'x-java-type': qualifiedName(t) };
}

function unresolved(t: LibraryType): JsonSchema {
  return {
    type: 'object',
    title: displayName(t),
    description: `${t.name} is not in the source tree`,
    'x-java-type': qualifiedName(t),
    'x-unresolved': true,
  };
}

/** `Object` (or anything) as a map value: any JSON value, not only objects. */
function isObject(t: JavaType): boolean {
  return t.kind === 'any' || (t.kind === 'library' && t.name === 'java.lang.Object');
}

/** A declared default as a value of the property's schema, when it is a constant; undefined otherwise. */
function declaredDefault(index: ProjectIndex, e: Expr, s: JsonSchema, scope: Scope): unknown {
  if (e.kind === 'literal' && e.value === 'null') return undefined;
  if (s.enum && e.kind === 'name') {
    const name = e.name.slice(e.name.lastIndexOf('.') + 1);
    return s.enum.includes(name) ? name : undefined;
  }
  switch (s.type) {
    case 'string':
      return foldString(index, e, scope);
    case 'integer':
    case 'number':
      return foldNumber(index, e, scope);
    case 'boolean':
      return e.kind === 'literal' && (e.value === 'true' || e.value === 'false') ? e.value === 'true' : undefined;
    default:
      return undefined;
  }
}

function isPrimitiveBoolean(t: TypeRef): boolean {
  return t.name === 'boolean' && t.dims === 0;
}

function caseInsensitive(byName: ReadonlyMap<string, Member>, name: string): Member | undefined {
  const lower = name.toLowerCase();
  for (const m of byName.values()) if (m.field && m.implicit.toLowerCase() === lower) return m;
  return undefined;
}

/**
 * Jackson reads the property as something other than a String (a `JsonNode`, an `Object`): the
 * type of its setter (the one marked `@JsonSetter`, else the only one; of several unmarked, the
 * String one wins), else its own. gravitee's `@JsonRawValue String configuration` with
 * `setConfiguration(JsonNode)`, and `@JsonRawValue Object configuration` with `setConfiguration(String)`.
 */
function readsJson(m: Member): boolean {
  return !isString(readingSetter(m)?.type ?? m.type);
}

/** The setter Jackson reads a property through: the one marked, else the only one, else the String one. */
function readingSetter(m: Member): { type: TypeRef } | undefined {
  const setters = m.setters ?? [];
  return setters.find((s) => s.marked) ?? (setters.length === 1 ? setters[0] : setters.find((s) => isString(s.type)));
}

/** The type of the setter Jackson reads the property through, when it is not the property's own (`Instant at` with `setAt(String)`). */
function retypingSetter(m: Member): TypeRef | undefined {
  const t = readingSetter(m)?.type;
  return t && typeText(t) !== typeText(m.type) ? t : undefined;
}

/** The JSON-equal properties: same names in the same order, of the same declared types and defaults. */
function sameProperties(a: ReadonlyArray<{ name: string; member: Member }>, b: ReadonlyArray<{ name: string; member: Member }>): boolean {
  if (a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i]!;
    return p.name === q.name && typeText(p.member.type) === typeText(q.member.type) && JSON.stringify(p.member.defaultValue) === JSON.stringify(q.member.defaultValue);
  });
}

const BOXES: Record<string, string> = { Boolean: 'boolean', Integer: 'int', Long: 'long', Short: 'short', Byte: 'byte', Float: 'float', Double: 'double', Character: 'char' };

/** A type as written, qualifiers dropped and primitives boxed alike: `java.time.Instant` and `Instant`, `boolean` and `Boolean` are one type here. */
function typeText(t: TypeRef): string {
  const simple = simpleName(t.name);
  const name = t.name === '?' ? `?${t.bound ? `${t.bound.kind} ${typeText(t.bound.type)}` : ''}` : t.dims === 0 ? (BOXES[simple] ?? simple) : simple;
  return `${name}${t.args.length ? `<${t.args.map(typeText).join(',')}>` : ''}${'[]'.repeat(t.dims)}`;
}

/**
 * Whether Jackson orders the type's properties by a creator's parameters: a record's canonical
 * constructor, a Kotlin class's primary one (jackson-module-kotlin), a `@JsonCreator` factory or a
 * constructor whose every parameter `@JsonProperty` names.
 */
/**
 * The parameters of the creator Jackson reads `decl` through, with their JSON names, in order: a
 * record's components, a Kotlin class's primary constructor, a static `@JsonCreator` or a
 * constructor whose every parameter has `@JsonProperty`. None: Jackson sets the properties one by one.
 */
function creatorParams(index: ProjectIndex, decl: TypeDecl): Array<{ name: string; json: string }> {
  const creator = decl.kind === 'record' || (decl.file.lang === 'kotlin' && decl.components.length > 0)
    ? decl.components
    : decl.methods.find((m) => m.modifiers.includes('static') && findAnnotation(m.annotations, 'JsonCreator') !== undefined)?.params
      ?? decl.constructors.find((params) => params.length > 0 && params.every((p) => findAnnotation(p.annotations, 'JsonProperty') !== undefined));
  const scope: Scope = { type: decl, file: decl.file };
  return (creator ?? []).map((p) => ({ name: p.name, json: stringAttr(index, findAnnotation(p.annotations, 'JsonProperty'), 'value', scope) || p.name }));
}

function creatorOrdered(decl: TypeDecl): boolean {
  if (decl.kind === 'record' || decl.file.lang === 'kotlin') return true;
  if (decl.methods.some((m) => m.modifiers.includes('static') && findAnnotation(m.annotations, 'JsonCreator') !== undefined)) return true;
  return decl.constructors.some((params) => params.length > 0 && params.every((p) => findAnnotation(p.annotations, 'JsonProperty') !== undefined));
}

/**
 * `@JsonDeserialize(using = ...)` on the class or its mix-in, or a deserializer registered for it in
 * code: it reads its own JSON, presumably what its serializer writes.
 */
function ownDeserializer(index: ProjectIndex, decl: TypeDecl): boolean {
  if (codeRegistrations(index).deserializers.has(decl.fqn)) return true;
  const using = classesAttr(findAnnotation(classAnnotations(index, decl), 'JsonDeserialize'), 'using')[0];
  return using !== undefined && !/(^|\.)(None|Void)$/.test(using);
}

/** A static one-argument `@JsonCreator` (`fromString`): Jackson reads the value it takes, presumably what the serializer writes. */
function delegatingCreator(decl: TypeDecl): boolean {
  return decl.methods.some((m) => m.modifiers.includes('static') && m.params.length === 1 && findAnnotation(m.annotations, 'JsonCreator') !== undefined);
}

function isString(t: TypeRef): boolean {
  return t.dims === 0 && (t.name === 'String' || t.name === 'java.lang.String');
}

/** Where a property's `@JsonTypeInfo` applies in its type: the class itself, or the elements or values of a container. */
function typedElement(t: JavaType): { type: SourceType; at: 'self' | 'items' | 'values' } | undefined {
  if (t.kind === 'source') return t.decl.kind === 'enum' ? undefined : { type: t, at: 'self' };
  if (t.kind === 'array') return t.item.kind === 'source' ? { type: t.item, at: 'items' } : undefined;
  if (t.kind !== 'library') return undefined;
  const shape = libraryShape(t.name);
  const arg = shape?.kind === 'map' ? t.args[shape.value] : t.args[0];
  if (arg?.kind !== 'source') return undefined;
  if (shape?.kind === 'unwrap') return { type: arg, at: 'self' };
  if (shape?.kind === 'array' && !shape.items) return { type: arg, at: 'items' };
  if (shape?.kind === 'map' && !shape.values && !shape.list) return { type: arg, at: 'values' };
  return undefined;
}

/** The `@JsonSerialize` of a class's mix-in, else of the class: the serializer Jackson uses wherever the class is written. */
function classSerializer(index: ProjectIndex, decl: TypeDecl): WrittenAs | undefined {
  for (const d of [mixinOf(index, decl), decl]) {
    const a = d && findAnnotation(d.annotations, 'JsonSerialize');
    if (a) return serializerWrites(index, a, 'using', { type: d, file: d.file });
  }
  return undefined;
}

/** A subtype as Jackson instantiates it from a type id: raw, each parameter its bound. */
function rawType(index: ProjectIndex, decl: TypeDecl): SourceType {
  return { kind: 'source', decl, args: decl.typeParams.map((p) => unboundVariable(index, p, decl)), raw: decl.typeParams.length > 0 };
}

function unknownParams(decl: TypeDecl): TypeBindings {
  const out = new Map<string, { ref: TypeRef; scope: Scope }>();
  for (const p of decl.typeParams) out.set(p.name, { ref: WILDCARD, scope: { type: decl, file: decl.file } });
  return out;
}

/** A `$defs` key from a title: `TreeNode<UserVO>` -> `TreeNode_UserVO`. */
function defName(title: string): string {
  return title.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'Type';
}

/**
 * Freezes a shared schema (once: frozen parts are skipped), so a mutation fails loudly. Walks
 * keys and indexes rather than `Object.values`: no array of the values per object of every
 * schema an endpoint takes.
 */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  else for (const k in value) deepFreeze((value as Record<string, unknown>)[k]);
  return value;
}

/**
 * A private field of a Java class written with getters and setters that no accessor names, and
 * no annotation or Lombok exposes: Jackson's default visibility sees no property there (JHipster's
 * `@Transient private boolean isPersisted` beside `getName()` / `isNew()`).
 */
function fieldOnlyInternal(decl: TypeDecl, m: Member, accessed: ReadonlySet<Member>): boolean {
  if (!m.field || accessed.has(m) || decl.kind !== 'class' || decl.file.lang !== 'java' || accessed.size === 0) return false;
  if (findAnnotation(decl.annotations, 'Data', 'Getter', 'Setter', 'Value', 'JsonAutoDetect') !== undefined) return false;
  const field = decl.fields.find((f) => f.name === m.implicit);
  if (!field || !field.modifiers.includes('private')) return false;
  // `Boolean isMigrated()` is no bean getter, yet code written so means the field as a property.
  const cap = field.name[0]!.toUpperCase() + field.name.slice(1);
  if (decl.methods.some((x) => x.params.length === 0 && (x.name === field.name || x.name === `is${cap}`))) return false;
  // Any annotation may be Jackson's (@JsonProperty), Lombok's or a mix-in's: only bare fields are dropped.
  return !field.annotations.some((a) => /^(Json|Getter$|Setter$|Schema$|ApiModelProperty$)/.test(simpleName(a.name)));
}
