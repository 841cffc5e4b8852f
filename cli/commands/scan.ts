// `apiscout scan [DIR] [--json] [--include-tests] [--actuator]`

import { actuatorEnabled, pathPrefixesSetting } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { parseArgs } from 'node:util';
import type { Diagnostic, Endpoint, ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { pipeStoredText, storedEndpointText } from '../../core/scan/result-store';
import type { ScanProgress } from '../../core/scan/scan';
import { painterFor } from '../colors';
import type { CliIO } from '../io';
import { renderTree } from '../render-tree';
import { NO_CACHE_OPTION, noCacheHelp, scanCacheOption } from '../cache-option';

export const scanHelp = `Usage: apiscout scan [DIR] [--json [--pretty] [--endpoints-only]] [--include-tests] [--actuator] [--no-cache]

Finds the API endpoints in the Java or Kotlin code base at DIR (default: the bundled sample shop)
and prints them as a tree: module > class > METHOD /path  name.

Options:
  --json            print {"endpoints":[...],"diagnostics":[...],"modules":[...],"stats":{...}} instead
  --include-tests   also scan test sources (src/test/...)
  --actuator        also list Spring Boot actuator endpoints (@Endpoint, @WebEndpoint, ...);
                    default: the actuator.enabled setting (off)
  --pretty          with --json, indent the document (the default on a terminal; piped
                    output has one endpoint a line)
  --endpoints-only  with --json, leave out the request and response models (about twice as
                    fast on a large code base); the tree never needs them
${noCacheHelp(20)}
  -h, --help        show this help`;

const PROGRESS_LINE: Record<ScanProgress['phase'], (done: number, total: number) => string> = {
  read: (done, total) => `reading ${done}/${total} files`,
  parse: (done, total) => `parsing ${done}/${total} files`,
  endpoints: (done, total) => `resolving ${done}/${total} classes`,
};

export async function scanCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'include-tests': { type: 'boolean', default: false },
      actuator: { type: 'boolean' },
      'endpoints-only': { type: 'boolean', default: false },
      pretty: { type: 'boolean', default: false },
      ...NO_CACHE_OPTION,
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(scanHelp);
    return 0;
  }
  if (positionals.length > 1) {
    io.err(`apiscout scan: expected at most one directory, got ${positionals.length}: ${positionals.join(' ')}`);
    return 2;
  }
  const dir = positionals[0] ?? io.sampleProject;
  const progress = io.progress();
  let result: ScanResult;
  try {
    result = await scanProject(dir, {
      includeTests: values['include-tests'],
      actuator: actuatorEnabled(dir, userConfigDir(), values.actuator),
      pathPrefixes: () => pathPrefixesSetting(dir, userConfigDir()),
      // The tree shows no parameters: resolving them would only cost time.
      requestModels: values.json && !values['endpoints-only'],
      cache: scanCacheOption(values['no-cache'], io),
      // One scan per process: an unchanged project is answered from the result stored last time.
      reuseResult: true,
      onProgress: (p: ScanProgress) => progress.update(PROGRESS_LINE[p.phase](p.done, p.total)),
    });
  } finally {
    progress.done();
  }
  if (values.json) {
    writeJson(result, io, values.pretty || io.stdout.isTTY === true);
    return 0;
  }
  reportDiagnostics(result.diagnostics, io);
  const paint = painterFor(io.stdout);
  if (result.endpoints.length) io.out(renderTree(result.endpoints, paint));
  io.out(summaryLine(result));
  // Not a project with no endpoints, but a folder with no code: most likely the wrong one.
  if (result.stats.filesRead === 0) io.err(`note: no Java or Kotlin source under ${dir}: is it the project's folder?${values['include-tests'] ? '' : ' (test sources need --include-tests)'}`);
  return 0;
}

/**
 * The scan as JSON, written one chunk of endpoints at a time: with request and response schemas
 * a large project's document runs to tens of megabytes, and building it as one string would
 * double the scan's peak memory. Pretty, it is the very text of `JSON.stringify(result, null, 2)`;
 * otherwise one endpoint a line, which is faster to write and still easy to grep.
 */
function writeJson(result: ScanResult, io: CliIO, pretty: boolean): void {
  const rest = pretty
    ? `,\n${JSON.stringify({ diagnostics: result.diagnostics, modules: result.modules, stats: result.stats }, null, 2).slice(2)}`
    : `,${JSON.stringify({ diagnostics: result.diagnostics, modules: result.modules, stats: result.stats }).slice(1)}`;
  const open = pretty ? '{\n  "endpoints": [' : '{"endpoints":[';
  // A stored (or just stored) result has its endpoints as this very text: no need to stringify them again.
  const text = pretty ? undefined : storedEndpointText(result);
  if (text !== undefined) {
    if (text.length === 0) io.out(`${open}]${rest}`);
    else if (typeof text === 'string') io.out(`${open}\n${text}\n]${rest}`);
    else {
      io.out(open);
      const parts: Buffer[] = [];
      if (io.outBytesNow) pipeStoredText(text, (b) => io.outBytesNow!(b), true);
      else pipeStoredText(text, io.outBytes ? (b) => io.outBytes!(b) : (b) => parts.push(b));
      if (parts.length) io.out(Buffer.concat(parts).toString('utf8'));
      else io.out('');
      io.out(`]${rest}`);
    }
    return;
  }
  if (result.endpoints.length === 0) {
    io.out(`${open}]${rest}`);
    return;
  }
  const item = pretty ? (e: Endpoint) => `    ${JSON.stringify(e, null, 2).replace(/\n/g, '\n    ')}` : (e: Endpoint) => JSON.stringify(e);
  io.out(open);
  let lines: string[] = [];
  let size = 0;
  result.endpoints.forEach((e, i) => {
    const line = `${item(e)}${i < result.endpoints.length - 1 ? ',' : ''}`;
    lines.push(line);
    size += line.length;
    // Chunks of about a megabyte: few system calls, little memory held.
    if (size > 1 << 20 || i === result.endpoints.length - 1) {
      io.out(lines.join('\n'));
      lines = [];
      size = 0;
    }
  });
  io.out(`${pretty ? '  ' : ''}]${rest}`);
}

export function reportDiagnostics(diagnostics: readonly Diagnostic[], io: CliIO): void {
  for (const d of diagnostics) io.err(`warning: ${d.file}${d.line ? `:${d.line}` : ''}: ${d.message}`);
}

/**
 * For a command about one endpoint or a query (show, search): the warnings about `file` in full,
 * the rest as a count. Ten lines about protos elsewhere in the tree buried the one answer asked for.
 */
export function reportDiagnosticsAbout(diagnostics: readonly Diagnostic[], file: string | undefined, dir: string, io: CliIO): void {
  const own = diagnostics.filter((d) => d.file === file);
  reportDiagnostics(own, io);
  const others = diagnostics.length - own.length;
  if (others > 0) io.err(`note: ${others} ${own.length ? 'other ' : ''}scan warning${others === 1 ? '' : 's'} elsewhere in the project; 'apiscout scan ${dir}' lists them`);
}

function summaryLine({ endpoints, stats }: ScanResult): string {
  const modules = new Set(endpoints.map((e) => e.module)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(endpoints.length, 'endpoint')} in ${plural(modules, 'module')} · ${plural(stats.filesRead, 'file')} read, ${stats.filesParsed} parsed · ${stats.millis} ms`;
}
