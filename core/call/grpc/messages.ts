// Messages between the editor's JSON and the wire, by the proto3 JSON mapping
// (protobuf.dev/programming-guides/json) as protobufjs's ProtoJSON extension implements it:
// lowerCamelCase or original field names accepted, 64-bit integers as strings (numbers accepted),
// bytes as base64, enums by name (numbers accepted), well-known types in their JSON forms (Timestamp
// RFC 3339, Duration "1.5s", wrappers as plain values, Struct/Value/ListValue, FieldMask, Any with
// "@type"). Output is canonical ProtoJSON, as grpcurl and other gRPC clients print it.

import type protobuf from 'protobufjs';
import { protobufjs, protojson } from '../../protobuf';
import { InputError } from '../../errors';

/** The well-known files protobufjs bundles: any of them may be named by an Any's "@type". */
const WELL_KNOWN = ['any', 'duration', 'empty', 'field_mask', 'struct', 'timestamp', 'wrappers'];
const COMPLETED = new WeakSet<protobuf.Root>();

/** Adds the well-known types a root lacks, so an Any holding a Timestamp or an Empty converts. */
function withWellKnownTypes(type: protobuf.Type): void {
  const root = type.root as protobuf.Root;
  if (!root || COMPLETED.has(root)) return;
  COMPLETED.add(root);
  for (const file of WELL_KNOWN) {
    const json = protobufjs().common.get(`google/protobuf/${file}.proto`) as protobuf.INamespace | null;
    const google = json?.nested?.google as protobuf.INamespace | undefined;
    const names = Object.keys((google?.nested?.protobuf as protobuf.INamespace | undefined)?.nested ?? {});
    if (!json?.nested || names.every((n) => root.lookup(`google.protobuf.${n}`))) continue;
    try {
      root.addJSON(json.nested);
    } catch {
      // declared already through another file: those types are there
    }
  }
}

/** A ProtoJSON value -> the message to encode; a value that does not fit names the field at fault. */
export function messageFromJson(type: protobuf.Type, json: unknown, label = 'message'): protobuf.Message {
  withWellKnownTypes(type);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    // Well-known types have JSON forms that are not objects (a Timestamp is a string).
    if (!isWellKnown(type)) throw new InputError(`${label} for ${typeName(type)} must be a JSON object, got ${describe(json)}`, label);
  }
  try {
    return protojson().fromJson(type, json);
  } catch (e) {
    throw new InputError(`${label} does not fit ${typeName(type)}: ${(e as Error).message.replace(/^\./, '')}`, label, { cause: e });
  }
}

export function encodeMessage(type: protobuf.Type, message: protobuf.Message): Buffer {
  const bytes = type.encode(message).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Wire bytes -> canonical ProtoJSON. */
export function messageToJson(type: protobuf.Type, bytes: Uint8Array): unknown {
  withWellKnownTypes(type);
  return protojson().toJson(type, type.decode(bytes));
}

/** JSON text of one message (or, for streams, several) as the editor holds it. */
export function parseJsonText(text: string, label: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${label} is not valid JSON: ${(e as Error).message}`, label, { cause: e });
  }
}

function typeName(type: protobuf.Type): string {
  return type.fullName.replace(/^\./, '');
}

function isWellKnown(type: protobuf.Type): boolean {
  return typeName(type).startsWith('google.protobuf.');
}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
