// The panels' pure parts, without a browser: the context menu's items and the selection each row
// stands for, the settings page's pages, editors and save routing, the environment editor's checks.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { buildTree } from '../../core/model/tree';
import { SETTINGS } from '../../core/config/settings';
import { menuItems, selectionOf, targetOfRow } from './context-menu';
import type { MenuActions, MenuTarget } from './context-menu';
import { checkDraft } from './environment-panel';
import { defaultDirectory, formatBytes } from './export-dialog';
import { editorText, fieldHint, keyOfError, pagesOf, parseEditor, settingValue, splitByScope } from './settings-model';
import type { SettingRow, SettingsView } from './settings-model';
import { flattenTree } from './tree-model';

const CLI = fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../../test/fixtures/shop', import.meta.url));
const shop: ScanResult = JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', SHOP], { encoding: 'utf8' }));
const tree = buildTree(shop.endpoints);

const recorded: string[] = [];
const actions: MenuActions = {
  export: (t) => recorded.push(`export ${t.kind}`),
  copy: (t, what) => recorded.push(`copy ${what} ${t.kind}`),
  navigate: (e) => recorded.push(`navigate ${e.id}`),
  reset: (e) => recorded.push(`reset ${e.id}`),
  resetAll: (es) => recorded.push(`reset ${es.length}`),
};

describe('context menu', () => {
  const rows = flattenTree(tree, new Set());

  it('offers every action on an endpoint, Copy API URL only while the feature is on', () => {
    const e = shop.endpoints[0]!;
    const target: MenuTarget = { kind: 'endpoint', endpoint: e };
    expect(menuItems(target, { copyApiUrl: true }, actions).map((i) => i.label)).toEqual(['Export…', 'Copy API URL', 'Copy Path', 'Copy as cURL', 'Navigate to Source', 'Reset to Default']);
    expect(menuItems(target, { copyApiUrl: false }, actions).map((i) => i.label)).not.toContain('Copy API URL');
    recorded.length = 0;
    for (const item of menuItems(target, { copyApiUrl: true }, actions)) item.run();
    expect(recorded).toEqual(['export endpoint', 'copy apiUrl endpoint', 'copy path endpoint', 'copy curl endpoint', `navigate ${e.id}`, `reset ${e.id}`]);
  });

  it('turns class and module rows into their endpoints and export selections; no Reset on groups', () => {
    const classRow = rows.find((r) => r.kind === 'class')!;
    const cls = targetOfRow(tree, classRow)!;
    const inTree = tree[0]!.classes[0]!;
    expect(cls).toMatchObject({ kind: 'class', className: inTree.className, label: inTree.simpleName });
    expect(cls.kind === 'class' && cls.endpoints.map((e) => e.id)).toEqual(inTree.endpoints.map((e) => e.id));
    expect(selectionOf(cls).selection).toEqual({ kind: 'class', className: inTree.className });
    expect(menuItems(cls, { copyApiUrl: true }, actions).map((i) => i.label)).toEqual(['Export…', 'Copy API URL', 'Copy Path', 'Copy as cURL', 'Navigate to Source', 'Reset to Default']);

    const moduleRow = rows.find((r) => r.kind === 'module' && r.label === tree[1]!.module)!;
    const mod = targetOfRow(tree, moduleRow)!;
    expect(mod.kind === 'module' && mod.endpoints.length).toBe(tree[1]!.classes.reduce((n, c) => n + c.endpoints.length, 0));
    expect(selectionOf(mod)).toEqual({ selection: { kind: 'module', module: tree[1]!.module }, label: expect.stringMatching(/^module .* endpoints\)$/) });
    // A module has no one source file to go to.
    expect(menuItems(mod, { copyApiUrl: true }, actions).map((i) => i.label)).toEqual(['Export…', 'Copy API URL', 'Copy Path', 'Copy as cURL', 'Reset to Default']);

    const endpointRow = rows.find((r) => r.kind === 'endpoint')!;
    expect(selectionOf(targetOfRow(tree, endpointRow)!).selection).toEqual({ kind: 'ids', ids: [endpointRow.key] });
  });
});

/** Rows shaped as settings/get sends them, from the real settings table. */
function view(overrides: Partial<Record<string, Partial<SettingRow>>> = {}): SettingsView {
  const sectionOf = (key: string) => (key.startsWith('curl.') ? 'curl' : key === 'grpc.runtime' ? 'grpcRuntime' : key.startsWith('grpc.') ? 'grpc' : key.startsWith('http.') && !key.startsWith('http.call.') ? 'http' : key.startsWith('scripts.') ? 'scripts' : 'general');
  const settings = Object.entries(SETTINGS).map(([key, d]): SettingRow => {
    const def = d as { label: string; default: unknown; scope: 'user' | 'any'; secret?: boolean; expects: string };
    const kind = typeof def.default === 'boolean' ? 'boolean' : typeof def.default === 'number' ? 'integer' : Array.isArray(def.default) || key === 'grpc.runtime' ? 'list' : key === 'curl.renderMode' || key === 'curl.copySource' ? 'choice' : 'text';
    const bounds = /from (\d+) to (\d+)/.exec(def.expects);
    return { key, label: def.label, section: sectionOf(key), kind, ...(bounds ? { min: Number(bounds[1]), max: Number(bounds[2]) } : {}), scope: def.scope, secret: !!def.secret, expects: def.expects, default: def.default, value: def.secret ? null : def.default, isSet: false, from: 'default', ...overrides[key] } as SettingRow;
  });
  return { settings, userPath: '/home/u/.config/apiscout/settings.json', projectPath: '/p/.apiscout/settings.json' };
}

