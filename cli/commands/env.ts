// `apiscout env list|show|set|use|push|pull|workspaces|token`: the project's environments
// (spec §2.5) and their sync with Postman (§4.8).

import { parseArgs } from 'node:util';
import { SettingsStore } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { EnvironmentStore } from '../../core/env/environments';
import { POSTMAN_API_URL_ENV, PostmanClient } from '../../core/env/postman-api';
import { PULL_STRATEGIES, PostmanSync } from '../../core/env/postman-sync';
import type { PullStrategy } from '../../core/env/postman-sync';
import { missingTokenMessage, readSyncToken, saveSyncToken } from '../../core/env/sync-token';
import { InputError, SyncError } from '../../core/errors';
import type { Environment } from '../../core/model/environment';
import type { CliIO } from '../io';

export const envHelp = `Usage: apiscout env <action> [options]

Actions:
  list                         the project's environments (* marks the active one)
  list --remote                the environments in the Postman workspace
  show NAME                    one environment's variables (secret values masked)
  set NAME KEY=VALUE...        set variables, creating the environment if needed
  use NAME                     make NAME the active environment (--none: no environment)
  push NAME                    send NAME to Postman: creates or replaces the remote one
  pull NAME|ID                 bring a Postman environment into the project
  workspaces                   the Postman workspaces the key can reach
  token                        store the Postman API key read from stdin (--clear removes it)

Options:
  -C, --project DIR            the project folder (default: the current folder)
  --secret                     (set) the values are secrets: kept in your user folder, not the project
  --reveal                     (show) print secret values too
  --workspace ID               the Postman workspace (default: setting sync.postmanWorkspace, else Postman's default)
  --strategy replace|merge|skip  (pull) when NAME exists locally: take the remote values, merge
                               (remote wins for shared keys, local-only keys kept), or leave it
  --force                      (push) overwrite a remote environment changed since the last sync
  -h, --help                   show this help

The Postman API key comes from APISCOUT_POSTMAN_API_KEY or from 'apiscout env token'
(kept in your user settings, readable by you only); it is never written to the project.`;

