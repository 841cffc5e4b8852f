// Composing Postman sync for a project (spec §4.8), once for the CLI's `env push|pull` and the
// sidecar's env/*: the API client for a key (a key is required: without one the error says where
// to set it), the workspace (an explicit one, else the sync.postmanWorkspace setting).

import { SettingsStore } from '../config/settings';
import { SyncError } from '../errors';
import { POSTMAN_API_URL_ENV, PostmanClient } from './postman-api';
import { missingTokenMessage } from './sync-token';
import type { SyncToken } from './sync-token';

/** A client for the key; `missing` is the message when there is none (default: the CLI's). */
export function postmanClientFor(token: SyncToken | undefined, userDir: string, missing = missingTokenMessage(userDir), env: NodeJS.ProcessEnv = process.env): PostmanClient {
  if (!token) throw new SyncError(missing);
  return new PostmanClient({ apiKey: token.token, baseUrl: env[POSTMAN_API_URL_ENV] || undefined });
}

/** The workspace sync uses: the one given, else the setting, else Postman's default (undefined). */
export function syncWorkspace(userDir: string, projectDir: string, given?: string): string | undefined {
  if (given) return given;
  return new SettingsStore({ userDir, projectDir }).read()['sync.postmanWorkspace'] ?? undefined;
}
