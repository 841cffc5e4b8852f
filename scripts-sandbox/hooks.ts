// Which scripts run for a request, and running them in order. Scripts come from the settings
// (`http.call.before` / `http.call.after`) and the config reader, at four levels that run in this
// order, each seeing the request the previous one left:
//   http.call.before                                  every request of the project
//   http.call.before[folder:Orders]                   endpoints whose folder is Orders
//   http.call.before[class:com.acme.OrderController]  endpoints of that class (simple name too)
//   http.call.before[endpoint:GET /api/orders/{id}]   one endpoint, by address or id
// A project-level value in the settings replaces the config files' one. The caller (core/call)
// gets these as hooks from its front end, since core never imports the sandbox; the cURL
// exporter's "Run pre-request scripts" uses runPreRequestScripts.

import { relative, sep } from 'node:path';
import type { ConfigValues } from '../core/config/config-reader';
import type { Settings } from '../core/config/settings';
import { LocalStorageStore } from '../core/store/local-storage';
import type { ScriptRequest, ScriptResponse } from './exchange';
import { ScriptRunner } from './runner';
import type { RunEnvironment, ScriptLimits, ScriptLogLine } from './runner';
import { saveBodyWithin } from './save-body';
import { parseScriptProperty } from './script-source';
import type { ScriptSource } from './script-source';

export type ScriptPhase = 'before' | 'after';
export type ScriptLevel = 'project' | 'folder' | 'class' | 'endpoint';
export const ALL_LEVELS: readonly ScriptLevel[] = ['project', 'folder', 'class', 'endpoint'];

/** What a request is for: the fields of the endpoint that select scoped scripts. */
export interface ScriptTarget {
  folder?: string;
  /** Fully qualified class name. */
  className?: string;
  /** `METHOD /path`. */
  address?: string;
  /** The endpoint's stable id. */
  id?: string;
}

export type ScriptSettings = Partial<Pick<Settings, 'http.call.before' | 'http.call.after' | 'scripts.timeoutMs' | 'scripts.memoryLimitMb' | 'scripts.saveBodyRoots'>>;

export interface ScriptSources {
  projectDir: string;
  config?: ConfigValues;
  settings?: ScriptSettings;
}

/** The scripts configured for `target`, in run order. */
export function scriptsFor(sources: ScriptSources, phase: ScriptPhase, target: ScriptTarget, levels: readonly ScriptLevel[] = ALL_LEVELS): ScriptSource[] {
  const base = `http.call.${phase}`;
  const out: ScriptSource[] = [];
  const add = (key: string): void => {
    const found = lookup(sources, key);
    if (!found) return;
    const script = parseScriptProperty(found.value, found.name);
    if (script) out.push(script);
  };
  const addFirst = (keys: string[]): void => {
    const key = keys.find((k) => lookup(sources, k));
    if (key) add(key);
  };
  if (levels.includes('project')) {
    const fromSettings = sources.settings?.[base as 'http.call.before'];
    if (typeof fromSettings === 'string' && fromSettings.trim() !== '') {
      const script = parseScriptProperty(fromSettings, `${base} (settings)`);
      if (script) out.push(script);
    } else {
      add(base);
    }
  }
  if (levels.includes('folder') && target.folder) add(`${base}[folder:${target.folder}]`);
  if (levels.includes('class') && target.className) {
    const simple = target.className.slice(target.className.lastIndexOf('.') + 1);
    addFirst([target.className, simple].map((name) => `${base}[class:${name}]`));
  }
  if (levels.includes('endpoint')) addFirst([target.id, target.address].filter((k) => !!k).map((k) => `${base}[endpoint:${k}]`));
  return out;
}

const SCRIPT_KEY = /^http\.call\.(before|after)(\[(folder|class|endpoint):[^\]]+\])?$/;

