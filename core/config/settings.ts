// Settings (spec §2.6) and the caller's own knobs: one table of definitions with defaults and
// validation. Values merge defaults < user (`<user config dir>/settings.json`) < project
// (`<project>/.apiscout/settings.json`). Secrets are user-level only: a project file is shared, so
// a secret found there is ignored with a warning rather than used. The IntelliJ page and the
// explorer edit these through the bridge; the CLI reads them.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors';
import { readJsonFile, withFileLock, writeFileAtomic } from '../store/json-file';
import type { Warn } from '../store/json-file';
import { ensureProjectStateDir, projectStateDir } from './user-dir';

export type CurlRenderMode = 'keep' | 'resolve' | 'ask';
export type CurlCopySource = 'edited' | 'source';

/** How a settings page edits a value. */
export type SettingKind = 'boolean' | 'integer' | 'text' | 'choice' | 'list';

interface Definition<T> {
  /** The label the settings page shows. */
  label: string;
  kind: SettingKind;
  /** `choice`: the values offered. */
  choices?: readonly string[];
  /** `integer`: the accepted range. */
  min?: number;
  max?: number;
  default: T;
  /** `user`: never read from or written to a project file (secrets, machine-specific values). */
  scope: 'user' | 'any';
  secret?: boolean;
  /** What a valid value looks like, for messages. */
  expects: string;
  accepts(value: unknown): value is T;
}

const boolean = (label: string, value: boolean): Definition<boolean> => ({
  label,
  kind: 'boolean',
  default: value,
  scope: 'any',
  expects: 'true or false',
  accepts: (v): v is boolean => typeof v === 'boolean',
});

const optionalText = (label: string, extra: Partial<Definition<string | null>> = {}): Definition<string | null> => ({
  label,
  kind: 'text',
  default: null,
  scope: 'any',
  expects: 'a string or null',
  accepts: (v): v is string | null => v === null || typeof v === 'string',
  ...extra,
});

const oneOf = <T extends string>(label: string, value: T, choices: readonly T[]): Definition<T> => ({
  label,
  kind: 'choice',
  choices,
  default: value,
  scope: 'any',
  expects: `one of ${choices.join(', ')}`,
  accepts: (v): v is T => choices.includes(v as T),
});

const integer = (label: string, value: number, min: number, max: number): Definition<number> => ({
  label,
  kind: 'integer',
  min,
  max,
  default: value,
  scope: 'any',
  expects: `an integer from ${min} to ${max}`,
  accepts: (v): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
});

const stringList = (label: string, scope: 'user' | 'any' = 'any'): Definition<string[]> => ({
  label,
  kind: 'list',
  default: [],
  scope,
  expects: 'a list of strings',
  accepts: (v): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string'),
});

/** Every setting: the rows of spec §2.6 first, then the request caller's. */
export const SETTINGS = {
  // §2.6
  'grpc.enabled': boolean('Enable gRPC call', false),
  /** Not set until Auto Detect or the user fills it: the runtime paths gRPC calls load. */
  'grpc.runtime': { ...stringList('gRPC Runtime'), default: null as string[] | null, expects: 'a list of paths or null', accepts: (v: unknown): v is string[] | null => v === null || (Array.isArray(v) && v.every((s) => typeof s === 'string')) } as Definition<string[] | null>,
  /** Descriptors may be asked from the server's reflection service when the protos do not know a method. */
  'grpc.reflection': boolean('Use server reflection for gRPC descriptors', false),
  /** Deadline of a gRPC call; 0: none. */
  'grpc.deadlineMs': integer('gRPC deadline (ms, 0 for none)', 30_000, 0, 86_400_000),
  /** A PEM file of extra CAs trusted for gRPC over TLS (with the system's). */
  'grpc.caFile': optionalText('gRPC CA file', { scope: 'user' }),
  'actuator.enabled': boolean('Actuator support', false),
  /** Parses kept between runs in the project's state folder (core/scan/scan-cache.ts). */
  'scan.cache': boolean('Keep parses between scans (scan cache)', true),
  /** `pattern=/prefix` per line: a path prefix for the classes a package or class pattern matches (`com.acme.admin.**=/admin-api`). */
  'paths.prefixes': stringList('Path prefixes (package or class pattern=/prefix, one per line)'),
  'features.copyApiUrl': boolean('Copy API URL', true),
  'features.searchEverywhere': boolean('Search Everywhere', true),
  'http.call.before': optionalText('http.call.before'),
  'http.call.after': optionalText('http.call.after'),
  'sync.postmanApiToken': optionalText('Postman-sync API token', { scope: 'user', secret: true }),
  /** The Postman workspace environments are pushed to and pulled from; null: the account's default. */
  'sync.postmanWorkspace': optionalText('Postman workspace'),
  'curl.renderMode': oneOf<CurlRenderMode>('cURL render mode', 'keep', ['keep', 'resolve', 'ask']),
  'curl.format.comments': boolean('Include comments and section dividers', true),
  'curl.format.prettyJson': boolean('Pretty-print JSON bodies', true),
  'curl.format.multiline': boolean('One flag per line', true),
  'curl.format.longFlags': boolean('Long flags (--request, --header, --data)', false),
  'curl.format.responseExample': boolean('Append a response example as a comment', false),
  'curl.runPreRequestScripts': boolean('Run pre-request scripts (cURL)', false),
  'curl.copySource': oneOf<CurlCopySource>('Copy as cURL source', 'edited', ['edited', 'source']),
  // The request caller
  'http.connectTimeoutMs': integer('Connect timeout (ms)', 10_000, 1, 600_000),
  /** The whole exchange, body included; 0: no limit. */
  'http.timeoutMs': integer('Total timeout (ms, 0 for none)', 120_000, 0, 86_400_000),
  'http.followRedirects': boolean('Follow redirects', true),
  'http.maxRedirects': integer('Maximum redirects', 10, 0, 100),
  /** Hosts (`host` or `host:port`) whose self-signed or otherwise untrusted certificates are accepted. */
  'http.insecureHosts': stringList('Accept untrusted certificates from', 'user'),
  'http.bodyMemoryLimit': integer('Response bytes kept in memory before spilling to a temp file', 8 * 1024 * 1024, 0, 1024 * 1024 * 1024),
  // Request scripts (scripts-sandbox)
  'scripts.timeoutMs': integer('Script time limit (ms)', 5_000, 10, 600_000),
  'scripts.memoryLimitMb': integer('Script memory limit (MB)', 64, 8, 4_096),
  /** Folders outside the project where response.saveBody may write. */
  'scripts.saveBodyRoots': stringList('Folders scripts may save response bodies to', 'user'),
} as const;

