// The seam for `http.call.before` / `http.call.after` (spec §2.6, §4.1). The scripts themselves
// run in scripts-sandbox (isolated-vm), a later piece of work: it will implement CallHooks from the
// script text that configuredScripts finds, and the caller invokes them around each send.

import type { ConfigValues } from '../config/config-reader';
import type { Settings } from '../config/settings';
import type { PreparedRequest } from './request-builder';
import type { HttpResponse } from './response';

export interface CallHooks {
  /** http.call.before: may return a changed request (headers, URL, body) to send instead. */
  beforeSend?(request: PreparedRequest): PreparedRequest | Promise<PreparedRequest>;
  /** http.call.after: sees the request sent and the response received. */
  afterResponse?(request: PreparedRequest, response: HttpResponse): void | Promise<void>;
}

export interface ConfiguredScripts {
  before?: string;
  after?: string;
}

/** The script texts in force: a setting wins over the config reader's property of the same name. */
export function configuredScripts(settings: Pick<Settings, 'http.call.before' | 'http.call.after'>, config?: ConfigValues): ConfiguredScripts {
  const out: ConfiguredScripts = {};
  const before = settings['http.call.before'] ?? config?.get('http.call.before');
  const after = settings['http.call.after'] ?? config?.get('http.call.after');
  if (before?.trim()) out.before = before;
  if (after?.trim()) out.after = after;
  return out;
}
