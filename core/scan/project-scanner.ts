// The scan of one project, kept alive so single files can be re-scanned: files -> cheap headers
// -> parse only what can hold endpoints -> Endpoint[].
//
// 1. Walk and read every source file once; describe it with a byte-level header.
// 2. Learn custom annotations (meta-annotated stereotypes, verbs, mappings) from the few files
//    that declare annotation types, until nothing new is learned.
// 3. Parse the files that use a framework marker; frameworks collect what they need.
// 4. Follow abstract resource types to their implementations through the supertype headers.
// 5. Ask every framework for the endpoints of every root type, recording which files (and
//    which missing names) each root's endpoints depend on.
// Types referenced along the way (constants, base classes) are parsed lazily by the index.
//
// A re-scan replaces the changed files' headers, re-parses only them, and recomputes the roots
// declared in them or depending on them. A change to what frameworks learn project-wide (an
// annotation type, an @ApplicationPath), or to a file such a fact took a constant from,
// recomputes every root, still without reading or parsing any other file again. A build-file
// edit re-scans by what changed in what the scan takes from build files (build-facts.ts):
// nothing for a version bump or a comment; the gRPC services of a module and its dependents
// for a dependency between modules; every root (and the files that change module) for a new
// module layout, generator configuration or profile.

import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { InputError } from '../errors';
import { withApplicationServletPaths, type ServedApart } from './application-servlet-paths';
import { AUTO_CONFIGURATION_FILE } from './auto-configuration';
import { configFiles, readApplicationProperties, readServletPaths } from '../config/spring-boot-config';
import { nativeRepositories, withCloudConfig } from '../config/cloud-config';
import { listenSettings } from '../config/listen-port';
import { grpcStarters } from './grpc-starter';
import type { Diagnostic, Endpoint, ModuleSummary, ScanResult, SecuritySchemeDecl } from '../model/endpoint';
import type { FrameworkScanner, ScanContext } from './frameworks/framework';
import { createFrameworkScanners } from './frameworks';
import { GeneratedModels } from './frameworks/openapi-generated/generated-models';
import { mountMarkers } from './frameworks/spring-functional/mounts';
import { LOCATOR_ANNOTATION, locatedMarkers } from './frameworks/jax-rs/registrations';
import { SpecDocuments } from './frameworks/openapi-generated/spec-documents';
import { FrameworkMarkers } from './framework-markers';
import { detectModules, layoutProbesChanged, moduleFor } from './modules';
import { compareBuildFacts, readBuildFacts } from './build-facts';
import { importsJackson3, jacksonOfBuild } from './jackson-version';
import { jsonMapperChoice } from './json-mapper-choice';
import { rootWrapping } from './root-wrapping';
import { defaultInclusion } from './null-inclusion';
import type { JacksonMajor } from './jackson-version';
import type { BuildFacts } from './build-facts';
import { BUILD_FILE_NAMES, isIgnoreFile, isLinkedFileProblem, outsideWalk, walkFolder, walkProject, WalkScope } from './files';
import { PROPERTY_SOURCE_ANNOTATIONS, propertySourceFiles } from './property-sources';
import { codeProperties, codePropertiesKey, configNamesOf, withCodeProperties } from './code-properties';
import { endpointsByApplication } from './endpoints-by-application';
import { codeSecurity } from './frameworks/openapi-bean-security';
import type { CodeProperties } from './code-properties';
import type { LayoutProbes, ModuleInfo } from './modules';
import { ProjectIndex, subtypesMarker } from './project-index';
import type { FileEntry } from './project-index';
import { MIN_PARSES_FOR_WORKER, MIN_PARSES_WITH_MODELS, ParsePool, READ_CHUNK } from './parse-pool';
import { stopParseWorker } from './parse-worker-start';
import type { StartedWorker } from './parse-worker-start';
import { ScanCache } from './scan-cache';
import { SourceReader } from './source-reader';
import { readSource, sourceEntry } from './source-read';
import { keyOf } from './file-stamps';
import { tryStoredResult } from './stored-scan';
import { GROOVY_EXTENSION, MAX_SOURCE_BYTES, PROTO_EXTENSION, SOURCE_EXTENSIONS, WALKED_EXTENSIONS } from './source-files';
import { declaresEndpoints, groovyDiagnostics, inTestSourceSet } from './groovy-sources';
import { declaredFrameworks, frameworkNotes } from './unsupported-frameworks';
import type { FrameworkUse } from './unsupported-frameworks';
import { JarTypes } from './jar/jar-types';
import type { StoredAttempt } from './stored-scan';
import { InputJournal, journaled, readTracked, withJournal } from './scan-inputs';
import type { ScanCacheOptions } from './scan-cache';
import { applyPathPrefixes } from './path-prefix-setting';
import type { PathPrefixRule } from './path-prefix-setting';
import { ProtoIndex } from './proto/proto-index';
import { localCaches } from './proto/jar-protos';
import type { TypeDecl } from './source-model';
import { SchemaBuilder } from './types/type-schema';
import { pauseSoon, runInSlices, runToEnd } from './slices';
import { MIN_ROOTS_TO_SPLIT, RootSplit, WAITING } from './root-split';
import type { RootReply, ShareSetup, SharedRootResult } from './parse-protocol';
import type { ParseCache } from './project-index';
import { adoptJournal } from './scan-inputs';

export interface ScanProgress {
  phase: 'read' | 'parse' | 'endpoints';
  done: number;
  total: number;
}

export interface ScanOptions {
  includeTests?: boolean;
  /** Resolve request and response models (default true); off lists endpoints only, about twice as fast. */
  requestModels?: boolean;
  /** Recognise Spring Boot actuator endpoints (spec §2.6: off by default). */
  actuator?: boolean;
  onProgress?: (p: ScanProgress) => void;
  /**
   * Parse on a second core (parse-pool.ts): by default once the read has found enough files to
   * parse and the machine has a second core (ParsePool.worthwhile); `false` never, `true` from the
   * start whenever a worker can start; `{ minParses }` the default rule with another threshold.
   * Unless `false`, on a tree of enough files (ParsePool.sharesRead; `minFilesToShareRead` another
   * threshold) the worker starts with the scan and reads a share of the files too, and then by
   * default parses from the first file found (an endpoints-only scan too).
   * The APISCOUT_PARSE_WORKER environment variable sets the default: `0` never, `1` whenever a worker can start.
   */
  parseWorker?: boolean | { minParses?: number; minFilesToShareRead?: number };
  /** The worker script (tests run from source, where only the bundle's script exists). */
  parseWorkerUrl?: URL;
  /**
   * Compute the roots' endpoints and models on both threads (root-split.ts): the parse worker,
   * once the parse phase is done, computes a share of them. By default when a parse worker runs,
   * the scan computes models now (not endpoints only, nor `modelsLater`) and finds MIN_ROOTS_TO_SPLIT roots or more;
   * `false` never; `true` whenever a worker runs, with the last half of the roots reserved for it
   * (tests force a split on small projects so); `{ minRoots }` the default rule with another threshold.
   * The APISCOUT_SPLIT_ROOTS environment variable sets the default: `0` never, `1` as `true`, a larger number as `{ minRoots }`.
   */
  splitRoots?: boolean | { minRoots?: number };
  /**
   * Keep parses between processes in the project's state folder (scan-cache.ts): a full scan
   * then parses only files whose content it has not seen. Absent or false: no cache is read or written.
   */
  cache?: ScanCacheOptions | false;
  /** The `paths.prefixes` setting (`pattern=/prefix` entries), read at the start of each full scan. */
  pathPrefixes?: () => readonly string[];
  /**
   * With `cache`: answer a full scan from the result stored by the last one when nothing it read
   * has changed (result-store.ts), and store the result for the next. For one-shot callers (the
   * CLI): a scanner answered that way has no index to re-scan single files with.
   */
  reuseResult?: boolean;
}

export type FileChange = { path: string; kind: 'changed' | 'created' | 'deleted' };

export interface RescanResult {
  endpoints: Endpoint[];
  diagnostics: Diagnostic[];
  /** Ids of endpoints that appeared, disappeared or changed in any field. */
  added: string[];
  removed: string[];
  updated: string[];
  /** Root types recomputed: a measure of how much the change touched. */
  rootsRecomputed: number;
  millis: number;
}

/** The endpoints one root type serves, and what they were computed from (on either thread of a split). */
type RootResult = SharedRootResult;

export { SOURCE_EXTENSIONS };
/** The files spring-boot-config.ts reads a module's properties from. */
const APPLICATION_PROPERTIES = /(?:^|\/)src\/main\/resources\/(?:application(?:-[\w.-]+)?\.(?:properties|ya?ml)|META-INF\/microprofile-config\.properties)$/;
const GRADLE_SCRIPT = /\.gradle(?:\.kts)?$/;
const PROGRESS_EVERY = 500;

