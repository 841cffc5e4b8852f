// The bridge's method catalog: every request and notification, once, with the JSON Schema of its
// params and result. The sidecar validates incoming params against it, the TS types below are
// derived from it, and the Kotlin client's types will be generated from the same schemas.
// It depends on core/model only (through model-schemas), never on the core's internals.

import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  DiagnosticSchema,
  EndpointSchema,
  EndpointSummarySchema,
  FileChangeSchema,
  ModuleSummarySchema,
} from './model-schemas';

/** Bumped on any incompatible change to a method's params or result. */
export const PROTOCOL_VERSION = 1;

const ProjectRef = { project: Type.String({ minLength: 1, description: 'The project id returned by project/open' }) };

// Exported schemas give their name to the generated Kotlin classes (ide-bridge/kotlin-codegen.ts).
export const ProjectRefSchema = Type.Object(ProjectRef);
/** A file of an open project: the gutter marks and the source view both name one. */
export const ProjectFileSchema = Type.Object({ ...ProjectRef, file: Type.String({ minLength: 1, description: 'Relative to the project root, or absolute inside it' }) });

const ScanState = Type.Unsafe<'scanning' | 'ready' | 'failed'>({ type: 'string', enum: ['scanning', 'ready', 'failed'] });

export const ProjectStatusSchema = Type.Object({
  project: Type.String(),
  state: ScanState,
  endpointCount: Type.Integer({ minimum: 0 }),
  diagnosticCount: Type.Integer({ minimum: 0 }),
  /** Endpoints listed come from the retained index of an earlier run until the scan ends. */
  fromRetainedIndex: Type.Boolean(),
  /** Duration of the last completed scan. */
  millis: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Why the last scan failed (state 'failed'). */
  error: Type.Optional(Type.String()),
});

export const MatchRangeSchema = Type.Object({
  field: Type.String(),
  ranges: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
});

export const SearchMatchSchema = Type.Object({ endpoint: EndpointSummarySchema, score: Type.Number(), kind: Type.String(), ranges: Type.Array(MatchRangeSchema) });

export const TreeClassSchema = Type.Object({
  className: Type.String(),
  simpleName: Type.String(),
  endpoints: Type.Array(EndpointSummarySchema),
});

export const TreeModuleSchema = Type.Object({ module: Type.String(), classes: Type.Array(TreeClassSchema) });

export const GutterMarkSchema = Type.Object({
  id: Type.String(),
  line: Type.Integer({ minimum: 1 }),
  column: Type.Integer({ minimum: 1 }),
  method: Type.String(),
  path: Type.String(),
  address: Type.String(),
  name: Type.String(),
  streaming: Type.Optional(Type.String()),
});

const Empty = Type.Object({});

interface MethodSpec {
  params: TSchema;
  result: TSchema;
  doc: string;
}

function method<P extends TSchema, R extends TSchema>(doc: string, params: P, result: R) {
  return { doc, params, result } satisfies MethodSpec;
}

