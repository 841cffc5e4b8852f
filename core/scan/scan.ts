// Scanning a project once: the entry point for the CLI and tests. Long-lived callers (the
// sidecar) keep a ProjectScanner to re-scan single files.

import { statSync } from 'node:fs';
import type { ScanResult } from '../model/endpoint';
import type { ScanOptions } from './project-scanner';
import { tryStoredResult } from './stored-scan';
import { bootParseWorker, bootsAt, startParseWorker, startsWithScan, stopParseWorker } from './parse-worker-start';
import type { BootedWorker } from './parse-worker-start';

export type { ScanOptions, ScanProgress } from './project-scanner';

/**
 * An unchanged project is answered from the stored result before the scanner is even loaded:
 * compiling it (parsers, frameworks, the type engine) is a good part of a warm scan's cost.
 */
export async function scanProject(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  // A large tree with no stored result boots its parse worker during the walk, as soon as the
  // walk has listed enough files: the thread boots while the rest is walked and the scanner's
  // code loads and sets up (parse-worker-start.ts).
  let booted: BootedWorker | undefined;
  const bootAt = bootsAt(opts.parseWorker);
  const cold = bootAt === undefined ? undefined : { files: bootAt, reached: () => void (booted = bootParseWorker({ workerUrl: opts.parseWorkerUrl })) };
  let attempt;
  try {
    attempt = opts.cache && opts.reuseResult && isDirectory(root) ? tryStoredResult(root, opts, cold) : undefined;
  } catch (e) {
    if (booted) void stopParseWorker(booted);
    throw e;
  }
  if (attempt && startsWithScan(opts.parseWorker, attempt.walk.files.length) && !attempt.result) {
    attempt.worker = startParseWorker(attempt.walk.files.length, { workerUrl: opts.parseWorkerUrl, hashes: Boolean(opts.cache) }, booted ?? bootParseWorker({ workerUrl: opts.parseWorkerUrl }));
  } else if (booted) void stopParseWorker(booted);
  if (attempt?.result) return attempt.result;
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
