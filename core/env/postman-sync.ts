// Environment sync with Postman (spec §1.6, §3, §4.8). Push sends a project environment to a
// workspace (creating or replacing the remote one); pull brings a remote environment into the
// project, resolving a name that exists locally with Replace, Merge or Skip. Both detect
// conflicts: this user's last sync of each environment (remote id and update time) is remembered
// beside the user's environment file, so a push never silently overwrites a remote environment
// someone changed since, or one this project never synced. Remote calls all happen before the
// first local write, so a Postman error changes nothing locally.

import { InputError, SyncError } from '../errors';
import type { Environment, EnvironmentVariable } from '../model/environment';
import { readJsonFile, withFileLock, writeFileAtomic } from '../store/json-file';
import type { EnvironmentStore } from './environments';
import type { PostmanClient, PostmanEnvironment, PostmanEnvironmentSummary, PostmanValue } from './postman-api';

export type PullStrategy = 'replace' | 'merge' | 'skip';
export const PULL_STRATEGIES: readonly PullStrategy[] = ['replace', 'merge', 'skip'];

interface SyncRecord {
  id: string;
  workspace?: string;
  /** The remote `updatedAt` right after our last push or pull. */
  updatedAt?: string;
  syncedAt: string;
}

interface SyncStateFile {
  version: 1;
  environments: Record<string, SyncRecord>;
}

export interface PushResult {
  action: 'created' | 'updated' | 'unchanged';
  name: string;
  id: string;
  variables: number;
}

export interface PullResult {
  action: 'created' | 'replaced' | 'merged' | 'skipped';
  name: string;
  id: string;
  /** Keys new to the local environment, changed by the remote, and local-only keys kept (merge) or dropped (replace). */
  added: string[];
  changed: string[];
  kept: string[];
  removed: string[];
  /** Disabled remote variables are not imported. */
  ignored: string[];
  /** The local environments after the pull, for the list to refresh. */
  environments: Environment[];
}

export class PullConflict extends InputError {
  constructor(readonly environment: string) {
    super(`an environment named '${environment}' already exists in this project; choose a strategy: replace (take the remote values), merge (remote wins for shared keys, local-only keys kept) or skip`, environment);
  }
}

export class PostmanSync {
  readonly statePath: string;

  constructor(
    private readonly store: EnvironmentStore,
    private readonly client: PostmanClient,
    /** Absent: the account's default workspace (Postman's choice). */
    private readonly workspace?: string,
  ) {
    this.statePath = store.userPath.replace(/\.json$/, '.postman.json');
  }

  async push(name: string, options: { force?: boolean } = {}): Promise<PushResult> {
    const local = this.store.require(name);
    const values = local.variables.map(toPostman);
    const record = this.readState().environments[name];
    const remote = await this.findRemote(name, record);
    let written: PostmanEnvironmentSummary;
    let action: PushResult['action'];
    if (!remote) {
      written = await this.client.create(this.workspace, { name, values });
      action = 'created';
    } else {
      const current = await this.client.environment(remote.id);
      if (sameValues(current.values, values) && current.name === name) {
        action = 'unchanged';
        written = current;
      } else {
        if (!options.force) this.checkPushConflict(name, record, remote);
        written = await this.client.replace(remote.id, { name, values });
        action = 'updated';
      }
    }
    const after = action === 'unchanged' ? written : await this.client.environment(written.id);
    await this.remember(name, { id: written.id, workspace: this.workspace, updatedAt: after.updatedAt });
    return { action, name, id: written.id, variables: values.length };
  }