export const requests = {
  hello: method(
    'Handshake: the protocol version, the server version, and the UI server URL (null when not started).',
    Type.Object({ client: Type.Optional(Type.String()), clientVersion: Type.Optional(Type.String()) }),
    Type.Object({ protocolVersion: Type.Integer(), serverVersion: Type.String(), uiUrl: Type.Union([Type.String(), Type.Null()]) }),
  ),
  'project/open': method(
    'Opens a project and starts its scan (progress as scan/progress, the end as index/changed). Opening an open project returns it as it is.',
    Type.Object({ root: Type.String({ minLength: 1 }), includeTests: Type.Optional(Type.Boolean()) }),
    ProjectStatusSchema,
  ),
  'project/list': method(
    'The open projects: a UI joining a running sidecar shows what the host opened.',
    Empty,
    Type.Object({ projects: Type.Array(ProjectStatusSchema) }),
  ),
  'project/close': method('Forgets a project.', ProjectRefSchema, Empty),
  'project/status': method('Where the project\'s scan stands.', ProjectRefSchema, ProjectStatusSchema),
  'project/wait': method('Resolves when the running scan ends (cancellable: cancelling stops the wait, not the scan).', ProjectRefSchema, ProjectStatusSchema),
  'project/refresh': method('Scans the whole project again (the toolbar Refresh) and resolves when done.', ProjectRefSchema, ProjectStatusSchema),
  'project/diagnostics': method(
    'Problems met while scanning: unreadable files, parse errors, unresolved constants.',
    ProjectRefSchema,
    Type.Object({ diagnostics: Type.Array(DiagnosticSchema), modules: Type.Array(ModuleSummarySchema) }),
  ),
  'files/changed': method(
    'Files changed on disk (editor save, VCS update): re-scans only what they affect.',
    Type.Object({ ...ProjectRef, changes: Type.Array(FileChangeSchema, { minItems: 1 }) }),
    Type.Object({ added: Type.Array(Type.String()), removed: Type.Array(Type.String()), updated: Type.Array(Type.String()) }),
  ),
  'endpoints/tree': method('The explorer tree: modules, classes, endpoints (summaries) in scan order.', ProjectRefSchema, Type.Object({ modules: Type.Array(TreeModuleSchema) })),
  'endpoints/search': method(
    'Ranked matches with highlight ranges: the explorer search field and Search Everywhere.',
    Type.Object({ ...ProjectRef, query: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }),
    Type.Object({
      results: Type.Array(SearchMatchSchema),
      total: Type.Integer({ minimum: 0, description: 'Endpoints searched' }),
    }),
  ),
  'endpoints/get': method(
    'One endpoint with its request and response models (waits for a running scan).',
    Type.Object({ ...ProjectRef, id: Type.String({ minLength: 1 }) }),
    Type.Object({ endpoint: EndpointSchema }),
  ),
  'endpoints/inFile': method(
    'The endpoints whose method is in a file, by line: the gutter icons.',
    ProjectFileSchema,
    Type.Object({ marks: Type.Array(GutterMarkSchema) }),
  ),
  'endpoints/at': method(
    'The endpoints of the method at a line (a gutter click); re-scans the file first when none is known there.',
    Type.Object({ ...ProjectRef, file: Type.String({ minLength: 1 }), line: Type.Integer({ minimum: 1 }) }),
    Type.Object({ endpoints: Type.Array(EndpointSummarySchema) }),
  ),
  'navigation/target': method(
    'Where an endpoint\'s method is declared: an absolute file path, 1-based line and column.',
    Type.Object({ ...ProjectRef, id: Type.String({ minLength: 1 }) }),
    Type.Object({ file: Type.String(), line: Type.Integer({ minimum: 1 }), column: Type.Integer({ minimum: 1 }) }),
  ),
  'source/read': method(
    'A source file of the project, for a host without an editor (the browser UI shows it at the line). Paths resolving outside the project (also through symlinks), binary files and files over 2 MB are refused.',
    ProjectFileSchema,
    Type.Object({ file: Type.String({ description: 'Relative to the project root, forward slashes' }), text: Type.String() }),
  ),
  shutdown: method('Stops accepting work; the client then sends exit.', Empty, Empty),
};

export const notifications = {
  /** Server to client. */
  'scan/progress': Type.Object({
    ...ProjectRef,
    phase: Type.Unsafe<'read' | 'parse' | 'endpoints'>({ type: 'string', enum: ['read', 'parse', 'endpoints'] }),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  /** Server to client: the endpoint list changed (scan end, re-scan); fetch what is shown again. */
  'index/changed': Type.Object({
    ...ProjectRef,
    endpointCount: Type.Integer({ minimum: 0 }),
    added: Type.Array(Type.String()),
    removed: Type.Array(Type.String()),
    updated: Type.Array(Type.String()),
  }),
  /** Client to server: the process may end. */
  exit: Empty,
};

export type RequestName = keyof typeof requests;
export type NotificationName = keyof typeof notifications;
export type ParamsOf<M extends RequestName> = Static<(typeof requests)[M]['params']>;
export type ResultOf<M extends RequestName> = Static<(typeof requests)[M]['result']>;
export type NotificationParams<N extends NotificationName> = Static<(typeof notifications)[N]>;
export type ProjectStatus = Static<typeof ProjectStatusSchema>;

/**
 * Error codes beyond JSON-RPC's own (-32700 parse error, -32600 invalid request, -32601 unknown
 * method, -32602 invalid params, -32603 internal error, -32800 cancelled): one table for all.
 */
export const ErrorCodes = {
  ProjectNotOpen: -32001,
  NotFound: -32002,
  BadInput: -32003,
  ShuttingDown: -32004,
} as const;
