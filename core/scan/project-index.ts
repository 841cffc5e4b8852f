// The lazily parsed view of a code base. Every file is read once and described by a cheap
// header (package, declared type names, supertype names, annotation names); a file is parsed
// only when a scanner needs a type it declares, and never twice. Names are resolved the way
// javac does: enclosing scopes and inherited member types, single-type imports, the same
// package, on-demand imports.

import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../model/endpoint';
import type { Expr, FieldDecl, SourceFile, TypeDecl } from './source-model';
import { simpleName, singleTypeImport } from './source-model';
import { parseJava } from './java/java-source';
import { parseKotlin } from './kotlin/kotlin-source';
import { afterParse } from './tree-release';
import { kotlinHeader, kotlinField } from './kotlin/kotlin-scope';
import { libraryConstant } from './library-constants';
import type { ParseResult } from './parse-protocol';
import { declarationCutMessage } from './declaration-budget';
import { ByteWords } from './byte-words';
import { CODE_PROPERTIES, CODE_PROPERTY_NEEDLES } from './code-properties';
import { OPENAPI_SECURITY, OPENAPI_SECURITY_NEEDLES } from './frameworks/openapi-bean-security';
import { LIBRARY_SERVICE_MENTIONS } from './frameworks/grpc/library-services';

/** How many constants one folded value may go through (C1 = C0 + "/c", C2 = C1 + …). */
export const MAX_CONSTANT_CHAIN = 200;
/** The longest folded constant string kept. */
export const MAX_CONSTANT_CHARS = 64 * 1024;

export interface FileEntry {
  path: string;
  abs: string;
  module: string;
  lang: 'java' | 'kotlin';
  pkg: string;
  /** Type names the text seems to declare (may over-approximate: comments, strings). */
  declares: string[];
  /** Simple names after `extends`/`implements`/`:` (over-approximates too). */
  supers: string[];
  /** Simple names of anonymous classes' supertypes (Java `new Foo() {`, Kotlin `object : Foo() {`), also in `supers`. */
  anonymous?: string[];
  /** Configuration the file names (`ServletRegistrationBean`, JACKSON_REGISTRATION), which changes results project-wide. */
  creates?: string[];
  /**
   * Library names the code mentions that make it hold endpoints without any annotation of its
   * own: Spring's functional routes (`RouterFunction`, Kotlin's `router { }`). See MENTIONS.
   */
  mentions?: string[];
  /** The file imports Jackson 3 (`import tools.jackson.databind.ObjectMapper`). */
  importsJackson3?: boolean;
  /** Capitalised annotation names used anywhere in the file. */
  annotations: Set<string>;
  /** The file seems to declare an annotation type (`@interface`, Kotlin `annotation class`). */
  declaresAnnotation: boolean;
  /** Kotlin: names of top-level properties, which Kotlin code uses without a class name. */
  topLevel?: string[];
  /** Kept only for files that will likely be parsed; re-read from disk otherwise. */
  text?: string;
  /** A hash of the content as read, when a parse cache is in use (scan-cache.ts). */
  hash?: string;
  parsed?: SourceFile | null;
}

/** Scope in which a name is looked up: a type (and its enclosing types) within a file. */
export interface Scope {
  type?: TypeDecl;
  file: SourceFile;
}

/**
 * Reads the cheap header of a file straight from its bytes with byte searches: this runs over
 * every file of the tree, so it allocates no UTF-8 string for the file itself (only a latin1
 * copy for one regex pass, see WORD_PASS), and strings only for the names it finds. Keywords and names are ASCII; a non-ASCII identifier is read byte-wise, which can only
 * make a candidate look less likely, never break a parse. It may over-approximate (a keyword in
 * a comment) but never misses a declaration written normally.
 */