/** Every script configured for the project, at every level: the settings' first, then the config keys sorted. */
export function allScripts(sources: ScriptSources): ScriptSource[] {
  const out: ScriptSource[] = [];
  for (const phase of ['before', 'after'] as const) {
    const fromSettings = sources.settings?.[`http.call.${phase}`];
    if (typeof fromSettings === 'string') {
      const script = parseScriptProperty(fromSettings, `http.call.${phase} (settings)`);
      if (script) out.push(script);
    }
  }
  const keys = [...(sources.config?.keys() ?? [])].filter((k) => SCRIPT_KEY.test(k)).sort();
  for (const key of keys) {
    const found = lookup(sources, key)!;
    const script = parseScriptProperty(found.value, found.name);
    if (script) out.push(script);
  }
  return out;
}

function lookup(sources: ScriptSources, key: string): { value: string; name: string } | undefined {
  for (const source of sources.config?.sources ?? []) {
    const values = source.values.get(key);
    if (!values?.length) continue;
    const file = relative(sources.projectDir, source.file).split(sep).join('/') || source.file;
    return { value: values[values.length - 1]!, name: `${key} (${file})` };
  }
  return undefined;
}

export interface BeforeOutcome {
  request: ScriptRequest;
  logs: ScriptLogLine[];
}

export interface AfterOutcome {
  logs: ScriptLogLine[];
  saved: string[];
}

/**
 * The seam for the caller: before(request) before sending, after(request, response) once the
 * response is in. Both are no-ops (no isolate is even created) when no script applies. A failing
 * script rejects with a ScriptError; the caller then sends nothing (before) or shows the response
 * with the error (after).
 */
export class RequestScripts {
  private runner: ScriptRunner | undefined;
  private readonly env: RunEnvironment;

  constructor(private readonly sources: ScriptSources) {
    this.env = {
      storage: new LocalStorageStore({ projectDir: sources.projectDir }),
      saveBody: saveBodyWithin(sources.projectDir, sources.settings?.['scripts.saveBodyRoots'] ?? []),
    };
  }

  async before(request: ScriptRequest, target: ScriptTarget = {}, levels: readonly ScriptLevel[] = ALL_LEVELS): Promise<BeforeOutcome> {
    const logs: ScriptLogLine[] = [];
    let current = request;
    for (const script of scriptsFor(this.sources, 'before', target, levels)) {
      const result = await this.ensureRunner().runBefore(script, current, this.env);
      current = result.request;
      logs.push(...result.logs);
    }
    return { request: current, logs };
  }

  async after(request: ScriptRequest, response: ScriptResponse, target: ScriptTarget = {}): Promise<AfterOutcome> {
    const logs: ScriptLogLine[] = [];
    const saved: string[] = [];
    for (const script of scriptsFor(this.sources, 'after', target)) {
      const result = await this.ensureRunner().runAfter(script, request, response, this.env);
      logs.push(...result.logs);
      saved.push(...result.saved);
    }
    return { logs, saved };
  }

  dispose(): void {
    this.runner?.dispose();
    this.runner = undefined;
  }

  private ensureRunner(): ScriptRunner {
    if (!this.runner) {
      const s = this.sources.settings ?? {};
      const limits: Partial<ScriptLimits> = {};
      if (s['scripts.timeoutMs'] !== undefined) limits.timeoutMs = s['scripts.timeoutMs'];
      if (s['scripts.memoryLimitMb'] !== undefined) limits.memoryLimitMb = s['scripts.memoryLimitMb'];
      this.runner = new ScriptRunner(limits);
    }
    return this.runner;
  }
}

/**
 * cURL export's "Run pre-request scripts" (spec §4.6.6): the folder- and class-level before-scripts
 * for each command of a batch, plus the endpoint-level one for a single-endpoint Copy as cURL.
 * Returns the request the command should show.
 */
export async function runPreRequestScripts(
  requests: { request: ScriptRequest; target: ScriptTarget }[],
  sources: ScriptSources,
  options: { single: boolean },
): Promise<BeforeOutcome[]> {
  const scripts = new RequestScripts(sources);
  try {
    const levels: ScriptLevel[] = options.single ? ['folder', 'class', 'endpoint'] : ['folder', 'class'];
    const out: BeforeOutcome[] = [];
    for (const { request, target } of requests) out.push(await scripts.before(request, target, levels));
    return out;
  } finally {
    scripts.dispose();
  }
}
