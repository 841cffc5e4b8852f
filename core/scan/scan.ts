// Scanning a project once: the entry point for the CLI and tests. Long-lived callers (the
// sidecar) keep a ProjectScanner to re-scan single files.

import type { ScanResult } from '../model/endpoint';
import { ProjectScanner } from './project-scanner';
import type { ScanOptions } from './project-scanner';

export type { ScanOptions, ScanProgress } from './project-scanner';

export async function scanProject(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  return await new ProjectScanner(root, opts).scan();
}
