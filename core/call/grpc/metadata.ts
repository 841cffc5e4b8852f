// Metadata between the editor's name/value rows and grpc-js: keys ending in `-bin` carry bytes,
// written base64 in the editor and shown base64 in results; other values are ASCII text. Status
// codes get their canonical names, and `grpc-status-details-bin` (a google.rpc.Status) is decoded
// with its details as ProtoJSON when their types are known.

import type * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { protobufjs, protojson } from '../../protobuf';
import { InputError } from '../../errors';
import { STATUS_NAMES, grpcJs } from './grpc-js';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Editor rows -> grpc-js metadata; a bad key or a `-bin` value that is not base64 names the row. */
export function toMetadata(rows: ReadonlyArray<readonly [string, string]>): grpc.Metadata {
  const md = new (grpcJs().Metadata)();
  for (const [rawName, value] of rows) {
    const name = rawName.trim().toLowerCase();
    if (name.startsWith('grpc-') || name === 'content-type' || name === 'te' || name.startsWith(':')) {
      throw new InputError(`metadata key '${rawName}' is reserved by gRPC`, rawName);
    }
    try {
      if (name.endsWith('-bin')) {
        const text = value.trim();
        if (!BASE64.test(text)) throw new Error(`the value of a -bin key is base64 bytes, got '${value}'`);
        md.add(name, Buffer.from(text, 'base64'));
      } else {
        if (/[^\x20-\x7e]/.test(value)) throw new Error('a text value must be printable ASCII (use a -bin key for bytes)');
        md.add(name, value);
      }
    } catch (e) {
      throw new InputError(`metadata '${rawName}': ${(e as Error).message}`, rawName, { cause: e });
    }
  }
  return md;
}

/** grpc-js metadata -> rows as received, `-bin` values base64. */
export function fromMetadata(md: grpc.Metadata | undefined): Array<[string, string]> {
  if (!md) return [];
  const out: Array<[string, string]> = [];
  for (const [name, values] of Object.entries(md.toJSON())) {
    for (const v of values as Array<string | Buffer>) out.push([name, typeof v === 'string' ? v : Buffer.from(v).toString('base64')]);
  }
  return out;
}

export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? `CODE_${code}`;
}

/** google.rpc.Status, parsed the first time an error carries details. */
let rpcStatus: protobuf.Type | undefined;
const RPC_STATUS = (): protobuf.Type =>
  (rpcStatus ??= protobufjs().parse(`syntax = "proto3"; package google.rpc;
message Status { int32 code = 1; string message = 2; repeated Any details = 3; }
message Any { string type_url = 1; bytes value = 2; }`, { keepCase: true }).root.lookupType('google.rpc.Status'));

/**
 * The rich error model: details from `grpc-status-details-bin`, each as ProtoJSON with its
 * `@type` when `types` knows it (the method's own root: error detail messages are usually
 * declared beside it or imported), else its type URL and base64 bytes.
 */
export function statusDetails(trailers: grpc.Metadata | undefined, types: protobuf.Root | undefined): unknown[] | undefined {
  const raw = trailers?.get('grpc-status-details-bin')[0];
  if (!raw || typeof raw === 'string') return undefined;
  let status: { details?: Array<{ type_url: string; value: Uint8Array }> };
  try {
    status = RPC_STATUS().toObject(RPC_STATUS().decode(raw)) as typeof status;
  } catch {
    return undefined;
  }
  return (status.details ?? []).map((d) => {
    d = { type_url: d.type_url ?? '', value: d.value ?? new Uint8Array() };
    const name = d.type_url.slice(d.type_url.lastIndexOf('/') + 1);
    let type: protobuf.Type | undefined;
    try {
      type = types?.lookupType(name);
    } catch {
      type = undefined;
    }
    if (type) {
      try {
        const json = protojson().toJson(type, type.decode(d.value));
        return { '@type': d.type_url, ...(json && typeof json === 'object' ? json : { value: json }) };
      } catch {
        // fall through to the raw form
      }
    }
    return { '@type': d.type_url, value: Buffer.from(d.value).toString('base64') };
  });
}
