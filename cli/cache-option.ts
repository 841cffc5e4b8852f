// The scan cache as the CLI commands use it (core/scan/scan-cache.ts): on unless `--no-cache`
// is given or APISCOUT_SCAN_CACHE=0 is set; its warnings go to stderr.

import type { ScanCacheOptions } from '../core/scan/scan-cache';
import type { CliIO } from './io';
import { packageVersion } from './version';

/** The option every scanning command takes. */
export const NO_CACHE_OPTION = { 'no-cache': { type: 'boolean' as const, default: false } };

/** The option's help line, its text starting at `column` like the command's other lines. */
export function noCacheHelp(column: number): string {
  return `  ${'--no-cache'.padEnd(column - 2)}neither read nor write the scan cache (.apiscout/scan-cache.bin)`;
}

/** Whether the environment turns the cache off for every command and the sidecar. */
export function scanCacheDisabledByEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.APISCOUT_SCAN_CACHE === '0';
}

export function scanCacheOption(noCache: boolean | undefined, io: CliIO): ScanCacheOptions | false {
  if (noCache || scanCacheDisabledByEnv()) return false;
  return { version: `apiscout ${packageVersion()}`, warn: (m) => io.err(`warning: ${m}`) };
}
