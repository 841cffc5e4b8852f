// The project's .proto files, parsed lazily with protobufjs. The walker lists them with the
// sources; nothing is parsed until a gRPC implementation asks for a service. Imports resolve
// against include roots found the way builds lay them out: the importing file's own source
// root (`src/main/proto`, `proto/`, or its folder less the package path), any other proto in
// the tree whose path ends with the import, the build's extracted-include folders
// (`build/extracted-include-protos`, `target/protoc-dependencies`), and the google/protobuf
// well-known types protobufjs ships.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { markVolatile, noteFile, noteListing, noteNothingAt } from '../scan-inputs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type protobuf from 'protobufjs';
import { protobufjs } from '../../protobuf';
import type { Diagnostic } from '../../model/endpoint';
import type { ModuleInfo } from '../modules';
import { dependencyProtos } from './jar-protos';
import { protoTextProblem } from './proto-text';

export interface ProtoFileHeader {
  /** `''` when the file declares no package. */
  pkg: string;
  imports: string[];
  javaPackage?: string;
  javaMultipleFiles?: boolean;
  javaOuterClassname?: string;
  /** Simple names of the services declared. */
  services: string[];
  /** Simple names of the top-level services, messages and enums: what a re-scan looks for. */
  declares: string[];
}

interface ProtoEntry {
  /** Relative to the scan root; for a file outside the walked tree, its include-root path. */
  path: string;
  abs: string;
  module: string;
  /** Walked with the sources (project protos), or found under a build's include folder. */
  external: boolean;
  text?: string;
  header?: ProtoFileHeader | null;
}

export interface ProtoMethodInfo {
  name: string;
  /** Fully qualified message names, no leading dot. */
  requestType: string;
  responseType: string;
  requestStream: boolean;
  responseStream: boolean;
  comment?: string;
  deprecated: boolean;
  /** Resolved message types (undefined when an import is missing). */
  request?: protobuf.Type;
  response?: protobuf.Type;
}

export interface ProtoServiceInfo {
  name: string;
  /** `package.Service`, or `Service` without a package. */
  fullName: string;
  /** The declaring file, relative to the scan root (include-root path for an external file). */
  file: string;
  external: boolean;
  javaPackage: string;
  comment?: string;
  methods: ProtoMethodInfo[];
  /** Project proto files the service's types were read from (the declaring file first). */
  files: string[];
  /** The include roots those files' imports resolve against (protoc's `-I`, grpcurl's `-import-path`). */
  importPaths: string[];
}

export interface ServiceMatch {
  path: string;
  module: string;
  header: ProtoFileHeader;
}

/** A Mustache/Handlebars tag (`{{name}}`, `{{#section}}`, `{{/section}}`, `{{>partial}}`): no .proto holds one outside a string. */
const MUSTACHE_TAG = /\{\{[#/>^!&]?\s*[\w.-]+\s*\}\}/;

/** Folders a build writes the protos of its dependencies to, relative to a module. */
const BUILD_INCLUDE_DIRS = [
  'build/extracted-include-protos/main',
  'build/extracted-protos/main',
  'build/extracted-include-protos/test',
  'build/extracted-protos/test',
];
const MAVEN_INCLUDE_PARENT = 'target/protoc-dependencies';
const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true } as const;
const MAX_EXTERNAL_FILES = 20_000;

/** Where protobufjs keeps the well-known .proto files it does not bundle as JSON (descriptor.proto). */
const SHIPPED_PROTOS = (() => {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('protobufjs/package.json')));
  } catch {
    return undefined;
  }
})();

/** How many of the other files importing a missing proto its problem names. */
const MISSING_IMPORTERS_LISTED = 3;

