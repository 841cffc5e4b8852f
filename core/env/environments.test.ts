import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors';
import { EnvironmentStore } from './environments';

function setup() {
  const base = mkdtempSync(join(tmpdir(), 'apiscout-env-'));
  const projectDir = join(base, 'project');
  const userDir = join(base, 'user');
  mkdirSync(projectDir);
  const warnings: string[] = [];
  const store = new EnvironmentStore({ projectDir, userDir, warn: (m) => warnings.push(m) });
  return { projectDir, userDir, store, warnings };
}

describe('EnvironmentStore', () => {
  it('creates environments in the shared file and keeps secret values in the user folder only', async () => {
    const { projectDir, userDir, store } = setup();
    await store.create('local', [
      { key: 'host', value: 'http://127.0.0.1:8080' },
      { key: 'token', value: 's3cr3t-value', secret: true },
    ]);
    const shared = readFileSync(join(projectDir, '.apiscout/environments.json'), 'utf8');
    expect(JSON.parse(shared)).toEqual({
      version: 1,
      environments: [{ name: 'local', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }, { key: 'token', secret: true }] }],
    });
    expect(shared).not.toContain('s3cr3t-value');
    const userFiles = readdirSync(join(userDir, 'projects'));
    expect(userFiles).toHaveLength(1);
    const userFile = join(userDir, 'projects', userFiles[0]!);
    expect(readFileSync(userFile, 'utf8')).toContain('s3cr3t-value');
    if (process.platform !== 'win32') expect(statSync(userFile).mode & 0o077).toBe(0);
    expect(store.get('local')!.variables).toEqual([
      { key: 'host', value: 'http://127.0.0.1:8080' },
      { key: 'token', value: 's3cr3t-value', secret: true },
    ]);
  });

  it('a teammate without the secret sees the variable with an empty value', async () => {
    const { projectDir, store } = setup();
    await store.create('dev', [{ key: 'token', value: 'mine', secret: true }]);
    const other = new EnvironmentStore({ projectDir, userDir: mkdtempSync(join(tmpdir(), 'apiscout-other-')) });
    expect(other.get('dev')!.variables).toEqual([{ key: 'token', value: '', secret: true }]);
  });

  it('selects, renames and deletes, carrying the active choice and the secrets along', async () => {
    const { store } = setup();
    await store.create('dev', [{ key: 'token', value: 't1', secret: true }]);
    await store.create('prod');
    expect(store.active()).toBeUndefined();
    await store.setActive('dev');
    expect(store.activeName()).toBe('dev');
    await store.rename('dev', 'staging');
    expect(store.activeName()).toBe('staging');
    expect(store.get('staging')!.variables).toEqual([{ key: 'token', value: 't1', secret: true }]);
    expect(store.get('dev')).toBeUndefined();
    await store.delete('staging');
    expect(store.active()).toBeUndefined();
    expect(store.list().map((e) => e.name)).toEqual(['prod']);
    await store.setActive(undefined);
    expect(store.activeName()).toBeUndefined();
  });

  it('rejects duplicate, blank and unknown names with input errors naming them', async () => {
    const { store } = setup();
    await store.create('dev');
    await expect(store.create('dev')).rejects.toThrow(/already exists/);
    await expect(store.create(' ')).rejects.toBeInstanceOf(InputError);
    await expect(store.rename('dev', 'dev ')).rejects.toBeInstanceOf(InputError);
    await expect(store.setActive('nope')).rejects.toThrow(/no environment named 'nope' \(known: dev\)/);
    expect(() => store.require('missing')).toThrow(InputError);
  });

  it('sets one variable, switching it between secret and shared', async () => {
    const { projectDir, store } = setup();
    await store.create('dev', [{ key: 'a', value: '1' }]);
    await store.setVariable('dev', { key: 'b', value: 'hidden', secret: true });
    await store.setVariable('dev', { key: 'a', value: '2' });
    expect(store.get('dev')!.variables).toEqual([
      { key: 'a', value: '2' },
      { key: 'b', value: 'hidden', secret: true },
    ]);
    await store.setVariable('dev', { key: 'b', value: 'now-public' });
    expect(readFileSync(join(projectDir, '.apiscout/environments.json'), 'utf8')).toContain('now-public');
    expect(store.get('dev')!.variables[1]).toEqual({ key: 'b', value: 'now-public' });
  });

  it('moves a corrupt shared file aside with a warning and starts afresh', async () => {
    const { projectDir, store, warnings } = setup();
    mkdirSync(join(projectDir, '.apiscout'));
    writeFileSync(join(projectDir, '.apiscout/environments.json'), '{"environments": [ {"name": ');
    expect(store.list()).toEqual([]);
    expect(warnings[0]).toMatch(/environments\.json could not be read .*moved it aside to .*environments\.json\.corrupt-/);
    const aside = readdirSync(join(projectDir, '.apiscout')).find((f) => f.includes('.corrupt-'))!;
    expect(readFileSync(join(projectDir, '.apiscout', aside), 'utf8')).toBe('{"environments": [ {"name": ');
    await store.create('fresh');
    expect(store.list().map((e) => e.name)).toEqual(['fresh']);
  });

  it('concurrent writers in one process all land', async () => {
    const { store, projectDir } = setup();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.create(`env${i}`)));
    expect(store.list()).toHaveLength(20);
    expect(readdirSync(join(projectDir, '.apiscout')).sort()).toEqual(['.gitignore', 'environments.json']); // no temp or lock files left
    expect(existsSync(join(projectDir, '.apiscout/environments.json.lock'))).toBe(false);
  });
});
