// One open project in the sidecar: its scanner, the endpoint list every view reads, and the
// search index over it. Views are served from the retained index of an earlier run while the
// first scan runs, then from the scan; every change is announced through `events`.

import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Diagnostic, Endpoint, ModuleSummary } from '../core/model/endpoint';
import type { FileChange, ScanProgress } from '../core/scan/project-scanner';
import { ProjectScanner } from '../core/scan/project-scanner';
import type { ProtoIndex } from '../core/scan/proto/proto-index';
import { loadIndex, saveIndex } from '../core/search/index-store';
import { packedTreeOf } from './tree-version';
import type { LoadResult } from '../core/search/index-store';
import { buildSearchIndex, search } from '../core/search/matcher';
import type { Match, SearchIndex } from '../core/search/matcher';
import { InputError } from '../core/errors';
import { actuatorEnabled, pathPrefixesSetting, scanCacheEnabled } from '../core/config/settings';
import { userConfigDir } from '../core/config/user-dir';
import { summaryOf } from './endpoint-summary';
import type { ProjectStatus } from './protocol';

/** The scanner's own cap on a source file: a larger one is not source anyone reads in a viewer. */
const MAX_SOURCE_BYTES = 2 << 20;
/**
 * How long the work queued behind the next tree answer waits at most for it: the scan after a
 * retained index's first tree, and the retained index's rewrite and search index after a scan.
 * A client that asks for no tree (an IDE without its tool window open) gets it this much later.
 * APISCOUT_TREE_GRACE_MS changes it: the tests that watch a stale tree being replaced make it
 * long, so that tree is there to watch however slow the machine.
 */
const TREE_GRACE_MS = Number(process.env.APISCOUT_TREE_GRACE_MS) || 1000;
/** Once a page went out with the tree inside, how long its script may take to ask for it again. */
const PAGE_GRACE_MS = 5 * TREE_GRACE_MS;

export interface SessionEvents {
  progress(p: ScanProgress): void;
  changed(change: { endpointCount: number; added: string[]; removed: string[]; updated: string[] }): void;
  /** Something worth a line in the sidecar log (stderr), never on the protocol channel. */
  log(message: string): void;
}

export interface SessionOptions {
  includeTests?: boolean;
  /** Written into the retained index. */
  createdBy: string;
  /** Whether scans may keep parses between runs; the "scan.cache" setting can still turn it off. */
  scanCache?: boolean;
  /** The retained index, already being read (apiscout ui reads it before the sidecar's hub is made). */
  retained?: Promise<LoadResult>;
}

export class ProjectSession {
  readonly root: string;
  private scanner: ProjectScanner;
  /** The "Actuator support" setting the scanner was made with: a refresh re-reads it. */
  private actuator: boolean;
  private endpoints: readonly Endpoint[] = [];
  private byId = new Map<string, Endpoint>();
  private index: SearchIndex | undefined;
  private state: ProjectStatus['state'] = 'scanning';
  private fromRetained = false;
  private millis: number | undefined;
  private error: string | undefined;
  /** The running full scan; re-scans and model reads queue behind it. */
  private scanning: Promise<void> | undefined;
  private rescanAsked = false;
  /** The scan after a retained index's tree has not started yet (see open). */
  private scanWaiting = false;
  /** Resolved when the next tree is served (or someone waits on the scan): see afterTree. */
  private nextTree = signal();
  /** Releases what waits for the next tree when none is asked for in time. */
  private graceTimer: NodeJS.Timeout | undefined;
  /** The retained index being rewritten after a scan: waitForScan includes it. */
  private retaining: Promise<void> | undefined;
  /** The list is a scan's first answer, without models: the same scan adds them (see runScan). */
  private modelsPending = false;
  /** How many callers wait on the scan now (waitForScan): nothing in it waits for a tree meanwhile. */
  private scanAwaited = 0;
  /** Resolved once there is a list to show (see listed). */
  private hasList = signal();

  constructor(
    root: string,
    private readonly opts: SessionOptions,
    private readonly events: SessionEvents,
  ) {
    this.root = resolve(root);
    this.actuator = this.actuatorSetting();
    this.scanner = this.createScanner();
  }

  /** Actuator support is a setting (spec §2.6), read when the project opens and before each full scan. */
  private actuatorSetting(): boolean {
    return actuatorEnabled(this.root, userConfigDir(), undefined, (m) => this.events.log(m));
  }

  private createScanner(): ProjectScanner {
    return new ProjectScanner(this.root, {
      includeTests: this.opts.includeTests ?? false,
      actuator: this.actuator,
      pathPrefixes: () => pathPrefixesSetting(this.root, userConfigDir(), (m) => this.events.log(m)),
      onProgress: (p) => this.events.progress(p),
      cache: this.opts.scanCache !== false && this.cacheSetting() ? { version: this.opts.createdBy, warn: (m) => this.events.log(m) } : false,
    });
  }

