// The request and response models of gRPC endpoints, judged by real consumers of the proto3
// JSON mapping: protobufjs's ProtoJSON parser (derived from Google's proto3-json-serializer)
// must accept every example as the message it describes, and ajv must find both the examples
// and the canonical ProtoJSON of fully populated messages valid against the schemas.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import type { JsonSchema } from '../../core/model/request';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const GRPC = join(FIXTURES, 'grpc');

function protosUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) return protosUnder(abs);
    return name.endsWith('.proto') ? [abs] : [];
  });
}

/** Loads a case's protos the way protoc would, imports found by suffix among the case's files. */
function loadRoot(caseDir: string): protobuf.Root {
  const files = protosUnder(caseDir);
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => {
    if (target.startsWith('google/protobuf/')) return target;
    const exact = files.find((f) => f === target);
    return exact ?? files.find((f) => f.endsWith(`/${target}`)) ?? join(dirname(origin), target);
  };
  root.loadSync(files, { keepCase: true });
  root.resolveAll();
  return root;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

function validate(schema: JsonSchema, value: unknown): string[] {
  const check = ajv.compile(schema);
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

async function grpcEndpoints(caseName: string): Promise<Endpoint[]> {
  const { endpoints } = await scanProject(join(GRPC, caseName));
  return endpoints.filter((e) => e.protocol === 'grpc');
}

const CASES_WITH_PROTOS = readdirSync(GRPC).filter((c) => protosUnder(join(GRPC, c)).length > 0);

describe('gRPC message models', () => {
  it.each(CASES_WITH_PROTOS)('%s: every example is valid ProtoJSON of its message and valid against its schema', async (caseName) => {
    const root = loadRoot(join(GRPC, caseName));
    const endpoints = await grpcEndpoints(caseName);
    expect(endpoints.length).toBeGreaterThan(0);
    const problems: string[] = [];
    // An RPC bound to no proto (streaming unknown) names its messages by their Java classes, and a
    // library's service whose proto no jar holds (grpc-services' reflection) names them only: nothing to check.
    for (const e of endpoints.filter((x) => x.streaming !== 'unknown' && x.grpc?.protoFile !== undefined)) {
      const sides = [
        { type: e.grpc!.requestType, schema: e.request!.body!.schema, example: e.request!.body!.example },
        { type: e.grpc!.responseType, schema: e.response!.schema!, example: e.response!.example },
      ];
      for (const side of sides) {
        const where = `${e.address} ${side.type}`;
        const type = root.lookupType(side.type);
        let message: protobuf.Message;
        try {
          message = protojson.fromJson(type, side.example);
        } catch (err) {
          problems.push(`${where}: ProtoJSON rejects the example ${JSON.stringify(side.example)}: ${(err as Error).message}`);
          continue;
        }
        problems.push(...validate(side.schema, side.example).map((p) => `${where}: example ${p}`));
        // What a real server would send back for it must fit the schema too.
        const canonical = protojson.toJson(type, message);
        problems.push(...validate(side.schema, canonical).map((p) => `${where}: canonical ProtoJSON ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes a fully populated message as ProtoJSON writes it', async () => {
    const root = loadRoot(join(GRPC, 'streaming-kinds'));
    const endpoints = await grpcEndpoints('streaming-kinds');
    const getRoom = endpoints.find((e) => e.grpc?.method === 'GetRoom')!;
    const room = root.lookupType('acme.chat.v1.Room');
    const message = room.fromObject({
      id: '9007199254740993',
      display_name: 'General',
      visibility: 2,
      unread_by_user: { ada: 3 },
      members: { '42': { user_id: 'ada', admin: true } },
      tags: ['a', 'b'],
      created_at: { seconds: 1700000000, nanos: 5000000 },
      message_count: '18446744073709551615',
      avatar: Buffer.from([1, 2, 3]),
      slow_mode: { seconds: 3, nanos: 500000000 },
      rating: 4.5,
    });
    const json = protojson.toJson(room, message) as Record<string, unknown>;
    // 64-bit integers stay exact as strings, enums are names, json_name wins.
    expect(json).toMatchObject({ id: '9007199254740993', visibility: 'PRIVATE', score: 4.5, messageCount: '18446744073709551615', slowMode: '3.500s' });
    expect(validate(getRoom.response!.schema!, json)).toEqual([]);
  });

  it('writes the proto3 JSON mapping for each kind of field', async () => {
    const endpoints = await grpcEndpoints('streaming-kinds');
    const getRoom = endpoints.find((e) => e.grpc?.method === 'GetRoom')!;
    const room = getRoom.response!.schema!;
    expect(room.title).toBe('Room');
    expect(room['x-proto-type']).toBe('acme.chat.v1.Room');
    expect(room.properties).toMatchObject({
      id: { type: 'string', format: 'int64' },
      displayName: { type: 'string' },
      visibility: { type: 'string', enum: ['VISIBILITY_UNSPECIFIED', 'PUBLIC', 'PRIVATE'], description: 'Who may see the room.\nPUBLIC: Anyone in the workspace.' },
      unreadByUser: { type: 'object', additionalProperties: { type: 'integer', format: 'int32' } },
      members: { type: 'object', additionalProperties: { type: 'object', title: 'Member' }, 'x-proto-map-key': 'int64' },
      tags: { type: 'array', items: { type: 'string' } },
      createdAt: { type: 'string', format: 'date-time' },
      messageCount: { type: 'string', format: 'uint64' },
      avatar: { type: 'string', format: 'byte' },
      slowMode: { type: 'string', examples: ['1.5s'] },
      score: { type: 'number', format: 'double' },
    });
    expect(getRoom.response!.example).toEqual({
      id: '0',
      displayName: 'displayName',
      visibility: 'VISIBILITY_UNSPECIFIED',
      unreadByUser: { key: 0 },
      members: { '0': { userId: 'userId', admin: true } },
      tags: ['tags'],
      createdAt: '2024-01-01T00:00:00Z',
      messageCount: '0',
      avatar: 'AA==',
      slowMode: '1.5s',
      score: 0,
    });
    const request = getRoom.request!.body!;
    expect(request.schema.properties!.locale).toEqual({ type: ['string', 'null'], 'x-proto-type': 'google.protobuf.StringValue' });
    expect(request.schema.properties!.roomId!.description).toBe("The room's id.");
    expect(request.example).toEqual({ roomId: '0', locale: 'locale' });
  });

  it('lists every oneof member but sets one in the example, and recursion goes through $defs', async () => {
    const endpoints = await grpcEndpoints('streaming-kinds');
    const converse = endpoints.find((e) => e.grpc?.method === 'Converse')!;
    const body = converse.request!.body!;
    expect(body.schema['x-oneof']).toEqual({ attachment: ['imageUrl', 'file', 'sharedRoom'] });
    // `optional` makes a synthetic oneof in the descriptor: it is not a choice.
    expect(Object.keys(body.schema['x-oneof'] as object)).not.toContain('_reply_to');
    expect(body.schema.properties!.replies).toEqual({ type: 'array', items: { $ref: '#/$defs/acme.chat.v1.ChatMessage' }, description: 'Replies form a tree.' });
    expect(Object.keys(body.schema.$defs!)).toEqual(['acme.chat.v1.ChatMessage']);
    expect(body.example).toEqual({
      text: 'text',
      imageUrl: 'imageUrl',
      replyTo: 'replyTo',
      replies: [{ text: 'text', imageUrl: 'imageUrl', replyTo: 'replyTo', replies: [] }],
    });
    expect(body.description).toBe('A stream of messages, each like this one.');
    expect(converse.response!.description).toBe('A stream of messages, each like this one.');
  });

  it('keeps protoFile relative to the scanned root', async () => {
    const endpoints = await grpcEndpoints('imports-across-folders');
    const files = new Set(endpoints.map((e) => e.grpc!.protoFile));
    expect([...files]).toEqual(['orders/src/main/proto/acme/orders/v1/orders.proto']);
    expect(relative(GRPC, join(GRPC, 'imports-across-folders', [...files][0]!))).not.toMatch(/^\.\./);
  });
});

describe('proto2 messages', () => {
  it('keeps required fields and declared defaults', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'apiscout-proto2-'));
    mkdirSync(join(root, 'src/main/proto'), { recursive: true });
    mkdirSync(join(root, 'src/main/java/p'), { recursive: true });
    writeFileSync(
      join(root, 'src/main/proto/legacy.proto'),
      `syntax = "proto2";
package legacy;
option java_package = "p";
enum Kind { FIRST = 1; SECOND = 2; }
message Query {
  required string term = 1;
  optional int32 limit = 2 [default = 20];
  optional int64 offset = 3 [default = 5];
  optional Kind kind = 4 [default = SECOND];
}
service Search { rpc Find(Query) returns (Query); }
`,
    );
    writeFileSync(join(root, 'src/main/java/p/SearchImpl.java'), 'package p;\nimport io.grpc.stub.StreamObserver;\npublic class SearchImpl extends SearchGrpc.SearchImplBase {\n  @Override public void find(Query q, StreamObserver<Query> o) {}\n}\n');
    const { endpoints } = await scanProject(root);
    const body = endpoints[0]!.request!.body!;
    expect(body.schema.required).toEqual(['term']);
    expect(body.schema.properties).toMatchObject({ limit: { default: 20 }, offset: { default: '5' }, kind: { default: 'SECOND' } });
    expect(body.example).toEqual({ term: 'term', limit: 20, offset: '5', kind: 'SECOND' });
    const type = new protobuf.Root();
    protobuf.parse(readFileSync(join(root, 'src/main/proto/legacy.proto'), 'utf8'), type, { keepCase: true });
    type.resolveAll();
    expect(() => protojson.fromJson(type.lookupType('legacy.Query'), body.example)).not.toThrow();
  });
});