export class ProtoIndex {
  private readonly files = new Map<string, ProtoEntry>();
  private external: ProtoEntry[] | undefined;
  /** Service simple name -> project files declaring it, built on first lookup. */
  private byService: Map<string, ServiceMatch[]> | undefined;
  private readonly closures = new Map<string, Closure>();
  /** A file's own problems (unreadable, does not parse): they change only with the file. */
  private readonly fileProblems = new Map<string, Diagnostic>();
  /** Problems between files (an import not found): found again after any change. */
  private readonly reported = new Set<string>();
  private readonly linkProblems: Diagnostic[] = [];
  /** Each import not found -> the files importing it: one problem per import, not per importing file. */
  private readonly missingImports = new Map<string, Set<string>>();
  /** Whether every project file's header and imports were looked at since the last change. */
  private filesChecked = false;

  constructor(
    private readonly root: string,
    private modules: readonly ModuleInfo[],
  ) {}

  /** After a build-file edit changed the module layout: the include folders and dependency jars are looked up again. */
  setModules(modules: readonly ModuleInfo[]): void {
    this.modules = modules;
    this.invalidate();
  }

  /**
   * After a build-file edit: whether the protos of the build's include folders and the declared
   * dependency jars differ from those found before (another version of a proto jar); if so,
   * everything derived from them is dropped. False when they were never needed: they are then
   * found on first need, with the build files as they are.
   */
  refreshExternal(): boolean {
    const before = this.external;
    if (!before) return false;
    this.external = undefined;
    const now = this.externalEntries();
    const key = (list: readonly ProtoEntry[]) => JSON.stringify(list.map((e) => [e.path, e.abs, e.module]));
    if (key(before) === key(now)) return false;
    this.invalidate();
    return true;
  }

  /** The module a project proto was added under. */
  moduleOf(path: string): string | undefined {
    return this.files.get(path)?.module;
  }

  get size(): number {
    return this.files.size;
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** The project's own protos in the order added, with their texts: for another thread's index of the same files (root-share.ts). */
  sources(): Array<{ path: string; abs: string; module: string; text: string }> {
    return [...this.files.values()].flatMap((e) => (e.text === undefined ? [] : [{ path: e.path, abs: e.abs, module: e.module, text: e.text }]));
  }

  /**
   * Every project proto's own problems (it does not parse) and its imports' (not found, or a
   * cycle), whether or not a service needed it; problems of messages are found on use.
   */
  get diagnostics(): Diagnostic[] {
    this.checkFiles();
    return [...this.fileProblems.values(), ...this.linkProblems, ...this.missingImportProblems()];
  }

  /** Parses each project proto's header once and follows its imports: a broken file is named even when no service uses it. */
  private checkFiles(): void {
    if (this.filesChecked) return;
    this.filesChecked = true;
    const state = new Map<string, 'open' | 'done'>();
    const visit = (e: ProtoEntry, trail: string[]): void => {
      state.set(e.path, 'open');
      const header = this.headerOf(e);
      for (const imp of header?.imports ?? []) {
        if (imp.includes('google/protobuf/')) continue;
        const target = this.resolveImport(e, imp, header!.pkg);
        if (!target) {
          this.reportMissing(e.path, imp);
          continue;
        }
        if (target.external || this.files.get(target.path) !== target) continue;
        const seen = state.get(target.path);
        if (seen === 'open') {
          const from = trail.indexOf(target.path);
          const cycle = from < 0 ? [e.path, target.path] : [...trail.slice(from), e.path, target.path];
          // Each file of the cycle is named: whichever one the user opens shows it.
          for (const file of new Set(cycle)) this.report({ file, message: `import cycle: ${cycle.join(' -> ')} (protoc refuses a file that imports itself)` });
        } else if (seen === undefined && trail.length < MAX_IMPORT_DEPTH) visit(target, [...trail, e.path]);
      }
      state.set(e.path, 'done');
    };
    for (const path of this.paths()) if (!state.has(path)) visit(this.files.get(path)!, []);
  }

  add(path: string, abs: string, module: string, text: string): void {
    const entry: ProtoEntry = { path, abs, module, external: false, text };
    this.files.set(path, entry);
    this.fileProblems.delete(path);
    // Deep, unbalanced or unterminated: never handed to protobufjs (its parser recurses).
    const problem = protoTextProblem(text);
    if (problem) {
      entry.header = null;
      this.fileProblems.set(path, { file: path, line: problem.line, message: problem.message });
    }
    this.invalidate();
  }

  remove(path: string): boolean {
    const had = this.files.delete(path);
    this.fileProblems.delete(path);
    if (had) this.invalidate();
    return had;
  }

  /** Drops everything derived from more than one file; those problems are found again on use. */
  invalidate(): void {
    this.closures.clear();
    this.external = undefined;
    this.byService = undefined;
    this.reported.clear();
    this.linkProblems.length = 0;
    this.missingImports.clear();
    this.filesChecked = false;
  }

  /** The cheap facts of one project proto: package, imports, Java options, declared names. */
  header(path: string): ProtoFileHeader | undefined {
    const entry = this.files.get(path);
    return entry ? this.headerOf(entry) : undefined;
  }

  /**
   * Files declaring a service with this simple name: the project's own protos first; the
   * build's extracted include folders only when the project declares none.
   */
  filesDeclaringService(name: string): ServiceMatch[] {
    if (!this.byService) {
      this.byService = new Map();
      for (const e of [...this.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1))) {
        const header = this.headerOf(e);
        for (const s of header?.services ?? []) {
          const list = this.byService.get(s) ?? [];
          list.push({ path: e.path, module: e.module, header: header! });
          this.byService.set(s, list);
        }
      }
    }
    const own = this.byService.get(name);
    if (own) return own;
    return this.externalEntries().flatMap((e) => this.matchService(e, name));
  }

