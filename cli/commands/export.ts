// `apiscout export --format CHANNEL [--out FILE|DIR|-] [--select QUERY] [--env NAME] [DIR]`:
// scans DIR and writes the selected endpoints to one channel (spec §4.5), with the cURL options
// of spec §4.6 as flags over the saved settings.

import { existsSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { callSecrets } from '../../core/call/received-secrets';
import { maskSecrets } from '../../core/call/sent-secrets';
import { SettingsStore, pathPrefixesSetting } from '../../core/config/settings';
import { EnvironmentStore } from '../../core/env/environments';
import { userConfigDir } from '../../core/config/user-dir';
import { InputError } from '../../core/errors';
// Not through core/export/index: the search engine (for --select) and the script sandbox (for
// --run-scripts) are loaded only when asked for.
import { EXPORTERS } from '../../core/export/exporters';
import type { Selection } from '../../core/export/select';
import { CHANNELS, type Channel, type CurlOptions, type ExportFile } from '../../core/export/types';
import type { Endpoint } from '../../core/model/endpoint';
import { exportSetup } from '../../core/export/setup';
import { writeExportFiles } from '../../core/export/write';
import { scanProject } from '../../core/scan/scan';
import type { CliIO } from '../io';
import { reportDiagnostics } from './scan';
import { NO_CACHE_OPTION, noCacheHelp, scanCacheOption } from '../cache-option';

export const exportHelp = `Usage: apiscout export --format CHANNEL [--out FILE|DIR|-] [SELECTORS] [--env NAME] [DIR]

Scans DIR (default: the bundled sample shop) and exports its endpoints to one channel:
  markdown  yapi  postman  curl  http-client  hoppscotch  openapi  apipost

Options:
  --format CHANNEL        the channel (required)
  --out FILE|DIR|-        '-' (default): the main file to stdout; DIR (existing, or ending in
                          '/'): every file into it; FILE: the main file there, companion files
                          (environments) beside it
  --select QUERY          only the endpoints a search query matches: the ranked, fuzzy search of
                          apiscout search, so it may take more than you mean (carts also finds
                          cart items); use the exact selectors below to pick precisely
  --module NAME           only the endpoints of this module (repeatable)
  --class NAME            only the endpoints of this class, simple or qualified name (repeatable)
  --path-prefix PATH      only the endpoints whose path starts with PATH, with or without the
                          context path (repeatable)
  --id ID                 only this endpoint, by its id as apiscout scan --json prints it (repeatable)
                          Values of one selector add up; different selectors must all match.
  --env NAME              the environment for host and placeholders (default: the active one;
                          with curl.renderMode 'ask' on a terminal, cURL asks which one)
  --title TEXT            the collection or document title (default: API)
  --openapi-version V     3.0.3 (default) or 3.1.0
  --include-tests         also scan test sources
${noCacheHelp(26)}
  -h, --help              show this help

cURL (defaults from the saved settings, see README):
  --resolve               fill placeholders from the environment, then the config files
  --keep                  keep placeholders as written
  --comments / --no-comments                  comments and section dividers
  --pretty-json / --compact-json              indented JSON bodies
  --multiline / --single-line                 one flag per line
  --long-flags / --short-flags                --request, --header, --data
  --response-example / --no-response-example  the response example as a comment
  --run-scripts / --no-run-scripts            run the folder- and class-level http.call.before
                                              scripts on each request first (curl.runPreRequestScripts)

A summary (exported, skipped with reasons, warnings) goes to stderr.`;

const PAIRS: [keyof CurlOptions, string, string][] = [
  ['comments', 'comments', 'no-comments'],
  ['prettyJson', 'pretty-json', 'compact-json'],
  ['multiline', 'multiline', 'single-line'],
  ['longFlags', 'long-flags', 'short-flags'],
  ['responseExample', 'response-example', 'no-response-example'],
];

export async function exportCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      out: { type: 'string', default: '-' },
      select: { type: 'string' },
      module: { type: 'string', multiple: true },
      class: { type: 'string', multiple: true },
      'path-prefix': { type: 'string', multiple: true },
      id: { type: 'string', multiple: true },
      env: { type: 'string' },
      title: { type: 'string' },
      'openapi-version': { type: 'string' },
      'include-tests': { type: 'boolean', default: false },
      ...NO_CACHE_OPTION,
      resolve: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'run-scripts': { type: 'boolean' },
      'no-run-scripts': { type: 'boolean' },
      ...Object.fromEntries(PAIRS.flatMap(([, on, off]) => [[on, { type: 'boolean' as const }], [off, { type: 'boolean' as const }]])),
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(exportHelp);
    return 0;
  }
  const channel = values.format as Channel | undefined;
  if (!channel || !CHANNELS.includes(channel)) {
    io.err(`apiscout export: --format must be one of ${CHANNELS.join(', ')}${channel ? `, got '${channel}'` : ''}\nRun 'apiscout export --help' for its usage.`);
    return 2;
  }
  if (positionals.length > 1) {
    io.err(`apiscout export: expected at most one directory, got ${positionals.length}: ${positionals.join(' ')}`);
    return 2;
  }
  const openapiVersion = values['openapi-version'];
  if (openapiVersion !== undefined && openapiVersion !== '3.0.3' && openapiVersion !== '3.1.0') {
    throw new InputError(`--openapi-version must be 3.0.3 or 3.1.0, got '${openapiVersion}'`, openapiVersion);
  }
  if (values.resolve && values.keep) throw new InputError('--resolve and --keep exclude each other', '--resolve');
  const dir = positionals[0] ?? io.sampleProject;

  const result = await scanProject(dir, { includeTests: values['include-tests'], cache: scanCacheOption(values['no-cache'], io), reuseResult: true, pathPrefixes: () => pathPrefixesSetting(dir, userConfigDir()) });
  reportDiagnostics(result.diagnostics, io);
  const selecting = values.select !== undefined || [values.module, values.class, values['path-prefix'], values.id].some((v) => v?.length);
  const { selectEndpoints } = selecting ? await import('../../core/export/select') : { selectEndpoints: undefined };
  let endpoints = values.select === undefined || !selectEndpoints ? result.endpoints : selectEndpoints(result.endpoints, { kind: 'query', query: values.select });
  // As the exact selectors below: a query that finds nothing is a mistake to name, not an empty file.
  if (values.select !== undefined && !endpoints.length && result.endpoints.length) throw new InputError(`--select '${values.select}' matches no endpoint`, values.select);
  const exact: [string, readonly string[] | undefined, (value: string) => Selection][] = [
    ['--module', values.module, (module) => ({ kind: 'module', module })],
    ['--class', values.class, (className) => ({ kind: 'class', className })],
    ['--path-prefix', values['path-prefix'], (prefix) => ({ kind: 'pathPrefix', prefix, modules: result.modules })],
    ['--id', values.id, (id) => ({ kind: 'ids', ids: [id] })],
  ];
  for (const [flag, given, selection] of exact) {
    if (!given?.length || !selectEndpoints) continue;
    const chosen = new Set<Endpoint>();
    for (const value of given) {
      const hits = selectEndpoints(result.endpoints, selection(value));
      if (!hits.length) throw new InputError(`${flag} '${value}' matches no endpoint`, value);
      for (const e of hits) chosen.add(e);
    }
    endpoints = endpoints.filter((e) => chosen.has(e));
  }

  const warn = (message: string) => io.err(`apiscout export: warning: ${message}`);
  const flags = values as unknown as Record<string, boolean | undefined>;
  const curl: Omit<CurlOptions, 'render'> = {};
  for (const [key, on, off] of PAIRS) {
    if (flags[on] && flags[off]) throw new InputError(`--${on} and --${off} exclude each other`, `--${on}`);
    if (flags[on]) (curl as Record<string, unknown>)[key] = true;
    if (flags[off]) (curl as Record<string, unknown>)[key] = false;
  }
  if (values['run-scripts'] && values['no-run-scripts']) throw new InputError('--run-scripts and --no-run-scripts exclude each other', '--run-scripts');
  const out = values.out;
  let environment = values.env;
  let render: 'resolve' | 'keep' | undefined = values.resolve ? 'resolve' : values.keep ? 'keep' : undefined;
  // "Ask each export": an explicit --env (or --resolve / --keep) answers it; else a terminal is asked.
  let asked = false;
  if (channel === 'curl' && environment === undefined && render === undefined && io.terminal) {
    const userDir = userConfigDir();
    if (new SettingsStore({ userDir, projectDir: dir, warn }).read()['curl.renderMode'] === 'ask') {
      const store = new EnvironmentStore({ projectDir: dir, userDir, warn });
      // Loaded only here: readline is for the few runs that ask.
      const { askRender } = await import('../ask-render');
      const answer = await askRender(io.terminal, store.list().map((e) => e.name), store.activeName());
      asked = true;
      if ('environment' in answer) {
        environment = answer.environment;
        render = 'resolve';
      } else render = 'keep';
    }
  }
  const setup = exportSetup({
    // Absolute: the .http file's @protoRoot and grpcurl's import paths must hold wherever the export is run from.
    projectDir: resolve(dir),
    userDir: userConfigDir(),
    modules: result.modules,
    endpoints,
    environment,
    title: values.title,
    curl,
    render,
    // Otherwise nobody answered "Ask each export": it counts as Skip (keep), with the warning below.
    askAnswered: values.env !== undefined || asked,
    runScripts: values['run-scripts'] ?? (values['no-run-scripts'] ? false : undefined),
    openapi: { version: openapiVersion as '3.0.3' | '3.1.0' | undefined, format: out !== '-' && extname(out) === '.json' ? 'json' : 'yaml' },
    warn,
  });
  const { options } = setup;
  if (channel === 'curl' && setup.settings['curl.renderMode'] === 'ask' && values.env === undefined && !values.resolve && !values.keep && !asked) {
    warn("curl.renderMode is 'Ask each export', and the command line has no one to ask: placeholders are kept. Pass --env NAME or --resolve to fill them, --keep to say so");
  }
  if (channel === 'curl' && setup.runScripts) {
    const { scriptedRequests } = await import('../../scripts-sandbox/export-requests');
    const scripted = await scriptedRequests(endpoints, options, { projectDir: dir, config: setup.config, settings: setup.settings });
    // The summary may end up in a CI log: a token a script logs shows masked.
    const secrets = callSecrets({ environment: options.environment, projectDir: dir });
    for (const line of scripted.logs) io.err(`[${line.script}] ${line.level}: ${maskSecrets(line.text, secrets)}`);
    options.scripted = scripted.requests;
  }
  const exported = EXPORTERS[channel](endpoints, options);

  const written = writeFiles(exported.files, out, io);
  const s = exported.summary;
  io.err(`exported ${s.exported} of ${s.selected} endpoint(s) to ${channel}${written.length ? `: ${written.join(', ')}` : ''}`);
  for (const skip of s.skipped) io.err(`  skipped ${skip.address}: ${skip.reason}`);
  for (const w of s.warnings) io.err(`  warning: ${w}`);
  return 0;
}

/** Writes the files where --out says; returns the paths written (none for stdout). */
function writeFiles(files: readonly ExportFile[], out: string, io: CliIO): string[] {
  const [main, ...companions] = files;
  if (!main) return [];
  if (out === '-') {
    io.stdout.write(main.content);
    for (const c of companions) io.err(`apiscout export: ${c.path} not written (stdout takes one file; use --out DIR)`);
    return [];
  }
  const isDir = out.endsWith('/') || out.endsWith('\\') || (existsSync(out) && statSync(out).isDirectory());
  const written = new Set((isDir ? writeExportFiles(files, out) : writeExportFiles(files, dirname(out), out)).map((w) => w.path));
  // Named as the user wrote --out; a template the user already had is kept, not named.
  const named = isDir ? files.map((f) => join(out, f.path)) : [out, ...companions.map((c) => join(dirname(out), c.path))];
  return named.filter((n) => written.has(resolve(n)));
}
