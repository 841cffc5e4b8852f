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
  EnvironmentSchema,
  FileChangeSchema,
  ModuleSummarySchema,
  RequestDraftSchema,
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

const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const EndpointRef = { ...ProjectRef, id: Type.String({ minLength: 1 }) };
export const EndpointRefSchema = Type.Object(EndpointRef);
/** A header, metadata entry or trailer as received: repeated names stay separate entries. */
const Pair = Type.Tuple([Type.String(), Type.String()]);

// ---------------------------------------------------------------- request state and calls

export const RequestStateSchema = Type.Object({
  draft: RequestDraftSchema,
  /** The draft holds saved edits (false: built from source, what Reset to Default returns to). */
  edited: Type.Boolean(),
  /** Hosts used in this project for the endpoint's protocol (HTTP hosts or gRPC targets), most recent first: the host field's history. */
  hosts: Type.Array(Type.String()),
  /**
   * An HTTP endpoint's security: each scheme its requirement names that its module declares (any
   * one suffices). Send adds the first whose variables all have a value in the environment or the
   * config (else nothing), unless the request sets that header, parameter or cookie itself or has
   * a row of that name unticked; the request view says which variable(s) it uses, deciding as Send
   * does (core/call/send-auth.ts credentialPlanFrom).
   */
  credentials: Type.Optional(
    Type.Array(
      Type.Object({
        scheme: Type.String({ description: 'The security scheme\'s name' }),
        kind: Type.Union([Type.Literal('bearer'), Type.Literal('basic'), Type.Literal('digest'), Type.Literal('apiKey')], { description: 'digest: Send adds nothing up front; it answers the server\'s Digest challenge with the two variables' }),
        variables: Type.Array(Type.String(), { description: 'The environment variables the credential is made of (user and password for basic)' }),
        target: Type.Object({ in: Type.Union([Type.Literal('header'), Type.Literal('query'), Type.Literal('cookie')]), name: Type.String() }, { description: 'Where it is sent: the Authorization header, or the API key\'s header, query parameter or cookie' }),
      }),
    ),
  ),
  /** Those of the credentials' variables the project's config files give a value (names only, never the value): the request view's hint reads them after the active environment, as Send does. */
  credentialConfig: Type.Optional(Type.Array(Type.String())),
});

export const ScriptLogLineSchema = Type.Object({
  script: Type.String({ description: 'The script that wrote it' }),
  level: Type.String(),
  /** As logged, with every secret value the call knows masked (secret variables, credentials sent or received, tokens scripts keep). */
  text: Type.String(),
  /** The line as logged, for the user's own reveal: only when `text` masks something. */
  secretText: Type.Optional(Type.String()),
});

export const SentHttpRequestSchema = Type.Object({
  method: Type.String(),
  url: Type.String({ description: 'The last URL requested (after redirects)' }),
  headers: Type.Array(Pair),
  bodySize: Type.Integer({ minimum: 0 }),
  proxy: Type.Optional(Type.String()),
  redirects: Type.Array(Type.Object({ status: Type.Integer(), from: Type.String(), to: Type.String() })),
  /** Headers (lower-case names) to show masked: they carry a secret variable's value, or credentials by name (Authorization, Cookie, X-Api-Key…). */
  masked: Type.Optional(Type.Array(Type.String())),
  /** Query parameters of `url` to show masked, by the same rule. */
  maskedQuery: Type.Optional(Type.Array(Type.String())),
});

export const HttpReplySchema = Type.Object({
  status: Type.Integer(),
  statusText: Type.String(),
  headers: Type.Array(Pair),
  /** Headers (lower-case names) to show masked: they hand out credentials (Set-Cookie, X-Auth-Token…) or carry a secret variable's value. */
  masked: Type.Optional(Type.Array(Type.String())),
  contentType: Type.Optional(Type.String()),
  kind: StringEnum(['text', 'binary'] as const),
  size: Type.Integer({ minimum: 0, description: 'Body bytes after content decoding' }),
  /** A text body as received (decoded by its charset), cut at 500,000 characters; absent for binary bodies. */
  text: Type.Optional(Type.String()),
  truncated: Type.Boolean(),
  /** The text body is JSON: the UI offers Pretty. */
  json: Type.Boolean(),
  timings: Type.Object({ startedAt: Type.String(), headersMs: Type.Number(), totalMs: Type.Number() }),
  sent: SentHttpRequestSchema,
});