  private matchService(entry: ProtoEntry, name: string): ServiceMatch[] {
    const header = this.headerOf(entry);
    return header?.services.includes(name) ? [{ path: entry.path, module: entry.module, header }] : [];
  }

  /** A service with its methods' message types resolved through the file's imports. */
  service(path: string, name: string): ProtoServiceInfo | undefined {
    const entry = this.files.get(path) ?? this.externalEntries().find((e) => e.path === path);
    const header = entry && this.headerOf(entry);
    if (!entry || !header) return undefined;
    const closure = this.closure(entry);
    const fullName = header.pkg ? `${header.pkg}.${name}` : name;
    let svc: protobuf.Service;
    try {
      svc = closure.root.lookupService(fullName);
    } catch {
      return undefined;
    }
    const methods = svc.methodsArray.map((m): ProtoMethodInfo => {
      const request = this.resolveMessage(closure, svc, m.requestType, entry.path);
      const response = this.resolveMessage(closure, svc, m.responseType, entry.path);
      const info: ProtoMethodInfo = {
        name: m.name,
        requestType: request ? noDot(request.fullName) : qualifyAsWritten(m.requestType, header.pkg),
        responseType: response ? noDot(response.fullName) : qualifyAsWritten(m.responseType, header.pkg),
        requestStream: m.requestStream === true,
        responseStream: m.responseStream === true,
        deprecated: m.options?.deprecated === true,
      };
      if (m.comment) info.comment = m.comment;
      if (request) info.request = request;
      if (response) info.response = response;
      return info;
    });
    const out: ProtoServiceInfo = {
      name,
      fullName,
      file: entry.path,
      external: entry.external,
      javaPackage: header.javaPackage ?? header.pkg,
      methods,
      files: closure.files,
      importPaths: [...new Set(closure.files.map((f) => this.includeRootOf(f)))],
    };
    if (svc.comment) out.comment = svc.comment;
    return out;
  }

  /** The folder an import of the file is written relative to: less its package path, else its proto folder. */
  private includeRootOf(path: string): string {
    const entry = this.files.get(path);
    const pkg = (entry && this.headerOf(entry)?.pkg) ?? '';
    return includeRootsOf(path, pkg).find((root) => pkg && `${root ? `${root}/` : ''}${pkg.replace(/\./g, '/')}` === path.slice(0, path.lastIndexOf('/'))) ?? includeRootsOf(path, pkg)[0]!;
  }

