// The language-neutral view of a source file that every framework scanner reads.
// Java (and later Kotlin) front ends turn their syntax trees into this shape, so one
// framework layer serves both languages. Only declarations are kept: method bodies never are.

export type Expr =
  | { kind: 'string'; value: string }
  | { kind: 'literal'; value: string } // numbers, chars, booleans, null: their source text
  | { kind: 'name'; name: string } // identifier or dotted access: `BASE`, `Paths.API`, `RequestMethod.GET`
  | { kind: 'concat'; parts: Expr[] } // `a + b`, string templates
  | { kind: 'array'; items: Expr[] }
  | { kind: 'annotation'; annotation: Annotation }
  | { kind: 'class'; type: TypeRef } // `Foo.class`
  | { kind: 'other'; text: string };

export interface Annotation {
  /** As written: `GetMapping` or `org.springframework.web.bind.annotation.GetMapping`. */
  name: string;
  /** Named arguments; a single positional argument is stored as `value`. */
  args: Record<string, Expr>;
  line: number;
  /** Kotlin use-site target: `field` in `@field:NotBlank`, `get` in `@get:JsonProperty`. */
  target?: string;
}

export interface TypeRef {
  /** Erased name as written: `List`, `java.util.Map`, `int`, `void`, `?`. */
  name: string;
  args: TypeRef[];
  /** Array dimensions (`String[]` is 1; varargs add one). */
  dims: number;
  /** Bound of a wildcard or type variable use: `? extends T` has bound T. */
  bound?: { kind: 'extends' | 'super'; type: TypeRef };
  /** Kotlin `T?`: the value may be null. */
  nullable?: boolean;
}

export interface ParamDecl {
  name: string;
  type: TypeRef;
  annotations: Annotation[];
  /** The value used when a caller leaves the parameter out (Kotlin `page: Int = 0`). */
  defaultValue?: Expr;
  /** The language lets a caller leave it out (Kotlin: nullable, or declared with a default). */
  optional?: boolean;
  /** Javadoc or KDoc written on the parameter itself (Kotlin constructor properties). */
  doc?: string;
  /** 1-based line of the parameter's name, where the front end reads it (Kotlin). */
  line?: number;
}

export interface MethodDecl {
  name: string;
  modifiers: string[];
  annotations: Annotation[];
  typeParams: TypeParam[];
  params: ParamDecl[];
  /** null for constructors. */
  returnType: TypeRef | null;
  doc?: string;
  line: number;
  column: number;
  /** Status codes the body names in a response builder (body-facts.ts), in order of appearance. */
  statuses?: string[];
  /** Exception types the method declares (`throws`) or its body throws (`throw new X(`), as written. */
  thrown?: string[];
  /** What the body reads from a request object it takes (`request.getParameter("x")`), or hands on to a call (body-facts.ts). */
  requestReads?: RequestRead[];
  /** A servlet response parameter the body only decorates (headers, cookies, status) or redirects with, never writing a body (body-facts.ts). */
  responseUse?: 'headers' | 'redirect';
  /** A `serialize` method's `JsonGenerator` calls (`writeString`, ...) and `JsonFormat` if it reads one, for the JSON type a custom serializer writes. */
  writes?: string[];
  /**
   * Kotlin `fun delete(id: Long) = service.delete(id)` without a declared type: the call on a
   * property of the class that the expression body is, whose declared type it returns (read at
   * scan time, from the property's class: delegated-return.ts).
   */
  returnsCall?: { receiver: string; name: string };
}

/**
 * A request value a method body reads in code from a request object among its parameters
 * (`from`): `request.getParameter(KEY)`, `getHeader(..)` or a file part (`getFile(..)`,
 * `getPart(..)`), its body (`getInputStream()`, `getReader()`), or the object passed to a call
 * (`WebUtils.required(request, KEY)`, `new Builder().setRequest(request)`), whose own body says what it reads.
 */
export type RequestRead =
  /** `required`: the body throws when the value is missing or empty (`Assert.hasText(v)`, `if (isEmpty(v)) throw`). */
  | { from: string; in: 'query' | 'header' | 'file'; many?: boolean; key: Expr; required?: true }
  /** The raw body: `request.getInputStream()` or `getReader()`. */
  | { from: string; in: 'body' }
  /** `receiver`: the class the call is made on, when the call names no field or class (`new Builder().setRequest(request)`). */
  | { from: string; call: string; args: Expr[]; receiver?: string };

export interface FieldDecl {
  name: string;
  type: TypeRef;
  modifiers: string[];
  annotations: Annotation[];
  initializer?: Expr;
  /** The value an object gets when its creator does not give one (Kotlin property initializers and constructor defaults, a Java instance field's constant initializer). */
  defaultValue?: Expr;
  /**
   * The language makes the value mandatory when the object is created from JSON: a Kotlin
   * constructor property that is neither nullable nor defaulted (jackson-module-kotlin rejects
   * the JSON without it).
   */
  required?: boolean;
  /** Javadoc; else the `//` comment directly above the field or trailing on its line. */
  doc?: string;
  /**
   * A Kotlin property with no backing field: a custom getter that never reads `field`, or a
   * delegate. Its getter is a bean property; mappers that write fields (Gson) never see it.
   */
  computed?: boolean;
  line: number;
}