export async function envCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      project: { type: 'string', short: 'C' },
      secret: { type: 'boolean', default: false },
      reveal: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      workspace: { type: 'string' },
      strategy: { type: 'string' },
      force: { type: 'boolean', default: false },
      clear: { type: 'boolean', default: false },
      none: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(envHelp);
    return 0;
  }
  const [action, ...rest] = positionals;
  const projectDir = values.project ?? process.cwd();
  const userDir = userConfigDir();
  const store = new EnvironmentStore({ projectDir, userDir, warn: (m) => io.err(`apiscout env: ${m}`) });
  const usage = (message: string): number => {
    io.err(`apiscout env: ${message}\n\n${envHelp}`);
    return 2;
  };

  switch (action) {
    case 'list': {
      if (values.remote) {
        const client = clientFor(userDir);
        const workspace = workspaceFor(values.workspace, userDir, projectDir);
        const list = await client.environments(workspace);
        if (!list.length) io.out(`no environments in Postman${workspace ? ` workspace ${workspace}` : ''}`);
        for (const e of list) io.out(`${e.name}\t${e.id}${e.updatedAt ? `\tupdated ${e.updatedAt}` : ''}`);
        return 0;
      }
      printList(store.list(), store.activeName(), io);
      return 0;
    }
    case 'show': {
      if (rest.length !== 1) return usage('show takes one environment name');
      const env = store.require(rest[0]!);
      io.out(`${env.name}${store.activeName() === env.name ? ' (active)' : ''}`);
      for (const v of env.variables) io.out(`  ${v.key} = ${v.secret && !values.reveal ? (v.value ? '•••••• (secret)' : '(secret, no value set for you)') : v.value}`);
      return 0;
    }
    case 'set': {
      const [name, ...pairs] = rest;
      if (!name || !pairs.length) return usage('set takes an environment name and at least one KEY=VALUE');
      const env = store.get(name) ?? { name, variables: [] };
      for (const pair of pairs) {
        const eq = pair.indexOf('=');
        if (eq <= 0) throw new InputError(`expected KEY=VALUE, got '${pair}'`, pair);
        const key = pair.slice(0, eq);
        const variable = { key, value: pair.slice(eq + 1), ...(values.secret ? { secret: true } : {}) };
        const at = env.variables.findIndex((v) => v.key === key);
        if (at >= 0) env.variables[at] = variable;
        else env.variables.push(variable);
      }
      await store.save(env);
      io.out(`${name}: ${pairs.length} variable${pairs.length === 1 ? '' : 's'} set${values.secret ? ' (secret, stored in your user folder)' : ''}`);
      return 0;
    }
    case 'use': {
      if (values.none) {
        await store.setActive(undefined);
        io.out('no active environment');
        return 0;
      }
      if (rest.length !== 1) return usage('use takes one environment name (or --none)');
      await store.setActive(rest[0]);
      io.out(`active environment: ${rest[0]}`);
      return 0;
    }
    case 'push': {
      if (rest.length !== 1) return usage('push takes one environment name');
      const sync = new PostmanSync(store, clientFor(userDir), workspaceFor(values.workspace, userDir, projectDir));
      const r = await sync.push(rest[0]!, { force: values.force });
      const what = { created: 'created in Postman', updated: 'updated in Postman', unchanged: 'already up to date in Postman' }[r.action];
      io.out(`${r.name}: ${what} (${r.variables} variable${r.variables === 1 ? '' : 's'}, id ${r.id})`);
      return 0;
    }
    case 'pull': {
      if (rest.length !== 1) return usage('pull takes one environment name or id');
      const strategy = values.strategy;
      if (strategy !== undefined && !PULL_STRATEGIES.includes(strategy as PullStrategy)) return usage(`--strategy must be one of ${PULL_STRATEGIES.join(', ')}, got '${strategy}'`);
      const sync = new PostmanSync(store, clientFor(userDir), workspaceFor(values.workspace, userDir, projectDir));
      {
        const r = await sync.pull(rest[0]!, { strategy: strategy as PullStrategy | undefined });
        const parts = [
          r.added.length && `${r.added.length} added`,
          r.changed.length && `${r.changed.length} changed`,
          r.action === 'merged' && r.kept.length && `${r.kept.length} local-only kept`,
          r.removed.length && `${r.removed.length} local-only removed`,
          r.ignored.length && `${r.ignored.length} disabled in Postman, not imported`,
        ].filter(Boolean);
        io.out(`${r.name}: ${r.action}${parts.length ? ` (${parts.join(', ')})` : ''}`);
        printList(r.environments, store.activeName(), io);
      }
      return 0;
    }
    case 'workspaces': {
      for (const w of await clientFor(userDir).workspaces()) io.out(`${w.id}\t${w.name}${w.type ? `\t${w.type}` : ''}`);
      return 0;
    }
    case 'token': {
      if (values.clear) {
        const path = await saveSyncToken(userDir, undefined);
        io.out(`Postman API key removed from ${path}`);
        return 0;
      }
      const token = (await readStdin()).trim();
      if (!token) return usage('token reads the API key from stdin: echo "$KEY" | apiscout env token');
      const path = await saveSyncToken(userDir, token);
      io.out(`Postman API key stored in ${path} (readable by you only)`);
      return 0;
    }
    default:
      return usage(action ? `unknown action '${action}'` : 'an action is required');
  }
}

function clientFor(userDir: string): PostmanClient {
  const token = readSyncToken(userDir);
  if (!token) throw new SyncError(missingTokenMessage(userDir));
  return new PostmanClient({ apiKey: token.token, baseUrl: process.env[POSTMAN_API_URL_ENV] || undefined });
}

function workspaceFor(option: string | undefined, userDir: string, projectDir: string): string | undefined {
  if (option) return option;
  return new SettingsStore({ userDir, projectDir }).read()['sync.postmanWorkspace'] ?? undefined;
}

function printList(envs: Environment[], active: string | undefined, io: CliIO): void {
  if (!envs.length) {
    io.out('no environments (create one with: apiscout env set NAME KEY=VALUE)');
    return;
  }
  for (const e of envs) io.out(`${e.name === active ? '*' : ' '} ${e.name}  (${e.variables.length} variable${e.variables.length === 1 ? '' : 's'})`);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Paste the Postman API key, then press Enter and Ctrl-D:\n');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