export function describeFile(
  source: Buffer | string,
  path: string,
  abs: string,
  module: string,
  lang: 'java' | 'kotlin',
): FileEntry {
  const b = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  const annotations = new Set<string>();
  let declaresAnnotation = false;
  for (let at = b.indexOf(AT); at >= 0; at = b.indexOf(AT, at + 1)) {
    const name = annotationNameAt(b, at + 1);
    if (name) annotations.add(name);
    else if (startsWith(b, at + 1, 'interface')) declaresAnnotation = true;
  }
  const declares: string[] = [];
  const supers: string[] = [];
  const found = occurrencesIn(b, lang);
  for (const [w, keyword] of DECLARATION_KEYWORDS[lang].entries()) {
    for (const k of found.keywords[w]!) {
      const before = k > 0 ? b[k - 1]! : 0x20;
      if (before === DOT || (before !== AT && isIdentByte(before))) continue; // `Foo.class`, `subclass `
      const at = skipBlanks(b, k + keyword.length);
      const name = identifierAt(b, at);
      if (!name) continue;
      declares.push(name);
      // The supertypes are listed between the name and the body's brace.
      const open = b.indexOf(OPEN_BRACE, at);
      const header = b.toString('latin1', at + name.length, open < 0 ? Math.min(b.length, at + 2000) : open);
      const list = /(?:\b(?:extends|implements)\s|:)([\s\S]*)/.exec(header);
      if (list) readTypeList(list[1]!, supers);
    }
  }
  const entry: FileEntry = { path, abs, module, lang, pkg: packageOf(b), declares, supers, annotations, declaresAnnotation };
  if (lang === 'kotlin') {
    kotlinHeader(b, entry);
    objectExpressionSupers(b, entry);
  } else anonymousSupers(b, found.news, entry);
  // Each search below runs over every file of the tree: the specific names are looked for only in
  // the files holding a word they all contain (the 10,000 bench files: about 150 ms with these gates, 240 without).
  // A servlet registered in Spring code mounts JAX-RS resources (jax-rs/servlet-mounts.ts).
  // So does one added to an embedded container (`Tomcat.addServlet`, Jetty's or a ServletContext's `addServlet`),
  // or mapped by a Guice `ServletModule` (`serve("/api/*").with(ServletContainer.class)`).
  const words = WORDS.found(b);
  if (words.includes('Servlet')) {
    if (b.indexOf(NEEDLE.servletRegistration) >= 0) entry.creates = ['ServletRegistrationBean'];
    else if (b.indexOf(NEEDLE.addServlet) >= 0) entry.creates = ['addServlet'];
    else if (b.indexOf(NEEDLE.servletModule) >= 0) entry.creates = [SERVLET_MODULE];
  }
  // A CXF JAX-RS server built in code serves its resources under its own address (jax-rs/cxf-servers.ts).
  if (b.indexOf(NEEDLE.cxfServer) >= 0) (entry.creates ??= []).push('JAXRSServerFactoryBean');
  // Jackson configured in code: mix-ins and subtypes (types/jackson-registrations.ts). Code calling
  // Jackson names it (`com.fasterxml.jackson`, `Jackson2ObjectMapperBuilder`).
  if (found.jackson) {
    if (JACKSON_NEEDLES.some((n) => b.indexOf(n) >= 0)) (entry.creates ??= []).push(JACKSON_REGISTRATION);
    // Code built against Jackson 3, which decides where the build names no Spring Boot (jackson-version.ts).
    if (b.indexOf(NEEDLE.jackson3Import) >= 0) entry.importsJackson3 = true;
  }
  // Gson put in front of Spring MVC's JSON, or configured, in code (json-mapper.ts).
  if (b.indexOf(NEEDLE.gson) >= 0 && (b.indexOf(NEEDLE.gsonConverter) >= 0 || b.indexOf(NEEDLE.gsonBuilder) >= 0 || b.indexOf(NEEDLE.gsonEncoder) >= 0)) (entry.creates ??= []).push(GSON_CONFIG);
  // fastjson's converter put in front of Spring MVC's JSON (jsonb-fastjson-mapper.ts).
  if (b.indexOf(NEEDLE.fastJsonConverter) >= 0) (entry.creates ??= []).push(FASTJSON_CONFIG);
  // JSON-B configured in code: a JsonbConfig given to a ContextResolver<Jsonb> or made a bean (jsonb-fastjson-mapper.ts).
  if (b.indexOf(NEEDLE.jsonbConfig) >= 0) (entry.creates ??= []).push(JSONB_CONFIG);
  // A package's own JSON-B visibility strategy (types/jsonb-visibility.ts).
  if (path.endsWith('package-info.java') && b.indexOf(NEEDLE.jsonbVisibility) >= 0) (entry.creates ??= []).push(JSONB_VISIBILITY);
  // Spring Boot properties set in code: a context path or port (code-properties.ts).
  if (CODE_PROPERTY_NEEDLES.some((n) => words.includes(n))) (entry.creates ??= []).push(CODE_PROPERTIES);
  // springdoc security built in code (frameworks/openapi-bean-security.ts).
  if (OPENAPI_SECURITY_NEEDLES.some((n) => words.includes(n))) (entry.creates ??= []).push(OPENAPI_SECURITY);
  const mentions = mentionsIn(b, lang);
  // gRPC services of a library registered in code (frameworks/grpc/library-services.ts).
  for (const name of LIBRARY_SERVICE_MENTIONS) if (words.includes(name)) (entry.mentions ??= []).push(name);
  if (mentions) (entry.mentions ??= []).unshift(...mentions);
  return entry;
}


const AT = 0x40;
const DOT = 0x2e;
const OPEN_BRACE = 0x7b;
// Searched for as bytes: a string needle is converted to bytes on every call, which cost more
// than the search itself over ten thousand files.
const bytesOf = (s: string) => Buffer.from(s, 'latin1');
const DECLARATION_KEYWORDS = {
  java: ['class ', 'interface ', 'enum ', 'record '],
  kotlin: ['class ', 'interface ', 'object '],
};
/** `FileEntry.creates` of a file that may register a GsonHttpMessageConverter or GsonEncoder, or configure a GsonBuilder. */
export const GSON_CONFIG = 'GsonConfig';
/** `FileEntry.creates` of a file that may register fastjson's FastJsonHttpMessageConverter. */
export const FASTJSON_CONFIG = 'FastjsonConfig';
/** `FileEntry.creates` of a file that may configure JSON-B (a `JsonbConfig`). */
export const JSONB_CONFIG = 'JsonbConfig';
/** `FileEntry.creates` of a package-info.java that may annotate its package `@JsonbVisibility`. */
export const JSONB_VISIBILITY = 'JsonbVisibility';
/**
 * The words describeFile takes at every occurrence (or, `ackson`, at any), found in one regex
 * pass over the file's latin1 text (one character a byte, so offsets are the bytes'). These words
 * start with common letters, where Buffer.indexOf stops at every `c`, `i`, `e`, `r`, `n` or `a`
 * of the file: over the 10,000 bench files the pass took 66 ms of CPU against 117 for a search
 * for each word. No word can start inside another's match where that matters (`new ` inside
 * `...ackson` follows an identifier byte, which anonymousSupers skips anyway).
 */
const WORD_PASS = {
  java: /class |interface |enum |record |new |ackson/g,
  kotlin: /class |interface |object |ackson/g,
};

interface Occurrences {
  /** By DECLARATION_KEYWORDS' index, the offsets of each keyword, in order. */
  keywords: number[][];
  /** Java's `new `. */
  news: number[];
  /** Whether `ackson` (jackson and Jackson) occurs. */
  jackson: boolean;
}