export const GrpcMessageSchema = Type.Object({
  atMs: Type.Number({ description: 'Since the call started' }),
  size: Type.Integer({ minimum: 0 }),
  json: Type.Unknown(),
  decodeError: Type.Optional(Type.String()),
});

export const GrpcReplySchema = Type.Object({
  status: Type.Object({ code: Type.Integer(), name: Type.String(), message: Type.String(), details: Type.Optional(Type.Array(Type.Unknown())) }),
  headers: Type.Array(Pair),
  trailers: Type.Array(Pair),
  /** Header and trailer keys (lower case) to show masked, by the HTTP response's rule. */
  masked: Type.Optional(Type.Array(Type.String())),
  messages: Type.Array(GrpcMessageSchema),
  cancelled: Type.Boolean(),
  timings: Type.Object({ startedAt: Type.String(), headersMs: Type.Optional(Type.Number()), totalMs: Type.Number() }),
  sent: Type.Object({
    target: Type.String(),
    security: Type.String(),
    path: Type.String(),
    kind: Type.String({ description: 'U, S, C or B' }),
    metadata: Type.Array(Pair),
    /** Metadata keys (lower case) to show masked: they carry a secret variable's value, or credentials by name. */
    masked: Type.Optional(Type.Array(Type.String())),
    messages: Type.Array(Type.Object({ atMs: Type.Number(), size: Type.Integer(), json: Type.Unknown() })),
    origin: Type.Unknown({ description: 'Where the method descriptor came from: protos, runtime, reflection' }),
  }),
});

export const CallResultSchema = Type.Object({
  callId: Type.String(),
  protocol: StringEnum(['http', 'grpc'] as const),
  http: Type.Optional(HttpReplySchema),
  grpc: Type.Optional(GrpcReplySchema),
  /** Placeholders that had no value in the environment or the config: sent as written. */
  unresolved: Type.Array(Type.String()),
  scriptLogs: Type.Array(ScriptLogLineSchema),
  /** An after-script failed: the response arrived and is shown; the error is shown beside it. */
  afterScriptError: Type.Optional(Type.String()),
});

// ---------------------------------------------------------------- export and copy

const ChannelEnum = StringEnum(['markdown', 'yapi', 'postman', 'curl', 'http-client', 'hoppscotch', 'openapi', 'apipost'] as const);

export const SelectionSchema = Type.Union([
  Type.Object({ kind: Type.Literal('all') }),
  Type.Object({ kind: Type.Literal('ids'), ids: Type.Array(Type.String(), { minItems: 1 }) }),
  Type.Object({ kind: Type.Literal('class'), className: Type.String({ minLength: 1 }) }),
  Type.Object({ kind: Type.Literal('file'), file: Type.String({ minLength: 1 }) }),
  Type.Object({ kind: Type.Literal('directory'), directory: Type.String({ minLength: 1 }) }),
  Type.Object({ kind: Type.Literal('folder'), folder: Type.String({ minLength: 1 }), module: Type.Optional(Type.String()) }),
  Type.Object({ kind: Type.Literal('module'), module: Type.String({ minLength: 1 }) }),
  Type.Object({ kind: Type.Literal('query'), query: Type.String({ minLength: 1 }) }),
]);

/** `file`: written under `directory` (created when missing); `text`: returned for the clipboard (one file's channels only). */
export const ExportDestinationSchema = Type.Union([
  Type.Object({ kind: Type.Literal('file'), directory: Type.String({ minLength: 1 }) }),
  Type.Object({ kind: Type.Literal('text') }),
]);

export const CurlFormatSchema = Type.Object({
  comments: Type.Optional(Type.Boolean()),
  prettyJson: Type.Optional(Type.Boolean()),
  multiline: Type.Optional(Type.Boolean()),
  longFlags: Type.Optional(Type.Boolean()),
  responseExample: Type.Optional(Type.Boolean()),
});

export const ExportRequestSchema = Type.Object({
  ...ProjectRef,
  channel: ChannelEnum,
  selection: SelectionSchema,
  destination: ExportDestinationSchema,
  /** Default: the active environment. null: none ("Skip" in the Ask dialog). */
  environment: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  title: Type.Optional(Type.String()),
  /** cURL: absent fields take the curl.format.* settings. */
  curl: Type.Optional(CurlFormatSchema),
  /** cURL: keep placeholders or resolve them from `environment` (the Ask choice is made by the UI before calling). Default: the curl.renderMode setting, `ask` counting as keep. */
  render: Type.Optional(StringEnum(['keep', 'resolve'] as const)),
  /** cURL: run pre-request scripts (default: the curl.runPreRequestScripts setting). */
  runScripts: Type.Optional(Type.Boolean()),
  openapi: Type.Optional(Type.Object({ version: Type.Optional(StringEnum(['3.0.3', '3.1.0'] as const)), format: Type.Optional(StringEnum(['yaml', 'json'] as const)) })),
});

