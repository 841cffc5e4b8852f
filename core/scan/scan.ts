// The scan: files -> cheap headers -> parse only what can hold endpoints -> Endpoint[].
//
// 1. Walk and read every source file once; describe it with a regex header.
// 2. Learn custom annotations (meta-annotated stereotypes, verbs, mappings) from the few files
//    that declare annotation types, until nothing new is learned.
// 3. Parse the files that use a framework marker; frameworks collect what they need.
// 4. Follow abstract resource types to their implementations through the supertype headers.
// 5. Ask every framework for the endpoints of every concrete type found.
// Types referenced along the way (constants, base classes) are parsed lazily by the index.

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../errors';
import type { Diagnostic, Endpoint, ScanResult } from '../model/endpoint';
import { walkProject } from './files';
import type { FrameworkScanner, ScanContext } from './frameworks/framework';
import { createFrameworkScanners } from './frameworks';
import { detectModules, moduleFor } from './modules';
import { describeFile, ProjectIndex } from './project-index';
import type { FileEntry } from './project-index';
import type { TypeDecl } from './source-model';

export interface ScanProgress {
  phase: 'read' | 'parse';
  done: number;
  total: number;
}

export interface ScanOptions {
  includeTests?: boolean;
  onProgress?: (p: ScanProgress) => void;
}

const SOURCE_EXTENSIONS = ['.java'];
const PROGRESS_EVERY = 500;

export async function scanProject(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  const started = performance.now();
  const absRoot = resolve(root);
  assertDirectory(absRoot, root);

  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const walk = walkProject(absRoot, { includeTests: opts.includeTests ?? false, extensions: SOURCE_EXTENSIONS });
  const diagnostics: Diagnostic[] = [...walk.diagnostics];
  const modules = detectModules(absRoot, walk.buildFiles);
  const index = new ProjectIndex(diagnostics);
  const ctx: ScanContext = { index, diagnostics, modules };
  const frameworks = createFrameworkScanners();

  phase('walk');
  // 1. Read.
  const interesting = new Set<string>();
  for (const fw of frameworks) for (const m of [...fw.markers(), ...fw.metaMarkers()]) interesting.add(m);
  let bytesRead = 0;
  let filesRead = 0;
  const reader = new SourceReader();
  for (const [i, f] of walk.files.entries()) {
    if (opts.onProgress && i % PROGRESS_EVERY === 0) opts.onProgress({ phase: 'read', done: i, total: walk.files.length });
    const bytes = reader.read(f.abs, f.size);
    if (typeof bytes === 'string') {
      diagnostics.push({ file: f.path, message: `cannot read: ${bytes}` });
      continue;
    }
    filesRead++;
    bytesRead += bytes.length;
    if (bytes.subarray(0, 8192).includes(0)) {
      // NUL bytes never occur in Java or Kotlin source text.
      diagnostics.push({ file: f.path, message: 'skipped: binary content in a source file' });
      continue;
    }
    const entry = describeFile(bytes, f.path, f.abs, moduleFor(modules, f.path).name, 'java');
    if (entry.declaresAnnotation || intersects(entry.annotations, interesting)) entry.text = bytes.toString('utf8');
    index.add(entry);
  }

  phase('read');
  // 2. Learn custom annotations.
  learnAnnotations(index, frameworks, ctx);

  phase('learn');
  // 3. Parse candidates.
  const markers = new Set<string>();
  for (const fw of frameworks) for (const m of fw.markers()) markers.add(m);
  const candidates = [...index.files.values()].filter((e) => intersects(e.annotations, markers));
  const types: TypeDecl[] = [];
  for (const [i, entry] of candidates.entries()) {
    if (opts.onProgress && i % PROGRESS_EVERY === 0) opts.onProgress({ phase: 'parse', done: i, total: candidates.length });
    const file = index.parse(entry);
    if (file) types.push(...ProjectIndex.allTypes(file));
  }
  phase('parse');
  for (const t of types) for (const fw of frameworks) fw.collect?.(t, ctx);

  // 4. Implementations of abstract resource types.
  const all = new Set(types);
  const queue = types.filter((t) => frameworks.some((fw) => fw.wantsImplementations?.(t, ctx)));
  const followed = new Set<TypeDecl>();
  while (queue.length) {
    const base = queue.pop()!;
    if (followed.has(base)) continue;
    followed.add(base);
    for (const entry of index.filesExtending(base.name)) {
      const file = index.parse(entry);
      if (!file) continue;
      for (const t of ProjectIndex.allTypes(file)) {
        if (!index.superTypes(t).includes(base)) continue;
        if (!all.has(t)) {
          all.add(t);
          for (const fw of frameworks) fw.collect?.(t, ctx);
        }
        queue.push(t); // its own subclasses inherit the annotations too
      }
    }
  }

  phase('implementations');
  // 5. Endpoints.
  const endpoints: Endpoint[] = [];
  const seen = new Set<string>();
  for (const t of all) {
    for (const fw of frameworks) {
      for (const ep of fw.endpoints(t, ctx)) {
        if (seen.has(ep.id)) continue;
        seen.add(ep.id);
        endpoints.push(ep);
      }
    }
  }
  phase('endpoints');
  endpoints.sort(compareEndpoints);
  return {
    endpoints,
    diagnostics: dedupeDiagnostics(diagnostics),
    stats: { filesRead, filesParsed: index.parsedCount, bytesRead, millis: Math.round(performance.now() - started), phases },
  };
}

/** Offers every annotation type to every framework until none learns anything new. */
function learnAnnotations(index: ProjectIndex, frameworks: FrameworkScanner[], ctx: ScanContext): void {
  const annotationTypes: TypeDecl[] = [];
  const parsed = new Set<FileEntry>();
  for (let changed = true; changed; ) {
    changed = false;
    const meta = new Set<string>();
    for (const fw of frameworks) for (const m of [...fw.markers(), ...fw.metaMarkers()]) meta.add(m);
    for (const entry of index.files.values()) {
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

/** Reads files into one reused buffer: ten thousand small reads allocate nothing. */
class SourceReader {
  private buf = Buffer.allocUnsafe(256 * 1024);

  /** The file's bytes (a view valid until the next call), or the reason it could not be read. */
  read(abs: string, sizeHint: number): Buffer | string {
    let fd: number;
    try {
      fd = openSync(abs, 'r');
    } catch (e) {
      return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    }
    try {
      if (sizeHint + 1 > this.buf.length) this.buf = Buffer.allocUnsafe(sizeHint + 1);
      let n = 0;
      for (;;) {
        const got = readSync(fd, this.buf, n, this.buf.length - n, n);
        if (got === 0) break;
        n += got;
        if (n === this.buf.length) {
          // The file grew since it was listed.
          const bigger = Buffer.allocUnsafe(this.buf.length * 2);
          this.buf.copy(bigger, 0, 0, n);
          this.buf = bigger;
        }
      }
      return this.buf.subarray(0, n);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    } finally {
      closeSync(fd);
    }
  }
}

function intersects(names: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
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
