// Placeholder: the scan orchestrator is being written (see core/scan/README in progress).
import type { ScanResult } from '../model/endpoint';
export interface ScanOptions {
  includeTests?: boolean;
  onProgress?: (p: { phase: string; done: number; total: number }) => void;
}
export async function scanProject(_root: string, _opts: ScanOptions = {}): Promise<ScanResult> {
  throw new Error('not yet');
}