export class ProjectScanner {
  readonly root: string;
  private index = new ProjectIndex([]);
  private protos: ProtoIndex;
  /** Model classes of the organisation's own dependency jars, behind `index.external`. */
  private jarTypes?: JarTypes;
  private frameworks: FrameworkScanner[];
  private markerSets: FrameworkMarkers | undefined;
  private modules: ModuleInfo[] = [];
  /** The walk's build files, kept by re-scans: module detection reads them. */
  private buildFiles: string[] = [];
  /** What module detection asked the file system (an included folder's existence): a re-scan asks again. */
  private layoutProbes: LayoutProbes = new Map();
  /** What the scan took from the build files (build-facts.ts): a build-file edit re-scans what changed in them. */
  private buildFacts: BuildFacts | undefined;
  /** The unsupported-framework diagnostics the module config was read with (JSON): a build file changing them reads it again. */
  private unsupportedKey: string | undefined;
  /** After scan({ modelsLater }): the build files as that scan found them, their facts read by completeModels (off the first answer's path). */
  private factsLater: { modules: ModuleInfo[]; stamps: string } | undefined;
  /** Groovy files (relative paths) that declare endpoints the scan cannot list: one diagnostic per module. */
  private groovyControllers = new Set<string>();
  /** Which reported files the walk would list (the .gitignore rules it read, by folder); made on the first re-scan. */
  private walkScope: WalkScope | undefined;
  /** Diagnostics of reading and parsing, per file; walk problems under ''. */
  private fileDiagnostics = new Map<string, Diagnostic[]>();
  private roots = new Map<string, RootResult>();
  /** One per index state: it caches schemas by type, so any file change starts a new one. */
  private schemas: SchemaBuilder | undefined;
  private beanSchemas: SchemaBuilder | undefined;
  private properties: Map<string, string> | undefined;
  /** Each module's application properties as readModuleConfig read them, by module folder. */
  private moduleProperties = new Map<string, Map<string, string>>();
  /** What each module's property files held (before properties set in code), and their problems, by module folder. */
  private fileProperties = new Map<string, { props: Map<string, string>; problems: Diagnostic[]; names: string | undefined }>();
  /** The files each module's `@PropertySource`s add (property-sources.ts), by module folder, as computeAll last found them. */
  private propertySources = new Map<string, string[]>();
  /** Spring Boot properties each module's code sets (code-properties.ts), by module folder, and their JSON to tell a change. */
  private codeProperties = new Map<string, CodeProperties>();
  private codePropertiesKey = '[]';
  /** springdoc security built in code as computeAll last read it (frameworks/openapi-bean-security.ts), to tell a change. */
  private codeSecurityKey = '[]';
  /** What computeAll could not read of the springfox Dockets (frameworks/springfox-security.ts). */
  private codeSecurityNotes: Diagnostic[] = [];
  /** Frameworks apiscout does not read that the modules' builds declare, and the notes naming them (computed with the code). */
  private frameworkUses: FrameworkUse[] = [];
  private frameworkNoteList: Diagnostic[] = [];
  /** Library modules served by several applications mounting them differently -> those applications (endpoints-by-application.ts). */
  private servedApart = new Map<string, ServedApart>();
  /** Project files besides sources that frameworks read (web.xml, build files, OpenAPI specs): a change to one re-scans every root. */
  private configReads = new Set<string>();
  /** The files and repository folders a config server's clients were read from (readCloudConfig). */
  private cloudConfigFiles = new Set<string>();
  private cloudConfigRepos: string[] = [];
  /** The Jackson the build says (jackson-version.ts); read when models first need it, again after a build or config change. */
  private jacksonBuild: { major?: JacksonMajor } | undefined;
  /** Whether the code imported Jackson 3 when models last asked (the build naming no Spring Boot): a change re-scans every root. */
  private jackson3Code: boolean | undefined;
  /** Generated model classes by spec: kept across re-scans of sources, read again when a build file or spec changes. */
  private generatedModels: GeneratedModels | undefined;
  /** The specs' parses, shared by the generated interfaces and models; a changed spec's text is parsed again. */
  private specDocuments = new SpecDocuments();
  private prefixRules: PathPrefixRule[] = [];
  private endpointList: Endpoint[] = [];
  /** The last full scan's answer when it came from the stored result (no index behind it). */
  private stored: ScanResult | undefined;
  private stats: ScanResult['stats'] = { filesRead: 0, filesParsed: 0, bytesRead: 0, millis: 0, phases: {} };
  /** Between scan({ modelsLater }) and completeModels: endpoints are computed without models. */
  private modelsHeld = false;
  /** During a full scan with a parse worker that may compute a share of the roots (root-split.ts). */
  /** `readByWorker`: the entries the worker read (it kept them: a share's set-up is sent their paths alone). */
  private splitWith: { pool: ParsePool; journal: boolean; cache?: ScanCache; readByWorker: WeakSet<FileEntry> } | undefined;
  /** Of the last full scan's roots, how many the worker computed. */
  private rootsByWorker = 0;
  /** A scan answered without models for now (scan's `modelsLater`): what completeModels needs. */
  private pendingModels: { cache: ScanCache | undefined; clock: StoredAttempt['clock']; filesRead: number; bytesRead: number } | undefined;

  constructor(
    root: string,
    private readonly opts: ScanOptions = {},
  ) {
    this.root = resolve(root);
    assertDirectory(this.root, root);
    this.protos = new ProtoIndex(this.root, []);
    this.frameworks = this.createFrameworks();
  }

  private createFrameworks(): FrameworkScanner[] {
    this.markerSets = undefined;
    return createFrameworkScanners({ actuator: this.opts.actuator ?? false });
  }

  /** The current frameworks' markers; forgotten when they are replaced or learn annotations. */
  private get markers(): FrameworkMarkers {
    return (this.markerSets ??= new FrameworkMarkers(this.frameworks));
  }

  get endpoints(): readonly Endpoint[] {
    return this.stored?.endpoints ?? this.endpointList;
  }

  /** The project's .proto files as the last scan indexed them: the gRPC caller's descriptors. */
  get protoIndex(): ProtoIndex {
    return this.protos;
  }

  result(): ScanResult {
    if (this.stored) return this.stored;
    return { endpoints: this.endpointList, diagnostics: this.diagnostics(), modules: this.moduleSummaries(), stats: { ...this.stats, filesParsed: this.index.parsedCount } };
  }

  /** The modules endpoints were found in, in name order. */
  moduleSummaries(): ModuleSummary[] {
    if (this.stored) return this.stored.modules;
    const used = new Set(this.endpointList.map((e) => e.module));
    // Path mappings are the actuator scanner's business; the summary keeps the base path only.
    const schemes = new Map<string, SecuritySchemeDecl[]>();
    // Spring and JAX-RS both read the same @SecurityScheme classes: each name once.
    for (const fw of this.frameworks) for (const [m, list] of fw.securitySchemes?.() ?? []) {
      const have = schemes.get(m) ?? [];
      schemes.set(m, [...have, ...list.filter((s) => !have.some((h) => h.name === s.name))]);
    }
    return this.modules
      .filter((m) => used.has(m.name))
      .sort((a, b) => cmp(a.name, b.name))
      .map(({ actuatorPathMapping: _, jaxRsPath: _j, ...m }) => {
        const list = schemes.get(m.name)?.sort((a, b) => cmp(a.name, b.name));
        return list?.length ? { ...m, securitySchemes: list } : m;
      });
  }

  diagnostics(): Diagnostic[] {
    if (this.stored) return this.stored.diagnostics;
    const fromRoots = [...this.roots.values()].flatMap((r) => r.diagnostics);
    const groovy = groovyDiagnostics(this.groovyControllers, (path) => moduleFor(this.modules, path).name);
    return dedupeDiagnostics([...this.fileDiagnostics.values()].flat().concat(this.frameworkNoteList, fromRoots, this.protos.diagnostics, groovy, this.codeSecurityNotes));
  }