function occurrencesIn(b: Buffer, lang: 'java' | 'kotlin'): Occurrences {
  const keywords = DECLARATION_KEYWORDS[lang];
  const out: Occurrences = { keywords: keywords.map(() => []), news: [], jackson: false };
  const text = b.toString('latin1');
  const pass = WORD_PASS[lang];
  pass.lastIndex = 0;
  for (let m = pass.exec(text); m; m = pass.exec(text)) {
    const word = m[0];
    if (word === 'new ') out.news.push(m.index);
    else if (word === 'ackson') out.jackson = true;
    else out.keywords[keywords.indexOf(word)]!.push(m.index);
  }
  return out;
}

/** `FileEntry.creates` of a file that may map a servlet in a Guice `ServletModule` (`JerseyServletModule` too). */
export const SERVLET_MODULE = 'ServletModule';
/** `FileEntry.creates` of a file that may register Jackson mix-ins or subtypes in code. */
export const JACKSON_REGISTRATION = 'JacksonRegistration';
const JACKSON_NEEDLES = ['registerSubtypes', 'mixIn', 'MixIn', 'addSerializer', 'serializerByType', 'addDeserializer', 'deserializerByType', 'SORT_PROPERTIES_ALPHABETICALLY', 'setDateFormat', 'simpleDateFormat', 'configureForJackson2', 'serializers(', 'WRAP_ROOT_VALUE', 'erializationInclusion', 'DefaultPropertyInclusion'].map(bytesOf);
/**
 * The gates' words, looked for in one pass over their capitals (byte-words.ts). describeFile over
 * the 10,000 bench files took 145 ms; searched one by one, the six words of code-properties.ts and
 * openapi-bean-security.ts made it 200, in this pass (with `Servlet`) 160.
 */
const WORDS = new ByteWords(['Servlet', ...CODE_PROPERTY_NEEDLES, ...OPENAPI_SECURITY_NEEDLES, ...LIBRARY_SERVICE_MENTIONS]);
const NEEDLE = {
  servletRegistration: bytesOf('ServletRegistrationBean'),
  addServlet: bytesOf('addServlet'),
  servletModule: bytesOf('ServletModule'),
  cxfServer: bytesOf('JAXRSServerFactoryBean'),
  jackson3Import: bytesOf('import tools.jackson.'),
  gson: bytesOf('Gson'),
  gsonConverter: bytesOf('GsonHttpMessageConverter'),
  gsonBuilder: bytesOf('GsonBuilder'),
  gsonEncoder: bytesOf('GsonEncoder'),
  fastJsonConverter: bytesOf('FastJsonHttpMessageConverter'),
  jsonbConfig: bytesOf('JsonbConfig'),
  jsonbVisibility: bytesOf('JsonbVisibility'),
  package: bytesOf('package'),
  object: bytesOf('object'),
};

/**
 * Names searched for in every file's bytes, and the mention each records: a functional route
 * is a `RouterFunction` built in a method body, which no annotation or supertype gives away.
 * Kotlin's DSL (`fun routes() = router { ... }`) may not name the type at all.
 */
const MENTIONS: Record<'java' | 'kotlin', ReadonlyArray<{ needle: Buffer; name: string; call?: boolean }>> = {
  java: [{ needle: bytesOf('RouterFunction'), name: 'RouterFunction' }],
  kotlin: [
    { needle: bytesOf('RouterFunction'), name: 'RouterFunction' },
    { needle: bytesOf('router'), name: 'router', call: true },
    { needle: bytesOf('coRouter'), name: 'router', call: true },
  ],
};

function mentionsIn(b: Buffer, lang: 'java' | 'kotlin'): string[] | undefined {
  let out: string[] | undefined;
  for (const { needle, name, call } of MENTIONS[lang]) {
    if (out?.includes(name)) continue;
    for (let k = b.indexOf(needle); k >= 0; k = b.indexOf(needle, k + needle.length)) {
      // `router {`, `coRouter {`: the name alone, then the lambda (a variable `router` is not a mention).
      if (call && ((k > 0 && isIdentByte(b[k - 1]!)) || b[skipSpace(b, k + needle.length)] !== OPEN_BRACE)) continue;
      (out ??= []).push(name);
      break;
    }
  }
  return out;
}

function skipSpace(b: Buffer, i: number): number {
  while (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d) i++;
  return i;
}

function isIdentByte(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24 || c > 0x7f;
}

function startsWith(b: Buffer, i: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false;
  return true;
}

function skipBlanks(b: Buffer, i: number): number {
  while (b[i] === 0x20 || b[i] === 0x09) i++;
  return i;
}

function identifierAt(b: Buffer, i: number): string | undefined {
  let k = i;
  while (k < b.length && isIdentByte(b[k]!)) k++;
  return k > i ? b.toString('utf8', i, k) : undefined;
}

/** The simple name of an annotation use starting at `i` (after `@`): `a.b.Name` -> `Name`; undefined for lowercase or `@interface`. */
function annotationNameAt(b: Buffer, i: number): string | undefined {
  let start = i;
  let k = i;
  for (;;) {
    while (k < b.length && isIdentByte(b[k]!)) k++;
    if (b[k] === DOT && k + 1 < b.length && isIdentByte(b[k + 1]!)) {
      start = ++k;
      continue;
    }
    break;
  }
  const first = b[start] ?? 0;
  return k > start && first >= 0x41 && first <= 0x5a ? b.toString('utf8', start, k) : undefined;
}

/** The `package a.b.c;` declaration, skipping comments and annotations before it. */
function packageOf(b: Buffer): string {
  for (let k = b.indexOf(NEEDLE.package); k >= 0; k = b.indexOf(NEEDLE.package, k + 7)) {
    if (k > 0 && isIdentByte(b[k - 1]!)) continue;
    const end = b.indexOf(0x3b /* ; */, k);
    const m = /^package\s+([\w$.\s]+?)\s*$/.exec(b.toString('utf8', k, end < 0 ? Math.min(b.length, k + 300) : end));
    if (m) return m[1]!.replace(/\s+/g, '');
  }
  return '';
}