  /** The "scan.cache" setting, read with the scanner it applies to. */
  private cacheSetting(): boolean {
    return scanCacheEnabled(this.root, userConfigDir(), (m) => this.events.log(m));
  }

  /**
   * Shows the retained index at once (when there is one), then scans. That scan waits for the
   * first tree to be served (or TREE_GRACE_MS, or anyone waiting on it): its reading and parsing
   * on this thread would otherwise delay the very answer the retained index is there to give.
   */
  async open(): Promise<void> {
    const { index, warning } = await (this.opts.retained ?? loadIndex(this.root));
    if (warning) this.events.log(warning);
    if (index && !this.scanning && this.state === 'scanning') {
      // No search index yet: the scan's list replaces this one soon (a search meanwhile builds one).
      this.setEndpoints(index.endpoints, false);
      this.fromRetained = true;
      this.hasList.resolve();
    }
    void this.refresh(this.fromRetained ? this.afterTree() : undefined);
  }

  /**
   * The tree was just served: what waited for it (see afterTree) runs once the answer is on its
   * way, on a later turn of the event loop.
   */
  treeServed(): void {
    const served = this.takeSignal();
    setTimeout(served.resolve, 0);
  }

  /**
   * A page went out with the tree inside (ui-server.ts): it asks for the tree again once its
   * script runs, so what waits for that request gets PAGE_GRACE_MS from now, not TREE_GRACE_MS
   * from before: a browser loading the page on a busy machine takes a while.
   */
  treeOffered(): void {
    if (this.graceTimer) this.armGrace(PAGE_GRACE_MS);
  }

  /** Whoever waits on the scan does not wait for a tree to be served first. */
  private releaseWaiting(): void {
    this.takeSignal().resolve();
  }

  private takeSignal(): { resolve: () => void } {
    const taken = this.nextTree;
    this.nextTree = signal();
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    return taken;
  }

  /**
   * Resolves after the next tree is served, or after TREE_GRACE_MS without one, whichever is
   * first; at once while someone waits on the scan (a wait begun before it reached this point).
   */
  private afterTree(): Promise<void> {
    if (this.scanAwaited > 0) return Promise.resolve();
    if (!this.graceTimer) this.armGrace();
    return this.nextTree.promise;
  }

