// The config reader: key/value settings that feed `{{name}}` / `${name}` placeholders and the
// `http.call.before/after` script properties. Sources, first match wins:
//   1. `<project>/.apiscout/config.properties`
//   2. the legacy `.easy.api.config` / `.easy.api.yml` / `.easy.api.yaml` files of the best-known
//      tool in this space, nearest first, walking up from the module to the project root
//   3. the module's Spring Boot application.properties / .yml / .yaml
// A broken file is reported and skipped; the others still count.

import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../model/endpoint';
import { flattenYaml, readApplicationProperties } from './spring-boot-config';
import { projectStateDir } from './user-dir';

export type ConfigSourceKind = 'apiscout' | 'legacy' | 'spring';

export interface ConfigSource {
  /** Absolute path of the file read. */
  file: string;
  kind: ConfigSourceKind;
  /** Every value of every key in file order (the legacy format repeats keys to add rules). */
  values: Map<string, string[]>;
}

export class ConfigValues {
  /** Highest priority first. */
  constructor(readonly sources: ConfigSource[]) {}

  /** The value from the first source that has the key; within a file the last line wins. */
  get(key: string): string | undefined {
    for (const source of this.sources) {
      const values = source.values.get(key);
      if (values?.length) return values[values.length - 1];
    }
    return undefined;
  }

  /** Every value of a key across all sources, highest priority first. */
  getAll(key: string): string[] {
    return this.sources.flatMap((s) => s.values.get(key) ?? []);
  }

  keys(): Set<string> {
    return new Set(this.sources.flatMap((s) => [...s.values.keys()]));
  }
}

export interface ReadConfigOptions {
  /** The project root: the walk up stops here. */
  projectDir: string;
  /** The module whose config applies, relative to projectDir ('' or absent: the root). */
  moduleDir?: string;
  /** Root-relative files the module's `@PropertySource`s add (ModuleSummary.propertySources). */
  propertySources?: readonly string[];
  diagnostics?: Diagnostic[];
}

const LEGACY_FILES = ['.easy.api.config', '.easy.api.yml', '.easy.api.yaml'];

export function readConfig(options: ReadConfigOptions): ConfigValues {
  const root = resolve(options.projectDir);
  const moduleDir = options.moduleDir ?? '';
  const diagnostics = options.diagnostics ?? [];
  const sources: ConfigSource[] = [];
  const add = (file: string, kind: ConfigSourceKind, parse: (text: string) => Map<string, string[]>): void => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    try {
      sources.push({ file, kind, values: parse(text) });
    } catch (e) {
      diagnostics.push({ file: relative(root, file).split(sep).join('/'), message: `cannot read ${file}: ${(e as Error).message.split('\n')[0]}` });
    }
  };

  add(join(projectStateDir(root), 'config.properties'), 'apiscout', parseConfigText);
  for (const dir of upFrom(resolve(root, moduleDir), root)) {
    for (const name of LEGACY_FILES) add(join(dir, name), 'legacy', name.endsWith('.config') ? parseConfigText : parseYamlConfig);
  }
  const spring = readApplicationProperties(root, moduleDir, diagnostics, options.propertySources);
  if (spring.size) {
    sources.push({ file: join(root, moduleDir, 'src/main/resources'), kind: 'spring', values: new Map([...spring].map(([k, v]) => [k, [v]])) });
  }
  return new ConfigValues(sources);
}

/** `from`, its parents, up to and including `root` (only `root` when `from` lies outside it). */
function upFrom(from: string, root: string): string[] {
  const rel = relative(root, from);
  if (rel.startsWith('..') || resolve(root, rel) !== from) return [root];
  const dirs: string[] = [];
  for (let dir = from; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dir === root || dirname(dir) === dir) break;
  }
  return dirs;
}

/**
 * `key=value` lines; `#` starts a comment line. A value opening a triple-backtick block runs to the
 * line that closes it, and the fences are dropped: `http.call.before=groovy:```\n…\n```` reads as
 * `groovy:` followed by the script.
 */
export function parseConfigText(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (fences(value) % 2 === 1) {
      const block = [value];
      while (i + 1 < lines.length) {
        const next = lines[++i]!;
        block.push(next);
        if (fences(next) % 2 === 1) break;
      }
      value = block.join('\n');
    }
    if (value.includes('```')) value = unfence(value);
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  }
  return out;
}

function fences(s: string): number {
  return s.split('```').length - 1;
}

/** Drops the first and last fence with the line breaks that only separate them from the code. */
function unfence(value: string): string {
  const open = value.indexOf('```');
  const close = value.lastIndexOf('```');
  if (close <= open) return value;
  const inner = value.slice(open + 3, close).replace(/^[ \t]*\r?\n/, '').replace(/\r?\n[ \t]*$/, '');
  return value.slice(0, open) + inner + value.slice(close + 3);
}

function parseYamlConfig(text: string): Map<string, string[]> {
  return new Map([...flattenYaml(text)].map(([k, v]) => [k, [v.includes('```') ? unfence(v) : v]]));
}
