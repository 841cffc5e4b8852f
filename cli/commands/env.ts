// `apiscout env <list|show|create|set|unset|use|rename|delete> ... [--dir DIR]`: the project's
// environments from the command line. Secret values go to the user folder, never the project.
// `push`, `pull`, `workspaces`, `token` and `list --remote` sync them with Postman (spec §4.8).

import { parseArgs } from 'node:util';
import { userConfigDir } from '../../core/config/user-dir';
import { EnvironmentStore } from '../../core/env/environments';
import type { PostmanClient } from '../../core/env/postman-api';
import { PULL_STRATEGIES, PostmanSync, PullConflict } from '../../core/env/postman-sync';
import type { PullStrategy } from '../../core/env/postman-sync';
import { postmanClientFor, syncWorkspace } from '../../core/env/sync-setup';
import { readSyncToken, saveSyncToken } from '../../core/env/sync-token';
import { InputError } from '../../core/errors';
import type { EnvironmentVariable } from '../../core/model/environment';
import type { CliIO } from '../io';

export const envHelp = `Usage: apiscout env <action> [arguments] [--dir DIR]

Manages the environments of the project at DIR (default: the current directory), kept in
DIR/.apiscout/environments.json; the values of secret variables are kept in your user folder.

Actions:
  list                       the environments, the active one marked with *
  show NAME                  an environment's variables (secret values masked)
  create NAME [K=V ...]      a new environment
  set NAME K=V ... [--secret]
                             set variables (--secret: keep their values out of the project)
  unset NAME K ...           remove variables
  use NAME | --none          select the active environment, or none
  rename NAME NEW            rename an environment
  delete NAME                delete an environment

Sync with Postman:
  push NAME                  send NAME to Postman: creates it, or replaces the one synced before
  pull NAME|ID               bring a Postman environment into the project
  list --remote              the environments in the Postman workspace
  workspaces                 the Postman workspaces the API key reaches
  token                      store the Postman API key read from stdin (--clear removes it)

Options:
  --dir DIR    the project (default: the current directory)
  --secret     with set and create: the variables are secret
  --none       with use: no active environment
  --workspace ID
               the Postman workspace (default: setting sync.postmanWorkspace, else Postman's default)
  --strategy replace|merge|skip
               with pull, when NAME exists locally: take the remote values, merge them (remote
               wins for shared keys, local-only keys kept), or leave the local one untouched
  --force      with push: overwrite a remote environment changed since the last sync
  -h, --help   show this help

The Postman API key comes from APISCOUT_POSTMAN_API_KEY or from 'apiscout env token' (kept in your
user settings, readable by you only); it is never written to the project or printed.`;