  private armGrace(ms = TREE_GRACE_MS): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = setTimeout(() => this.releaseWaiting(), ms);
    this.graceTimer.unref();
  }

  /**
   * A full scan. A call while one runs is answered by one more scan after it (shared by every
   * call meanwhile): the running scan may have read the tree before the change the caller saw.
   */
  refresh(after?: Promise<void>): Promise<void> {
    if (this.scanning) {
      // A scan still waiting for its start reads everything there is now: no second one needed.
      if (!this.scanWaiting) this.rescanAsked = true;
      this.releaseWaiting();
      return this.scanning;
    }
    this.scanning = (async () => {
      // Returns to the caller first, so `scanning` is set before a progress callback can ask again.
      await undefined;
      this.scanWaiting = true;
      await after;
      this.scanWaiting = false;
      try {
        do {
          this.rescanAsked = false;
          await this.runScan();
        } while (this.rescanAsked);
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private async runScan(): Promise<void> {
    this.state = 'scanning';
    const before = this.byId;
    try {
      // The setting changed since the last scan (settings/set, or by hand): a scanner with the
      // other framework set; the full scan below rebuilds everything anyway.
      const actuator = this.actuatorSetting();
      if (actuator !== this.actuator) {
        this.actuator = actuator;
        this.scanner = this.createScanner();
      }
      // The endpoints first, without models (what the tree shows; about half the cost on a cold
      // start): announced as any change, so a page shows them at once. Then, once that tree is
      // served, the same parses give the models; whoever needs them (get, all, at) waits on this
      // scan, as it would on a retained index's list.
      const first = await this.scanner.scan(undefined, { modelsLater: true });
      this.fromRetained = false;
      this.modelsPending = true;
      this.setEndpoints(first.endpoints, false);
      const change = diff(before, this.byId);
      this.events.changed({ endpointCount: this.endpoints.length, ...change });
      this.hasList.resolve();
      // A list the views already show (the retained index's, unchanged) is asked for by no one.
      if (change.added.length || change.removed.length || change.updated.length) await this.afterTree();
      const shown = this.byId;
      const result = await this.scanner.completeModels();
      this.setEndpoints(result.endpoints);
      this.modelsPending = false;
      this.state = 'ready';
      this.error = undefined;
      this.millis = result.stats.millis;
      this.events.changed({ endpointCount: this.endpoints.length, ...diff(shown, this.byId) });
      // Rewriting the retained index takes the thread for a while: after the tree the change asks for.
      this.queueRetain(this.afterTree());
    } catch (e) {
      this.state = 'failed';
      this.error = (e as Error).message;
      this.hasList.resolve();
      this.events.log(`scan of ${this.root} failed: ${(e as Error).stack ?? String(e)}`);
    }
  }

  /**
   * Rewrites the retained index once `after` settles and any earlier rewrite is done: one write at
   * a time, and waitForScan covers them all (a refresh's rewrite could still be writing when the
   * next one was the only one waited for).
   */
  private queueRetain(after?: Promise<void>): void {
    const previous = this.retaining;
    const retaining = (this.retaining = Promise.all([previous, after]).then(() => this.retain()));
    void retaining.finally(() => {
      if (this.retaining === retaining) this.retaining = undefined;
    });
  }

  /** Saves the index for the next start; a read-only checkout only loses the head start. */
  private async retain(): Promise<void> {
    try {
      // With the explorer's tree as a section of its own: `apiscout ui` serves its first page from
      // that alone, decoding no endpoint (cli/commands/ui.ts). Made once per list (tree-version.ts):
      // a page that asked for this list's tree made it already.
      const { json, version } = packedTreeOf(this.endpoints);
      await saveIndex(this.root, { endpoints: [...this.endpoints], files: {} }, { createdBy: this.opts.createdBy, tree: { json, version } });
    } catch (e) {
      this.events.log(`could not save the retained index: ${(e as Error).message}`);
    }
  }

  /**
   * Resolves once there is a list to show: the retained index's, or the first scan's first answer
   * (its endpoints without models), or none when that scan failed. apiscout ui holds a cold
   * start's first page until then, so the page comes with its tree (cli/commands/ui.ts).
   */
  listed(): Promise<void> {
    return this.hasList.promise;
  }

  /** Until the running scan (started at once if it waited for a tree) and the retained index's rewrite are done. */
  async waitForScan(): Promise<void> {
    this.scanAwaited++;
    try {
      while (this.scanning || this.retaining) {
        this.releaseWaiting();
        await (this.scanning ?? this.retaining);
      }
    } finally {
      this.scanAwaited--;
    }
  }

  status(): ProjectStatus {
    return {
      project: this.root,
      state: this.state,
      endpointCount: this.endpoints.length,
      diagnosticCount: this.state === 'ready' ? this.scanner.diagnostics().length : 0,
      fromRetainedIndex: this.fromRetained,
      ...(this.millis !== undefined ? { millis: this.millis } : {}),
      ...(this.error !== undefined ? { error: this.error } : {}),
    };
  }

  list(): readonly Endpoint[] {
    return this.endpoints;
  }

  diagnostics(): { diagnostics: Diagnostic[]; modules: ModuleSummary[] } {
    return { diagnostics: this.scanner.diagnostics(), modules: this.scanner.moduleSummaries() };
  }

  search(query: string, limit: number): Match[] {
    this.index ??= buildSearchIndex(this.endpoints);
    // Every field of spec §4.3.2 (folder, description and class name too), as `apiscout search` does.
    return search(this.index, query, { limit, fields: 'explorer' });
  }

  /** Every endpoint with its models (a running scan is awaited): what exports and copies read. */
  async all(): Promise<readonly Endpoint[]> {
    await this.waitForScan();
    // Only the retained index's summaries after a failed first scan: nothing to export from.
    if (this.fromRetained || this.modelsPending) throw new Error(`the scan of ${this.root} failed (${this.error ?? 'see the sidecar log'}); refresh once it can be read`);
    return this.endpoints;
  }

  /** The modules of the last scan: context and servlet paths for full URLs. */
  modules(): ModuleSummary[] {
    return this.scanner.moduleSummaries();
  }

  /** The endpoint with its models: those come from a scan, so a running one is awaited. */
  async get(id: string): Promise<Endpoint | undefined> {
    await this.waitForScan();
    return this.byId.get(id);
  }

  /** The project's protos as the scan indexed them: where gRPC calls find their descriptors. */
  protoIndex(): ProtoIndex {
    return this.scanner.protoIndex;
  }

  /** Lookup without waiting (summary fields are right even in the retained index). */
  peek(id: string): Endpoint | undefined {
    return this.byId.get(id);
  }

  inFile(file: string): Endpoint[] {
    const rel = this.relativePath(file);
    return this.endpoints.filter((e) => e.source.file === rel).sort((a, b) => a.source.line - b.source.line);
  }

  async at(file: string, line: number): Promise<Endpoint[]> {
    await this.waitForScan();
    const before = this.byId;
    const found = this.scanner.endpointsAt(this.relativePath(file), line);
    this.afterRescan(before);
    return found;
  }

  async filesChanged(changes: readonly FileChange[]): Promise<{ added: string[]; removed: string[]; updated: string[] }> {
    await this.waitForScan();
    const modulesBefore = this.scanner.moduleSummaries();
    const result = this.scanner.rescan(changes.map((c) => ({ ...c, path: this.relativePath(c.path) })));
    this.setEndpoints(result.endpoints);
    // A module's facts (context path, port) are part of every URL its endpoints show: an edit that
    // changes only them (application.yml) updates those endpoints as the views see them.
    const moved = changedModules(modulesBefore, this.scanner.moduleSummaries());
    const listed = new Set([...result.added, ...result.updated]);
    const viaModule = moved.size ? this.endpoints.filter((e) => moved.has(e.module) && !listed.has(e.id)).map((e) => e.id) : [];
    const change = { added: result.added, removed: result.removed, updated: [...result.updated, ...viaModule] };
    if (change.added.length || change.removed.length || change.updated.length) {
      this.events.changed({ endpointCount: this.endpoints.length, ...change });
      this.queueRetain();
    }
    return change;
  }

  /** Re-reads an endpoint's file and the files its models came from (Reset to Default, spec §3). */
  async rereadSources(file: string): Promise<void> {
    await this.waitForScan();
    await this.filesChanged(this.scanner.filesBehind(this.relativePath(file)).map((path) => ({ path, kind: 'changed' as const })));
  }

  /**
   * A source file's text for a viewer without an editor. The check is on the real path, so a
   * symlink inside the project cannot lead the browser to a file outside it.
   */
  async readSource(file: string): Promise<{ file: string; text: string }> {
    const rel = this.relativePath(file);
    let real: string;
    try {
      real = await realpath(resolve(this.root, rel));
    } catch (e) {
      throw new InputError(`cannot read '${file}': ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`, file, { cause: e });
    }
    const inside = relative(await realpath(this.root), real);
    if (inside.startsWith('..') || isAbsolute(inside)) throw new InputError(`'${file}' leads outside the project ${this.root}`, file);
    const info = await stat(real);
    if (!info.isFile()) throw new InputError(`'${file}' is not a file`, file);
    if (info.size > MAX_SOURCE_BYTES) throw new InputError(`'${file}' is over ${MAX_SOURCE_BYTES / (1 << 20)} MB (${info.size} bytes)`, file);
    const bytes = await readFile(real);
    if (bytes.subarray(0, 8192).includes(0)) throw new InputError(`'${file}' is a binary file`, file);
    return { file: rel, text: bytes.toString('utf8') };
  }

  absolutePath(file: string): string {
    return resolve(this.root, file);
  }

  private afterRescan(before: Map<string, Endpoint>): void {
    if (this.scanner.endpoints === this.endpoints) return;
    this.setEndpoints(this.scanner.endpoints);
    const change = diff(before, this.byId);
    if (change.added.length || change.removed.length || change.updated.length) {
      this.events.changed({ endpointCount: this.endpoints.length, ...change });
    }
  }

  private setEndpoints(endpoints: readonly Endpoint[], searchSoon = true): void {
    this.endpoints = endpoints;
    this.byId = new Map(endpoints.map((e) => [e.id, e]));
    this.index = undefined;
    if (!searchSoon) return;
    // Built soon, not on the first keystroke (hundreds of milliseconds on a big project); after
    // the tree this list is shown in has been answered, which it would otherwise delay.
    void this.afterTree().then(() => {
      if (this.endpoints === endpoints) this.index ??= buildSearchIndex(endpoints);
    });
  }

  /** Accepts paths relative to the root or absolute inside it; anything else names itself. */
  private relativePath(file: string): string {
    const abs = isAbsolute(file) ? resolve(file) : resolve(this.root, file);
    const rel = relative(this.root, abs);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new InputError(`'${file}' is outside the project ${this.root}`, file);
    return rel.split(sep).join('/');
  }
}

/** A promise with its resolve at hand; resolving twice is harmless. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The names of the modules whose summary differs between two scans (added and dropped ones too). */
function changedModules(before: readonly ModuleSummary[], after: readonly ModuleSummary[]): Set<string> {
  const text = (list: readonly ModuleSummary[]) => new Map(list.map((m) => [m.name, JSON.stringify(m)]));
  const [was, now] = [text(before), text(after)];
  const changed = new Set<string>();
  for (const name of new Set([...was.keys(), ...now.keys()])) if (was.get(name) !== now.get(name)) changed.add(name);
  return changed;
}

function diff(before: Map<string, Endpoint>, after: Map<string, Endpoint>): { added: string[]; removed: string[]; updated: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  const updated: string[] = [];
  for (const [id, e] of after) {
    const old = before.get(id);
    if (!old) added.push(id);
    // What views show: a retained endpoint (no models) and its scanned twin are the same row.
    else if (old !== e && JSON.stringify(summaryOf(old)) !== JSON.stringify(summaryOf(e))) updated.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) removed.push(id);
  return { added, removed, updated };
}
