// The first step of a full scan that may reuse the stored result (result-store.ts): walk the
// project, fingerprint what the result depends on, and load the stored result when it matches.
// This module and its imports are all a warm `apiscout scan` or `export` runs: scan.ts tries it
// before it loads the scanner (project-scanner.ts and the parsers, frameworks and type engine
// behind it), which a hit never needs. A miss hands what was done here to the scanner.

import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ScanResult } from '../model/endpoint';
import { stampOf } from './file-stamps';
import type { StoredStamps } from './file-stamps';
import { walkProject } from './files';
import type { WalkResult } from './files';
import { parsePathPrefixes } from './path-prefix-setting';
import { localCaches } from './proto/jar-protos';
import type { PathPrefixRule } from './path-prefix-setting';
import type { ScanOptions } from './project-scanner';
import type { StartedWorker } from './parse-worker-start';
import { InputDigest, ResultStore } from './result-store';
import { SourceReader } from './source-reader';
import { WALKED_EXTENSIONS } from './source-files';

/** Milliseconds per phase of one scan, from its start. */
export class PhaseClock {
  readonly started = performance.now();
  readonly phases: Record<string, number> = {};
  private mark = this.started;

  phase(name: string): void {
    const now = performance.now();
    this.phases[name] = Math.round(now - this.mark);
    this.mark = now;
  }

  millis(): number {
    return Math.round(performance.now() - this.started);
  }
}

export interface StoredAttempt {
  clock: PhaseClock;
  walk: WalkResult;
  prefixRules: PathPrefixRule[];
  /** With `cache` and `reuseResult`: the store, and the digest of this scan's inputs being fed. */
  store?: ResultStore;
  digest?: InputDigest;
  /** The stored result's stamps, when there was one to try. */
  stamps?: StoredStamps;
  /** The files fingerprinted for it (then the digest is complete): a miss reads them again. */
  preread?: { digest: string; filesRead: number; bytesRead: number; filesByStat: number; settled: number };
  /** The stored result, when it answers this scan. */
  result?: ScanResult;
  /** A parse worker started for the scan after the walk (scan.ts); the scanner adopts it, or stops it. */
  worker?: StartedWorker;
}

/** How many settled files read again make a hit rewrite the stored result's stamps. */
const RESTAMP_AT = 32;

/** Walks `root` and, when `opts` let it, answers from the stored result. */
export function tryStoredResult(root: string, opts: ScanOptions): StoredAttempt {
  const clock = new PhaseClock();
  const abs = resolve(root);
  // No stat per file: the read opens every file anyway and says what the walk would have.
  const walk = walkProject(abs, { includeTests: opts.includeTests ?? false, extensions: WALKED_EXTENSIONS, stat: false });
  const prefixes = opts.pathPrefixes?.() ?? [];
  // Its diagnostics go with the walk's into the digest.
  const prefixRules = parsePathPrefixes(prefixes, walk.diagnostics);
  const attempt: StoredAttempt = { clock, walk, prefixRules };
  if (!opts.cache || !opts.reuseResult) return attempt;
  const store = (attempt.store = new ResultStore(abs, opts.cache, settingsKey(abs, opts, prefixes)));
  const digest = (attempt.digest = new InputDigest());
  fingerprintBuild(abs, walk, digest);
  const stamps = (attempt.stamps = store.open());
  if (!stamps) return attempt;
  clock.phase('walk');
  // Unchanged, that is the whole scan; changed, the files are read once more by the scanner.
  const preread = (attempt.preread = fingerprint(walk, digest, stamps));
  clock.phase('read');
  const stats: ScanResult['stats'] = { filesRead: preread.filesRead, filesParsed: 0, bytesRead: preread.bytesRead, millis: 0, phases: clock.phases, storedResult: true, filesByStat: preread.filesByStat };
  const stored = store.load(preread.digest, stats);
  if (stored) {
    // Files read only because they were racily clean for the stored scan, and settled now: once
    // restamped, the next scans stat them. Rewriting copies the stored result (~12 MB for 10,000
    // files), so a handful of reads is left as it is.
    if (preread.settled > 0 && preread.settled >= Math.min(RESTAMP_AT, walk.files.length)) store.restamp(digest.stamps);
    clock.phase('stored');
    stats.millis = clock.millis();
    attempt.result = stored;
  }
  return attempt;
}

/** Every option and setting a full scan's result depends on, as the stored result's key. */
function settingsKey(root: string, o: ScanOptions, prefixes: readonly string[]): string {
  // The local jar caches: the journal names places in them that were empty, which says nothing once they move.
  const caches = localCaches();
  return JSON.stringify([root, o.includeTests ?? false, o.requestModels ?? true, o.actuator ?? false, prefixes, caches.maven, caches.gradle]);
}

/** The build files (module layout, names) and what the walk reported, into the digest. */
function fingerprintBuild(root: string, walk: WalkResult, digest: InputDigest): void {
  for (const rel of walk.buildFiles) {
    const abs = join(root, rel);
    const st = statSync(abs, { bigint: true, throwIfNoEntry: false });
    let bytes: Buffer | string;
    try {
      bytes = readFileSync(abs);
    } catch (e) {
      bytes = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    }
    digest.file(rel, bytes, st && stampOf(st));
  }
  digest.file('', JSON.stringify(walk.diagnostics));
}

/**
 * Every walked file into the digest: by the hash stored with its stat when the stat is unchanged
 * (file-stamps.ts), else by reading it. The bytes are not kept: holding 40 MB of sources costs
 * more (fresh pages) than reading them again on a miss, which builds every model anyway.
 */
function fingerprint(walk: WalkResult, digest: InputDigest, stamps: StoredStamps): NonNullable<StoredAttempt['preread']> {
  const reader = new SourceReader(false);
  let filesRead = 0;
  let bytesRead = 0;
  let filesByStat = 0;
  let settled = 0;
  for (const f of walk.files) {
    // Taken before the read: an edit after it shows in the next stat.
    const st = statSync(f.abs, { bigint: true, throwIfNoEntry: false });
    const known = st && stamps.keyFor(f.path, st);
    if (known !== undefined) {
      digest.keyed(f.path, known, stampOf(st!));
      filesRead++;
      filesByStat++;
      bytesRead += Number(st!.size);
      continue;
    }
    const got = reader.readWalked(f.abs);
    if ('skipped' in got) {
      digest.file(f.path, got.skipped);
      continue;
    }
    digest.file(f.path, got, st && stampOf(st));
    if (st && digest.stamps.vouches(st)) settled++;
    filesRead++;
    bytesRead += got.length;
  }
  return { digest: digest.digest(), filesRead, bytesRead, filesByStat, settled };
}
