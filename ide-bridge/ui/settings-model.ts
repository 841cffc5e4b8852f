// The settings page's rules, without a browser: which page shows a row, what an editor's text
// means as a value (and when it is not one), which file each changed value is saved to, and which
// field a refusal from settings/set belongs to. The rows themselves (labels, kinds, bounds) come
// from the sidecar's settings/get: nothing here repeats the table of core/config/settings.ts.

import type { ResultOf } from '../protocol';

export type SettingsView = ResultOf<'settings/get'>;
export type SettingRow = SettingsView['settings'][number];
export type SettingsScope = 'user' | 'project';

/** The pages, in the order of spec §2.6, then the caller's own; a section not known here follows. */
export const PAGES: readonly { id: string; label: string; sections: readonly string[] }[] = [
  { id: 'apiscout', label: 'General', sections: ['general', 'curl'] },
  { id: 'grpc', label: 'gRPC', sections: ['grpc'] },
  { id: 'grpcRuntime', label: 'gRPC Runtime', sections: ['grpcRuntime'] },
  { id: 'http', label: 'HTTP', sections: ['http'] },
  { id: 'scripts', label: 'Scripts', sections: ['scripts'] },
];

/** How a choice reads on the page (the spec's words); the value saved is the key. */
export const CHOICE_LABELS: Record<string, Record<string, string>> = {
  'curl.renderMode': { keep: 'Keep placeholders', resolve: 'Resolve with active environment', ask: 'Ask each export' },
  'curl.copySource': { edited: 'Edited endpoint', source: 'Original source endpoint' },
};

export const SECTION_TITLES: Record<string, string> = { general: 'General', curl: 'cURL export', grpc: 'gRPC', grpcRuntime: 'gRPC Runtime', http: 'HTTP calls', scripts: 'Request scripts' };

/** The pages that have rows, with a page for each section the table above does not know. */
export function pagesOf(view: SettingsView): { id: string; label: string; sections: string[] }[] {
  const present = new Set(view.settings.map((r) => r.section));
  const known = new Set(PAGES.flatMap((p) => p.sections));
  const pages = PAGES.map((p) => ({ ...p, sections: p.sections.filter((s) => present.has(s)) })).filter((p) => p.sections.length);
  for (const s of present) if (!known.has(s)) pages.push({ id: s, label: SECTION_TITLES[s] ?? s, sections: [s] });
  return pages;
}

export function rowOf(view: SettingsView | undefined, key: string): SettingRow | undefined {
  return view?.settings.find((r) => r.key === key);
}

/** A setting's effective value, or `fallback` before settings/get has answered. */
export function settingValue<T>(view: SettingsView | undefined, key: string, fallback: T): T {
  const row = rowOf(view, key);
  return row === undefined || row.value === undefined ? fallback : (row.value as T);
}

/** What an editor shows for a value: lists one entry a line, numbers as digits, null as empty. */
export function editorText(row: SettingRow, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (row.kind === 'list') return (value as string[]).join('\n');
  return String(value);
}

/**
 * The line under a field: what it takes, said for the editor in front of the user. A row's
 * `expects` is worded for the settings file ("a string or null", "a list of strings"), which the
 * page read out under every text and list field though nobody types null there or writes a list's
 * brackets: a text field takes any text, a list takes one entry a line, and a choice's menu shows
 * its choices (by their labels, not the keys "one of" listed).
 */
export function fieldHint(row: SettingRow): string | undefined {
  switch (row.kind) {
    case 'boolean':
    case 'text':
    case 'choice':
      return undefined;
    case 'list':
      return row.default === null ? 'one entry a line; empty: not set' : 'one entry a line';
    default:
      return row.expects;
  }
}

/**
 * An editor's text as the value to save, or why it is not one. An empty field of a setting whose
 * default is null clears it (null); an empty list is [] unless its default is null.
 */
export function parseEditor(row: SettingRow, text: string): { value: unknown } | { error: string } {
  switch (row.kind) {
    case 'integer': {
      const t = text.trim();
      if (!/^-?\d+$/.test(t)) return { error: `${row.label}: ${row.expects} is needed, got '${text}'` };
      const n = Number(t);
      if ((row.min !== undefined && n < row.min) || (row.max !== undefined && n > row.max)) return { error: `${row.label}: ${row.expects} is needed, got ${n}` };
      return { value: n };
    }
    case 'list': {
      const entries = text
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      return { value: entries.length === 0 && row.default === null ? null : entries };
    }
    case 'text':
      return { value: text === '' && row.default === null ? null : text };
    default:
      return { value: text };
  }
}

/** Changed values split by the file they go to: per-user rows always to the user's file. */
export function splitByScope(view: SettingsView, changes: Record<string, unknown>, scope: SettingsScope): Partial<Record<SettingsScope, Record<string, unknown>>> {
  const out: Partial<Record<SettingsScope, Record<string, unknown>>> = {};
  for (const [key, value] of Object.entries(changes)) {
    const target = rowOf(view, key)?.scope === 'user' ? 'user' : scope;
    (out[target] ??= {})[key] = value;
  }
  return out;
}

/** The setting a refusal names (settings/set names the key, quoted), to show it at its field. */
export function keyOfError(view: SettingsView, message: string): string | undefined {
  const keys = view.settings.map((r) => r.key).sort((a, b) => b.length - a.length);
  return keys.find((k) => message.includes(`'${k}'`)) ?? keys.find((k) => message.includes(k));
}
