// The text actions of the context menu (spec §4.4): Copy API URL (one `METHOD /path` line per
// endpoint, no host, resolved like the exports: context path included), Copy Path and
// Copy as cURL.

import type { Endpoint } from '../model/endpoint';
import { curlCommand } from './curl';
import { fullPath } from './request-template';
import type { ExportOptions } from './types';

export function copyApiUrls(endpoints: readonly Endpoint[], options: ExportOptions = {}): string {
  return endpoints.map((e) => `${e.method} ${e.protocol === 'grpc' ? e.path : fullPath(e, options.modules)}`).join('\n');
}

export function copyPaths(endpoints: readonly Endpoint[], options: ExportOptions = {}): string {
  return endpoints.map((e) => (e.protocol === 'grpc' ? e.path : fullPath(e, options.modules))).join('\n');
}

/** The cURL command(s), blank-line separated, with warnings for placeholders left unresolved. */
export function copyAsCurl(endpoints: readonly Endpoint[], options: ExportOptions = {}): { text: string; warnings: string[] } {
  const parts = endpoints.map((e) => curlCommand(e, options));
  return { text: parts.map((p) => p.text).join('\n\n'), warnings: [...new Set(parts.flatMap((p) => p.warnings))] };
}