  private resolveMessage(closure: Closure, svc: protobuf.Service, typeName: string, file: string): protobuf.Type | undefined {
    try {
      return svc.lookupType(typeName);
    } catch {
      this.report({ file, message: `cannot resolve message ${typeName} of service ${noDot(svc.fullName)}${closure.missing.length ? ` (missing imports: ${closure.missing.join(', ')})` : ''}` });
      return undefined;
    }
  }

  private headerOf(entry: ProtoEntry): ProtoFileHeader | undefined {
    if (entry.header !== undefined) return entry.header ?? undefined;
    entry.header = null;
    const text = this.textOf(entry);
    if (text === undefined) return undefined;
    const parsed = this.parseInto(new (protobufjs().Root)(), text, entry, true);
    if (!parsed) return undefined;
    const { result } = parsed;
    const pkg = result.package ?? '';
    const ns = pkg ? result.root.lookup(pkg) : result.root;
    // protobufjs files an option under the namespace current where it is written: options before
    // the `package` line (grpc-java's and Quarkus' examples) land on the root.
    const options = { ...result.root.options, ...(pkg ? ns?.options : undefined) } as Record<string, unknown>;
    const top = pkg ? (ns as protobuf.Namespace | null) : result.root;
    const nested = top?.nestedArray ?? [];
    const header: ProtoFileHeader = {
      pkg,
      imports: [...(result.imports ?? []), ...(result.weakImports ?? [])],
      services: nested.filter((n) => n instanceof protobufjs().Service).map((n) => n.name),
      declares: nested.filter((n) => n instanceof protobufjs().Service || n instanceof protobufjs().Type || n instanceof protobufjs().Enum).map((n) => n.name),
    };
    if (typeof options.java_package === 'string') header.javaPackage = options.java_package;
    if (options.java_multiple_files === true) header.javaMultipleFiles = true;
    if (typeof options.java_outer_classname === 'string') header.javaOuterClassname = options.java_outer_classname;
    entry.header = header;
    return header;
  }

  private textOf(entry: ProtoEntry): string | undefined {
    if (entry.text !== undefined) return entry.text;
    try {
      entry.text = readFileSync(entry.abs, 'utf8');
      return entry.text;
    } catch (e) {
      this.fileProblems.set(entry.path, { file: entry.path, message: `cannot read: ${(e as Error).message}` });
      return undefined;
    }
  }

  /**
   * Parses into `root`. Into a fresh root (`own`), a failure is the file's own problem; into a
   * closure's shared root, where its header parsed already, a failure comes from another file
   * (a name declared twice).
   */
  private parseInto(root: protobuf.Root, text: string, entry: ProtoEntry, own: boolean): { result: protobuf.IParserResult } | undefined {
    try {
      return { result: protobufjs().parse(text, root, PARSE_OPTIONS) };
    } catch (e) {
      // A Mustache or Handlebars template named `.proto` (conductor's annotation processor writes
      // protos from them) is no broken proto: a warning for it would only be noise.
      if (own && MUSTACHE_TAG.test(text)) return undefined;
      const message = (e as Error).message;
      const line = /line (\d+)/.exec(message)?.[1];
      const d: Diagnostic = { file: entry.path, message: `cannot parse .proto: ${message.replace(/\s*\((?:[^()]*, )?line \d+\)$/, '')}` };
      if (line) d.line = Number(line);
      if (own) this.fileProblems.set(entry.path, d);
      else this.report(d);
      return undefined;
    }
  }

  private reportMissing(file: string, imp: string): void {
    const files = this.missingImports.get(imp) ?? this.missingImports.set(imp, new Set()).get(imp)!;
    files.add(file);
  }

