import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors';
import { checkSettingsPatch, defaultSettings, describeSettings, SETTINGS, SettingsStore } from './settings';
import { userConfigDir } from './user-dir';

function dirs() {
  const base = mkdtempSync(join(tmpdir(), 'apiscout-settings-'));
  mkdirSync(join(base, 'project'));
  return { userDir: join(base, 'user'), projectDir: join(base, 'project') };
}

describe('settings', () => {
  it('has every row of spec §2.6 with its default', () => {
    expect(defaultSettings()).toMatchObject({
      'grpc.enabled': false,
      'grpc.runtime': null,
      'actuator.enabled': false,
      'features.copyApiUrl': true,
      'features.searchEverywhere': true,
      'http.call.before': null,
      'http.call.after': null,
      'sync.postmanApiToken': null,
      'curl.renderMode': 'keep',
      'curl.format.comments': true,
      'curl.format.prettyJson': true,
      'curl.format.multiline': true,
      'curl.format.longFlags': false,
      'curl.format.responseExample': false,
      'curl.runPreRequestScripts': false,
      'curl.copySource': 'edited',
    });
    expect(SETTINGS['sync.postmanApiToken'].scope).toBe('user');
  });

  it('layers defaults, user values and project overrides', async () => {
    const { userDir, projectDir } = dirs();
    const store = new SettingsStore({ userDir, projectDir });
    await store.update('user', { 'grpc.enabled': true, 'curl.renderMode': 'resolve', 'http.timeoutMs': 5000 });
    await store.update('project', { 'curl.renderMode': 'ask', 'actuator.enabled': true });
    const s = store.read();
    expect(s['grpc.enabled']).toBe(true);
    expect(s['curl.renderMode']).toBe('ask');
    expect(s['actuator.enabled']).toBe(true);
    expect(s['http.timeoutMs']).toBe(5000);
    expect(s['features.copyApiUrl']).toBe(true);
    await store.update('project', { 'curl.renderMode': undefined });
    expect(store.read()['curl.renderMode']).toBe('resolve');
    expect(JSON.parse(readFileSync(join(projectDir, '.apiscout/settings.json'), 'utf8'))).toEqual({ 'actuator.enabled': true });
  });

  it('keeps secrets out of project files', async () => {
    const { userDir, projectDir } = dirs();
    const store = new SettingsStore({ userDir, projectDir, warn: () => {} });
    await expect(store.update('project', { 'sync.postmanApiToken': 'PMAK-123' })).rejects.toBeInstanceOf(InputError);
    mkdirSync(join(projectDir, '.apiscout'));
    writeFileSync(join(projectDir, '.apiscout/settings.json'), JSON.stringify({ 'sync.postmanApiToken': 'PMAK-leaked' }));
    const warnings: string[] = [];
    expect(new SettingsStore({ userDir, projectDir, warn: (m) => warnings.push(m) }).read()['sync.postmanApiToken']).toBeNull();
    expect(warnings[0]).toMatch(/per-user setting .*remove the secret/);
    await store.update('user', { 'sync.postmanApiToken': 'PMAK-mine' });
    expect(store.read()['sync.postmanApiToken']).toBe('PMAK-mine');
  });

  it('drops invalid and unknown values with warnings naming the file and key', () => {
    const { userDir, projectDir } = dirs();
    mkdirSync(userDir, { recursive: true });
    writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ 'grpc.enabled': 'yes', 'curl.renderMode': 'sometimes', 'no.such': 1, 'http.maxRedirects': 3 }));
    const warnings: string[] = [];
    const s = new SettingsStore({ userDir, projectDir, warn: (m) => warnings.push(m) }).read();
    expect(s['grpc.enabled']).toBe(false);
    expect(s['curl.renderMode']).toBe('keep');
    expect(s['http.maxRedirects']).toBe(3);
    expect(warnings).toEqual([
      expect.stringMatching(/settings\.json: 'grpc\.enabled' must be true or false/),
      expect.stringMatching(/'curl\.renderMode' must be one of keep, resolve, ask/),
      expect.stringMatching(/unknown setting 'no\.such'/),
    ]);
  });

  it('rejects bad updates before touching the file', async () => {
    const { userDir } = dirs();
    const store = new SettingsStore({ userDir });
    await expect(store.update('user', { 'http.timeoutMs': -1 })).rejects.toThrow(/'http\.timeoutMs' must be an integer/);
    await expect(store.update('project', { 'grpc.enabled': true })).rejects.toThrow(/need a project directory/);
  });
});

