// Environments and their Postman sync. The stores and the sync are core/env's (secret values stay
// in the user's file there); these handlers add the token the IDE hands over (PasswordSafe) and
// map sync failures to the catalog's codes: Conflict for a pull meeting a local name, SyncFailed
// for everything Postman or a missing key refuses.

import { userConfigDir } from '../core/config/user-dir';
import { SettingsStore } from '../core/config/settings';
import { EnvironmentStore } from '../core/env/environments';
import { PostmanSync, PullConflict } from '../core/env/postman-sync';
import { postmanClientFor, syncWorkspace } from '../core/env/sync-setup';
import { missingTokenMessage, readSyncToken, saveSyncToken, syncStatus, TOKEN_ENV } from '../core/env/sync-token';
import type { PostmanClient } from '../core/env/postman-api';
import type { SyncToken } from '../core/env/sync-token';
import { InputError, SyncError } from '../core/errors';
import { BridgeError } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';
import { ErrorCodes } from './protocol';
import type { ResultOf } from './protocol';

type Methods = 'env/list' | 'env/save' | 'env/delete' | 'env/select' | 'env/remote' | 'env/push' | 'env/pull' | 'sync/token';
type SyncState = ResultOf<'sync/token'>;

/** Where a token handed over by sync/token comes from, for the UI (never the value). */
const MEMORY_SOURCE = 'the IDE (held in memory for this run)';

export function envHandlers(kit: HandlerKit): Pick<Handlers, Methods> {
  /** The token handed over by sync/token: it wins over the environment variable and the file. */
  let memory: SyncToken | undefined;

  const userDir = () => userConfigDir();
  const storeOf = (project: string) => new EnvironmentStore({ projectDir: kit.session(project).root, userDir: userDir(), warn: kit.ctx.log });
  const status = (): SyncState => {
    if (memory) return { enabled: true, source: memory.source };
    const s = syncStatus(userDir());
    if (s.enabled) return { enabled: true, source: s.source };
    return { enabled: false, reason: s.reason === missingTokenMessage(userDir()) ? missingToken() : s.reason };
  };
  /** The API client for the key in force; no key, or an unsafe key file, is a SyncError. */
  const client = (): PostmanClient => {
    let token = memory;
    try {
      token ??= readSyncToken(userDir());
    } catch (e) {
      throw new SyncError((e as Error).message, undefined, undefined, { cause: e });
    }
    return postmanClientFor(token, userDir(), missingToken());
  };
  const listOf = (store: EnvironmentStore): ResultOf<'env/list'> => ({ environments: store.list(), active: store.activeName() ?? null, sync: status() });
  const sync = (project: string): PostmanSync => new PostmanSync(storeOf(project), client(), syncWorkspace(userDir(), kit.session(project).root));

  return {
    'env/list': ({ project }) => listOf(storeOf(project)),
    'env/save': async ({ project, environment, previousName }) => {
      const store = storeOf(project);
      if (previousName !== undefined && previousName !== environment.name) await store.rename(previousName, environment.name);
      await store.save(environment);
      return listOf(store);
    },
    'env/delete': async ({ project, name }) => {
      const store = storeOf(project);
      await store.delete(name);
      return listOf(store);
    },
    'env/select': async ({ project, name }) => {
      const store = storeOf(project);
      await store.setActive(name ?? undefined);
      return listOf(store);
    },
    'env/remote': ({ project }) =>
      syncing(async () => {
        const list = await client().environments(syncWorkspace(userDir(), kit.session(project).root));
        return { environments: list.map((e) => ({ id: e.id, name: e.name, ...(e.updatedAt ? { updatedAt: e.updatedAt } : {}) })) };
      }),
    'env/push': ({ project, name, force }) => syncing(() => sync(project).push(name, { force: force ?? false })),
    'env/pull': ({ project, name, strategy }) => syncing(() => sync(project).pull(name, strategy ? { strategy } : {})),
    'sync/token': async ({ token, persist }) => {
      const value = token?.trim();
      if (value !== undefined && !/^[\x21-\x7e]+$/.test(value)) throw new InputError('the API key must be a single word of printable characters', 'token');
      // Persisted, the user file is the one source (the settings page may change it later);
      // otherwise the key lives in this process only.
      if (persist) await saveSyncToken(userDir(), value);
      memory = value && !persist ? { token: value, source: MEMORY_SOURCE } : undefined;
      return status();
    },
  };
}

/** The sidecar's wording: the settings page is where its users set the key. */
function missingToken(): string {
  const path = new SettingsStore({ userDir: userConfigDir() }).userPath;
  return `Postman sync needs an API key (Postman > Settings > API keys): set "Postman-sync API token" in the apiscout settings (kept in ${path}, readable by you only) or the ${TOKEN_ENV} environment variable`;
}

/** Sync failures in the catalog's terms; nothing local changed when one is thrown. */
async function syncing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PullConflict) throw new BridgeError(ErrorCodes.Conflict, e.message, { environment: e.environment });
    if (e instanceof SyncError) throw new BridgeError(ErrorCodes.SyncFailed, e.message, e.status !== undefined ? { status: e.status, ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}) } : undefined);
    throw e;
  }
}
