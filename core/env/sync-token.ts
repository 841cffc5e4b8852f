// The Postman API key (spec §2.6 "Postman-sync API token", §5.1): a secret that never enters a
// project file or a log line. It comes from APISCOUT_POSTMAN_API_KEY, or from the per-user
// settings file, which must be readable by its owner only (the way ssh treats private keys).
// IntelliJ's PasswordSafe will be a third source, passed in by the plugin.

import { statSync } from 'node:fs';
import { SettingsStore } from '../config/settings';
import { InputError } from '../errors';

export const TOKEN_ENV = 'APISCOUT_POSTMAN_API_KEY';

export interface SyncToken {
  token: string;
  /** Where it came from, for messages (never the value). */
  source: string;
}

/** The key, or undefined when none is set. A settings file others can read is refused. */
export function readSyncToken(userDir: string, env: NodeJS.ProcessEnv = process.env): SyncToken | undefined {
  const fromEnv = env[TOKEN_ENV]?.trim();
  if (fromEnv) return { token: fromEnv, source: TOKEN_ENV };
  const store = new SettingsStore({ userDir });
  const token = store.readScope('user')['sync.postmanApiToken'];
  if (typeof token !== 'string' || token.trim() === '') return undefined;
  if (process.platform !== 'win32') {
    const mode = statSync(store.userPath).mode & 0o777;
    if (mode & 0o077) {
      throw new InputError(`${store.userPath} holds the Postman API key but others can read it (mode ${mode.toString(8)}); run chmod 600 ${store.userPath}`, store.userPath);
    }
  }
  return { token: token.trim(), source: store.userPath };
}

/** Without a key, sync is unavailable: this says how to set one. */
export function missingTokenMessage(userDir: string): string {
  return `Postman sync needs an API key (Postman > Settings > API keys). Set ${TOKEN_ENV}, or run 'apiscout env token' and paste the key: it is kept in ${new SettingsStore({ userDir }).userPath}, readable by you only`;
}

export async function saveSyncToken(userDir: string, token: string | undefined): Promise<string> {
  const store = new SettingsStore({ userDir });
  const value = token?.trim();
  if (value !== undefined && !/^[\x21-\x7e]+$/.test(value)) throw new InputError('the API key must be a single word of printable characters', 'token');
  await store.update('user', { 'sync.postmanApiToken': value === undefined || value === '' ? undefined : value });
  return store.userPath;
}

export type SyncStatus = { enabled: true; source: string } | { enabled: false; reason: string };

/** Spec §3: sync actions are enabled only while a key is set; the reason says how to set one. */
export function syncStatus(userDir: string, env: NodeJS.ProcessEnv = process.env): SyncStatus {
  try {
    const token = readSyncToken(userDir, env);
    return token ? { enabled: true, source: token.source } : { enabled: false, reason: missingTokenMessage(userDir) };
  } catch (e) {
    return { enabled: false, reason: (e as Error).message };
  }
}