  /**
   * Reads the whole tree and computes every endpoint. `attempt`: scan.ts's look at the stored
   * result, made before this module was loaded (by default it is made here).
   */
  async scan(attempt: StoredAttempt = tryStoredResult(this.root, this.opts), o: { modelsLater?: boolean } = {}): Promise<ScanResult> {
    const { walk, store, digest, preread, clock } = attempt;
    const phase = (name: string) => clock.phase(name);
    this.stored = undefined;
    this.pendingModels = undefined;
    if (attempt.result) {
      if (attempt.worker) void stopParseWorker(attempt.worker);
      this.stats = attempt.result.stats;
      this.stored = attempt.result;
      return attempt.result;
    }
    // modelsLater: the endpoints first, as an endpoints-only scan finds them (what a tree shows),
    // then completeModels adds the models on the same parses. Not with a stored result to write:
    // that is a one-shot caller's, who wants everything at once.
    const later = o.modelsLater === true && (this.opts.requestModels ?? true) && !store;
    this.modelsHeld = later;
    const journal = store && new InputJournal();
    this.fileDiagnostics = new Map([['', walk.diagnostics]]);
    this.groovyControllers = new Set();
    this.walkScope = undefined;
    this.prefixRules = attempt.prefixRules;
    this.layoutProbes = new Map();
    this.modules = withJournal(journal, () => detectModules(this.root, walk.buildFiles, this.layoutProbes));
    this.buildFiles = walk.buildFiles;
    // Not for a one-shot scan whose result is stored: it is never re-scanned.
    this.buildFacts = store || later ? undefined : readBuildFacts(this.root, this.modules);
    this.factsLater = later ? { modules: this.modules, stamps: stampsOf(this.root, walk.buildFiles) } : undefined;
    // Emptied before the module config is read, not after: what it reads (a `spring.config.name`
    // file the code named in an earlier scan of this scanner) is an input a re-scan must follow.
    this.configReads = new Set();
    withJournal(journal, () => this.readModuleConfig());
    this.properties = undefined;
    this.jacksonBuild = undefined;
    this.generatedModels = undefined;
    this.specDocuments = new SpecDocuments();
    this.index = new ProjectIndex([]);
    // Model classes of the organisation's own artifacts come from their jars (read when first missed).
    this.useJarTypes(new JarTypes(this.root, this.modules));
    // Until the endpoints are built: their handlers' bodies are read from the texts just parsed.
    this.index.keepParsedTexts(true);
    this.protos = new ProtoIndex(this.root, this.modules);
    this.schemas = undefined;
    this.beanSchemas = undefined;
    this.frameworks = this.createFrameworks();
    this.roots.clear();
    if (!attempt.stamps) phase('walk');

    const cache = this.opts.cache ? ScanCache.open(this.root, this.opts.cache) : undefined;
    // The first answer does not wait for the parses' encoding: completeModels stores them.
    if (later) cache?.hold();
    this.index.parseCache = cache;
    // On a large tree the worker starts with the scan and reads a share of the files; it is sent
    // parses from the start (policy 'always') or once the read has found enough of them.
    const shareFrom = typeof this.opts.parseWorker === 'object' ? this.opts.parseWorker.minFilesToShareRead : undefined;
    const sharesRead = this.parseWorkerPolicy(false) !== 'never' && ParsePool.sharesRead(walk.files.length, undefined, shareFrom);
    // A worker pays for itself only on the files the cache does not have.
    const workerPolicy = this.parseWorkerPolicy(sharesRead);
    const capacity = workerPolicy === 'never' ? 0 : cache ? walk.files.filter((f) => !cache.covers(f.path)).length : walk.files.length;
    // A worker started before the scanner was loaded (scan.ts) is adopted or stopped: from here on it is this scan's.
    const started = attempt.worker;
    attempt.worker = undefined;
    const threadWanted = workerPolicy === 'always' || sharesRead;
    if (started && !threadWanted) void stopParseWorker(started);
    // A worker that may compute a share of the roots keeps its parses' encodings for it.
    const splitting = this.splitPolicy() !== 'never' && !later;
    const keeping = (p: ParsePool | undefined) => {
      if (splitting) p?.keepParses();
      return p;
    };
    const thread = threadWanted ? keeping(this.startParsePool(capacity, cache !== undefined, started)) : undefined;
    let pool = workerPolicy === 'always' ? thread : undefined;
    // By default: the files read so far that the worker would have been told of, until it parses.
    let backlog: FileEntry[] | undefined = typeof workerPolicy === 'number' && ParsePool.worthwhile(Infinity) ? [] : undefined;
    let toParse = 0;
    this.index.parsedElsewhere = pool;
    // Stamps for the stored result, taken as the files are read (when the fingerprint above did not).
    const feedDigest = digest !== undefined && !preread;
    const reader = new SourceReader(feedDigest);
    // The digest's key of a file's bytes is the scan cache's key too: one hash per file.
    const wanted = { key: cache !== undefined || feedDigest, markers: this.markers };
    const files = walk.files.map((f) => ({ path: f.path, abs: f.abs, module: moduleFor(this.modules, f.path).name }));
    if (sharesRead) thread?.shareRead(files, this.markers, wanted.key, feedDigest);
    /** Entries whose text the worker kept when it read them: their parse jobs go without it. */
    const keptByWorker = new WeakSet<FileEntry>();
    let filesRead = 0;
    let bytesRead = 0;
    const self = this;
    const feed = (p: ParsePool, entry: FileEntry, cached: boolean) => (cached ? p.skip(entry) : p.submit(entry, keptByWorker.has(entry)));
    try {
      await runInSlices(journaled(journal,
      (function* () {
        for (let from = 0; from < files.length; from += READ_CHUNK) {
          const chunk = from / READ_CHUNK;
          const theirs = thread && !thread.claimChunk(chunk) ? thread.takeChunk(chunk) : undefined;
          for (let i = from; i < Math.min(files.length, from + READ_CHUNK); i++) {
            if (self.opts.onProgress && i % PROGRESS_EVERY === 0) self.opts.onProgress({ phase: 'read', done: i, total: files.length });
            const got = theirs?.[i - from] ?? readSource(reader, files[i]!, wanted);
            if ('skipped' in got) {
              if (feedDigest) digest.file(got.path, got.skipped);
              // A Groovy file is read for a controller it may declare: one it cannot read says nothing.
              if (!got.path.endsWith(GROOVY_EXTENSION)) walk.diagnostics.push({ file: got.path, message: got.skipped });
              yield;
              continue;
            }
            if (feedDigest) digest.keyed(got.path, got.key!, got.stamp);
            filesRead++;
            bytesRead += got.bytes;
            if ('proto' in got) {
              self.admitProto(got.path, files[i]!.abs, got.proto);
            } else if ('groovyEndpoints' in got) {
              self.admitGroovy(got.path, got.groovyEndpoints);
            } else if ('unusable' in got) {
              self.fileDiagnostics.set(got.path, [{ file: got.path, message: got.unusable }]);
            } else {
              const { entry } = got;
              self.index.add(entry);
              if (theirs) keptByWorker.add(entry);
              // The files kept as text are the ones the next steps parse: the worker starts on them now.
              const cached = cache?.has(entry) === true;
              if (cached || entry.text !== undefined) {
                if (!cached) toParse++;
                if (pool) feed(pool, entry, cached);
                else if (backlog) {
                  backlog.push(entry);
                  // The worker parses once the read has found enough parses for it to pay.
                  if (ParsePool.worthwhile(toParse, undefined, workerPolicy as number)) {
                    pool = self.index.parsedElsewhere = thread ?? keeping(self.startParsePool(capacity, cache !== undefined));
                    if (pool) for (const e of backlog) feed(pool, e, cache?.has(e) === true);
                    backlog = undefined;
                  }
                }
              }
            }
            yield;
          }
        }
        // Without request models no DTO is ever parsed: a worker following type names would parse them for nothing.
        if (self.modelsWanted()) pool?.giveTable(self.index.files.values());
        phase('read');
        // The thread started for the read shares the roots too when it parsed nothing: a warm scan whose every parse is cached.
        const sharing = pool ?? thread;
        self.splitWith = splitting && sharing ? { pool: sharing, journal: journal !== undefined, cache, readByWorker: keptByWorker } : undefined;
        // The parses this thread makes are encoded for the cache anyway (and those it reads from it were): the worker takes those rather than parsing them again.
        self.splitWith?.cache?.keepParseTexts();
        self.rootsByWorker = 0;
        yield* self.computeAll(phase);
      })(),
      ));
    } catch (e) {
      cache?.close(); // the old cache file and this scan's spill file
      await (thread ?? pool)?.close();
      throw e;
    } finally {
      this.splitWith = undefined;
      this.index.parsedElsewhere = undefined;
      this.index.keepParsedTexts(false);
      // The models' pass parses DTOs through the same cache (and saves it after).
      if (!later) this.index.parseCache = undefined;
    }
    // The pool is the thread started for the read, or one started later for parses alone. Its
    // thread winds down while the cache and the result are saved, and is waited for last.
    const closing = (thread ?? pool)?.close();
    if (later) {
      this.pendingModels = { cache, clock, filesRead, bytesRead };
      this.stats = { filesRead, filesParsed: this.index.parsedCount, bytesRead, millis: clock.millis(), phases: { ...clock.phases } };
      if (thread?.counts.filesReadByWorker) this.stats.readByWorker = thread.counts.filesReadByWorker;
      await closing;
      return this.result();
    }
    if (cache) {
      cache.save(this.index.files.values());
      phase('cache');
    }
    this.stats = { filesRead, filesParsed: this.index.parsedCount, bytesRead, millis: clock.millis(), phases: clock.phases };
    if (pool) this.stats.parsedByWorker = pool.counts.worker;
    if (this.rootsByWorker) this.stats.rootsByWorker = this.rootsByWorker;
    if (thread?.counts.filesReadByWorker) this.stats.readByWorker = thread.counts.filesReadByWorker;
    if (cache) this.stats.parsedFromCache = cache.counts.hits;
    // The protos' diagnostics follow imports into the build's include folders: those looks are journalled too.
    const result = withJournal(journal, () => this.result());
    if (store) {
      store.save(preread?.digest ?? digest!.digest(), digest!.stamps, journal!.entries(), journal!.volatile, result);
      phase('stored');
    }
    await closing;
    return result;
  }

  /**
   * After scan({ modelsLater: true }): computes the endpoints again with their request and
   * response models, on the parses that scan made (only the DTOs they name are parsed now), and
   * saves the scan cache. The answer is the scan's whole result; without a scan waiting for its
   * models, the current result.
   */
  async completeModels(): Promise<ScanResult> {
    const pending = this.pendingModels;
    if (!pending) return this.result();
    this.pendingModels = undefined;
    this.modelsHeld = false;
    const { cache, clock } = pending;
    // The time between the two passes (the tree being served) is no part of the scan's.
    clock.phase('models wait');
    const wait = clock.phases['models wait']!;
    delete clock.phases['models wait'];
    const phase = (name: string) => clock.phase(`models ${name}`);
    try {
      // The first pass's parses, held by the cache until its answer was out (see scan).
      cache?.release();
      await runInSlices(this.computeAll(phase));
    } catch (e) {
      cache?.close();
      throw e;
    } finally {
      this.index.parseCache = undefined;
    }
    if (cache) {
      cache.save(this.index.files.values());
      phase('cache');
    }
    this.stats = { filesRead: pending.filesRead, filesParsed: this.index.parsedCount, bytesRead: pending.bytesRead, millis: clock.millis() - wait, phases: clock.phases };
    if (cache) this.stats.parsedFromCache = cache.counts.hits;
    this.settleBuildFacts();
    return this.result();
  }

  /**
   * The build facts a scan({ modelsLater }) left for later, read now: trusted only when no build
   * file changed since that scan read them (else the first build-file edit recomputes everything).
   */
  private settleBuildFacts(): void {
    const later = this.factsLater;
    if (!later) return;
    this.factsLater = undefined;
    const facts = readBuildFacts(this.root, later.modules);
    this.buildFacts = stampsOf(this.root, this.buildFiles) === later.stamps ? facts : undefined;
  }

  /** Whether the endpoints now computed carry their models. */
  private modelsWanted(): boolean {
    return !this.modelsHeld && (this.opts.requestModels ?? true);
  }

  /** The endpoints whose source method is in `path` (relative), by line: the gutter icons of a file. */
  endpointsInFile(path: string): Endpoint[] {
    const file = path.replace(/\\/g, '/');
    return this.endpoints.filter((e) => e.source.file === file).sort((a, b) => a.source.line - b.source.line);
  }

  /**
   * The endpoints of the method at `line` of `path` (spec §3: a gutter click). When the index
   * has none there (a branch switch, a new file), the file is re-scanned first.
   */
  endpointsAt(path: string, line: number): Endpoint[] {
    const find = () => this.endpointsInFile(path).filter((e) => e.source.line === line);
    const found = find();
    if (found.length) return found;
    this.rescan([{ path, kind: 'changed' }]);
    return find();
  }

  /**
   * The file `path` (relative) and every file its endpoints were built from (request and response
   * DTOs, constants, supertypes): what Reset to Default reads again (spec §3: new DTO fields reappear).
   */
  filesBehind(path: string): string[] {
    const file = path.replace(/\\/g, '/');
    const out = new Set<string>([file]);
    for (const r of this.roots.values()) if (r.path === file) r.deps.forEach((d) => out.add(d));
    return [...out];
  }

