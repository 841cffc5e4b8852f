// `apiscout env` as a user runs it: the built bundle in a child process, on a temp project.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import { startPostmanStandIn } from '../postman/stand-in';
import type { PostmanStandIn } from '../postman/stand-in';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

describe('apiscout env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-env-cli-'));
  const userDir = mkdtempSync(join(tmpdir(), 'apiscout-env-user-'));
  const env = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'env', ...args, '--dir', dir], { encoding: 'utf8', env: { ...process.env, APISCOUT_CONFIG_DIR: userDir, NO_COLOR: '1' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('creates, sets (secrets apart), selects, renames and deletes', () => {
    expect(env('create', 'dev', 'host=http://127.0.0.1:8080').code).toBe(0);
    expect(env('set', 'dev', 'token=tok-123', '--secret').code).toBe(0);
    expect(env('create', 'prod').code).toBe(0);
    expect(env('use', 'dev').code).toBe(0);
    expect(env('list').stdout).toBe('* dev  (2 variables)\n  prod  (0 variables)\n');
    expect(env('show', 'dev').stdout).toBe('host=http://127.0.0.1:8080\ntoken=******  (secret)\n');
    expect(readFileSync(join(dir, '.apiscout/environments.json'), 'utf8')).not.toContain('tok-123');
    const userFile = join(userDir, 'projects', readdirSync(join(userDir, 'projects'))[0]!);
    expect(readFileSync(userFile, 'utf8')).toContain('tok-123');
    expect(new EnvironmentStore({ projectDir: dir, userDir }).active()!.variables).toContainEqual({ key: 'token', value: 'tok-123', secret: true });

    expect(env('rename', 'dev', 'local').code).toBe(0);
    expect(env('list').stdout).toBe('* local  (2 variables)\n  prod  (0 variables)\n');
    expect(env('unset', 'local', 'host').code).toBe(0);
    expect(env('show', 'local').stdout).toBe('token=******  (secret)\n');
    expect(env('use', '--none').code).toBe(0);
    expect(env('delete', 'prod').code).toBe(0);
    expect(env('list').stdout).toBe('  local  (1 variable)\n');
  });

  it('names the problem on bad input', () => {
    const missing = env('use', 'qa');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no environment named 'qa'");
    expect(env('create', 'x', 'novalue').stderr).toContain("expected KEY=VALUE, got 'novalue'");
    expect(env('frobnicate').code).toBe(2);
  });
});

// Postman sync through the real CLI process, against the Postman stand-in. The API key is read from
// stdin or the environment and never shows up in output, in the project, or with loose permissions.

let standIn: PostmanStandIn;
const project = mkdtempSync(join(tmpdir(), 'apiscout-envcli-'));
const syncUserDir = mkdtempSync(join(tmpdir(), 'apiscout-envcli-user-'));

beforeAll(async () => {
  standIn = await startPostmanStandIn();
});
afterAll(async () => {
  await standIn.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(syncUserDir, { recursive: true, force: true });
});

function run(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: syncUserDir, APISCOUT_POSTMAN_API_URL: standIn.url, ...options.env };
    delete env.APISCOUT_POSTMAN_API_KEY;
    Object.assign(env, options.env);
    const child = spawn(process.execPath, [BIN, 'env', ...args, '--dir', project], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(options.input ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file under a folder, concatenated. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'))
    .join('\n');
}

describe('apiscout env: sync with Postman', () => {
  it('a project environment to sync', async () => {
    expect((await run(['create', 'dev', 'host=http://127.0.0.1:8080', 'user=ann'])).code).toBe(0);
    expect((await run(['set', 'dev', 'password=hunter2', '--secret'])).code).toBe(0);
    expect((await run(['use', 'dev'])).code).toBe(0);
    expect((await run(['list'])).stdout).toBe('* dev  (3 variables)\n');
    expect(allText(join(project, '.apiscout'))).not.toContain('hunter2');
  });

  it('without a key, push and pull say how to set one', async () => {
    const r = await run(['push', 'dev']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^apiscout env: Postman sync needs an API key .*APISCOUT_POSTMAN_API_KEY.*apiscout env token/);
    expect((await run(['pull', 'dev'])).stderr).toContain('Postman sync needs an API key');
    expect(standIn.requests).toHaveLength(0);
  });

  it('stores the key from stdin, owner-only, outside the project; push and pull use it', async () => {
    const stored = await run(['token'], { input: `${standIn.apiKey}\n` });
    expect(stored.code).toBe(0);
    expect(stored.stdout).not.toContain(standIn.apiKey);
    const settings = join(syncUserDir, 'settings.json');
    expect(statSync(settings).mode & 0o777).toBe(0o600);

    const pushed = await run(['push', 'dev', '--workspace', 'ws-team']);
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toMatch(/^dev: created in Postman \(3 variables, id [\w-]+\)\n$/);
    const remote = [...standIn.environments.values()][0]!;
    remote.values.push({ key: 'fromPostman', value: 'yes', type: 'default', enabled: true });
    remote.values[0]!.value = 'https://remote.example.test';

    const conflict = await run(['pull', 'dev', '--workspace', 'ws-team']);
    expect(conflict.code).toBe(2);
    expect(conflict.stderr).toContain("an environment named 'dev' already exists in this project; choose a strategy");
    expect(conflict.stderr).toContain('(--strategy replace|merge|skip)');
    expect((await run(['pull', 'dev', '--workspace', 'ws-team', '--strategy', 'sideways'])).code).toBe(2);

    const merged = await run(['pull', 'dev', '--workspace', 'ws-team', '--strategy', 'merge']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe('dev: merged (1 added, 1 changed)\n* dev  (4 variables)\n');
    expect((await run(['show', 'dev'])).stdout).toContain('host=https://remote.example.test');

    const output = [stored, pushed, conflict, merged].map((r) => r.stdout + r.stderr).join('');
    expect(output).not.toContain(standIn.apiKey);
    expect(allText(project)).not.toContain(standIn.apiKey);
    expect(standIn.violations).toEqual([]);
  });

  it('takes the key from APISCOUT_POSTMAN_API_KEY, reports API errors with exit 1', async () => {
    const wrong = await run(['list', '--remote', '--workspace', 'ws-team'], { env: { APISCOUT_POSTMAN_API_KEY: 'PMAK-wrong' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^apiscout env: Postman rejected the API key \(401 Unauthorized\)/);
    const listed = await run(['list', '--remote', '--workspace', 'ws-team'], { env: { APISCOUT_POSTMAN_API_KEY: standIn.apiKey } });
    expect(listed.stdout).toMatch(/^dev\t[\w-]+\tupdated /);
    const ws = await run(['workspaces'], { env: { APISCOUT_POSTMAN_API_KEY: standIn.apiKey } });
    expect(ws.stderr).toBe('');
    expect(ws.stdout).toBe('ws-personal\tMy Workspace\tpersonal\nws-team\tTeam APIs\tteam\n');
  });

  it('refuses a key file others can read', async () => {
    chmodSync(join(syncUserDir, 'settings.json'), 0o644);
    const r = await run(['push', 'dev']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('others can read it (mode 644); run chmod 600');
    chmodSync(join(syncUserDir, 'settings.json'), 0o600);
    expect((await run(['token', '--clear'])).code).toBe(0);
    expect(readFileSync(join(syncUserDir, 'settings.json'), 'utf8')).not.toContain(standIn.apiKey);
  });
});