describe('describeSettings', () => {
  it('gives every definition a kind that accepts its default, with the range or choices it checks', () => {
    for (const [key, def] of Object.entries(SETTINGS) as [string, (typeof SETTINGS)[keyof typeof SETTINGS]][]) {
      expect(def.accepts(def.default as never), key).toBe(true);
      const d = def as { kind: string; choices?: readonly string[]; min?: number; max?: number; accepts(v: unknown): boolean };
      if (d.kind === 'choice') for (const c of d.choices!) expect(d.accepts(c), `${key}=${c}`).toBe(true);
      if (d.kind === 'integer') {
        expect([d.accepts(d.min), d.accepts(d.max), d.accepts(d.min! - 1), d.accepts(d.max! + 1)], key).toEqual([true, true, false, false]);
      }
      if (d.kind === 'boolean') expect(d.accepts('true'), key).toBe(false);
      if (d.kind === 'list') expect(d.accepts(['a']), key).toBe(true);
    }
  });

  it('says where each value comes from and never shows a secret', async () => {
    const { userDir, projectDir } = dirs();
    const store = new SettingsStore({ userDir, projectDir });
    await store.update('user', { 'sync.postmanApiToken': 'PMAK-x', 'grpc.enabled': true });
    await store.update('project', { 'grpc.enabled': false, 'curl.copySource': 'source' });
    const rows = Object.fromEntries(describeSettings(store).map((r) => [r.key, r]));
    expect(rows['sync.postmanApiToken']).toMatchObject({ value: null, isSet: true, secret: true, from: 'user', section: 'general' });
    expect(rows['grpc.enabled']).toMatchObject({ value: false, from: 'project', section: 'grpc' });
    expect(rows['curl.copySource']).toMatchObject({ value: 'source', from: 'project', kind: 'choice', choices: ['edited', 'source'] });
    expect(rows['grpc.runtime']).toMatchObject({ section: 'grpcRuntime', isSet: false, from: 'default' });
    expect(JSON.stringify(describeSettings(store))).not.toContain('PMAK-x');
  });

  it('checks a whole patch, naming the first bad key', () => {
    expect(() => checkSettingsPatch('user', { 'grpc.enabled': true, 'http.maxRedirects': 101 })).toThrow(/'http.maxRedirects' must be an integer from 0 to 100/);
    expect(() => checkSettingsPatch('project', { 'http.insecureHosts': [] })).toThrow(/'http.insecureHosts' is a per-user setting/);
    expect(() => checkSettingsPatch('user', { 'nope': 1 })).toThrow(InputError);
    expect(checkSettingsPatch('project', { 'grpc.enabled': undefined })).toEqual({ 'grpc.enabled': undefined });
  });
});

describe('userConfigDir', () => {
  it('follows each OS convention and the override', () => {
    expect(userConfigDir({ APISCOUT_CONFIG_DIR: '/x' }, 'linux', '/home/u')).toBe('/x');
    expect(userConfigDir({}, 'linux', '/home/u')).toBe('/home/u/.config/apiscout');
    expect(userConfigDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/apiscout');
    expect(userConfigDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/apiscout');
    expect(userConfigDir({ APPDATA: 'C:/Users/u/AppData/Roaming' }, 'win32', 'C:/Users/u')).toMatch(/Roaming.apiscout$/);
  });
});