export const ExportOutcomeSchema = Type.Object({
  /** Written files (absolute paths) with their sizes; empty for a text destination. */
  files: Type.Array(Type.Object({ path: Type.String(), bytes: Type.Integer({ minimum: 0 }) })),
  text: Type.Optional(Type.String()),
  selected: Type.Integer({ minimum: 0 }),
  exported: Type.Integer({ minimum: 0 }),
  skipped: Type.Array(Type.Object({ id: Type.String(), address: Type.String(), reason: Type.String() })),
  warnings: Type.Array(Type.String()),
});

// ---------------------------------------------------------------- environments and sync

export const EnvironmentListSchema = Type.Object({
  environments: Type.Array(EnvironmentSchema),
  active: Type.Union([Type.String(), Type.Null()]),
  /** Whether Postman sync can run, and where its token comes from (or why not). */
  sync: Type.Object({ enabled: Type.Boolean(), source: Type.Optional(Type.String()), reason: Type.Optional(Type.String()) }),
});

export const PushResultSchema = Type.Object({
  action: StringEnum(['created', 'updated', 'unchanged'] as const),
  name: Type.String(),
  id: Type.String(),
  variables: Type.Integer({ minimum: 0 }),
});

export const PullResultSchema = Type.Object({
  action: StringEnum(['created', 'replaced', 'merged', 'skipped'] as const),
  name: Type.String(),
  id: Type.String(),
  added: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  kept: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  ignored: Type.Array(Type.String()),
  environments: Type.Array(EnvironmentSchema),
});

// ---------------------------------------------------------------- settings

export const SettingRowSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  /** Which page shows it: the spec's §2.6 rows (general, grpc, grpcRuntime, curl) or the caller's (http, scripts). */
  section: Type.String(),
  kind: StringEnum(['boolean', 'integer', 'text', 'choice', 'list'] as const),
  choices: Type.Optional(Type.Array(Type.String())),
  min: Type.Optional(Type.Integer()),
  max: Type.Optional(Type.Integer()),
  /** `user`: per user only (secrets, machine paths), never stored in the project. */
  scope: StringEnum(['user', 'any'] as const),
  secret: Type.Boolean(),
  expects: Type.String(),
  default: Type.Unknown(),
  /** The effective value; a secret's value is never sent (null), `isSet` tells whether it has one. */
  value: Type.Unknown(),
  isSet: Type.Boolean(),
  /** Where the effective value comes from. */
  from: StringEnum(['default', 'user', 'project'] as const),
});

export const SettingsViewSchema = Type.Object({
  settings: Type.Array(SettingRowSchema),
  userPath: Type.String(),
  projectPath: Type.Optional(Type.String()),
});

export const GrpcDetectReportSchema = Type.Object({
  protoFiles: Type.Integer({ minimum: 0 }),
  includeRoots: Type.Array(Type.Object({ path: Type.String(), files: Type.Integer() })),
  missing: Type.Array(Type.Object({ import: Type.String(), importedBy: Type.String() })),
  services: Type.Array(Type.String()),
  unresolved: Type.Array(Type.Object({ service: Type.String(), reason: Type.String() })),
  descriptorSets: Type.Array(Type.String()),
  runtime: Type.Array(Type.String()),
  summary: Type.Array(Type.String()),
});

export const CallMessageSchema = Type.Object({ callId: Type.String(), message: GrpcMessageSchema });
export const NavigateTargetSchema = Type.Object({ file: Type.String({ description: 'Absolute path' }), line: Type.Integer({ minimum: 1 }), column: Type.Integer({ minimum: 1 }) });
export const ClipboardTextSchema = Type.Object({ text: Type.String() });

