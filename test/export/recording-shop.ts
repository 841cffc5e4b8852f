// What the export tests that run an export's requests start from: the shop's HTTP endpoints and
// the edge cases, and a server on 127.0.0.1 that checks every request against them.

import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { edgeEndpoints, httpOf, scanShop, RAW_UPLOAD, UPLOAD } from './fixtures';
import { startRecordingServer, type RecordingServer } from './recording-server';

export interface RecordingShop {
  shop: ScanResult;
  endpoints: Endpoint[];
  server: RecordingServer;
}

/** `resolve` fills the variables the runner sends unfilled; `extra` endpoints join the edge ones. */
export async function recordingShop(resolve: (text: string) => string, extra: Endpoint[] = []): Promise<RecordingShop> {
  const shop = await scanShop();
  const endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints(), ...extra];
  const server = await startRecordingServer(endpoints, { modules: shop.modules, resolve, upload: UPLOAD, rawUpload: RAW_UPLOAD });
  return { shop, endpoints, server };
}
