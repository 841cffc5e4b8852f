// A page that closes while the sidecar reports progress loses those notifications by design: the
// sidecar's log stays quiet about it. The IDE's own connection (stdio) failing is still logged.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AbstractMessageReader, AbstractMessageWriter } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable, Message } from 'vscode-jsonrpc/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BridgeHub } from '../../ide-bridge/server';
import type { Cancellation } from '../../ide-bridge/handlers';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
let tmp: string;
const savedConfig = process.env.APISCOUT_CONFIG_DIR;

/** Reads nothing: the peer sends no requests. */
class SilentReader extends AbstractMessageReader {
  listen(_callback: DataCallback): Disposable {
    return { dispose: () => {} };
  }
}

/** A peer that has gone: every write fails, as on a closed WebSocket or pipe. */
class GoneWriter extends AbstractMessageWriter {
  write(_msg: Message): Promise<void> {
    return Promise.reject(new Error('the peer closed'));
  }
  end(): void {}
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-closed-page-'));
  process.env.APISCOUT_CONFIG_DIR = path.join(tmp, 'user');
});

afterAll(() => {
  if (savedConfig === undefined) delete process.env.APISCOUT_CONFIG_DIR;
  else process.env.APISCOUT_CONFIG_DIR = savedConfig;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function scanWith(host: boolean): Promise<string[]> {
  const logs: string[] = [];
  const hub = new BridgeHub({ serverVersion: 'test', log: (m) => logs.push(m), scanCache: false });
  const bridge = hub.connect(new SilentReader(), new GoneWriter(), { host });
  const root = path.join(tmp, `shop-${host ? 'host' : 'page'}`);
  fs.cpSync(SHOP, root, { recursive: true });
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => {} }) } as unknown as Cancellation;
  const open = hub.handlers['project/open'] as (p: unknown, t: Cancellation) => Promise<{ project: string }>;
  const wait = hub.handlers['project/wait'] as (p: unknown, t: Cancellation) => Promise<unknown>;
  const { project } = await open({ root }, token);
  await wait({ project }, token);
  // Let the rejected writes settle before reading the log.
  await new Promise((r) => setTimeout(r, 50));
  bridge.dispose();
  return logs;
}

it('logs nothing when a page is gone while the scan reports progress; a gone IDE connection is still logged', async () => {
  expect((await scanWith(false)).filter((m) => m.includes('Sending notification failed'))).toEqual([]);
  expect((await scanWith(true)).filter((m) => m.includes('Sending notification failed')).length).toBeGreaterThan(0);
}, 120_000);