  /**
   * Applies changed, created and deleted files (paths relative to the root) and recomputes
   * only the endpoints they can affect.
   */
  rescan(reported: readonly FileChange[]): RescanResult {
    if (this.stored) throw new Error('a scan answered from the stored result has no index to re-scan files with (reuseResult is for one-shot scans)');
    const started = performance.now();
    // An ignore rule added or removed takes files out of the walk or brings them in.
    const ignored = reported.some((c) => isIgnoreFile(slashed(c.path))) ? [...reported, ...this.walkAgain()] : reported;
    const scope = (this.walkScope ??= new WalkScope(this.root, { includeTests: this.opts.includeTests ?? false, extensions: WALKED_EXTENSIONS }));
    const changes = [...ignored, ...this.folderChanges(ignored, scope)];
    const before = new Map(this.endpointList.map((e) => [e.id, e]));
    const changedPaths = new Set<string>();
    const declared = new Set<string>();
    let global = false;
    let config = false;
    const reader = new SourceReader(false);
    // Build files re-scan only what changed in what the scan takes from them; files now in another module are read again.
    const build = this.applyBuildFiles(changes.filter((c) => isBuildFile(c.path)));
    if (build.global) config = true;
    // A dependency jar rebuilt with no build file changed (a SNAPSHOT installed again): the roots that read its classes.
    const jarNames = this.jarsRebuilt();
    jarNames.forEach((n) => declared.add(n));
    const given = new Set(changes.map((c) => slashed(c.path)));
    const list = [...changes.filter((c) => !isBuildFile(c.path)), ...build.moved.filter((p) => !given.has(p)).map((path) => ({ path, kind: 'changed' as const }))];
    if (list.length === 0 && !build.global && build.modules.size === 0 && jarNames.size === 0) {
      // Build files whose facts are unchanged: every endpoint, and every cache behind them, stays.
      return { endpoints: this.endpointList, diagnostics: this.diagnostics(), added: [], removed: [], updated: [], rootsRecomputed: 0, millis: Math.round((performance.now() - started) * 10) / 10 };
    }
    for (const change of list) {
      const path = slashed(change.path);
      changedPaths.add(path);
      // application.yml, web.xml or a spec: the prefixes and mounts read from it may have changed.
      // A Gradle script a build file applies (`apply from: 'dependencies.gradle'`) may name the modules it depends on.
      // An auto-configuration declared or dropped changes which applications serve a library (endpoints-by-application.ts).
      if (APPLICATION_PROPERTIES.test(path) || this.configReads.has(path) || this.isCloudConfig(path) || GRADLE_SCRIPT.test(path) || AUTO_CONFIGURATION_FILE.test(path)) config = true;
      const old = this.index.files.get(path);
      if (old) {
        global ||= this.isGlobal(old);
        old.declares.forEach((d) => declared.add(d));
        old.topLevel?.forEach((d) => declared.add(d)); // Kotlin top-level properties are found by name too
        old.supers.forEach((s) => declared.add(subtypesMarker(s))); // its subtypes were looked up (polymorphic bodies)
      }
      this.index.remove(path);
      this.fileDiagnostics.delete(path);
      this.walkProblemsOf(path, scope);
      const proto = path.endsWith(PROTO_EXTENSION);
      if (proto) {
        // Roots that read a proto depend on it; roots that looked for a service in vain listed its name as missing.
        this.protos.header(path)?.declares.forEach((d) => declared.add(d));
        this.protos.remove(path);
      }
      const groovy = path.endsWith(GROOVY_EXTENSION);
      if (groovy) this.groovyControllers.delete(path);
      if (change.kind === 'deleted' || !(proto || groovy || SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext)))) continue;
      // As the walk of a full scan: nothing from build output, a test source set or a folder an ignore rule names.
      if (!scope.reaches(path)) continue;
      const abs = join(this.root, path);
      let size = 0;
      try {
        size = statSync(abs).size;
      } catch {
        continue; // gone again: treat as deleted
      }
      if (groovy) {
        // As the read of a full scan: nothing too large or unreadable.
        if (size > MAX_SOURCE_BYTES) continue;
        const bytes = reader.read(abs, size);
        if (typeof bytes !== 'string') this.admitGroovy(path, declaresEndpoints(bytes));
        continue;
      }
      // As the read of a full scan: a source over the limit or unreadable is skipped, and said in its words.
      const bytes = reader.readWalked(abs);
      if ('skipped' in bytes) {
        this.fileDiagnostics.set(path, [{ file: path, message: bytes.skipped }]);
        continue;
      }
      if (proto) {
        this.admitProto(path, abs, bytes.toString('utf8'));
        this.protos.header(path)?.declares.forEach((d) => declared.add(d));
        continue;
      }
      const entry = this.admit(path, abs, bytes);
      if (entry) {
        global ||= this.isGlobal(entry);
        entry.declares.forEach((d) => declared.add(d));
        entry.topLevel?.forEach((d) => declared.add(d)); // Kotlin top-level properties are found by name too
        entry.supers.forEach((s) => declared.add(subtypesMarker(s)));
        // A router file may now mount the classes it names (a file that named one before is a dependency of it).
        if (entry.mentions) mountMarkers(bytes.toString('utf8')).forEach((m) => declared.add(m));
        // A JAX-RS file may now locate a class its module's application does not list (it was one that did before).
        if (entry.annotations.has(LOCATOR_ANNOTATION)) locatedMarkers(bytes.toString('utf8')).forEach((m) => declared.add(m));
      }
    }
    this.index.invalidate();
    this.schemas = undefined;
    this.beanSchemas = undefined;
    // A file a project-wide fact was read from (a constant an @ApplicationPath or a @PropertySource
    // names), or one declaring a name such a reading looked for in vain.
    const wide = this.index.projectWideDeps;
    if (!global && (someIn(wide.files, changedPaths) || someIn(wide.missing, declared))) global = true;
    // An exception an advice or ExceptionMapper handles: only a rename or a move changes what it reads.
    if (!global && this.index.wideNamesMoved(changedPaths, declared)) global = true;
    // A constant the code sets a property with lives in any file (`System.setProperty(.., Paths.ROOT)`):
    // computeAll reads the module config again with the new value.
    if (!global && this.codePropertiesKey !== codePropertiesKey(codeProperties(this.index, this.modules))) global = true;
    // So can a scheme's name in springdoc's OpenAPI bean (`addSecuritySchemes(Schemes.BASIC, ..)`).
    if (!global && this.codeSecurityKey !== JSON.stringify(codeSecurity(this.index))) global = true;
    // So can code starting or ceasing to import Jackson 3, where the build does not say which Jackson it is.
    if (!global && this.jackson3Code !== undefined && this.jackson3Code !== importsJackson3(this.index)) global = true;
    if (config) {
      this.generatedModels = undefined;
      this.jacksonBuild = undefined;
      this.readModuleConfig();
      this.properties = undefined;
      global = true;
    } else if (build.modules.size > 0) {
      this.readModuleConfig({ propertiesUnchanged: true }); // the servlet paths a library takes from the application building against it
    }

    let recomputed: number;
    if (global) {
      recomputed = runToEnd(this.computeAll());
    } else {
      const affected = [...this.roots.values()].filter(
        (r) => changedPaths.has(r.path) || someIn(r.deps, changedPaths) || someIn(r.missing, declared),
      );
      const candidates = new Set<TypeDecl>(this.rootsReadingDependencies(build.modules, build.served));
      for (const r of affected) this.roots.delete(r.key);
      // Roots that still exist are found again by fqn; roots in changed files come from their new parse.
      for (const r of affected) {
        if (changedPaths.has(r.path)) continue;
        const t = this.findRoot(r.key);
        if (t) candidates.add(t);
      }
      const ctx = this.context();
      const wanted = (t: TypeDecl) => this.frameworks.some((fw) => fw.wantsImplementations?.(t, ctx));
      const changedTypes: TypeDecl[] = [];
      for (const path of changedPaths) {
        const entry = this.index.files.get(path);
        if (!entry || (!this.isCandidate(entry) && entry.supers.length === 0)) continue;
        const file = this.index.parse(entry);
        if (file) changedTypes.push(...ProjectIndex.allTypes(file));
      }
      for (const t of changedTypes) {
        const inCandidateFile = this.isCandidate(this.index.files.get(t.file.path)!);
        // A changed class may now implement an abstract resource type declared anywhere.
        if (inCandidateFile || this.index.ancestors(t).some(wanted)) candidates.add(t);
      }
      for (const t of this.implementationsOf(changedTypes.filter(wanted))) candidates.add(t);
      for (const t of candidates) this.computeRoot(t);
      recomputed = candidates.size;
      this.assemble();
      // A file of a module whose framework its code names (Armeria, Akka HTTP) may start or stop importing the server API.
      const codeChecked = new Set(this.frameworkUses.filter((u) => u.serverPackages).map((u) => u.module));
      if (codeChecked.size && [...changedPaths].some((p) => codeChecked.has(moduleFor(this.modules, p).name))) this.frameworkNoteList = this.frameworkNotes();
    }

    const after = new Map(this.endpointList.map((e) => [e.id, e]));
    const added = [...after.keys()].filter((id) => !before.has(id));
    const removed = [...before.keys()].filter((id) => !after.has(id));
    // Endpoints of roots that were not recomputed are the very same objects: compare those by reference.
    const updated = [...after.keys()].filter((id) => {
      const old = before.get(id);
      const now = after.get(id);
      return old !== undefined && old !== now && JSON.stringify(old) !== JSON.stringify(now);
    });
    return {
      endpoints: this.endpointList,
      diagnostics: this.diagnostics(),
      added,
      removed,
      updated,
      rootsRecomputed: recomputed,
      millis: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  /**
   * After an ignore file changed: walks the project again and returns the files the walk now lists
   * that the scan does not have (created) and those it has that the walk no longer lists (deleted),
   * build files included, so the re-scan holds what a fresh scan's walk gives. Files the scan
   * could not use (too large, unreadable) and Groovy files without controllers are read again.
   */
  private walkAgain(): FileChange[] {
    this.walkScope?.forget();
    const walk = walkProject(this.root, { includeTests: this.opts.includeTests ?? false, extensions: WALKED_EXTENSIONS, stat: false });
    this.fileDiagnostics.set('', walk.diagnostics); // an ignore file that cannot be read
    const walked = new Set([...walk.files.map((f) => f.path), ...walk.buildFiles]);
    const held = new Set(this.heldFiles());
    const out: FileChange[] = [];
    for (const path of held) if (!walked.has(path)) out.push({ path, kind: 'deleted' });
    for (const path of walked) if (!held.has(path)) out.push({ path, kind: 'created' });
    return out;
  }

  /**
   * A folder reported whole (an IDE tells of a folder deleted, moved or copied in as one event):
   * the files the scan holds under it and those the walk would list there now, as changes.
   */
  private folderChanges(changes: readonly FileChange[], scope: WalkScope): FileChange[] {
    const out: FileChange[] = [];
    let held: string[] | undefined;
    for (const change of changes) {
      const dir = slashed(change.path).replace(/\/+$/, '');
      if (!dir || isBuildFile(dir) || isIgnoreFile(dir) || WALKED_EXTENSIONS.some((ext) => dir.endsWith(ext))) continue;
      const abs = join(this.root, dir);
      let isDir = false;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        // gone: what the scan holds under it goes too
      }
      // A link gone stale (its target deleted) is gone too, and with it what the walk said of it.
      let linked = false;
      try {
        linked = lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() === true;
      } catch {
        // below a folder it may not search: the walk lists nothing there
      }
      if (!isDir && change.kind !== 'deleted' && !linked) continue;
      held ??= this.heldFiles();
      for (const path of held) if (path.startsWith(`${dir}/`)) out.push({ path, kind: 'deleted' });
      // The folder walked as the full walk would (its links followed or not, loops said).
      const walk = isDir ? walkFolder(this.root, dir, { includeTests: this.opts.includeTests ?? false, extensions: WALKED_EXTENSIONS, stat: false }, scope) : undefined;
      for (const path of [...(walk?.files.map((f) => f.path) ?? []), ...(walk?.buildFiles ?? [])]) out.push({ path, kind: 'created' });
      const inside = (file: string) => file === dir || file.startsWith(`${dir}/`);
      const walkProblems = (this.fileDiagnostics.get('') ?? []).filter((d) => !inside(d.file));
      this.fileDiagnostics.set('', [...walkProblems, ...(walk?.diagnostics.filter((d) => inside(d.file)) ?? [])]);
    }
    return out;
  }

  /**
   * What the walk says of a reported file that is a link (broken, or to a file listed at its own
   * path), as a fresh walk would; what the last full scan said of reading a source (too large,
   * unreadable) goes, as the re-scan reads it again.
   */
  private walkProblemsOf(path: string, scope: WalkScope): void {
    const walkProblems = this.fileDiagnostics.get('') ?? [];
    const source = WALKED_EXTENSIONS.some((ext) => path.endsWith(ext));
    const said = walkProblems.filter((d) => d.file !== path || !(source || isLinkedFileProblem(d)));
    const now = scope.linkProblem(path);
    if (now) said.push(now);
    if (now || said.length !== walkProblems.length) this.fileDiagnostics.set('', said);
  }

  /** The notes of frameworks apiscout does not read; Armeria's and Akka HTTP's where the module's code imports their server API. */
  private frameworkNotes(): Diagnostic[] {
    return frameworkNotes(this.frameworkUses, (module, packages) => {
      for (const e of this.index.files.values()) {
        if (e.module !== module || inTestSourceSet(e.path)) continue;
        let text: string;
        try {
          text = readFileSync(e.abs, 'latin1');
        } catch {
          continue;
        }
        if (packages.some((p) => text.includes(p))) return true;
      }
      return false;
    });
  }

  /**
   * When the dependency jars read so far are not what they were (checked by their stat and the
   * caches' listings), reads them anew and returns the names of the classes in those that changed.
   */
  private jarsRebuilt(): Set<string> {
    const before = this.jarTypes;
    if (!before?.jarsMoved()) return new Set();
    const now = new JarTypes(this.root, this.modules);
    const names = now.namesChangedFrom(before);
    this.useJarTypes(now);
    return names;
  }

  private useJarTypes(jars: JarTypes): void {
    this.jarTypes = jars;
    this.index.external = (fqn) => jars.typeByFqn(fqn);
  }

  /** Every walked file the scan holds: indexed sources, protos, Groovy controllers, files it could not use, build files. */
  private heldFiles(): string[] {
    const unusable = [...this.fileDiagnostics.keys()].filter((p) => WALKED_EXTENSIONS.some((ext) => p.endsWith(ext)));
    return [...new Set([...this.index.files.keys(), ...this.protos.paths(), ...this.groovyControllers, ...unusable, ...this.buildFiles])];
  }

  /**
   * Takes in changed build files: what the scan takes from them (build-facts.ts) is read again
   * and compared. `global` when the module layout, a generator configuration, a default profile
   * or the protos of the dependency jars changed (every root is recomputed); else `modules`, those whose dependencies on
   * other modules changed and their dependents. `moved`: indexed files that now belong to
   * another module, to be read and parsed again (the module is part of their parse).
   */
  private applyBuildFiles(all: readonly FileChange[]): { global: boolean; modules: Set<string>; served: Set<string>; moved: string[] } {
    const changes = all.filter((c) => !outsideWalk(slashed(c.path)));
    // A folder the settings include, created or removed with no build file of its own, is a module or no longer one.
    if (changes.length === 0 && !layoutProbesChanged(this.layoutProbes)) return { global: false, modules: new Set(), served: new Set(), moved: [] };
    this.settleBuildFacts();
    const known = new Set(this.buildFiles);
    // A build file that appears or goes away may add or remove a module: the walk says which
    // count (not those in folders a .gitignore names). Watchers may report either as a change.
    if (changes.some((c) => c.kind !== 'changed' || !known.has(slashed(c.path)) || !existsSync(join(this.root, slashed(c.path))))) {
      this.buildFiles = walkProject(this.root, { includeTests: this.opts.includeTests ?? false, extensions: WALKED_EXTENSIONS, stat: false }).buildFiles;
    }
    this.layoutProbes = new Map();
    const modules = detectModules(this.root, this.buildFiles, this.layoutProbes);
    // The dependencies may be others: another jar, or another version of one, changes the models read from them.
    const jars = new JarTypes(this.root, modules);
    const jarsChanged = !this.jarTypes || !jars.sameJarsAs(this.jarTypes);
    this.useJarTypes(jars);
    const facts = readBuildFacts(this.root, modules);
    const change = this.buildFacts ? compareBuildFacts(this.buildFacts, facts) : { global: true, modules: new Set<string>(), served: new Set<string>() };
    if (jarsChanged) change.global = true;
    // A dependency on a framework apiscout does not read, added or dropped, changes the diagnostics only the module config reads.
    if (this.unsupportedKey !== undefined && this.unsupportedKey !== JSON.stringify(declaredFrameworks(modules, optionalText(this.root)))) change.global = true;
    this.buildFacts = facts;
    const moved: string[] = [];
    if (JSON.stringify(modules.map((m) => [m.dir, m.name, m.build])) !== JSON.stringify(this.modules.map((m) => [m.dir, m.name, m.build]))) {
      this.modules = modules;
      for (const entry of this.index.files.values()) if (moduleFor(modules, entry.path).name !== entry.module) moved.push(entry.path);
      for (const path of this.protos.paths()) if (moduleFor(modules, path).name !== this.protos.moduleOf(path)) moved.push(path);
      this.protos.setModules(modules);
    } else if (this.protos.refreshExternal()) {
      change.global = true; // another version of a dependency jar the gRPC services took their protos from
    }
    return { ...change, moved };
  }

  /**
   * The roots of the given modules whose endpoints a framework built from the modules' dependencies
   * (FrameworkScanner.readsModuleDependencies), or that reported a problem, and of the modules
   * `served` those build against whose endpoints a framework built from the modules serving them
   * (readsServingModules), for a re-scan after those dependencies changed; their recorded results are dropped.
   */
  private rootsReadingDependencies(names: ReadonlySet<string>, served: ReadonlySet<string> = new Set()): TypeDecl[] {
    if (names.size === 0 && served.size === 0) return [];
    const readers = new Set(this.frameworks.filter((fw) => fw.readsModuleDependencies).map((fw) => fw.id));
    const servedReaders = new Set(this.frameworks.filter((fw) => fw.readsServingModules).map((fw) => fw.id));
    const out: TypeDecl[] = [];
    for (const r of [...this.roots.values()]) {
      const module = moduleFor(this.modules, r.path).name;
      const reads = (ids: ReadonlySet<string>) => r.endpoints.some((e) => ids.has(e.framework));
      if (!(names.has(module) && (r.diagnostics.length > 0 || reads(readers))) && !(served.has(module) && reads(servedReaders))) continue;
      this.roots.delete(r.key);
      const t = this.findRoot(r.key);
      if (t) out.push(t);
    }
    return out;
  }

  /**
   * `always` (the option or APISCOUT_PARSE_WORKER=1), `never`, or the number of parses that start
   * it (ParsePool.worthwhile). `readShared`: a worker starts for the read anyway, so its start-up
   * is paid: by default it parses from the first file.
   */
  private parseWorkerPolicy(readShared: boolean): 'always' | 'never' | number {
    const env = process.env.APISCOUT_PARSE_WORKER;
    const opt = this.opts.parseWorker ?? (env === '1' ? true : env === '0' ? false : undefined);
    if (typeof opt === 'boolean') return opt ? 'always' : 'never';
    return opt?.minParses ?? (readShared ? 1 : this.modelsWanted() ? MIN_PARSES_WITH_MODELS : MIN_PARSES_FOR_WORKER);
  }

  /** `always` (the option or APISCOUT_SPLIT_ROOTS=1: the last half reserved for the worker), `never`, or the number of roots that starts a split (APISCOUT_SPLIT_ROOTS=n). */
  private splitPolicy(): 'always' | 'never' | number {
    const env = process.env.APISCOUT_SPLIT_ROOTS;
    const fromEnv = env === '1' ? true : env === '0' ? false : env && /^\d+$/.test(env) ? { minRoots: Number(env) } : undefined;
    const opt = this.opts.splitRoots ?? fromEnv;
    if (typeof opt === 'boolean') return opt ? 'always' : 'never';
    // Endpoints only, a root costs too little for the worker's set-up to pay (bench/README.md, session 25).
    if (!this.modelsWanted()) return 'never';
    return opt?.minRoots ?? MIN_ROOTS_TO_SPLIT;
  }

  /**
   * `hashes`: the parses go to a scan cache (the worker hashes them for it). `started`: a worker
   * started before the scanner was loaded (scan.ts), adopted when it fits, else stopped.
   */
  private startParsePool(capacity: number, hashes: boolean, started?: StartedWorker): ParsePool | undefined {
    if (started && started.capacity >= capacity && started.hashes === hashes) return ParsePool.adopt(started);
    if (started) void stopParseWorker(started);
    return ParsePool.start(capacity, { workerUrl: this.opts.parseWorkerUrl, hashes });
  }

  /** Notes a Groovy file that declares endpoints (not one of a test source set, unless tests are scanned). */
  private admitGroovy(path: string, declares: boolean): void {
    if (declares && (this.opts.includeTests || !inTestSourceSet(path))) this.groovyControllers.add(path);
  }

  /** Keeps a .proto's text for the gRPC scanner, which parses it only when a service needs it. */
  private admitProto(path: string, abs: string, text: string): void {
    this.protos.add(path, abs, moduleFor(this.modules, path).name, text);
  }

  /** Describes one file read by a re-scan and adds it to the index; records why a file could not be used. */
  private admit(path: string, abs: string, bytes: Buffer): FileEntry | undefined {
    const got = sourceEntry(bytes, { path, abs, module: moduleFor(this.modules, path).name }, this.markers, this.index.parseCache ? keyOf(bytes) : undefined);
    if (typeof got === 'string') {
      this.fileDiagnostics.set(path, [{ file: path, message: got }]);
      return undefined;
    }
    this.index.add(got);
    return got;
  }

  private isCandidate(entry: FileEntry): boolean {
    return this.markers.isCandidate(entry);
  }

  /** A file whose change alters what frameworks know project-wide. */
  private isGlobal(entry: FileEntry): boolean {
    return (
      entry.declaresAnnotation ||
      entry.creates !== undefined ||
      PROPERTY_SOURCE_ANNOTATIONS.some((a) => entry.annotations.has(a)) ||
      this.markers.usesGlobalMarker(entry) ||
      this.markers.extendsGlobalSuper(entry)
    );
  }

  /** Steps 2 to 5 over the files already in the index: parses only what is not parsed yet. */
  private *computeAll(phase: (name: string) => void = () => {}): Generator<void, number> {
    const all = yield* this.prepareRoots(phase);
    this.roots.clear();
    const list = [...all];
    const split = this.startSplit(list);
    if (split) {
      yield* this.computeSplit(list, split);
      this.rootsByWorker = split.taken;
    } else {
      let done = 0;
      for (const t of list) {
        if (this.opts.onProgress && done % PROGRESS_EVERY === 0) this.opts.onProgress({ phase: 'endpoints', done, total: list.length });
        this.computeRoot(t);
        done++;
        yield;
      }
    }
    this.assemble();
    phase('endpoints');
    return all.size;
  }

  /**
   * With a parse worker to share them with (splitWith), enough of them: has the worker set itself up
   * for the roots, from the inputs this scan had (root-split.ts).
   */
  private startSplit(list: readonly TypeDecl[]): RootSplit | undefined {
    const policy = this.splitPolicy();
    const pool = this.splitWith?.pool;
    const parses = this.splitWith?.cache?.takeParseTexts();
    if (!pool || policy === 'never' || list.length === 0 || (policy !== 'always' && list.length < policy)) return undefined;
    // The worker has the entries it read: a path stands for one, unless the entry still holds its text.
    const read = this.splitWith!.readByWorker;
    const entries = [...this.index.files.values()].map((entry) => {
      if (read.has(entry) && entry.text === undefined) return entry.path;
      const { parsed: _p, ...e } = entry;
      return e;
    });
    const setup: Omit<ShareSetup, 'states'> = {
      root: this.root,
      options: { includeTests: this.opts.includeTests ?? false, requestModels: this.modelsWanted(), actuator: this.opts.actuator ?? false },
      buildFiles: this.buildFiles,
      prefixRules: this.prefixRules,
      entries,
      protos: this.protos.sources(),
      ...(parses?.length ? { parses } : {}),
      keys: list.map(rootKey),
      modules: JSON.stringify(this.modules),
      journal: this.splitWith!.journal,
      caches: localCaches(),
      cached: this.splitWith!.cache !== undefined,
    };
    return RootSplit.start(pool, setup, policy === 'always');
  }

  /**
   * The roots computed from the first while the worker computes them from the last; once they meet,
   * the worker's results are taken in order (what it read and reported with them), and the roots
   * recorded in the list's order, as one scanner records them.
   */
  private *computeSplit(list: readonly TypeDecl[], split: RootSplit): Generator<void, void> {
    const results: Array<RootResult | undefined> = [];
    const progress = (i: number) => this.opts.onProgress && i % PROGRESS_EVERY === 0 && this.opts.onProgress({ phase: 'endpoints', done: i, total: list.length });
    let i = 0;
    try {
      for (; i < list.length && split.claim(i); i++) {
        progress(i);
        results.push(this.rootResult(list[i]!));
        yield;
      }
      for (; i < list.length; i++) {
        progress(i);
        let reply = split.take(i);
        // The event loop runs while the worker has the root: a worker gone is told there.
        for (; reply === WAITING; reply = split.take(i)) {
          pauseSoon();
          yield;
        }
        results.push(reply ? this.adoptRoot(reply) : this.rootResult(list[i]!));
        yield;
      }
    } finally {
      // A scan that threw stops the worker's share too (after the root in hand).
      split.end();
    }
    for (const r of results) if (r) this.roots.set(r.key, r);
    // The worker's roots may have read jar classes this thread never looked up: its re-scans check the jars all the same.
    if (split.taken) this.jarTypes?.discoverNow();
  }

  /** What the worker computed for a root, and what it read and reported doing so, as this scanner's own. */
  private adoptRoot(reply: RootReply): RootResult | undefined {
    adoptJournal(reply.journal, reply.volatile);
    for (const path of reply.configReads) this.configReads.add(path);
    this.index.diagnostics.push(...reply.diagnostics);
    if (reply.parses) this.cacheWorkerParses(reply.parses);
    return reply.result;
  }

  /** The files the worker parsed for its roots go to the scan cache, as the scanner's own do: unless this thread parsed them too, or the cache has them. */
  private cacheWorkerParses(parses: NonNullable<RootReply['parses']>): void {
    const { cache, pool } = this.splitWith ?? {};
    if (!cache || !pool) return;
    for (const [path, text, sum] of parses) {
      const entry = this.index.files.get(path);
      if (!entry || entry.parsed !== undefined || cache.has(entry)) continue;
      const encoded = text !== undefined ? { text, hash: sum } : pool.takeEncoded(entry);
      if (encoded) cache.putEncoded(entry, encoded.text, encoded.hash);
    }
  }

  /**
   * In a parse worker (root-share.ts): sets this scanner up as the one that sent `setup` is, from
   * the same inputs, with `parses` asked before parsing, and returns the roots it finds (their
   * keys, in order) and what computing one gives. Undefined when `going` (asked between steps)
   * says the share is no longer wanted.
   */
  shareOf(setup: Omit<ShareSetup, 'entries'> & { entries: readonly FileEntry[] }, parses: ParseCache, going: () => boolean): { keys: string[]; modules: string; compute(i: number): { result?: RootResult; configReads: string[]; diagnostics: Diagnostic[] } } | undefined {
    this.prefixRules = setup.prefixRules;
    this.layoutProbes = new Map();
    this.modules = detectModules(this.root, setup.buildFiles, this.layoutProbes);
    this.buildFiles = setup.buildFiles;
    this.readModuleConfig();
    this.properties = undefined;
    this.configReads = new Set();
    this.index = new ProjectIndex([]);
    this.useJarTypes(new JarTypes(this.root, this.modules));
    this.protos = new ProtoIndex(this.root, this.modules);
    for (const p of setup.protos) this.protos.add(p.path, p.abs, p.module, p.text);
    for (const e of setup.entries) this.index.add(e);
    this.index.parseCache = parses;
    const steps = this.prepareRoots();
    let step = steps.next();
    for (; !step.done; step = steps.next()) if (!going()) return undefined;
    const list = [...step.value];
    let readsSent = 0;
    return {
      keys: list.map(rootKey),
      modules: JSON.stringify(this.modules),
      compute: (i) => {
        const result = this.rootResult(list[i]!);
        const reads = [...this.configReads].slice(readsSent);
        readsSent += reads.length;
        return { ...(result ? { result } : {}), configReads: reads, diagnostics: this.index.diagnostics.splice(0) };
      },
    };
  }

  /** Steps 2 to 4: the roots whose endpoints step 5 computes, in order. */
  private *prepareRoots(phase: (name: string) => void = () => {}): Generator<void, Set<TypeDecl>> {
    this.index.forgetProjectWide();
    this.applyPropertySources();
    const security = codeSecurity(this.index);
    this.codeSecurityKey = JSON.stringify(security);
    this.codeSecurityNotes = security.flatMap((s) => s.dockets.flatMap((d) => d.notes));
    this.frameworkNoteList = this.frameworkNotes();
    this.frameworks = this.createFrameworks();
    const index = this.index;
    const ctx = this.context();
    // Annotation types are global files: what their mappings take from other files is project-wide too.
    index.projectWide(() => learnAnnotations(index, this.frameworks, ctx));
    this.markerSets = undefined;
    phase('learn');

    const entries = [...index.files.values()].sort(byPath);
    const candidates = entries.filter((e) => this.isCandidate(e) || this.markers.usesGlobalMarker(e));
    const types: TypeDecl[] = [];
    // A parse worker has been on these files, in this order, since they were read. The scanner
    // takes the ones nobody has started from the far end: the two threads meet in the middle,
    // rather than the scanner waiting on each file the worker has in hand.
    if (index.parsedElsewhere) {
      for (let i = candidates.length - 1; i >= 0; i--) {
        index.parseUnlessClaimed(candidates[i]!);
        yield;
      }
    }
    for (const [i, entry] of candidates.entries()) {
      if (this.opts.onProgress && i % PROGRESS_EVERY === 0) this.opts.onProgress({ phase: 'parse', done: i, total: candidates.length });
      const file = index.parse(entry);
      if (file) types.push(...ProjectIndex.allTypes(file));
      yield;
    }
    phase('parse');
    for (const t of types) this.collect(t, ctx);

    const all = new Set(types);
    const ctx2 = this.context();
    for (const t of this.implementationsOf(types.filter((t) => this.frameworks.some((fw) => fw.wantsImplementations?.(t, ctx2))))) all.add(t);
    phase('implementations');
    return all;
  }

  /**
   * Every type in the tree below the given abstract resource types, found through the
   * supertype names in file headers; each new one is shown to the frameworks' `collect`.
   */
  private implementationsOf(bases: readonly TypeDecl[]): Set<TypeDecl> {
    const ctx = this.context();
    const found = new Set<TypeDecl>();
    const queue = [...bases];
    const followed = new Set<TypeDecl>();
    while (queue.length) {
      const base = queue.pop()!;
      if (followed.has(base)) continue;
      followed.add(base);
      for (const entry of [...this.index.filesExtending(base.name)].sort(byPath)) {
        const file = this.index.parse(entry);
        if (!file) continue;
        for (const t of ProjectIndex.allTypes(file)) {
          if (!this.index.superTypes(t).includes(base)) continue;
          if (!found.has(t)) {
            found.add(t);
            this.collect(t, ctx);
          }
          queue.push(t); // its own subclasses inherit the annotations too
        }
      }
    }
    return found;
  }

  /**
   * Shows a type to the frameworks. What they collect from a global file (an `@ApplicationPath`,
   * a `@SecurityScheme`, a configurer's prefixes) serves every root: the files it reads (a
   * constant's holder) are recorded as project-wide, so their change re-scans every root too.
   */
  private collect(t: TypeDecl, ctx: ScanContext): void {
    const entry = this.index.files.get(t.file.path);
    const show = () => {
      for (const fw of this.frameworks) fw.collect?.(t, ctx);
    };
    if (entry && this.isGlobal(entry)) this.index.projectWide(show);
    else show();
  }

  private computeRoot(t: TypeDecl): void {
    const result = this.rootResult(t);
    if (result) this.roots.set(result.key, result);
  }

  /** The endpoints of root `t` and what they were computed from; undefined when it serves and reads nothing. */
  private rootResult(t: TypeDecl): RootResult | undefined {
    const diagnostics: Diagnostic[] = [];
    const ctx = this.context(diagnostics);
    this.index.beginTracking();
    let endpoints: Endpoint[] = [];
    for (const fw of this.frameworks) {
      try {
        // Each stack writes its bodies with its own JSON mapper (json-mapper-choice.ts).
        ctx.schemas.readingEndpointsOf({ framework: fw.id, file: t.file });
        endpoints.push(...fw.endpoints(t, ctx));
      } catch (e) {
        // A reading the scanner does not survive (an unforeseen shape of code) costs this class's
        // endpoints, said in a diagnostic, not the whole scan.
        diagnostics.push({ file: t.file.path, line: t.line, message: `${t.name}: its ${fw.id} endpoints could not be read (${(e as Error).message ?? String(e)}); the rest of the scan is complete. Please report this with the class's code.` });
      }
    }
    ctx.schemas.readingEndpointsOf(undefined);
    endpoints = applyPathPrefixes(endpoints, this.prefixRules);
    const { files, missing } = this.index.endTracking();
    files.delete(t.file.path);
    // A type that serves nothing and reads nothing else can only change with its own file,
    // which is always re-parsed: no need to remember it.
    if (endpoints.length === 0 && files.size === 0 && diagnostics.length === 0) return undefined;
    files.add(t.file.path);
    const key = rootKey(t);
    return { key, path: t.file.path, endpoints, diagnostics, deps: files, missing };
  }

  private findRoot(key: string): TypeDecl | undefined {
    const cut = key.lastIndexOf('#');
    const path = key.slice(0, cut);
    const fqn = key.slice(cut + 1);
    const entry = this.index.files.get(path);
    const file = entry && this.index.parse(entry);
    return file ? ProjectIndex.allTypes(file).find((t) => t.fqn === fqn) : undefined;
  }

  private assemble(): void {
    const seen = new Set<string>();
    const out: Endpoint[] = [];
    for (const r of this.roots.values()) {
      for (const e of r.endpoints) {
        if (seen.has(e.id)) continue;
        seen.add(e.id);
        out.push(e);
      }
    }
    this.endpointList = endpointsByApplication(out, this.servedApart, this.index).sort(compareEndpoints);
    // Parse problems live on the index; move them under their files.
    for (const d of this.index.diagnostics.splice(0)) {
      const list = this.fileDiagnostics.get(d.file);
      if (list) list.push(d);
      else this.fileDiagnostics.set(d.file, [d]);
    }
  }

  /** Framework diagnostics go to `diagnostics`; parse problems always go to the index. */
  private context(diagnostics: Diagnostic[] = this.index.diagnostics): ScanContext {
    const readProjectFile = (path: string): string | undefined => {
      this.configReads.add(path);
      try {
        return readTracked(join(this.root, path));
      } catch {
        return undefined;
      }
    };
    if (!this.schemas) {
      // Model classes the build generates from a spec: read (and made scan inputs) when a type first needs them.
      const models = (this.generatedModels ??= new GeneratedModels(this.modules, readProjectFile, this.specDocuments));
      // Modules whose application writes JSON with Gson, JSON-B or fastjson: their bodies as that mapper writes them (json-mapper-choice.ts).
      const mapper = jsonMapperChoice(this.modules, (dir) => this.moduleProperties.get(dir), this.index, readProjectFile);
      this.schemas = new SchemaBuilder(this.index, this.index.diagnostics, {
        legacyDates: this.legacyDates(),
        ...this.jacksonDefaults(readProjectFile),
        // Root wrapping is each application's own (root-wrapping.ts).
        rootValue: rootWrapping(this.modules, (dir) => this.moduleProperties.get(dir), this.index, readProjectFile),
        inclusion: defaultInclusion(this.modules, (dir) => this.moduleProperties.get(dir), this.index, readProjectFile),
        generatedType: (name, packages) => models.schemaOf(name, packages),
        ...(mapper ? { mapper } : {}),
      });
    }
    this.beanSchemas ??= new SchemaBuilder(this.index, this.index.diagnostics, { propertyNames: 'java' });
    return {
      index: this.index,
      diagnostics,
      modules: this.modules,
      schemas: this.schemas,
      beanSchemas: this.beanSchemas,
      requestModels: this.modelsWanted(),
      protos: this.protos,
      appProperty: (key) => this.appProperties().get(relaxedKey(key)),
      readProjectFile,
      specDocuments: this.specDocuments,
    };
  }

  /** Each module's servlet and actuator paths from its application properties; their problems are listed under ':config'. */
  private readModuleConfig(o: { propertiesUnchanged?: boolean; sourcesBefore?: ReadonlyMap<string, string[]> } = {}): void {
    // With the properties unchanged (only the dependencies between modules did), their reading and its problems stand.
    const kept = o.propertiesUnchanged ? this.moduleProperties : undefined;
    const diagnostics: Diagnostic[] = kept ? (this.fileDiagnostics.get(':config') ?? []) : [];
    // Read again for new @PropertySource files or properties set in code: a module whose list of
    // files is unchanged keeps their reading (and its problems), under its new code properties.
    const filesBefore = this.fileProperties;
    const sameSources = (dir: string) => o.sourcesBefore !== undefined && (o.sourcesBefore.get(dir) ?? []).join('\n') === (this.propertySources.get(dir) ?? []).join('\n');
    // Kept for appProperties: parsing every module's application.yml a second time cost more than the first read.
    const read = (this.moduleProperties = new Map());
    const files = (this.fileProperties = new Map());
    const buildTexts = new Map<string, string | undefined>();
    const readBuildFile = (path: string) => {
      if (buildTexts.has(path)) return buildTexts.get(path);
      this.configReads.add(path);
      let text: string | undefined;
      try {
        text = readTracked(join(this.root, path));
      } catch {
        text = undefined;
      }
      buildTexts.set(path, text);
      return text;
    };
    const modules = this.modules;
    const starterOf = grpcStarters(modules, readBuildFile);
    // A module serving HTTP with a framework we do not read is named, so few endpoints are explained.
    if (!kept) {
      this.frameworkUses = declaredFrameworks(modules, readBuildFile);
      this.unsupportedKey = JSON.stringify(this.frameworkUses);
    }
    /** Modules with an application's config: their own files, or `@PropertySource` files that say where it is served. */
    const apps = new Set<string>();
    const stripped = modules.map(({ contextPath: _c, servletPath: _s, actuatorBasePath: _a, actuatorPathMapping: _m, listen: _l, propertySources: _p, jaxRsPath: _j, ...m }) => m);
    const sourcesOf = new Map<string, string[] | undefined>();
    for (const m of stripped) {
      const propertySources = this.propertySources.get(m.dir);
      sourcesOf.set(m.dir, propertySources);
      propertySources?.forEach((f) => this.configReads.add(f));
      const code = this.codeProperties.get(m.dir);
      const configNames = configNamesOf(code);
      // Files named otherwise than application.* are config only through the name: a change to them re-reads it.
      if (configNames) configFiles(configNames).forEach((f) => this.configReads.add([m.dir, 'src/main/resources', f].filter(Boolean).join('/')));
      const keptProps = kept?.get(m.dir);
      const before = filesBefore.get(m.dir);
      let fromFiles = keptProps || (sameSources(m.dir) && before?.names === configNames?.join(',')) ? before : undefined;
      if (fromFiles && !keptProps) diagnostics.push(...fromFiles.problems);
      if (!keptProps && !fromFiles) {
        const from = diagnostics.length;
        const props = readApplicationProperties(this.root, m.dir, diagnostics, propertySources, configNames);
        fromFiles = { props, problems: diagnostics.slice(from), names: configNames?.join(',') };
      }
      if (fromFiles) files.set(m.dir, fromFiles);
      read.set(m.dir, keptProps ?? withCodeProperties(fromFiles!.props, code));
    }
    // A client of a config server in the project takes its properties from the server's repository.
    if (!kept) this.readCloudConfig(stripped, read, diagnostics);
    this.modules = stripped.map((m) => {
      const props: Map<string, string> = read.get(m.dir)!;
      const propertySources = sourcesOf.get(m.dir);
      const configNames = configNamesOf(this.codeProperties.get(m.dir));
      // The gRPC port's key and default are those of the starter the module builds with.
      const listen = listenSettings(props, starterOf(m));
      const paths = readServletPaths(this.root, m.dir, diagnostics, props);
      // A library's own message files (Syncope's errorMessages.properties) do not make it an
      // application: it still takes the paths of the application serving it.
      const own = !propertySources || listen !== undefined || paths.contextPath !== undefined || paths.servletPath !== undefined || readApplicationProperties(this.root, m.dir, [], undefined, configNames).size > 0;
      if (props.size > 0 && own) apps.add(m.dir);
      return { ...m, ...paths, ...(listen ? { listen } : {}), ...(propertySources ? { propertySources } : {}) };
    });
    this.servedApart = new Map();
    this.modules = withApplicationServletPaths(this.modules, (dir) => apps.has(dir), readBuildFile, this.servedApart);
    this.fileDiagnostics.set(':config', diagnostics);
  }

  /**
   * Modules that are clients of a config server module's native repository take its files' values
   * over their own (cloud-config.ts). Every file looked at is remembered, so that its change,
   * or a file appearing in a repository folder, reads the configuration again.
   */
  private readCloudConfig(modules: readonly ModuleInfo[], read: Map<string, Map<string, string>>, diagnostics: Diagnostic[]): void {
    this.cloudConfigFiles = new Set();
    // A server's repository outside the project is reported against the config file that names it.
    const configFileOf = (dir: string) => {
      const candidates = ['application.properties', 'application.yml', 'application.yaml', 'bootstrap.properties', 'bootstrap.yml', 'bootstrap.yaml'].map((f) => [dir, 'src/main/resources', f].filter(Boolean).join('/'));
      return candidates.find((f) => tracked(join(this.root, f))) ?? candidates[1]!;
    };
    this.cloudConfigRepos = nativeRepositories(modules, (dir) => read.get(dir), diagnostics, configFileOf);
    if (this.cloudConfigRepos.length === 0) return;
    for (const m of modules) {
      const merged = withCloudConfig(this.root, m.dir, read.get(m.dir)!, this.cloudConfigRepos, diagnostics, this.cloudConfigFiles);
      if (merged) read.set(m.dir, merged);
    }
  }

  /** Whether a changed file is one the cloud config was read from, or could be. */
  private isCloudConfig(path: string): boolean {
    if (this.cloudConfigFiles.has(path)) return true;
    // A property file under a repository folder (up to its first `{application}`, `{profile}`, `{label}` or wildcard).
    if (!/\.(?:ya?ml|properties)$/.test(path)) return false;
    return this.cloudConfigRepos.some((repo) => {
      const fixed = repo.replace(/\/?[^/]*[{*?].*$/, '');
      return fixed === '' ? (/[{*?]/.test(repo) ? true : !path.includes('/')) : path.startsWith(`${fixed}/`);
    });
  }

  /**
   * The `@PropertySource` files of the sources now in the index, and the properties their code sets:
   * when either differs from what the module config was read with, it is read again with them
   * (their context paths and ports).
   */
  private applyPropertySources(): void {
    const diagnostics: Diagnostic[] = [];
    // A file looked for and not found is a config input too: creating it re-reads the module config.
    const exists = (path: string) => {
      this.configReads.add(path);
      return tracked(join(this.root, path));
    };
    const found = this.index.projectWide(() => propertySourceFiles(this.index, this.modules, exists, diagnostics));
    // A customizer setting the port or context path from a value read at run time is reported with them.
    const code = codeProperties(this.index, this.modules, diagnostics);
    this.fileDiagnostics.set(':property-sources', diagnostics);
    const codeKey = codePropertiesKey(code);
    if (JSON.stringify([...found]) === JSON.stringify([...this.propertySources]) && codeKey === this.codePropertiesKey) return;
    const sourcesBefore = this.propertySources;
    this.propertySources = found;
    this.codeProperties = code;
    this.codePropertiesKey = codeKey;
    this.readModuleConfig({ sourcesBefore });
    this.properties = undefined;
    this.schemas = undefined;
  }

  /**
   * How the application's Jackson writes `java.util.Date` (Spring Boot's `spring.jackson.*`), from
   * the first module that says. A DateFormat class of the project's own says nothing readable.
   */
  private legacyDates(): { pattern?: string; timestamps?: boolean } | undefined {
    const props = this.appProperties();
    // Spring Boot 4 reads it under `datatype.datetime`, where Jackson 3 moved the feature (DateTimeFeature).
    const timestamps = ['spring.jackson.serialization.write-dates-as-timestamps', 'spring.jackson.datatype.datetime.write-dates-as-timestamps'].some((k) => props.get(relaxedKey(k)) === 'true');
    const format = props.get(relaxedKey('spring.jackson.date-format'))?.trim();
    const pattern = format && !/^(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*$/.test(format) ? format : undefined;
    return timestamps || pattern ? { timestamps, pattern } : undefined;
  }

  /**
   * The defaults of the application's mapper that shape its models, as its properties and build say
   * (a MapperFeature setting in code wins, jackson-registrations.ts). Where the build uses Jackson 3
   * (jackson-version.ts), its defaults: properties sorted (a creator's first, in its order) and
   * enums written as their toString(), unless Spring Boot is told to configure it with Jackson 2's
   * defaults (`spring.jackson.use-jackson2-defaults`) or to write with another mapper
   * (`preferred-json-mapper`: Jackson 2, Gson, ...). `spring.jackson.mapper.sort-properties-alphabetically` and
   * `write-enums-using-to-string` (Boot 3's `serialization.`, Boot 4's `datatype.enum.`) say it either way.
   */
  private jacksonDefaults(read: (path: string) => string | undefined): { sortProperties: boolean; creatorOrder: boolean; enumsUsingToString: boolean } {
    const props = this.appProperties();
    const value = (key: string) => props.get(relaxedKey(key))?.trim().toLowerCase();
    // Another mapper preferred for HTTP: Jackson 2, or not Jackson at all (apollo's `gson`).
    const preferred = ['spring.http.converters.preferred-json-mapper', 'spring.mvc.converters.preferred-json-mapper'].map(value).find((v) => v !== undefined);
    const notJackson3 = value('spring.jackson.use-jackson2-defaults') === 'true' || (preferred !== undefined && preferred !== 'jackson');
    const build = (this.jacksonBuild ??= { major: jacksonOfBuild(this.modules, read) }).major;
    const jackson3 = !notJackson3 && (build === 3 || (build === undefined && (this.jackson3Code = importsJackson3(this.index))));
    const sorted = value('spring.jackson.mapper.sort-properties-alphabetically');
    const toString = value('spring.jackson.datatype.enum.write-enums-using-to-string') ?? value('spring.jackson.serialization.write-enums-using-to-string');
    return {
      sortProperties: sorted === 'true' || sorted === 'false' ? sorted === 'true' : jackson3,
      creatorOrder: jackson3,
      enumsUsingToString: toString === 'true' || toString === 'false' ? toString === 'true' : jackson3,
    };
  }

  /** Every module's application properties by relaxed key, read when a framework first asks. */
  private appProperties(): Map<string, string> {
    if (!this.properties) {
      this.properties = new Map();
      for (const m of this.modules) {
        for (const [k, v] of this.moduleProperties.get(m.dir) ?? readApplicationProperties(this.root, m.dir, [])) if (!this.properties.has(relaxedKey(k))) this.properties.set(relaxedKey(k), v);
      }
    }
    return this.properties;
  }
}

/** Whether a file is there, read through the journal so the stored result hears of it appearing or changing. */
function tracked(abs: string): boolean {
  try {
    readTracked(abs);
    return true;
  } catch {
    return false;
  }
}

/** Spring Boot's relaxed binding: `yudao.web.admin-api.prefix` and `yudao.web.adminApi.prefix` are one key. */
function relaxedKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

/** The build files' sizes and modification times, to tell whether any changed. */
function stampsOf(root: string, files: readonly string[]): string {
  return files.map((f) => {
    const st = statSync(join(root, f), { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}` : '-';
  }).join(',');
}

/** A reader of the project's files by root-relative path, undefined for one absent or unreadable. */
function optionalText(root: string): (path: string) => string | undefined {
  return (path) => {
    try {
      return readTracked(join(root, path));
    } catch {
      return undefined;
    }
  };
}

function slashed(path: string): string {
  return path.replace(/\\/g, '/');
}

function isBuildFile(path: string): boolean {
  return BUILD_FILE_NAMES.has(basename(slashed(path)));
}

function rootKey(t: TypeDecl): string {
  return `${t.file.path}#${t.fqn}`;
}

/** Offers every annotation type to every framework until none learns anything new. */
function learnAnnotations(index: ProjectIndex, frameworks: FrameworkScanner[], ctx: ScanContext): void {
  const annotationTypes: TypeDecl[] = [];
  const parsed = new Set<FileEntry>();
  // Files that may teach a marker by code rather than by annotation (a handler mapping's `isHandler`).
  const teacherSupers = new Set(frameworks.flatMap((fw) => fw.teacherSupers?.() ?? []));
  for (const entry of [...index.files.values()].sort(byPath)) {
    if (!entry.supers.some((s) => teacherSupers.has(s))) continue;
    for (const fw of frameworks) fw.learnFromFile?.(entry, ctx);
  }
  for (let changed = true; changed; ) {
    changed = false;
    const meta = new Set<string>();
    for (const fw of frameworks) for (const m of [...fw.markers(), ...fw.metaMarkers()]) meta.add(m);
    for (const entry of [...index.files.values()].sort(byPath)) {
      if (!entry.declaresAnnotation || parsed.has(entry) || !intersects(entry.annotations, meta)) continue;
      parsed.add(entry);
      const file = index.parse(entry);
      if (file) annotationTypes.push(...ProjectIndex.allTypes(file).filter((t) => t.kind === 'annotation'));
    }
    for (const decl of annotationTypes) {
      for (const fw of frameworks) if (fw.learnAnnotation(decl, ctx)) changed = true;
    }
  }
}

function assertDirectory(abs: string, given: string): void {
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
  } catch (e) {
    throw new InputError(`cannot read ${given}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : (e as Error).message}`, given, { cause: e });
  }
  if (!isDir) throw new InputError(`${given} is not a directory`, given);
}

function someIn(items: ReadonlySet<string>, set: ReadonlySet<string>): boolean {
  for (const item of items) if (set.has(item)) return true;
  return false;
}

function intersects(names: ReadonlySet<string>, wanted: Iterable<string>): boolean {
  for (const n of wanted) if (names.has(n)) return true;
  return false;
}

function compareEndpoints(a: Endpoint, b: Endpoint): number {
  return (
    cmp(a.module, b.module) ||
    cmp(a.className, b.className) ||
    a.source.line - b.source.line ||
    cmp(a.source.file, b.source.file) ||
    cmp(a.path, b.path) ||
    cmp(a.method, b.method)
  );
}

function byPath(a: { path: string }, b: { path: string }): number {
  return cmp(a.path, b.path);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function dedupeDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out = list.filter((d) => {
    const key = `${d.file}:${d.line ?? ''}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return out.sort((a, b) => cmp(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0));
}
