// `apiscout env <list|show|create|set|unset|use|rename|delete> ... [--dir DIR]`: the project's
// environments from the command line. Secret values go to the user folder, never the project.

import { parseArgs } from 'node:util';
import { userConfigDir } from '../../core/config/user-dir';
import { EnvironmentStore } from '../../core/env/environments';
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

Options:
  --dir DIR    the project (default: the current directory)
  --secret     with set and create: the variables are secret
  --none       with use: no active environment
  -h, --help   show this help`;

export async function envCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      dir: { type: 'string', default: '.' },
      secret: { type: 'boolean', default: false },
      none: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(envHelp);
    return 0;
  }
  const [action, name, ...rest] = positionals;
  const store = new EnvironmentStore({ projectDir: values.dir, userDir: userConfigDir(process.env), warn: (m) => io.err(`warning: ${m}`) });
  const need = (what: string | undefined, label: string): string => {
    if (!what) throw new InputError(`${action} needs ${label}\n\n${envHelp}`, action ?? '');
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
      const env = store.require(need(name, 'an environment name'));
      const updates = pairs(rest);
      if (!updates.length) need(undefined, 'at least one KEY=VALUE');
      for (const u of updates) {
        const at = env.variables.findIndex((v) => v.key === u.key);
        if (at >= 0) env.variables[at] = u;
        else env.variables.push(u);
      }
      await store.save(env);
      return 0;
    }
    case 'unset': {
      const env = store.require(need(name, 'an environment name'));
      const keys = new Set(rest);
      await store.save({ name: env.name, variables: env.variables.filter((v) => !keys.has(v.key)) });
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
    default:
      io.err(`apiscout env: ${action ? `unknown action '${action}'` : 'expected an action'}\n\n${envHelp}`);
      return 2;
  }
}
