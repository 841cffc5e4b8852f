// What the re-scan tests share: a scanner that has scanned, and the check that a re-scan of some
// changes gives what a fresh scan of the same files gives (everything but the timings).

import { expect } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { FileChange } from '../../core/scan/project-scanner';

/** Everything a scan answers but its timings. */
export const view = ({ endpoints, modules, diagnostics }: ScanResult) => ({ endpoints, modules, diagnostics });

export async function scanned(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

/** Re-scans `changes` and expects the result a fresh scan gives; returns the fresh one. */
export async function rescanEqualsFreshScan(scanner: ProjectScanner, root: string, changes: FileChange[]): Promise<ScanResult> {
  scanner.rescan(changes);
  const fresh = (await scanned(root)).result();
  expect(view(scanner.result())).toEqual(view(fresh));
  return fresh;
}