export async function envCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      dir: { type: 'string', default: '.' },
      secret: { type: 'boolean', default: false },
      none: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      workspace: { type: 'string' },
      strategy: { type: 'string' },
      force: { type: 'boolean', default: false },
      clear: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(envHelp);
    return 0;
  }
  const [action, name, ...rest] = positionals;
  const userDir = userConfigDir(process.env);
  const store = new EnvironmentStore({ projectDir: values.dir, userDir, warn: (m) => io.err(`warning: ${m}`) });
  const sync = (): PostmanSync => new PostmanSync(store, postmanClient(userDir), workspaceFor(values.workspace, userDir, values.dir));
  const need = (what: string | undefined, label: string): string => {
    if (!what) throw new InputError(`${action} needs ${label}\nRun 'apiscout env --help' for its usage.`, action ?? '');
    return what;
  };
  const pairs = (items: string[]): EnvironmentVariable[] =>
    items.map((item) => {
      const eq = item.indexOf('=');
      if (eq <= 0) throw new InputError(`expected KEY=VALUE, got '${item}'`, item);
      const v: EnvironmentVariable = { key: item.slice(0, eq), value: item.slice(eq + 1) };
      if (values.secret) v.secret = true;
      return v;
    });

  switch (action) {
    case 'list': {
      if (values.remote) {
        const workspace = workspaceFor(values.workspace, userDir, values.dir);
        const list = await postmanClient(userDir).environments(workspace);
        if (!list.length) io.out(`no environments in Postman${workspace ? ` workspace ${workspace}` : ''}`);
        for (const e of list) io.out(`${e.name}\t${e.id}${e.updatedAt ? `\tupdated ${e.updatedAt}` : ''}`);
        return 0;
      }
      const active = store.activeName();
      const all = store.list();
      if (!all.length) io.out(`no environments in ${store.sharedPath}`);
      for (const e of all) io.out(`${e.name === active ? '*' : ' '} ${e.name}  (${e.variables.length} variable${e.variables.length === 1 ? '' : 's'})`);
      return 0;
    }
    case 'show': {
      const env = store.require(need(name, 'an environment name'));
      for (const v of env.variables) io.out(`${v.key}=${v.secret ? (v.value ? '******  (secret)' : '  (secret, no value for you yet)') : v.value}`);
      return 0;
    }
    case 'create':
      await store.create(need(name, 'an environment name'), pairs(rest));
      return 0;
    case 'set': {
      const envName = need(name, 'an environment name');
      const updates = pairs(rest);
      if (!updates.length) need(undefined, 'at least one KEY=VALUE');
      await store.updateVariables(envName, updates, []);
      return 0;
    }
    case 'unset': {
      await store.updateVariables(need(name, 'an environment name'), [], rest);
      return 0;
    }
    case 'use':
      await store.setActive(values.none ? undefined : need(name, 'an environment name (or --none)'));
      return 0;
    case 'rename':
      await store.rename(need(name, 'an environment name'), need(rest[0], 'the new name'));
      return 0;
    case 'delete':
      await store.delete(need(name, 'an environment name'));
      return 0;
    case 'push': {
      const r = await sync().push(need(name, 'an environment name'), { force: values.force });
      const what = { created: 'created in Postman', updated: 'updated in Postman', unchanged: 'already up to date in Postman' }[r.action];
      io.out(`${r.name}: ${what} (${r.variables} variable${r.variables === 1 ? '' : 's'}, id ${r.id})`);
      return 0;
    }
    case 'pull': {
      const strategy = values.strategy;
      if (strategy !== undefined && !PULL_STRATEGIES.includes(strategy as PullStrategy)) {
        throw new InputError(`--strategy must be one of ${PULL_STRATEGIES.join(', ')}, got '${strategy}'`, strategy);
      }
      const r = await sync()
        .pull(need(name, 'a Postman environment name or id'), { strategy: strategy as PullStrategy | undefined })
        .catch((e: unknown) => {
          // The core names the choice; the flag that makes it is the CLI's to name.
          throw e instanceof PullConflict ? new InputError(`${e.message} (--strategy replace|merge|skip)`, e.environment) : e;
        });
      const parts = [
        r.added.length && `${r.added.length} added`,
        r.changed.length && `${r.changed.length} changed`,
        r.action === 'merged' && r.kept.length && `${r.kept.length} local-only kept`,
        r.removed.length && `${r.removed.length} local-only removed`,
        r.ignored.length && `${r.ignored.length} disabled in Postman, not imported`,
      ].filter(Boolean);
      io.out(`${r.name}: ${r.action}${parts.length ? ` (${parts.join(', ')})` : ''}`);
      const active = store.activeName();
      for (const e of r.environments) io.out(`${e.name === active ? '*' : ' '} ${e.name}  (${e.variables.length} variable${e.variables.length === 1 ? '' : 's'})`);
      return 0;
    }
    case 'workspaces':
      for (const w of await postmanClient(userDir).workspaces()) io.out(`${w.id}\t${w.name}${w.type ? `\t${w.type}` : ''}`);
      return 0;
    case 'token': {
      if (values.clear) {
        io.out(`Postman API key removed from ${await saveSyncToken(userDir, undefined)}`);
        return 0;
      }
      const token = (await readStdin()).trim();
      if (!token) throw new InputError('token reads the API key from stdin: echo "$KEY" | apiscout env token', 'token');
      io.out(`Postman API key stored in ${await saveSyncToken(userDir, token)} (readable by you only)`);
      return 0;
    }
    default:
      io.err(`apiscout env: ${action ? `unknown action '${action}'` : 'expected an action'}\nRun 'apiscout env --help' for its usage.`);
      return 2;
  }
}

function postmanClient(userDir: string): PostmanClient {
  return postmanClientFor(readSyncToken(userDir), userDir);
}

function workspaceFor(option: string | undefined, userDir: string, projectDir: string): string | undefined {
  return syncWorkspace(userDir, projectDir, option);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Paste the Postman API key, then press Enter and Ctrl-D:\n');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