  /**
   * One problem per import not found, named against the first file importing it with the others
   * listed: eight of Istio's protos in Nacos import google/api/field_behavior.proto, which is one
   * thing missing, not eight.
   */
  private missingImportProblems(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const [imp, importers] of this.missingImports) {
      const [first, ...others] = [...importers].sort();
      const listed = others.slice(0, MISSING_IMPORTERS_LISTED).join(', ');
      const more = others.length > MISSING_IMPORTERS_LISTED ? ` and ${others.length - MISSING_IMPORTERS_LISTED} more` : '';
      const also = others.length ? ` (also imported by ${others.length === 1 ? 'one other file' : `${others.length} other files`}: ${listed}${more})` : '';
      out.push({ file: first!, message: `import "${imp}" not found in the tree, its include roots or the build's extracted protos${also}` });
    }
    return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  private report(d: Diagnostic): void {
    const key = `${d.file}:${d.message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.linkProblems.push(d);
  }

  /** One protobufjs root holding the file and everything it imports, transitively. */
  private closure(entry: ProtoEntry): Closure {
    const cached = this.closures.get(entry.path);
    if (cached) return cached;
    const root = new (protobufjs().Root)();
    const closure: Closure = { root, files: [], missing: [] };
    const loaded = new Set<string>();
    const load = (e: ProtoEntry) => {
      if (loaded.has(e.abs)) return;
      loaded.add(e.abs);
      const text = this.textOf(e);
      if (text === undefined) return;
      if (!e.external) closure.files.push(e.path);
      const header = this.headerOf(e);
      // A file whose header does not parse cannot be added either; its problem is already reported.
      if (!header || !this.parseInto(root, text, e, false)) return;
      for (const imp of header.imports) {
        if (loaded.has(`wkt:${imp}`)) continue;
        if (addWellKnown(root, imp)) {
          loaded.add(`wkt:${imp}`);
          continue;
        }
        const target = this.resolveImport(e, imp, header.pkg);
        if (target) load(target);
        else if (!closure.missing.includes(imp)) {
          closure.missing.push(imp);
          this.reportMissing(e.path, imp);
        }
      }
    };
    load(entry);
    this.closures.set(entry.path, closure);
    return closure;
  }

  /** The file an `import "a/b.proto"` of `from` means. */
  private resolveImport(from: ProtoEntry, imp: string, pkg: string): ProtoEntry | undefined {
    // The importing file's own include roots first, then any project proto ending with the import.
    for (const base of includeRootsOf(from.path, pkg)) {
      const hit = this.files.get(base ? `${base}/${imp}` : imp);
      if (hit) return hit;
    }
    const bySuffix = [...this.files.values()]
      .filter((e) => e.path === imp || e.path.endsWith(`/${imp}`))
      .sort((a, b) => Number(b.module === from.module) - Number(a.module === from.module) || a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
    if (bySuffix[0]) return bySuffix[0];
    if (from.external) {
      const sibling = join(from.abs.slice(0, from.abs.length - from.path.length), imp);
      if (existsSync(sibling)) {
        noteFile(sibling);
        return { path: imp, abs: sibling, module: from.module, external: true };
      }
      noteNothingAt(sibling);
    }
    return this.externalEntries().find((e) => e.path === imp);
  }

  /** Protos under the build's include folders, listed once (they may number thousands). */
  private externalEntries(): ProtoEntry[] {
    if (this.external) return this.external;
    // Include folders and the local jar caches are not walked, so a stored result is checked
    // against what was looked at there (scan-inputs.ts): an absent folder as empty, each folder
    // listed by its entries, each proto by its stat; a change, a new or a removed proto computes
    // the scan again. Only a listing cut short at MAX_EXTERNAL_FILES makes the scan volatile.
    const out: ProtoEntry[] = [];
    const seen = new Set<string>();
    for (const m of this.modules) {
      const moduleAbs = join(this.root, m.dir);
      const roots = [...BUILD_INCLUDE_DIRS.map((d) => join(moduleAbs, d)), join(moduleAbs, MAVEN_INCLUDE_PARENT)];
      for (const r of roots) {
        if (!existsSync(r)) {
          noteNothingAt(r);
          continue;
        }
        if (!r.endsWith(MAVEN_INCLUDE_PARENT)) listProtos(r, '', m.name, out, seen);
        else {
          try {
            const dirs = readdirSync(r, { withFileTypes: true });
            noteListing(r, dirs.map((d) => d.name));
            for (const d of dirs) if (d.isDirectory()) listProtos(join(r, d.name), '', m.name, out, seen);
          } catch {
            markVolatile(`${r} exists but cannot be listed`); // not a folder: no Maven protoc dependencies here
          }
        }
      }
    }
    if (out.length >= MAX_EXTERNAL_FILES) markVolatile(`more than ${MAX_EXTERNAL_FILES} protos in the build's include folders`);
    // Then the protos inside the module's dependency jars (local Maven / Gradle caches), named as imported.
    for (const m of this.modules) {
      for (const p of dependencyProtos(join(this.root, m.dir))) {
        if (seen.has(p.path)) continue;
        seen.add(p.path);
        out.push({ path: p.path, abs: `${p.jar}!/${p.path}`, module: m.name, external: true, text: p.text });
      }
    }
    this.external = out.slice(0, MAX_EXTERNAL_FILES);
    return this.external;
  }
}

