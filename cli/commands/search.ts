// `apiscout search QUERY [DIR] [--json] [--limit N] [--refresh] [--include-tests] [--actuator]`

import { actuatorEnabled, pathPrefixesSetting } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { parseArgs } from 'node:util';
import { relative } from 'node:path';
import type { Endpoint } from '../../core/model/endpoint';
import { loadIndex, saveIndex } from '../../core/search/index-store';
import { search } from '../../core/search/matcher';
import type { FieldRanges, Match } from '../../core/search/matcher';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { painterFor } from '../colors';
import type { Painter } from '../colors';
import type { CliIO } from '../io';
import { packageVersion } from '../version';
import { methodLabel } from '../render-tree';
import { reportDiagnosticsAbout } from './scan';
import { NO_CACHE_OPTION, noCacheHelp, scanCacheOption } from '../cache-option';

export const searchHelp = `Usage: apiscout search QUERY [DIR] [--json] [--limit N] [--refresh] [--include-tests] [--actuator] [--no-cache]

Finds endpoints in DIR (default: the bundled sample shop) the way the explorer and Search
Everywhere do: fuzzy on the address, literal for short tokens, a leading verb filters by method,
a pasted path matches its templates, and a second word matches the name.

Reads the retained index in DIR/.apiscout/ when there is one; otherwise scans DIR and saves it.

Options:
  --json            print {"results":[{"endpoint":{...},"score","kind","ranges"}]}
  --limit N         at most N results (default 20)
  --refresh         scan DIR first and save a fresh index
  --include-tests   with a scan, also scan test sources
${noCacheHelp(20)}
  --actuator        with a scan, also list Spring Boot actuator endpoints
  -h, --help        show this help`;

export async function searchCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      limit: { type: 'string', default: '20' },
      refresh: { type: 'boolean', default: false },
      'include-tests': { type: 'boolean', default: false },
      ...NO_CACHE_OPTION,
      actuator: { type: 'boolean' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(searchHelp);
    return 0;
  }
  if (positionals.length < 1 || positionals.length > 2) {
    io.err(`apiscout search: expected a query and at most one directory\nRun 'apiscout search --help' for its usage.`);
    return 2;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    io.err(`apiscout search: --limit must be a whole number of at least 1, got '${values.limit}'`);
    return 2;
  }
  const [query, dir = io.sampleProject] = positionals as [string, string?];
  // The bundled sample's index goes to the user folder (projectStateDir), never into the package.
  const endpoints = await retainedEndpoints(dir, values.refresh, { includeTests: values['include-tests'], actuator: actuatorEnabled(dir, userConfigDir(), values.actuator), cache: scanCacheOption(values['no-cache'], io), reuseResult: true, pathPrefixes: () => pathPrefixesSetting(dir, userConfigDir()) }, true, io);
  // The explorer's six fields (spec §4.3.2): a class, folder or description word finds its endpoints here too.
  const results = search(endpoints, query, { limit, fields: 'explorer' });
  if (values.json) {
    io.out(JSON.stringify({ results }, null, 2));
    return 0;
  }
  const paint = painterFor(io.stdout);
  for (const m of results) io.out(renderMatch(m, paint));
  io.err(`${results.length} of ${endpoints.length} endpoints match '${query}'`);
  return 0;
}

/** The retained index's endpoints, or a fresh scan's (saved for next time). */
async function retainedEndpoints(dir: string, refresh: boolean, options: ScanOptions, retain: boolean, io: CliIO): Promise<readonly Endpoint[]> {
  if (!refresh) {
    const { index, warning } = await loadIndex(dir);
    if (warning) io.err(`warning: ${warning}; scanning again`);
    if (index) {
      // The index keeps no record of the options it was scanned with.
      if (options.actuator && !index.endpoints.some((e) => e.framework === 'actuator')) {
        io.err('note: the retained index holds no actuator endpoints; if it was built without --actuator, add --refresh');
      }
      return index.endpoints;
    }
  }
  const scanner = new ProjectScanner(dir, options);
  const result = await scanner.scan();
  reportDiagnosticsAbout(result.diagnostics, undefined, dir, io);
  if (!retain) return result.endpoints;
  try {
    await saveIndex(dir, { endpoints: result.endpoints, files: {} }, { createdBy: `apiscout ${packageVersion()}` });
  } catch (e) {
    // A read-only checkout still gets its answer.
    io.err(`warning: ${(e as Error).message}`);
  }
  return result.endpoints;
}

function renderMatch(m: Match, paint: Painter): string {
  const e = m.endpoint;
  const address = highlight(e.address, rangesOf(m.ranges, 'address'), paint);
  const verb = address.slice(0, address.indexOf(' ') < 0 ? undefined : address.indexOf(' '));
  const rest = address.slice(verb.length);
  const name = e.name ? `  ${highlight(e.name, rangesOf(m.ranges, 'name'), paint)}` : '';
  const where = paint.dim(`  ${e.className} ${relative('.', e.source.file) || e.source.file}:${e.source.line}`);
  const streaming = e.method === 'gRPC' ? paint.dim(` (${methodLabel(e)})`) : '';
  return `${paint.method(e.method, verb)}${rest}${streaming}${name}${where}`;
}

function rangesOf(all: FieldRanges[], field: string): [number, number][] {
  return all.find((r) => r.field === field)?.ranges ?? [];
}

/** Bold for the matched characters (plain text when the painter is plain). */
function highlight(text: string, ranges: [number, number][], paint: Painter): string {
  if (ranges.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + paint.bold(text.slice(start, end));
    at = end;
  }
  return out + text.slice(at);
}