  /** `nameOrId`: a remote environment's name (unique in the workspace) or id. */
  async pull(nameOrId: string, options: { strategy?: PullStrategy } = {}): Promise<PullResult> {
    const list = await this.client.environments(this.workspace);
    const summary = list.find((e) => e.id === nameOrId || e.uid === nameOrId) ?? this.unique(list, nameOrId);
    if (!summary) throw new SyncError(`Postman has no environment named or with id '${nameOrId}'${this.where()}; nothing was changed`, 404);
    const remote = await this.client.environment(summary.id);
    const name = remote.name;
    const incoming = fromPostman(remote);
    const local = this.store.get(name);
    const result: PullResult = { action: 'created', name, id: remote.id, added: [], changed: [], kept: [], removed: [], ignored: incoming.ignored, environments: [] };
    if (!local) {
      result.added = incoming.variables.map((v) => v.key);
      await this.store.save({ name, variables: incoming.variables });
    } else {
      if (!options.strategy) throw new PullConflict(name);
      const before = new Map(local.variables.map((v) => [v.key, v]));
      const remoteKeys = new Set(incoming.variables.map((v) => v.key));
      result.added = incoming.variables.filter((v) => !before.has(v.key)).map((v) => v.key);
      result.changed = incoming.variables.filter((v) => before.has(v.key) && (before.get(v.key)!.value !== v.value || !!before.get(v.key)!.secret !== !!v.secret)).map((v) => v.key);
      const localOnly = local.variables.filter((v) => !remoteKeys.has(v.key)).map((v) => v.key);
      if (options.strategy === 'skip') {
        result.action = 'skipped';
        result.added = [];
        result.changed = [];
        result.kept = local.variables.map((v) => v.key);
      } else if (options.strategy === 'replace') {
        result.action = 'replaced';
        result.removed = localOnly;
        await this.store.save({ name, variables: incoming.variables });
      } else {
        result.action = 'merged';
        result.kept = localOnly;
        const merged = local.variables.map((v) => incoming.variables.find((r) => r.key === v.key) ?? v);
        merged.push(...incoming.variables.filter((v) => !before.has(v.key)));
        await this.store.save({ name, variables: merged });
      }
    }
    if (result.action !== 'skipped') await this.remember(name, { id: remote.id, workspace: this.workspace, updatedAt: remote.updatedAt });
    result.environments = this.store.list();
    return result;
  }

  private async findRemote(name: string, record: SyncRecord | undefined): Promise<PostmanEnvironmentSummary | undefined> {
    const list = await this.client.environments(this.workspace);
    if (record) {
      const known = list.find((e) => e.id === record.id);
      if (known) return known;
    }
    return this.unique(list, name);
  }

  private unique(list: PostmanEnvironmentSummary[], name: string): PostmanEnvironmentSummary | undefined {
    const named = list.filter((e) => e.name === name);
    if (named.length > 1) {
      throw new SyncError(`Postman has ${named.length} environments named '${name}'${this.where()} (ids ${named.map((e) => e.id).join(', ')}); pull one by id, or rename them in Postman; nothing was changed`);
    }
    return named[0];
  }

  private checkPushConflict(name: string, record: SyncRecord | undefined, remote: PostmanEnvironmentSummary): void {
    if (!record || record.id !== remote.id) {
      throw new SyncError(`Postman already has an environment named '${name}'${this.where()} that this project never synced, with different values; pull it first (--strategy merge keeps both sides) or push --force to overwrite it; nothing was changed`, 409);
    }
    if (record.updatedAt && remote.updatedAt && record.updatedAt !== remote.updatedAt) {
      throw new SyncError(`'${name}' changed in Postman since the last sync (remote update ${remote.updatedAt}, last synced ${record.updatedAt}); pull it first (--strategy merge keeps both sides) or push --force to overwrite it; nothing was changed`, 409);
    }
  }

  private where(): string {
    return this.workspace ? ` in workspace ${this.workspace}` : '';
  }

  private readState(): SyncStateFile {
    return readJsonFile(this.statePath, isStateFile, () => {}) ?? { version: 1, environments: {} };
  }

  private async remember(name: string, record: Omit<SyncRecord, 'syncedAt'>): Promise<void> {
    await withFileLock(this.statePath, () => {
      const state = this.readState();
      state.environments[name] = { ...record, syncedAt: new Date().toISOString() };
      writeFileAtomic(this.statePath, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    });
  }
}

function toPostman(v: EnvironmentVariable): PostmanValue {
  return { key: v.key, value: v.value, type: v.secret ? 'secret' : 'default', enabled: true };
}

function fromPostman(env: PostmanEnvironment): { variables: EnvironmentVariable[]; ignored: string[] } {
  const variables: EnvironmentVariable[] = [];
  const ignored: string[] = [];
  for (const v of env.values) {
    if (v.enabled === false) ignored.push(v.key);
    else if (v.key.trim() !== '') variables.push(v.type === 'secret' ? { key: v.key, value: v.value, secret: true } : { key: v.key, value: v.value });
  }
  return { variables, ignored };
}

function sameValues(remote: PostmanValue[], local: PostmanValue[]): boolean {
  const norm = (vs: PostmanValue[]) => JSON.stringify(vs.filter((v) => v.enabled !== false).map((v) => [v.key, v.value, v.type === 'secret']));
  return norm(remote) === norm(local);
}

function isStateFile(data: unknown): data is SyncStateFile {
  const d = data as SyncStateFile;
  return !!d && typeof d === 'object' && d.version === 1 && !!d.environments && typeof d.environments === 'object';
}