export interface TypeParam {
  name: string;
  bounds: TypeRef[];
}

export interface EnumConstant {
  name: string;
  args: Expr[];
  annotations: Annotation[];
  /** Javadoc; else the `//` comment directly above the constant or trailing on its line. */
  doc?: string;
}

export type TypeKind = 'class' | 'interface' | 'enum' | 'record' | 'annotation' | 'object';

export interface TypeDecl {
  kind: TypeKind;
  name: string;
  /** Binary-style dotted name: `com.acme.Outer.Inner`. */
  fqn: string;
  modifiers: string[];
  annotations: Annotation[];
  typeParams: TypeParam[];
  superclass?: TypeRef;
  interfaces: TypeRef[];
  fields: FieldDecl[];
  methods: MethodDecl[];
  nested: TypeDecl[];
  enumConstants: EnumConstant[];
  /** Record components (Java) or primary-constructor properties (Kotlin). */
  components: ParamDecl[];
  /** Parameter lists of the declared constructors (bodies are never read). */
  constructors: ParamDecl[][];
  /**
   * Each constructor's own annotations, in the order of `constructors`; absent where none has any
   * (a JSON-B `@JsonbCreator` constructor says so only there).
   */
  constructorAnnotations?: Annotation[][];
  doc?: string;
  line: number;
  column: number;
  outer?: TypeDecl;
  /**
   * The class a compiler makes for a file's top-level declarations (Kotlin's `FooKt`, or the
   * `@file:JvmName`): Java code names its constants through it, Kotlin code without it.
   */
  facade?: boolean;
  file: SourceFile;
}

export interface Import {
  /** Dotted name without the trailing `.*`. */
  name: string;
  isStatic: boolean;
  wildcard: boolean;
  /** Kotlin `import a.B as C`. */
  alias?: string;
}

export interface SourceFile {
  /** Relative to the scan root, forward slashes. */
  path: string;
  lang: 'java' | 'kotlin';
  pkg: string;
  imports: Import[];
  types: TypeDecl[];
  module: string;
  /** Set when the file held more declarations than one file may contribute: read up to this line. */
  cutAtLine?: number;
  /** A class read from a dependency jar (jar/jar-types.ts): the jar's path. `path` names the entry in it. */
  jar?: string;
}

/**
 * A type declaration with no members yet: every reader (Java declaration parser, Java tree-sitter,
 * Kotlin) starts from this and fills it in, so the three build the same shape.
 */
export function emptyTypeDecl(kind: TypeKind, name: string, fqn: string, file: SourceFile, line: number, column: number): TypeDecl {
  return {
    kind,
    name,
    fqn,
    modifiers: [],
    annotations: [],
    typeParams: [],
    interfaces: [],
    fields: [],
    methods: [],
    nested: [],
    enumConstants: [],
    components: [],
    constructors: [],
    line,
    column,
    file,
  };
}

export function isAbstract(t: TypeDecl): boolean {
  return t.kind === 'interface' || t.kind === 'annotation' || t.modifiers.includes('abstract');
}

/** The last dotted segment: `a.b.GetMapping` -> `GetMapping`. */
export function simpleName(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? name : name.slice(i + 1);
}

/** A file's single-type imports by the name they bring in, first import first; built on first use. */
interface ImportNames {
  /** By alias, else simple name: the name the file's code uses. */
  used: Map<string, Import>;
  /** By simple name, aliases aside. */
  simple: Map<string, Import>;
}

const IMPORT_NAMES = new WeakMap<SourceFile, ImportNames>();

/**
 * The first single-type, non-static import of `file` whose simple name (`byAlias`: alias, else
 * simple name) is `name`. Type names are looked up through the imports for every type written in
 * a file: a map per file rather than a loop over its imports each time.
 */
export function singleTypeImport(file: SourceFile, name: string, byAlias: boolean): Import | undefined {
  let names = IMPORT_NAMES.get(file);
  if (!names) {
    names = { used: new Map(), simple: new Map() };
    for (const imp of file.imports) {
      if (imp.wildcard || imp.isStatic) continue;
      const simple = simpleName(imp.name);
      const used = imp.alias ?? simple;
      if (!names.used.has(used)) names.used.set(used, imp);
      if (!names.simple.has(simple)) names.simple.set(simple, imp);
    }
    IMPORT_NAMES.set(file, names);
  }
  return (byAlias ? names.used : names.simple).get(name);
}

export function findAnnotation(list: readonly Annotation[], ...names: string[]): Annotation | undefined {
  // As `names.includes(simpleName(a.name)) || names.includes(a.name)`, without a substring per
  // annotation: this runs for every annotation of every declaration a framework looks at. Indexed
  // loops, as most of a scan runs before the optimizing compiler, where for-of makes an iterator
  // and a result object per step.
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    for (let j = 0; j < names.length; j++) if (a.name === names[j] || isSimpleNameOf(names[j]!, a.name)) return a;
  }
  return undefined;
}

/** `name` is a qualified name whose last segment is `simple` (which has no dot). */
function isSimpleNameOf(simple: string, name: string): boolean {
  const at = name.length - simple.length - 1;
  return at >= 0 && name.charCodeAt(at) === 0x2e && name.endsWith(simple) && !simple.includes('.');
}