/** `Base<Map<K, V>>, pkg.I2` -> simple names of the listed types (type arguments included: harmless). */
/**
 * `new Foo() {` and `new a.b.Foo<T>() {`: an anonymous class, which serves endpoints too (a gRPC
 * service registered inline). Only the no-argument form, which is what interface and generated
 * bases take.
 */
const ANONYMOUS = /^new\s+([A-Za-z_$][\w$.]*)\s*(?:<[^>{};()]*>)?\s*\(\s*\)\s*\{/;

/** `news`: the offsets of `new ` in `b`. */
function anonymousSupers(b: Buffer, news: readonly number[], entry: FileEntry): void {
  for (const k of news) {
    if (k > 0 && (isIdentByte(b[k - 1]!) || b[k - 1] === DOT)) continue;
    // `new ` is everywhere: bytes first (`new Name(` then `)`, or generics), the regex on a short window only then.
    let i = skipBlanks(b, k + 4);
    while (i < b.length && (isIdentByte(b[i]!) || b[i] === DOT)) i++;
    i = skipBlanks(b, i);
    if (b[i] !== 0x3c /* < */) {
      if (b[i] !== 0x28 /* ( */) continue;
      i = skipBlanks(b, i + 1);
      if (b[i] !== 0x29 /* ) */) continue;
    }
    const m = ANONYMOUS.exec(b.toString('latin1', k, Math.min(b.length, k + 240)));
    if (!m) continue;
    const name = simpleName(m[1]!);
    (entry.anonymous ??= []).push(name);
    entry.supers.push(name);
  }
}

/** Kotlin object expressions, `object : GreeterCoroutineImplBase() {`: Java's anonymous classes. */
function objectExpressionSupers(b: Buffer, entry: FileEntry): void {
  for (let k = b.indexOf(NEEDLE.object); k >= 0; k = b.indexOf(NEEDLE.object, k + 6)) {
    if ((k > 0 && isIdentByte(b[k - 1]!)) || isIdentByte(b[k + 6] ?? 0)) continue;
    let i = k + 6;
    while (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d) i++;
    if (b[i] !== 0x3a /* : */) continue;
    const open = b.indexOf(OPEN_BRACE, i);
    const names: string[] = [];
    readTypeList(b.toString('latin1', i + 1, open < 0 ? Math.min(b.length, i + 300) : Math.min(open, i + 300)), names);
    if (names.length === 0) continue;
    (entry.anonymous ??= []).push(...names);
    entry.supers.push(...names);
  }
}

function readTypeList(list: string, out: string[]): void {
  for (const m of list.matchAll(/[A-Za-z_$][\w$.]*/g)) {
    const name = m[0];
    if (name !== 'implements' && name !== 'extends' && name !== 'permits') out.push(simpleName(name));
  }
}

/** Another thread parsing files for the index (parse-pool.ts). */
export interface ParsedElsewhere {
  /** Its parse of the file, or undefined when this thread must parse it. */
  take(entry: FileEntry): ParseResult | undefined;
  /** Claims the file for this thread unless the other has started it. */
  claim(entry: FileEntry): boolean;
  /** This thread parsed the file itself: the other may parse ahead what it names. */
  parsedHere(entry: FileEntry, file: SourceFile): void;
}

/** Parses kept from earlier scans (scan-cache.ts), keyed by the file's content. */
export interface ParseCache {
  /** The parse of the file's current content, or undefined when it has none. */
  get(entry: FileEntry): ParseResult | undefined;
  /** A parse just made here or on another thread, before anything has used it. */
  put(entry: FileEntry, result: ParseResult): void;
}

export class ProjectIndex {
  readonly files = new Map<string, FileEntry>();
  private readonly bySimpleName = new Map<string, FileEntry[]>();
  private readonly bySuper = new Map<string, FileEntry[]>();
  private readonly byTopLevel = new Map<string, FileEntry[]>();
  /** module -> fqn -> the type that name means from that module (null: not in the tree). */
  private readonly resolved = new Map<string, Map<string, TypeDecl | null>>();
  parsedCount = 0;

  /** Parses made ahead on another thread (parse-pool.ts), asked first; absent: every parse is made here. */
  parsedElsewhere?: ParsedElsewhere;
  /** Types no source declares, from the project's own dependency jars (jar/jar-types.ts). */
  external?: (fqn: string) => TypeDecl | undefined;
  /** Parses from earlier scans, asked before anyone parses; absent: every file is parsed. */
  parseCache?: ParseCache;
  /**
   * While a scan computes its endpoints (keepParsedTexts): the texts the files held when parsed,
   * the endpoint files' among them, whose handler bodies are read next (method-body.ts).
   */
  private parsedTexts: Map<FileEntry, string> | undefined;

  /** Files and missing names consulted since `beginTracking`: what a result depends on. */
  private tracking?: Dependencies;

  constructor(readonly diagnostics: Diagnostic[]) {}

  add(entry: FileEntry): void {
    this.remove(entry.path);
    this.files.set(entry.path, entry);
    for (const name of distinct(entry.declares)) push(this.bySimpleName, name, entry);
    for (const name of distinct(entry.supers)) push(this.bySuper, name, entry);
    if (entry.topLevel) for (const name of distinct(entry.topLevel)) push(this.byTopLevel, name, entry);
  }

  /** Forgets a file (deleted, or about to be replaced). Derived caches must be invalidated. */
  remove(path: string): FileEntry | undefined {
    const old = this.files.get(path);
    if (!old) return undefined;
    this.files.delete(path);
    for (const name of distinct(old.declares)) pull(this.bySimpleName, name, old);
    for (const name of distinct(old.supers)) pull(this.bySuper, name, old);
    if (old.topLevel) for (const name of distinct(old.topLevel)) pull(this.byTopLevel, name, old);
    return old;
  }

  /** Facts drawn from many files at once (derived), until any file changes. */
  private readonly derivedValues = new Map<string, unknown>();

  /**
   * A fact drawn from many files of the tree, computed once until any file changes. No root's
   * dependencies record what it reads: the files it draws from must be ones whose change
   * re-scans every root (framework markers' `globalSupers`).
   */
  derived<T>(key: string, compute: () => T): T {
    if (this.derivedValues.has(key)) return this.derivedValues.get(key) as T;
    const value = this.trackingInto(undefined, compute);
    this.derivedValues.set(key, value);
    return value;
  }

  /** Runs `compute` recording what it reads into `deps` (nowhere: undefined), then tracks as before. */
  private trackingInto<T>(deps: Dependencies | undefined, compute: () => T): T {
    const outer = this.tracking;
    this.tracking = deps;
    try {
      return compute();
    } finally {
      this.tracking = outer;
    }
  }

  /** Drops everything derived from more than one file: after any file changes. */
  invalidate(): void {
    this.derivedValues.clear();
    this.resolved.clear();
    this.simpleNames = new WeakMap();
    this.superCache.clear();
    this.ancestorCache.clear();
  }

  /** What the project-wide facts read from other files (see `projectWide`), since `forgetProjectWide`. */
  private wide: Dependencies = { files: new Set(), missing: new Set() };

  /**
   * Runs `compute`, the reading of a fact many roots use (an `@ApplicationPath`, a scheme of
   * `@SecurityScheme`, a `@PropertySource`) from a file whose change re-scans every root, and
   * records the files and missing names it reads in `projectWideDeps`, not for the root being
   * tracked: a change to one of them (a constant's holder) must re-scan every root too.
   */
  projectWide<T>(compute: () => T): T {
    return this.trackingInto(this.wide, compute);
  }

  /** Runs `compute` recording nothing: a reading whose inputs are the very files that consult it. */
  untracked<T>(compute: () => T): T {
    return this.trackingInto(undefined, compute);
  }

  get projectWideDeps(): Readonly<Dependencies> {
    return this.wide;
  }

  /** Before the project-wide facts are all read again. */
  forgetProjectWide(): void {
    this.wide = { files: new Set(), missing: new Set() };
    this.wideNames = [];
  }

  /**
   * Type names a project-wide fact took only the qualified name of (the exception an advice or an
   * ExceptionMapper handles), with what they resolved to: kept apart from `projectWideDeps` so an
   * edit to the exception's body re-scans no root, while a rename or a move does.
   */
  private wideNames: Array<{ name: string; scope: Scope; fqn: string; path: string; simple: string }> = [];

  /**
   * The qualified name a type name resolves to in `scope` (undefined outside the tree), for a
   * reading that takes nothing else from the type. Inside `projectWide` the file declaring it is
   * not a project-wide dependency: `wideNamesMoved` tells whether a change moves the name.
   */
  fqnOf(name: string, scope: Scope): string | undefined {
    if (this.tracking !== this.wide) return this.resolveType(name, scope)?.fqn;
    const t = this.resolveWideName(name, scope);
    if (t) this.wideNames.push({ name, scope, fqn: t.fqn, path: t.file.path, simple: t.name });
    return t?.fqn;
  }

  /**
   * Whether a change (files `changed`, names `declared` by them before or after) gives a name
   * `fqnOf` read project-wide another qualified name. A name still giving the same one is judged
   * from now on by the file now declaring it.
   */
  wideNamesMoved(changed: ReadonlySet<string>, declared: ReadonlySet<string>): boolean {
    for (const n of this.wideNames) {
      if (!changed.has(n.path) && !declared.has(n.simple)) continue;
      const t = this.trackingInto(this.wide, () => this.resolveWideName(n.name, n.scope));
      if (t?.fqn !== n.fqn) return true;
      n.path = t.file.path;
    }
    return false;
  }

  /**
   * Resolves a name for `fqnOf`, recording into the project-wide dependencies all it read but the
   * file declaring the hit and the hit's name: a change to that file, or a file declaring that
   * name, is judged by resolving the name again (`wideNamesMoved`).
   */
  private resolveWideName(name: string, scope: Scope): TypeDecl | undefined {
    const deps: Dependencies = { files: new Set(), missing: new Set() };
    const t = this.trackingInto(deps, () => this.resolveType(name, scope));
    if (t) {
      deps.files.delete(t.file.path);
      // A class of its name coming closer (the same package before a wildcard import) is judged the same way.
      deps.missing.delete(t.name);
    }
    this.replay(deps);
    return t;
  }


  beginTracking(): void {
    this.tracking = { files: new Set(), missing: new Set() };
  }

  endTracking(): Dependencies {
    const deps = this.tracking ?? { files: new Set(), missing: new Set() };
    this.tracking = undefined;
    return deps;
  }

  /** Records files read through a cache outside the index (schemas) as dependencies. */
  noteFiles(paths: Iterable<string>): void {
    if (this.tracking) for (const p of paths) this.tracking.files.add(p);
  }

  /** Records names looked for outside the index (a gRPC service in the protos) and not found. */
  noteMissing(names: Iterable<string>): void {
    if (this.tracking) for (const n of names) this.tracking.missing.add(n);
  }

  /**
   * Runs `compute`, tracked as usual, and returns with its value everything it depended on: a
   * cache outside the index records the same again on reuse (`replay`).
   */
  recorded<T>(compute: () => T): { value: T; deps: Dependencies } {
    const deps: Dependencies = { files: new Set(), missing: new Set() };
    const value = this.trackingInto(deps, compute);
    this.replay(deps);
    return { value, deps };
  }

  /** Records what a `recorded` computation depended on, for the root being tracked. */
  replay(deps: Dependencies): void {
    this.noteFiles(deps.files);
    this.noteMissing(deps.missing);
  }

  /**
   * Runs `compute`, tracked as usual, and returns with its value the names it looked for in vain
   * (subtype lists included): a cache outside the index records them again on reuse.
   */
  missedBy<T>(compute: () => T): { value: T; missing: ReadonlySet<string> } {
    const outer = this.tracking;
    const missing = new Set<string>();
    const value = this.trackingInto({ files: outer?.files ?? new Set(), missing }, compute);
    if (outer) for (const n of missing) outer.missing.add(n);
    return { value, missing };
  }

  private used(t: TypeDecl | undefined, name: string): TypeDecl | undefined {
    if (this.tracking) {
      // A jar's class is there until a source declares the name: that source's arrival is a change.
      if (t && !t.file.jar) this.tracking.files.add(t.file.path);
      else if (!name.includes('.')) this.tracking.missing.add(name);
      else for (const seg of name.split('.')) this.tracking.missing.add(seg);
    }
    return t;
  }

  /** Parses a file once; later calls return the same result. */
  parse(entry: FileEntry): SourceFile | undefined {
    if (entry.parsed !== undefined) return entry.parsed ?? undefined;
    entry.parsed = null;
    const cached = this.parseCache?.get(entry);
    if (cached) return this.adopt(entry, cached.file, cached.errorLine, cached.errorNote);
    const ahead = this.parsedElsewhere?.take(entry);
    if (ahead) {
      this.parseCache?.put(entry, ahead);
      return this.adopt(entry, ahead.file, ahead.errorLine, ahead.errorNote);
    }
    let text = entry.text;
    if (text === undefined) {
      try {
        text = readFileSync(entry.abs, 'utf8');
      } catch (e) {
        this.diagnostics.push({ file: entry.path, message: `cannot read: ${(e as Error).message}` });
        return undefined;
      }
    }
    this.dropText(entry); // the syntax tree replaces the text
    let result: ParseResult;
    try {
      result = (entry.lang === 'kotlin' ? parseKotlin : parseJava)(text, entry.path, entry.module);
    } catch (e) {
      this.diagnostics.push({ file: entry.path, message: `cannot parse: ${(e as Error).message}` });
      return undefined;
    } finally {
      afterParse(text.length); // its syntax tree is out of reach: freed now if the process has grown
    }
    this.parseCache?.put(entry, result);
    return this.adopt(entry, result.file, result.errorLine, result.errorNote);
  }

  /**
   * Parses the file now unless another thread already has it in hand (then `parse` takes that
   * thread's result later): for splitting a list of files between the threads.
   */
  parseUnlessClaimed(entry: FileEntry): void {
    const elsewhere = this.parsedElsewhere;
    if (entry.parsed !== undefined || (elsewhere && !elsewhere.claim(entry))) return;
    const file = this.parse(entry);
    if (file && elsewhere) elsewhere.parsedHere(entry, file);
  }

  /** Takes a file parsed elsewhere (a parse worker) as this entry's one parse. */
  adopt(entry: FileEntry, file: SourceFile, errorLine?: number, errorNote?: string): SourceFile {
    this.parsedCount++;
    if (errorLine !== undefined) {
      this.diagnostics.push({ file: entry.path, line: errorLine, message: errorNote ?? 'syntax error: the file does not parse; only the declarations read before the error are used' });
    }
    if (file.cutAtLine !== undefined) this.diagnostics.push({ file: entry.path, line: file.cutAtLine, message: declarationCutMessage(file.cutAtLine) });
    this.dropText(entry);
    entry.parsed = file;
    return file;
  }

  /**
   * From `true` until `false`: the text a file held when parsed is kept for `parsedText`. A scan's
   * endpoint files hold theirs from the read to the parse, and their handlers' bodies are read
   * right after (each request body's required checks): kept, the scan reads none of them from
   * disk again (about a thousand files on the 10,000-file bench), and a body is always read from
   * the very text its declarations came from.
   */
  keepParsedTexts(on: boolean): void {
    this.parsedTexts = on ? (this.parsedTexts ?? new Map()) : undefined;
  }

  /** The text the file was parsed from, while keepParsedTexts holds it. */
  parsedText(entry: FileEntry): string | undefined {
    return this.parsedTexts?.get(entry);
  }

  private dropText(entry: FileEntry): void {
    if (entry.text !== undefined && this.parsedTexts) this.parsedTexts.set(entry, entry.text);
    entry.text = undefined;
  }

  /** Every type declared in a parsed file, nested ones included, outermost first. */
  static allTypes(file: SourceFile): TypeDecl[] {
    const out: TypeDecl[] = [];
    const visit = (t: TypeDecl) => {
      out.push(t);
      t.nested.forEach(visit);
    };
    file.types.forEach(visit);
    return out;
  }

  /**
   * Files whose header names `name` after extends/implements: candidates for subtypes. A result
   * drawn from them depends on that list: tracking records it as the missing name
   * `subtypesMarker(name)`, which a re-scan meets when a file naming `name` so comes or goes.
   */
  filesExtending(name: string): readonly FileEntry[] {
    this.tracking?.missing.add(subtypesMarker(name));
    return this.bySuper.get(name) ?? [];
  }

  /**
   * A source type by its dotted name (`pkg.Outer.Inner`); undefined for library types. When
   * several modules declare the same name, the one in `module` wins, then the first by path:
   * the answer never depends on the order files were read or parsed in.
   */
  typeByFqn(fqn: string, module = ''): TypeDecl | undefined {
    let inModule = this.resolved.get(module);
    if (!inModule) this.resolved.set(module, (inModule = new Map()));
    let found = inModule.get(fqn);
    if (found === undefined) {
      found = this.findType(fqn, module) ?? this.external?.(fqn) ?? null;
      inModule.set(fqn, found);
    }
    return this.used(found ?? undefined, fqn);
  }

  private findType(fqn: string, module: string): TypeDecl | undefined {
    const segs = fqn.split('.');
    // Try each split into package + top-level type + nested path, longest package first.
    for (let i = segs.length - 1; i >= 0; i--) {
      const top = segs[i]!;
      // Most names asked for are library types (`pkg.String`): no file declares them.
      const declaring = this.bySimpleName.get(top);
      if (declaring === undefined) continue;
      const pkg = segs.slice(0, i).join('.');
      const entries = declaring
        .filter((e) => e.pkg === pkg)
        .sort((a, b) => Number(b.module === module) - Number(a.module === module) || (a.path < b.path ? -1 : 1));
      for (const entry of entries) {
        const decl = this.parse(entry)?.types.find((t) => t.name === top);
        const found = decl && nestedPath(decl, segs.slice(i + 1));
        if (found) return found;
      }
    }
    return undefined;
  }

  /** Resolves a type name as written (simple or qualified) in a scope. */
  resolveType(name: string, scope: Scope): TypeDecl | undefined {
    const dot = name.indexOf('.');
    if (dot < 0) return this.used(this.resolveSimple(name, scope), name);
    const head = name.slice(0, dot);
    const first = this.resolveSimple(head, scope);
    if (first) return this.used(nestedPath(first, name.slice(dot + 1).split('.'), this), name);
    return this.typeByFqn(name, scope.file.module);
  }

  /**
   * What a simple name means in a scope (the innermost type, or the file outside any type), with
   * the dependencies its first lookup recorded: a name is looked up again for every member and
   * every use, and each lookup walks the enclosing types, their supertypes and the imports.
   * A hit records the same dependencies the lookup did, so tracking sees no difference.
   */
  private simpleNames = new WeakMap<TypeDecl | SourceFile, Map<string, ResolvedName>>();
  /** Supertype and ancestor lists being built (superTypes, ancestors). */
  private building = 0;

  private resolveSimple(name: string, scope: Scope): TypeDecl | undefined {
    // Inside a supertype list being built, a lookup sees that list half made: neither kept nor taken.
    if (this.building > 0) return this.lookupSimple(name, scope);
    const key = scope.type ?? scope.file;
    let names = this.simpleNames.get(key);
    if (!names) this.simpleNames.set(key, (names = new Map()));
    const known = names.get(name);
    if (known) {
      this.replay(known.deps);
      return known.type;
    }
    const deps: Dependencies = { files: new Set(), missing: new Set() };
    const type = this.trackingInto(deps, () => this.lookupSimple(name, scope));
    this.replay(deps);
    names.set(name, { type, deps });
    return type;
  }

  private lookupSimple(name: string, scope: Scope): TypeDecl | undefined {
    for (let t = scope.type; t; t = t.outer) {
      if (t.name === name) return t;
      const member = this.memberType(t, name, new Set());
      if (member) return member;
    }
    const file = scope.file;
    const imported = singleTypeImport(file, name, true);
    if (imported) return this.typeByFqn(imported.name, file.module);
    for (const t of file.types) if (t.name === name) return t;
    const samePackage = this.typeByFqn(file.pkg ? `${file.pkg}.${name}` : name, file.module);
    if (samePackage) return samePackage;
    for (const imp of file.imports) {
      if (imp.wildcard) {
        const t = this.typeByFqn(`${imp.name}.${name}`, file.module);
        if (t) return t;
      }
    }
    // A static import can name a nested type too.
    for (const imp of file.imports) {
      if (imp.isStatic && !imp.wildcard && simpleName(imp.name) === name) {
        const t = this.typeByFqn(imp.name, file.module);
        if (t) return t;
      }
    }
    return undefined;
  }

  /** A member type declared in `t` or inherited from its supertypes. */
  private memberType(t: TypeDecl, name: string, seen: Set<TypeDecl>): TypeDecl | undefined {
    if (seen.has(t)) return undefined;
    seen.add(t);
    const own = t.nested.find((n) => n.name === name);
    if (own) return own;
    for (const s of this.superTypes(t)) {
      const inherited = this.memberType(s, name, seen);
      if (inherited) return inherited;
    }
    return undefined;
  }

  private readonly superCache = new Map<TypeDecl, TypeDecl[]>();

  /** Direct supertypes found in the source tree (superclass first, then interfaces). */
  superTypes(t: TypeDecl): TypeDecl[] {
    const cached = this.superCache.get(t);
    if (cached) {
      if (this.tracking) for (const s of cached) this.used(s, s.name);
      return cached;
    }
    const out: TypeDecl[] = [];
    this.superCache.set(t, out); // guards against cyclic hierarchies in broken code
    // javac resolves the extends clause in the enclosing scope, not inside the type itself.
    const scope: Scope = t.outer ? { type: t.outer, file: t.file } : { file: t.file };
    this.building++;
    try {
      for (const ref of t.superclass ? [t.superclass, ...t.interfaces] : t.interfaces) {
        const s = this.resolveType(ref.name, scope);
        if (s && s !== t) out.push(s);
      }
    } finally {
      this.building--;
    }
    return out;
  }

  private readonly ancestorCache = new Map<TypeDecl, TypeDecl[]>();

  /** All supertypes, nearest first, each once. */
  ancestors(t: TypeDecl): TypeDecl[] {
    const cached = this.ancestorCache.get(t);
    if (cached) {
      if (this.tracking) for (const s of cached) this.used(s, s.name);
      return cached;
    }
    const out: TypeDecl[] = [];
    this.ancestorCache.set(t, out);
    const seen = new Set<TypeDecl>([t]);
    const queue = [t];
    this.building++;
    try {
      while (queue.length) {
        for (const s of this.superTypes(queue.shift()!)) {
          if (seen.has(s)) continue;
          seen.add(s);
          out.push(s);
          queue.push(s);
        }
      }
    } finally {
      this.building--;
    }
    return out;
  }

  /** A field visible by simple name from `scope`: own, inherited, enclosing, statically imported. */
  resolveField(name: string, scope: Scope): { field: FieldDecl; owner: TypeDecl } | undefined {
    for (let t = scope.type; t; t = t.outer) {
      for (const owner of [t, ...this.ancestors(t)]) {
        const field = owner.fields.find((f) => f.name === name);
        if (field) return { field, owner };
      }
    }
    for (const imp of scope.file.imports) {
      if (!imp.isStatic) continue;
      if (imp.wildcard || simpleName(imp.name) === name) {
        const ownerName = imp.wildcard ? imp.name : imp.name.slice(0, imp.name.lastIndexOf('.'));
        const owner = this.typeByFqn(ownerName, scope.file.module);
        if (owner) {
          const hit = this.fieldOf(owner, name);
          if (hit) return hit;
        }
      }
    }
    return scope.file.lang === 'kotlin' ? kotlinField(this, name, scope) : undefined;
  }

  /** A Kotlin top-level property of a package, by name (found through the file headers). */
  topLevelField(pkg: string, name: string, module: string): { field: FieldDecl; owner: TypeDecl } | undefined {
    const entries = (this.byTopLevel.get(name) ?? [])
      .filter((e) => e.pkg === pkg)
      .sort((a, b) => Number(b.module === module) - Number(a.module === module) || (a.path < b.path ? -1 : 1));
    for (const entry of entries) {
      const owner = this.parse(entry)?.types.find((t) => t.facade);
      const field = owner?.fields.find((f) => f.name === name);
      if (owner && field) {
        this.used(owner, name);
        return { field, owner };
      }
    }
    if (this.tracking) this.tracking.missing.add(name);
    return undefined;
  }

  fieldOf(type: TypeDecl, name: string): { field: FieldDecl; owner: TypeDecl } | undefined {
    for (const owner of [type, ...this.ancestors(type)]) {
      const field = owner.fields.find((f) => f.name === name);
      if (field) return { field, owner };
    }
    return undefined;
  }

  /**
   * Folds a constant string expression: literals, `+`, and static final fields across classes,
   * interfaces and static imports. Returns the unresolvable part when folding fails.
   */
  evalString(expr: Expr, scope: Scope, seen: Set<string> = new Set()): { value: string } | { unresolved: string; reason?: string } {
    switch (expr.kind) {
      case 'string':
      case 'literal':
        return { value: expr.value };
      case 'concat': {
        let value = '';
        for (const part of expr.parts) {
          const r = this.evalString(part, scope, seen);
          if ('unresolved' in r) return r;
          value += r.value;
          // Constants doubling each other (C2 = C1 + C1 …) would grow without end.
          if (value.length > MAX_CONSTANT_CHARS) return { unresolved: expr.parts.map((p) => (p.kind === 'name' ? p.name : p.kind)).join(' + '), reason: `longer than ${MAX_CONSTANT_CHARS} characters` };
        }
        return { value };
      }
      case 'name': {
        const hit = this.lookupConstant(expr.name, scope);
        if (!hit || !hit.field.initializer) {
          const known = hit ? undefined : libraryConstant(expr.name);
          return known !== undefined ? { value: known } : { unresolved: expr.name };
        }
        const key = `${hit.owner.fqn}#${hit.field.name}`;
        if (seen.has(key)) return { unresolved: expr.name };
        // A budget instead of the stack: a chain of thousands of constants is refused, not a crash.
        if (seen.size >= MAX_CONSTANT_CHAIN) return { unresolved: expr.name, reason: `a chain of more than ${MAX_CONSTANT_CHAIN} constants` };
        seen.add(key);
        const r = this.evalString(hit.field.initializer, { type: hit.owner, file: hit.owner.file }, seen);
        seen.delete(key);
        return r;
      }
      default:
        return { unresolved: expr.kind === 'other' ? expr.text : expr.kind };
    }
  }

  private lookupConstant(name: string, scope: Scope): { field: FieldDecl; owner: TypeDecl } | undefined {
    const dot = name.lastIndexOf('.');
    if (dot < 0) return this.resolveField(name, scope);
    const owner = this.resolveType(name.slice(0, dot), scope);
    return owner ? this.fieldOf(owner, name.slice(dot + 1)) : undefined;
  }
}

/** A simple name's meaning in one scope, and what finding it depended on. */
interface ResolvedName {
  type: TypeDecl | undefined;
  deps: Dependencies;
}

/** The dependency on the list of files extending `name` (a missing name no identifier can be). */
export function subtypesMarker(name: string): string {
  return `subtypes:${name}`;
}

export interface Dependencies {
  /** Paths of the files whose declarations were read. */
  files: Set<string>;
  /** Name segments that resolved to nothing in the tree: a file declaring one later matters. */
  missing: Set<string>;
}

/** The names once each, first occurrence first; a list of one (most files) as it is. */
function distinct(names: readonly string[]): Iterable<string> {
  return names.length < 2 ? names : new Set(names);
}

function pull<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nestedPath(start: TypeDecl, path: string[], index?: ProjectIndex): TypeDecl | undefined {
  let t: TypeDecl | undefined = start;
  for (const seg of path) {
    if (!t) return undefined;
    const cur: TypeDecl = t;
    t = cur.nested.find((n) => n.name === seg);
    if (!t && index) {
      // Member types are inherited: `Sub.Inner` may name `Base.Inner`.
      for (const s of index.ancestors(cur)) {
        t = s.nested.find((n) => n.name === seg);
        if (t) break;
      }
    }
  }
  return t;
}