export type SettingKey = keyof typeof SETTINGS;
type ValueOf<D> = D extends Definition<infer T> ? T : never;
export type Settings = { -readonly [K in SettingKey]: ValueOf<(typeof SETTINGS)[K]> };
export type SettingsScope = 'user' | 'project';

export function defaultSettings(): Settings {
  return Object.fromEntries(Object.entries(SETTINGS).map(([k, d]) => [k, structuredClone(d.default)])) as Settings;
}

export interface SettingsStoreOptions {
  userDir: string;
  /** Absent: user settings only. */
  projectDir?: string;
  warn?: Warn;
}

export class SettingsStore {
  readonly userPath: string;
  readonly projectPath?: string;
  private readonly warn: Warn;

  private readonly projectDir?: string;

  constructor(options: SettingsStoreOptions) {
    this.userPath = join(options.userDir, 'settings.json');
    this.projectDir = options.projectDir;
    if (options.projectDir) this.projectPath = join(projectStateDir(options.projectDir), 'settings.json');
    this.warn = options.warn ?? (() => {});
  }

  /** The effective settings: defaults, then user values, then project overrides. */
  read(): Settings {
    const out = defaultSettings() as Record<string, unknown>;
    for (const scope of ['user', 'project'] as const) Object.assign(out, this.readScope(scope));
    return out as Settings;
  }