export const DeliveredSchema = Type.Object({ delivered: Type.Boolean({ description: 'An IDE host received it; false in a plain browser (the UI does it itself)' }) });
const NotificationLevel = StringEnum(['info', 'warning', 'error'] as const);
export const SettingsPageSchema = StringEnum(['apiscout', 'grpc', 'grpcRuntime'] as const);
export const SettingsPageRefSchema = Type.Object({ page: SettingsPageSchema });
export const HostNotificationSchema = Type.Object({ level: NotificationLevel, title: Type.String(), message: Type.String() });

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
  'endpoints/treeIfChanged': method(
    "endpoints/tree for a client that shows a tree already (the explorer page, which comes with one): no modules when it is still the one it shows.",
    Type.Object({ ...ProjectRef, since: Type.String({ description: "The version of the tree the client shows ('' for none)" }) }),
    Type.Object({
      modules: Type.Array(TreeModuleSchema),
      version: Type.String({ description: 'The version of the current tree' }),
      unchanged: Type.Boolean({ description: 'True when the current tree is the `since` version: `modules` is then empty' }),
    }),
  ),
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

  'request/get': method('The request editor\'s content: saved edits, else the request built from source with example values.', EndpointRefSchema, RequestStateSchema),
  'request/save': method(
    'Saves edits (per endpoint, in the project\'s personal state file). A draft typed back to the request built from source holds no edits: it follows the source again.',
    Type.Object({ ...EndpointRef, draft: RequestDraftSchema }),
    Type.Object({ edited: Type.Boolean({ description: 'The draft differs from the request built from source (request/get says the same)' }) }),
  ),
  'request/reset': method('Reset to Default: drops the edits, re-reads the endpoint\'s source file, returns the request built from it.', EndpointRefSchema, RequestStateSchema),
  'call/send': method(
    'Sends an endpoint\'s request (HTTP, or gRPC behind its gate) with the before/after scripts; the draft given is saved as the edits first. gRPC reply messages also arrive as call/message while the call runs. Cancel with call/cancel or $/cancelRequest.',
    Type.Object({
      ...EndpointRef,
      callId: Type.String({ minLength: 1, description: 'Chosen by the client: names the call in call/message, call/cancel and response/save' }),
      draft: Type.Optional(RequestDraftSchema),
      environment: Type.Optional(Type.String({ description: 'Default: the active environment' })),
      allowFiles: Type.Optional(Type.Array(Type.String(), { description: 'Files outside the project folder the user confirmed may be sent (FileNotAllowed\'s data.target); any other is refused' })),
    }),
    CallResultSchema,
  ),
  'call/cancel': method('Cancels a running call: the reply ends with what arrived (gRPC) or the call fails as cancelled (HTTP).', Type.Object({ callId: Type.String({ minLength: 1 }) }), Type.Object({ cancelled: Type.Boolean({ description: 'false: no such call was running' }) })),
  'response/save': method(
    'Saves a recent call\'s whole response body (text or binary, not cut) to a file: Save as.',
    Type.Object({ callId: Type.String({ minLength: 1 }), path: Type.String({ minLength: 1, description: 'Absolute, or relative to the project of the call' }) }),
    Type.Object({ path: Type.String(), bytes: Type.Integer({ minimum: 0 }) }),
  ),
  'response/preview': method(
    'A recent call\'s whole response body as base64, for an image preview (the page shows it as a data: URL, never as text). At most 8 MiB.',
    Type.Object({ callId: Type.String({ minLength: 1 }) }),
    Type.Object({ base64: Type.String(), bytes: Type.Integer({ minimum: 0 }) }),
  ),

  'export/run': method('Exports a selection to one channel: files under a directory, or text for the clipboard.', ExportRequestSchema, ExportOutcomeSchema),
  'copy/text': method(
    'The text of the copy actions for some endpoints: Copy API URL, Copy Path, Copy as cURL (from saved edits or source, per curl.copySource).',
    Type.Object({
      ...ProjectRef,
      ids: Type.Array(Type.String(), { minItems: 1 }),
      what: StringEnum(['apiUrl', 'path', 'curl'] as const),
      environment: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      /** cURL: keep or resolve placeholders (the Ask choice made by the UI); default: the curl.renderMode setting, `ask` counting as keep. */
      render: Type.Optional(StringEnum(['keep', 'resolve'] as const)),
    }),
    Type.Object({ text: Type.String(), warnings: Type.Array(Type.String()) }),
  ),

  'env/list': method('The project\'s environments (secrets included: the UI and the host are this user\'s own), the active one, and whether sync can run.', ProjectRefSchema, EnvironmentListSchema),
  'env/save': method(
    'Creates or replaces an environment; `previousName` renames one. Secret values go to the user\'s file, the rest to the project.',
    Type.Object({ ...ProjectRef, environment: EnvironmentSchema, previousName: Type.Optional(Type.String({ minLength: 1 })) }),
    EnvironmentListSchema,
  ),
  'env/delete': method('Deletes an environment.', Type.Object({ ...ProjectRef, name: Type.String({ minLength: 1 }) }), EnvironmentListSchema),
  'env/select': method('Makes an environment active (null: none).', Type.Object({ ...ProjectRef, name: Type.Union([Type.String({ minLength: 1 }), Type.Null()]) }), EnvironmentListSchema),
  'env/remote': method(
    'The environments of the Postman workspace, for the Sync > Pull choice.',
    ProjectRefSchema,
    Type.Object({ environments: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), updatedAt: Type.Optional(Type.String()) })) }),
  ),
  'env/push': method('Sync > Push: sends an environment to the Postman workspace (refuses to overwrite remote changes made since the last sync unless `force`).', Type.Object({ ...ProjectRef, name: Type.String({ minLength: 1 }), force: Type.Optional(Type.Boolean()) }), PushResultSchema),
  'env/pull': method(
    'Sync > Pull: brings a remote environment into the project. A local environment of that name without `strategy` fails with the Conflict code; the UI asks Replace, Merge or Skip and calls again.',
    Type.Object({ ...ProjectRef, name: Type.String({ minLength: 1 }), strategy: Type.Optional(StringEnum(['replace', 'merge', 'skip'] as const)) }),
    PullResultSchema,
  ),
  'sync/token': method(
    'Hands the sidecar the Postman API token (the IDE keeps it in PasswordSafe): held in memory for this run; `persist` also stores it in the user\'s config folder (the browser\'s way). null forgets it.',
    Type.Object({ token: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), persist: Type.Optional(Type.Boolean()) }),
    Type.Object({ enabled: Type.Boolean(), source: Type.Optional(Type.String()), reason: Type.Optional(Type.String()) }),
  ),

  'settings/get': method('Every setting with its effective value, default, where it comes from and how to edit it.', Type.Object({ project: Type.Optional(Type.String({ minLength: 1 })) }), SettingsViewSchema),
  'settings/set': method(
    'Sets values in the user or the project file (`unset` removes keys so the level below shows through); invalid values are refused as a whole, naming the key.',
    Type.Object({
      project: Type.Optional(Type.String({ minLength: 1 })),
      scope: StringEnum(['user', 'project'] as const),
      values: Type.Record(Type.String(), Type.Unknown()),
      unset: Type.Optional(Type.Array(Type.String())),
    }),
    SettingsViewSchema,
  ),
  'grpc/detect': method('Auto Detect (gRPC Runtime): what gRPC calls would use in this project, and the runtime entries it proposes.', ProjectRefSchema, GrpcDetectReportSchema),

  'host/navigate': method('Asks the IDE host to open an endpoint\'s source (host/navigate notification).', EndpointRefSchema, DeliveredSchema),
  'host/copy': method('Asks the IDE host to put text on the clipboard (host/clipboard notification): JCEF pages cannot always reach it.', ClipboardTextSchema, DeliveredSchema),
  'host/openSettings': method('Asks the IDE host to open a settings page.', Type.Object({ page: Type.Optional(SettingsPageSchema) }), DeliveredSchema),
  'host/notify': method('Asks the IDE host to show a balloon notification.', HostNotificationSchema, DeliveredSchema),
  'host/chooseFile': method(
    'Asks the IDE host to show its file chooser (the ide/chooseFile request), for a file a request sends: a browser page cannot learn a chosen file\'s path. One at a time: asking again answers the earlier ask as cancelled; an IDE that has not answered within 10 minutes fails it with a message that says so.',
    Type.Object({ ...ProjectRef, title: Type.Optional(Type.String({ description: 'The chooser\'s title' })) }),
    Type.Object({
      delivered: Type.Boolean({ description: 'An IDE host showed its chooser; false in a plain browser or with a host that has none' }),
      path: Type.Optional(Type.String({ description: 'The chosen file as a request names it: relative to the project folder when inside it, else absolute. Absent: cancelled' })),
      absolute: Type.Optional(Type.String({ description: 'The chosen file, absolute: chosen by the user, so call/send may take it in allowFiles' })),
    }),
  ),

  shutdown: method('Stops accepting work; the client then sends exit.', Empty, Empty),
};