/** Import chains are followed this deep when looking for cycles (a recursive walk: bounded). */
const MAX_IMPORT_DEPTH = 500;

interface Closure {
  root: protobuf.Root;
  /** Project (walked) proto files loaded, relative paths. */
  files: string[];
  /** Imports that resolved to nothing. */
  missing: string[];
}

function listProtos(abs: string, rel: string, module: string, out: ProtoEntry[], seen: Set<string>): void {
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    markVolatile(`${abs} exists but cannot be listed`);
    return;
  }
  // Journalled (scan-inputs.ts): a proto appearing or going changes the listing, an edit the stat.
  noteListing(abs, entries.map((e) => e.name));
  for (const e of entries) {
    if (out.length >= MAX_EXTERNAL_FILES) return;
    const childRel = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) listProtos(join(abs, e.name), childRel, module, out, seen);
    else if (e.name.endsWith('.proto') && !seen.has(childRel)) {
      seen.add(childRel);
      noteFile(join(abs, e.name));
      out.push({ path: childRel, abs: join(abs, e.name), module, external: true });
    }
  }
}

/**
 * Folders an import of `path` may be relative to: the prefix ending in a `proto` or `protos`
 * folder (`src/main/proto`, `api/proto`), the folder less the package path
 * (`x/acme/shop/v1/a.proto` in package acme.shop.v1 -> `x`), and the file's own folder.
 */
export function includeRootsOf(path: string, pkg: string): string[] {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const out: string[] = [];
  const segs = dir ? dir.split('/') : [];
  for (let i = segs.length - 1; i >= 0; i--) {
    if (segs[i] === 'proto' || segs[i] === 'protos') out.push(segs.slice(0, i + 1).join('/'));
  }
  const pkgPath = pkg.replace(/\./g, '/');
  if (pkgPath && (dir === pkgPath || dir.endsWith(`/${pkgPath}`))) out.push(dir.slice(0, dir.length - pkgPath.length).replace(/\/$/, ''));
  out.push(dir);
  if (!out.includes('')) out.push('');
  return [...new Set(out)];
}

/** Adds a google/protobuf well-known file protobufjs ships; false for any other import. */
function addWellKnown(root: protobuf.Root, imp: string): boolean {
  const at = imp.lastIndexOf('google/protobuf/');
  if (at < 0) return false;
  const name = imp.slice(at);
  const json = protobufjs().common.get(name) as protobuf.INamespace | null;
  if (json?.nested) {
    try {
      root.addJSON(json.nested);
    } catch {
      // already present through another path
    }
    return true;
  }
  if (!SHIPPED_PROTOS) return false;
  const file = join(SHIPPED_PROTOS, name);
  if (!existsSync(file)) return false;
  try {
    protobufjs().parse(readFileSync(file, 'utf8'), root, PARSE_OPTIONS);
  } catch {
    // a duplicate definition: the types are there already
  }
  return true;
}

function noDot(name: string): string {
  return name.startsWith('.') ? name.slice(1) : name;
}

/** A type name as the proto writes it, qualified by the file's package when it is relative. */
function qualifyAsWritten(name: string, pkg: string): string {
  if (name.startsWith('.')) return name.slice(1);
  return pkg && !name.includes('.') ? `${pkg}.${name}` : name;
}