  /** The values set in one file, invalid ones dropped with a warning. */
  readScope(scope: SettingsScope): Partial<Settings> {
    const path = this.pathOf(scope);
    if (!path) return {};
    const raw = readJsonFile(path, isObject, this.warn) ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const def = (SETTINGS as Record<string, Definition<unknown>>)[key];
      if (!def) {
        this.warn(`${path}: unknown setting '${key}' ignored`);
      } else if (scope === 'project' && def.scope === 'user') {
        this.warn(`${path}: '${key}' is a per-user setting and is ignored in a project file${def.secret ? ' (remove the secret from the project)' : ''}`);
      } else if (!def.accepts(value)) {
        this.warn(`${path}: '${key}' must be ${def.expects}; using ${JSON.stringify(def.default)}`);
      } else {
        out[key] = value;
      }
    }
    return out as Partial<Settings>;
  }

  /** Sets values in one file; `undefined` removes a key so the lower level shows through. */
  async update(scope: SettingsScope, patch: { [K in SettingKey]?: Settings[K] | undefined }): Promise<void> {
    const path = this.pathOf(scope);
    if (!path) throw new InputError('project settings need a project directory', scope);
    checkSettingsPatch(scope, patch);
    if (scope === 'project') ensureProjectStateDir(this.projectDir!);
    await withFileLock(path, () => {
      const current = readJsonFile(path, isObject, this.warn) ?? {};
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete current[key];
        else current[key] = value;
      }
      const sorted = Object.fromEntries(Object.entries(current).sort(([a], [b]) => a.localeCompare(b)));
      writeFileAtomic(path, `${JSON.stringify(sorted, null, 2)}\n`, { mode: scope === 'user' ? 0o600 : 0o644 });
    });
  }

  private pathOf(scope: SettingsScope): string | undefined {
    return scope === 'user' ? this.userPath : this.projectPath;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Whether a scan of `projectDir` lists actuator endpoints: a command-line flag when given,
 * else the "Actuator support" setting (spec §2.6, off by default).
 */
export function actuatorEnabled(projectDir: string, userDir: string, flag?: boolean, warn?: Warn): boolean {
  if (flag !== undefined) return flag;
  // A path that is no directory is the scan's to report: only the user's settings apply here.
  const project = statSync(projectDir, { throwIfNoEntry: false })?.isDirectory() ? { projectDir } : {};
  return new SettingsStore({ userDir, ...project, ...(warn ? { warn } : {}) }).read()['actuator.enabled'];
}

/** Whether the sidecar's scans of `projectDir` use the scan cache: the "scan.cache" setting (on by default). */
export function scanCacheEnabled(projectDir: string, userDir: string, warn?: Warn): boolean {
  const project = statSync(projectDir, { throwIfNoEntry: false })?.isDirectory() ? { projectDir } : {};
  return new SettingsStore({ userDir, ...project, ...(warn ? { warn } : {}) }).read()['scan.cache'];
}

/** The `paths.prefixes` setting of a project (user value, then project override). */
export function pathPrefixesSetting(projectDir: string, userDir: string, warn?: Warn): string[] {
  const project = statSync(projectDir, { throwIfNoEntry: false })?.isDirectory() ? { projectDir } : {};
  return new SettingsStore({ userDir, ...project, ...(warn ? { warn } : {}) }).read()['paths.prefixes'];
}

/** The settings page a key belongs on: the spec's §2.6 pages, then the caller's and the scripts'. */
export type SettingSection = 'general' | 'grpc' | 'grpcRuntime' | 'curl' | 'http' | 'scripts';

export function sectionOf(key: SettingKey): SettingSection {
  if (key === 'grpc.runtime') return 'grpcRuntime';
  if (key.startsWith('grpc.')) return 'grpc';
  if (key.startsWith('curl.')) return 'curl';
  if (key.startsWith('scripts.')) return 'scripts';
  if (key.startsWith('http.') && !key.startsWith('http.call.')) return 'http';
  return 'general';
}

/** One setting as a settings page shows it. A secret's value never leaves: null, with `isSet`. */
export interface SettingRow {
  key: SettingKey;
  label: string;
  section: SettingSection;
  kind: SettingKind;
  choices?: string[];
  min?: number;
  max?: number;
  scope: 'user' | 'any';
  secret: boolean;
  expects: string;
  default: unknown;
  value: unknown;
  isSet: boolean;
  from: 'default' | 'user' | 'project';
}

/** Every setting, in table order, with its effective value and where that comes from. */
export function describeSettings(store: SettingsStore): SettingRow[] {
  const user = store.readScope('user') as Record<string, unknown>;
  const project = store.readScope('project') as Record<string, unknown>;
  const effective = store.read() as Record<string, unknown>;
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => {
    const def = SETTINGS[key] as Definition<unknown>;
    const value = effective[key];
    const secret = def.secret === true;
    return {
      key,
      label: def.label,
      section: sectionOf(key),
      kind: def.kind,
      ...(def.choices ? { choices: [...def.choices] } : {}),
      ...(def.min !== undefined ? { min: def.min } : {}),
      ...(def.max !== undefined ? { max: def.max } : {}),
      scope: def.scope,
      secret,
      expects: def.expects,
      default: structuredClone(def.default),
      value: secret ? null : value,
      isSet: value !== null && value !== undefined && value !== '',
      from: key in project ? 'project' : key in user ? 'user' : 'default',
    };
  });
}

/**
 * Checks a whole change before anything is written: unknown keys, per-user keys in a project
 * file and invalid values fail with an InputError naming the key.
 */
export function checkSettingsPatch(scope: SettingsScope, patch: Record<string, unknown>): { [K in SettingKey]?: Settings[K] | undefined } {
  for (const [key, value] of Object.entries(patch)) {
    const def = (SETTINGS as Record<string, Definition<unknown>>)[key];
    if (!def) throw new InputError(`unknown setting '${key}'`, key);
    if (scope === 'project' && def.scope === 'user') throw new InputError(`'${key}' is a per-user setting and cannot be stored in the project`, key);
    if (value !== undefined && !def.accepts(value)) throw new InputError(`'${key}' must be ${def.expects}, got ${JSON.stringify(value)}`, key);
  }
  return patch as { [K in SettingKey]?: Settings[K] | undefined };
}