/**
 * Requests the sidecar makes of the IDE host (its stdio client), for a UI's host/* request that
 * needs an answer. A host that does not handle one answers MethodNotFound; the UI is told
 * `delivered: false`.
 */
export const hostRequests = {
  'ide/chooseFile': method(
    'Show the IDE\'s file chooser for one file; answer its absolute path, or null when cancelled. The sidecar waits up to 10 minutes (a modal dialog may stay open long), and less when the page cancels, closes or asks again; it then sends $/cancelRequest (close the dialog) and drops a later answer.',
    Type.Object({ title: Type.String(), directory: Type.String({ description: 'Absolute: where the chooser opens (the project folder)' }) }),
    Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }),
  ),
};

export const notifications = {
  /** Server to client. */
  'scan/progress': Type.Object({
    ...ProjectRef,
    phase: Type.Unsafe<'read' | 'parse' | 'endpoints'>({ type: 'string', enum: ['read', 'parse', 'endpoints'] }),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  /**
   * Server to client: the endpoint list changed (scan end, re-scan); fetch what is shown again.
   * `updated` also names the endpoints of a module whose context path, servlet path or port changed.
   */
  'index/changed': Type.Object({
    ...ProjectRef,
    endpointCount: Type.Integer({ minimum: 0 }),
    added: Type.Array(Type.String()),
    removed: Type.Array(Type.String()),
    updated: Type.Array(Type.String()),
  }),
  /** Server to clients: a gRPC reply message of a running call, as it arrives. */
  'call/message': CallMessageSchema,
  /** Server to clients: an endpoint's saved request was reset (Reset to Default from any client, e.g. the IDE's action); an editor showing it reloads. */
  'request/changed': EndpointRefSchema,
  /** Server to the IDE host only: open this place in the editor. */
  'host/navigate': NavigateTargetSchema,
  /** Server to the IDE host only: put this text on the clipboard. */
  'host/clipboard': ClipboardTextSchema,
  /** Server to the IDE host only: open a settings page. */
  'host/openSettings': SettingsPageRefSchema,
  /** Server to the IDE host only: show a notification. */
  'host/notification': HostNotificationSchema,
  /** Client to server: the process may end. */
  exit: Empty,
};

export type RequestName = keyof typeof requests;
export type HostRequestName = keyof typeof hostRequests;
export type HostParamsOf<M extends HostRequestName> = Static<(typeof hostRequests)[M]['params']>;
export type HostResultOf<M extends HostRequestName> = Static<(typeof hostRequests)[M]['result']>;
export type NotificationName = keyof typeof notifications;
export type ParamsOf<M extends RequestName> = Static<(typeof requests)[M]['params']>;
export type ResultOf<M extends RequestName> = Static<(typeof requests)[M]['result']>;
export type NotificationParams<N extends NotificationName> = Static<(typeof notifications)[N]>;
export type ProjectStatus = Static<typeof ProjectStatusSchema>;
/**
 * Not a message: what the UI server puts in the page it serves, `<script type="application/json"
 * id="first-tree">`, so the page draws its first tree before it asks for anything; packed there
 * (ui/tree-codec.ts).
 */
export interface FirstTree {
  status: ProjectStatus;
  modules: ResultOf<'endpoints/tree'>['modules'];
  /** The tree's version (ide-bridge/tree-version.ts): the page sends it as endpoints/treeIfChanged's `since`. */
  version?: string;
}

/**
 * Error codes beyond JSON-RPC's own (-32700 parse error, -32600 invalid request, -32601 unknown
 * method, -32602 invalid params, -32603 internal error, -32800 cancelled): one table for all.
 */
export const ErrorCodes = {
  ProjectNotOpen: -32001,
  NotFound: -32002,
  BadInput: -32003,
  ShuttingDown: -32004,
  /** A before-script failed: nothing was sent. `data.logs` holds what the scripts logged. */
  ScriptFailed: -32005,
  /** A gRPC call refused before sending (gRPC calls off, no descriptors): `data.reason` is `disabled` or `descriptors`. */
  CallRefused: -32006,
  /** No response: connection refused, timeout, TLS failure. The message names the address. */
  CallFailed: -32007,
  /** env/pull met a local environment of that name: `data.environment` names it; call again with a strategy. */
  Conflict: -32008,
  /** Postman sync failed or is not configured. */
  SyncFailed: -32009,
  /**
   * A file body or file part lies outside the project folder (`../`, an absolute path, a link
   * leading out) and was not allowed: nothing was sent. `data.path` is the file as the request
   * names it, `data.target` where it really is; call/send again with `target` in `allowFiles`
   * once the user confirmed it.
   */
  FileNotAllowed: -32010,
} as const;
