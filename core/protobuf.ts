// protobufjs and its extensions, loaded on first use. Loading them, and parsing the two small
// schemas the gRPC caller keeps, cost every start of the CLI and the sidecar ~60 ms; a session
// that scans no .proto file and calls no gRPC method never needs them.

import type Protobuf from 'protobufjs';
import type Descriptor from 'protobufjs/ext/descriptor.js';
import type Protojson from 'protobufjs/ext/protojson.js';
import { lazyRequire } from './lazy-require';

export const protobufjs = lazyRequire<typeof Protobuf>('protobufjs');
export const protojson = lazyRequire<typeof Protojson>('protobufjs/ext/protojson.js');
export const descriptorProto = lazyRequire<typeof Descriptor>('protobufjs/ext/descriptor.js');