describe('settings page', () => {
  it('puts the rows on the pages of spec §2.6, then the caller\'s; an unknown section gets its own page', () => {
    const v = view({ 'http.maxRedirects': { section: 'proxy' } });
    expect(pagesOf(v).map((p) => [p.id, p.sections])).toEqual([
      ['apiscout', ['general', 'curl']],
      ['grpc', ['grpc']],
      ['grpcRuntime', ['grpcRuntime']],
      ['http', ['http']],
      ['scripts', ['scripts']],
      ['proxy', ['proxy']],
    ]);
  });

  it('reads editors as values and refuses what the row does not accept, naming the field', () => {
    const v = view();
    const row = (k: string) => v.settings.find((r) => r.key === k)!;
    expect(parseEditor(row('grpc.deadlineMs'), ' 5000 ')).toEqual({ value: 5000 });
    expect(parseEditor(row('grpc.deadlineMs'), '-5')).toEqual({ error: 'gRPC deadline (ms, 0 for none): an integer from 0 to 86400000 is needed, got -5' });
    expect(parseEditor(row('grpc.deadlineMs'), '1.5')).toHaveProperty('error');
    // Lists: one entry a line; empty means "not set" where the default is null.
    expect(parseEditor(row('grpc.runtime'), '/a.protoset\n\n /b \n')).toEqual({ value: ['/a.protoset', '/b'] });
    expect(parseEditor(row('grpc.runtime'), '  \n')).toEqual({ value: null });
    expect(parseEditor(row('http.insecureHosts'), '')).toEqual({ value: [] });
    expect(parseEditor(row('http.call.before'), '')).toEqual({ value: null });
    expect(editorText(row('grpc.runtime'), ['/a', '/b'])).toBe('/a\n/b');
    expect(editorText(row('http.call.before'), null)).toBe('');
  });

  it('says under a field what it takes in the editor\'s terms, not the settings file\'s ("a string or null")', () => {
    const v = view();
    const hint = (k: string) => fieldHint(v.settings.find((r) => r.key === k)!);
    expect(hint('grpc.caFile')).toBeUndefined();
    expect(hint('http.call.before')).toBeUndefined();
    expect(hint('grpc.enabled')).toBeUndefined();
    expect(hint('curl.renderMode')).toBeUndefined();
    expect(hint('http.insecureHosts')).toBe('one entry a line');
    expect(hint('grpc.runtime')).toBe('one entry a line; empty: not set');
    expect(hint('grpc.deadlineMs')).toBe('an integer from 0 to 86400000');
    expect(v.settings.map((r) => hint(r.key)).filter((h) => h && /\bnull\b|strings/.test(h))).toEqual([]);
  });

  it('saves per-user rows to the user file whatever the chosen scope, and finds the field a refusal names', () => {
    const v = view();
    expect(splitByScope(v, { 'grpc.enabled': true, 'sync.postmanApiToken': 'PMAK-1', 'grpc.caFile': '/ca.pem' }, 'project')).toEqual({
      project: { 'grpc.enabled': true },
      user: { 'sync.postmanApiToken': 'PMAK-1', 'grpc.caFile': '/ca.pem' },
    });
    expect(keyOfError(v, "'http.maxRedirects' must be an integer from 0 to 100, got 500")).toBe('http.maxRedirects');
    // The longest key wins: 'http.timeoutMs' is not taken for 'http.connectTimeoutMs'.
    expect(keyOfError(v, "'http.connectTimeoutMs' must be an integer")).toBe('http.connectTimeoutMs');
    expect(keyOfError(v, 'disk full')).toBeUndefined();
    expect(settingValue(v, 'features.copyApiUrl', false)).toBe(true);
    expect(settingValue(undefined, 'features.copyApiUrl', true)).toBe(true);
  });
});

describe('environment editor and export dialog', () => {
  const envs = [{ name: 'dev', variables: [] }, { name: 'prod', variables: [] }];

  it('checks a draft before saving: a name, no taken name, keys present and distinct; blank rows drop', () => {
    expect(checkDraft({ original: 'dev', name: 'dev', variables: [{ key: 'host', value: 'x' }, { key: '', value: '' }] }, envs)).toBeUndefined();
    expect(checkDraft({ name: ' ', variables: [] }, envs)).toBe('The environment needs a name');
    expect(checkDraft({ original: 'dev', name: 'prod', variables: [] }, envs)).toBe("An environment named 'prod' exists already");
    expect(checkDraft({ name: 'qa', variables: [{ key: '', value: 'orphan' }] }, envs)).toBe('Variable 1 has a value but no key');
    expect(checkDraft({ name: 'qa', variables: [{ key: 'a', value: '1' }, { key: ' a', value: '2' }] }, envs)).toBe("The key 'a' is there twice");
  });

  it('exports to the build folder by default and prints sizes for people', () => {
    expect(defaultDirectory('/home/dev/shop/')).toBe('/home/dev/shop/build/apiscout');
    expect(defaultDirectory('C:\\work\\shop')).toBe('C:\\work\\shop\\build\\apiscout');
    expect([formatBytes(512), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '5.0 MB']);
  });
});
