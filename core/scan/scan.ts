// Scanning a project once: the entry point for the CLI and tests. Long-lived callers (the
// sidecar) keep a ProjectScanner to re-scan single files.

import { statSync } from 'node:fs';
import type { ScanResult } from '../model/endpoint';
import type { ScanOptions } from './project-scanner';
import { tryStoredResult } from './stored-scan';

export type { ScanOptions, ScanProgress } from './project-scanner';

/**
 * An unchanged project is answered from the stored result before the scanner is even loaded:
 * compiling it (parsers, frameworks, the type engine) is a good part of a warm scan's cost.
 */
export async function scanProject(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  const attempt = opts.cache && opts.reuseResult && isDirectory(root) ? tryStoredResult(root, opts) : undefined;
  if (attempt?.result) return attempt.result;
  const { ProjectScanner } = await import('./project-scanner');
  return await new ProjectScanner(root, opts).scan(attempt);
}

/** Anything else is the scanner's to report, in its words. */
function isDirectory(root: string): boolean {
  return statSync(root, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
