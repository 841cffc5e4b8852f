// Environments (spec §2.5) on disk. Shared definitions live in `<project>/.apiscout/environments.json`
// so a team can commit them; the values of secret variables and the user's active environment
// live in a per-user file under the OS config folder, one per project, so they never land in the
// repository. Every change is a locked read-modify-write with atomic replacement.

import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../errors';
import type { Environment, EnvironmentVariable } from '../model/environment';
import { ensureProjectStateDir, projectStateDir, projectUserFile } from '../config/user-dir';
import { readJsonFile, withFileLock, writeFileAtomic } from '../store/json-file';
import type { Warn } from '../store/json-file';

export interface EnvironmentStoreOptions {
  /** The project root: `.apiscout/` is created beneath it. */
  projectDir: string;
  /** The per-user folder (see userConfigDir); injected so tests never touch the real one. */
  userDir: string;
  warn?: Warn;
}

/** `.apiscout/environments.json`: secret variables carry `secret: true` and no value. */
interface SharedFile {
  version: 1;
  environments: Environment[];
}

/** The per-user half: secret values by environment and key, and the active environment. */
interface UserFile {
  project: string;
  active?: string;
  secrets: Record<string, Record<string, string>>;
}

export class EnvironmentStore {
  readonly sharedPath: string;
  readonly userPath: string;
  private readonly project: string;
  private readonly warn: Warn;

  constructor(options: EnvironmentStoreOptions) {
    const project = canonical(options.projectDir);
    this.sharedPath = join(projectStateDir(project), 'environments.json');
    this.userPath = projectUserFile(project, options.userDir, 'json');
    this.warn = options.warn ?? (() => {});
    this.project = project;
  }

  /** All environments, secret values filled in from the user file (empty when this user has none). */
  list(): Environment[] {
    const shared = this.readShared();
    const user = this.readUser();
    return shared.environments.map((env) => ({
      name: env.name,
      variables: env.variables.map((v) => (v.secret ? { key: v.key, value: user.secrets[env.name]?.[v.key] ?? v.value ?? '', secret: true } : { key: v.key, value: v.value })),
    }));
  }

  get(name: string): Environment | undefined {
    return this.list().find((e) => e.name === name);
  }

  /** Like get, but an unknown name is an input error listing the known ones. */
  require(name: string): Environment {
    const env = this.get(name);
    if (env) return env;
    const names = this.list().map((e) => e.name);
    throw new InputError(`no environment named '${name}' (${names.length ? `known: ${names.join(', ')}` : `none defined in ${this.sharedPath}`})`, name);
  }

  activeName(): string | undefined {
    const active = this.readUser().active;
    return active !== undefined && this.readShared().environments.some((e) => e.name === active) ? active : undefined;
  }

  active(): Environment | undefined {
    const name = this.activeName();
    return name === undefined ? undefined : this.get(name);
  }

  /** Selects the active environment; `undefined` selects none. */
  async setActive(name: string | undefined): Promise<void> {
    if (name !== undefined) this.require(name);
    await this.updateUser((user) => {
      if (name === undefined) delete user.active;
      else user.active = name;
    });
  }

  async create(name: string, variables: EnvironmentVariable[] = []): Promise<Environment> {
    checkName(name);
    const vars = checkVariables(variables, name);
    await this.updateUser((user) => {
      const secrets = secretValues(vars);
      if (Object.keys(secrets).length) user.secrets[name] = secrets;
    });
    await this.updateShared((shared) => {
      if (shared.environments.some((e) => e.name === name)) throw new InputError(`an environment named '${name}' already exists`, name);
      shared.environments.push({ name, variables: vars.map(sharedVariable) });
    });
    return { name, variables: vars };
  }

  /** Replaces an environment's variables (creating it when absent). */
  async save(env: Environment): Promise<void> {
    checkName(env.name);
    const vars = checkVariables(env.variables, env.name);
    // Secrets first: a kill between the two writes leaves a value without its marker, never a
    // marker whose value was lost.
    await this.updateUser((user) => {
      const secrets = secretValues(vars);
      if (Object.keys(secrets).length) user.secrets[env.name] = secrets;
      else delete user.secrets[env.name];
    });
    await this.updateShared((shared) => {
      const entry = { name: env.name, variables: vars.map(sharedVariable) };
      const at = shared.environments.findIndex((e) => e.name === env.name);
      if (at >= 0) shared.environments[at] = entry;
      else shared.environments.push(entry);
    });
  }

  /** Sets one variable, keeping the others. */
  async setVariable(envName: string, variable: EnvironmentVariable): Promise<void> {
    await this.updateVariables(envName, [variable], []);
  }

