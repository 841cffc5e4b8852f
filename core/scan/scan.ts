// Scanning a project once: the entry point for the CLI and tests. Long-lived callers (the
// sidecar) keep a ProjectScanner to re-scan single files.

import { statSync } from 'node:fs';
import type { ScanResult } from '../model/endpoint';
import type { ScanOptions } from './project-scanner';
import { tryStoredResult } from './stored-scan';
import { startParseWorker, startsWithScan, stopParseWorker } from './parse-worker-start';

export type { ScanOptions, ScanProgress } from './project-scanner';

/**
 * An unchanged project is answered from the stored result before the scanner is even loaded:
 * compiling it (parsers, frameworks, the type engine) is a good part of a warm scan's cost.
 */
export async function scanProject(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  const attempt = opts.cache && opts.reuseResult && isDirectory(root) ? tryStoredResult(root, opts) : undefined;
  if (attempt?.result) return attempt.result;
  // A large tree's parse worker boots while the scanner's code loads and sets up (parse-worker-start.ts).
  if (attempt && startsWithScan(opts.parseWorker, attempt.walk.files.length)) {
    attempt.worker = startParseWorker(attempt.walk.files.length, { workerUrl: opts.parseWorkerUrl, hashes: Boolean(opts.cache) });
  }
  try {
    const { ProjectScanner } = await import('./project-scanner');
    return await new ProjectScanner(root, opts).scan(attempt);
  } catch (e) {
    // The scanner adopts the worker when its read starts; one left over is stopped here.
    if (attempt?.worker) void stopParseWorker(attempt.worker);
    throw e;
  }
}

/** Anything else is the scanner's to report, in its words. */
function isDirectory(root: string): boolean {
  return statSync(root, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