  /**
   * Sets and removes variables of an existing environment, keeping the others. Each file is read
   * and written inside its lock, so two processes changing different keys at once both keep
   * their values (a read outside the lock would let the second write drop the first's keys).
   */
  async updateVariables(envName: string, set: EnvironmentVariable[], unset: readonly string[]): Promise<void> {
    this.require(envName);
    const vars = checkVariables(set, envName);
    const removed = new Set(unset);
    // Secrets first, as in save: a kill between the writes leaves a value without its marker.
    await this.updateUser((user) => {
      const secrets = { ...(user.secrets[envName] ?? {}) };
      for (const v of vars) {
        if (v.secret) secrets[v.key] = v.value;
        else delete secrets[v.key];
      }
      for (const key of removed) delete secrets[key];
      if (Object.keys(secrets).length) user.secrets[envName] = secrets;
      else delete user.secrets[envName];
    });
    await this.updateShared((shared) => {
      const env = shared.environments.find((e) => e.name === envName);
      if (!env) throw new InputError(`no environment named '${envName}'`, envName);
      const variables = env.variables.filter((v) => !removed.has(v.key));
      for (const v of vars) {
        const at = variables.findIndex((x) => x.key === v.key);
        if (at >= 0) variables[at] = sharedVariable(v);
        else variables.push(sharedVariable(v));
      }
      env.variables = variables;
    });
  }

  async rename(from: string, to: string): Promise<void> {
    checkName(to);
    this.require(from);
    if (from === to) return;
    if (this.get(to)) throw new InputError(`an environment named '${to}' already exists`, to);
    await this.updateUser((user) => {
      if (user.secrets[from]) user.secrets[to] = user.secrets[from]!;
    });
    await this.updateShared((shared) => {
      const env = shared.environments.find((e) => e.name === from);
      if (!env) throw new InputError(`no environment named '${from}'`, from);
      env.name = to;
    });
    await this.updateUser((user) => {
      delete user.secrets[from];
      if (user.active === from) user.active = to;
    });
  }

  async delete(name: string): Promise<void> {
    this.require(name);
    await this.updateShared((shared) => {
      shared.environments = shared.environments.filter((e) => e.name !== name);
    });
    await this.updateUser((user) => {
      delete user.secrets[name];
      if (user.active === name) delete user.active;
    });
  }

  private readShared(): SharedFile {
    return readJsonFile(this.sharedPath, isSharedFile, this.warn) ?? { version: 1, environments: [] };
  }

  private readUser(): UserFile {
    return readJsonFile(this.userPath, isUserFile, this.warn) ?? { project: this.project, secrets: {} };
  }

  private async updateShared(change: (file: SharedFile) => void): Promise<void> {
    ensureProjectStateDir(this.project);
    await withFileLock(this.sharedPath, () => {
      const file = this.readShared();
      change(file);
      writeFileAtomic(this.sharedPath, `${JSON.stringify(file, null, 2)}\n`);
    });
  }

  private async updateUser(change: (file: UserFile) => void): Promise<void> {
    await withFileLock(this.userPath, () => {
      const file = this.readUser();
      change(file);
      writeFileAtomic(this.userPath, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    });
  }
}

function canonical(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

function checkName(name: string): void {
  if (typeof name !== 'string' || name.trim() === '' || name !== name.trim()) {
    throw new InputError(`an environment name must be non-empty without surrounding spaces: '${name}'`, String(name));
  }
}

function checkVariables(variables: EnvironmentVariable[], envName: string): EnvironmentVariable[] {
  const byKey = new Map<string, EnvironmentVariable>();
  for (const v of variables) {
    if (typeof v.key !== 'string' || v.key.trim() === '') throw new InputError(`a variable of environment '${envName}' has an empty key`, envName);
    if (typeof v.value !== 'string') throw new InputError(`variable '${v.key}' of environment '${envName}' must have a string value`, v.key);
    byKey.set(v.key, v.secret ? { key: v.key, value: v.value, secret: true } : { key: v.key, value: v.value });
  }
  return [...byKey.values()];
}

function secretValues(vars: EnvironmentVariable[]): Record<string, string> {
  return Object.fromEntries(vars.filter((v) => v.secret).map((v) => [v.key, v.value]));
}

function sharedVariable(v: EnvironmentVariable): EnvironmentVariable {
  return v.secret ? ({ key: v.key, secret: true } as EnvironmentVariable) : { key: v.key, value: v.value };
}

function isSharedFile(data: unknown): data is SharedFile {
  const d = data as SharedFile;
  return (
    !!d &&
    typeof d === 'object' &&
    Array.isArray(d.environments) &&
    d.environments.every(
      (e) =>
        !!e &&
        typeof e.name === 'string' &&
        Array.isArray(e.variables) &&
        e.variables.every((v) => !!v && typeof v.key === 'string' && (v.secret === true || typeof v.value === 'string')),
    )
  );
}

function isUserFile(data: unknown): data is UserFile {
  const d = data as UserFile;
  return !!d && typeof d === 'object' && !!d.secrets && typeof d.secrets === 'object' && (d.active === undefined || typeof d.active === 'string');
}
