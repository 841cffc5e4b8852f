// JSON Schemas of the core model types that cross the bridge. The TS types in core/model stay
// the source for the core; the compile-time checks at the bottom fail the build when a schema
// and its type drift apart, so the catalog can never promise a shape the core does not produce.

import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Diagnostic, Endpoint, GrpcMethod, ModuleSummary, SourceLocation } from '../core/model/endpoint';
import type { JsonSchema, Param, RequestBody, RequestModel, ResponseModel } from '../core/model/request';
import type { FileChange } from '../core/scan/project-scanner';
import type { Environment, EnvironmentVariable } from '../core/model/environment';
import type { FormField, GrpcRequestDraft, HttpRequestDraft, NameValue } from '../core/model/request-state';

/** A JSON Schema document carried as data: checked as an object, typed as the model's JsonSchema. */
export const JsonSchemaDoc = Type.Unsafe<JsonSchema>(Type.Object({}, { additionalProperties: true }));

const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const ParamSchema = Type.Object({
  name: Type.String(),
  in: StringEnum(['path', 'query', 'header', 'cookie', 'form'] as const),
  schema: JsonSchemaDoc,
  required: Type.Boolean(),
  default: Type.Optional(Type.String()),
  description: Type.String(),
  example: Type.Optional(Type.Unknown()),
  file: Type.Optional(Type.Boolean()),
});

export const RequestBodySchema = Type.Object({
  contentType: Type.String(),
  schema: JsonSchemaDoc,
  example: Type.Unknown(),
  description: Type.String(),
  required: Type.Boolean(),
});

export const RequestModelSchema = Type.Object({
  params: Type.Array(ParamSchema),
  body: Type.Optional(RequestBodySchema),
  consumes: Type.Array(Type.String()),
});

export const ResponseModelSchema = Type.Object({
  contentType: Type.String(),
  schema: Type.Optional(JsonSchemaDoc),
  example: Type.Optional(Type.Unknown()),
  description: Type.String(),
});

export const SourceLocationSchema = Type.Object({
  file: Type.String({ description: 'Relative to the project root, forward slashes' }),
  line: Type.Integer({ minimum: 1 }),
  column: Type.Integer({ minimum: 1 }),
  member: Type.String(),
});

export const GrpcMethodSchema = Type.Object({
  service: Type.String(),
  method: Type.String(),
  requestType: Type.String(),
  responseType: Type.String(),
  protoFile: Type.Optional(Type.String()),
});

const endpointFields = {
  id: Type.String(),
  protocol: StringEnum(['http', 'grpc'] as const),
  framework: StringEnum(['spring-mvc', 'jax-rs', 'grpc', 'actuator'] as const),
  method: Type.String({ description: 'HTTP verb, ALL, gRPC, or a custom JAX-RS verb' }),
  path: Type.String(),
  address: Type.String(),
  name: Type.String(),
  description: Type.String(),
  folder: Type.String(),
  className: Type.String(),
  module: Type.String(),
  source: SourceLocationSchema,
  streaming: Type.Optional(StringEnum(['U', 'S', 'C', 'B', 'unknown'] as const)),
  grpc: Type.Optional(GrpcMethodSchema),
  consumes: Type.Optional(Type.Array(Type.String())),
  produces: Type.Optional(Type.Array(Type.String())),
  deprecated: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.String({ description: '@ResponseStatus: the success status when it is not 200' })),
  security: Type.Optional(Type.Array(Type.String(), { description: 'Names of the module\'s security schemes a call needs, any one suffices; [] is public' })),
  securityOptional: Type.Optional(Type.Boolean({ description: 'A call may also go without the credentials `security` names' })),
};

/** An endpoint without its request and response models: what lists and trees carry. */
export const EndpointSummarySchema = Type.Object(endpointFields);

export const DeclaredResponseSchema = Type.Object({
  status: Type.String(),
  description: Type.String(),
  contentType: Type.Optional(Type.String()),
  schema: Type.Optional(JsonSchemaDoc),
});

export const EndpointSchema = Type.Object({
  ...endpointFields,
  request: Type.Optional(RequestModelSchema),
  response: Type.Optional(ResponseModelSchema),
  responses: Type.Optional(Type.Array(DeclaredResponseSchema)),
});

export const DiagnosticSchema = Type.Object({
  file: Type.String(),
  line: Type.Optional(Type.Integer()),
  message: Type.String(),
});

export const ModuleSummarySchema = Type.Object({
  name: Type.String(),
  dir: Type.String(),
  build: StringEnum(['maven', 'gradle', 'none'] as const),
  contextPath: Type.Optional(Type.String()),
  servletPath: Type.Optional(Type.String()),
  securitySchemes: Type.Optional(Type.Array(Type.Object({
    name: Type.String(),
    type: StringEnum(['http', 'apiKey', 'oauth2', 'openIdConnect'] as const),
    description: Type.Optional(Type.String()),
    scheme: Type.Optional(Type.String()),
    bearerFormat: Type.Optional(Type.String()),
    in: Type.Optional(StringEnum(['header', 'query', 'cookie'] as const)),
    paramName: Type.Optional(Type.String()),
    openIdConnectUrl: Type.Optional(Type.String()),
    flows: Type.Optional(Type.Record(Type.String(), Type.Object({
      authorizationUrl: Type.Optional(Type.String()),
      tokenUrl: Type.Optional(Type.String()),
      refreshUrl: Type.Optional(Type.String()),
      scopes: Type.Record(Type.String(), Type.String()),
    }))),
  }))),
});

export const FileChangeSchema = Type.Object({
  path: Type.String({ minLength: 1, description: 'Relative to the project root, or absolute inside it' }),
  kind: StringEnum(['changed', 'created', 'deleted'] as const),
});

// ---------------------------------------------------------------- request state and environments

export const NameValueSchema = Type.Object({
  name: Type.String(),
  value: Type.String(),
  enabled: Type.Optional(Type.Boolean({ description: 'Unchecked rows stay in the editor but are not sent; absent means sent' })),
});

export const FormFieldSchema = Type.Object({ ...NameValueSchema.properties, file: Type.Optional(Type.Boolean({ description: 'A multipart file part: value is a path on disk' })) });

export const HttpRequestDraftSchema = Type.Object({
  method: Type.String({ minLength: 1 }),
  host: Type.String({ description: 'Scheme, host and port, or a placeholder such as {{host}}' }),
  path: Type.String({ description: 'The path template as served, {name} for path parameters' }),
  pathParams: Type.Array(NameValueSchema),
  query: Type.Array(NameValueSchema),
  cookies: Type.Array(NameValueSchema),
  headers: Type.Array(NameValueSchema),
  form: Type.Array(FormFieldSchema),
  bodyMode: StringEnum(['none', 'json', 'text', 'urlencoded', 'multipart', 'file'] as const, 'file: raw bytes read from bodyFile when sent'),
  body: Type.String(),
  contentType: Type.Optional(Type.String({ description: 'Media type of a text or file body' })),
  bodyFile: Type.Optional(Type.String({ description: 'A file body: the path of the file whose bytes are sent (never the bytes)' })),
});

export const GrpcRequestDraftSchema = Type.Object({
  protocol: Type.Literal('grpc'),
  host: Type.String({ description: 'host:port, grpc[s]://host:port or a placeholder such as {{grpcHost}}' }),
  service: Type.String(),
  method: Type.String(),
  metadata: Type.Array(NameValueSchema),
  messages: Type.Array(Type.String(), { description: 'One ProtoJSON text per request message' }),
  deadlineMs: Type.Optional(Type.Integer({ minimum: 0 })),
  tls: Type.Optional(Type.Boolean()),
});

/** What the request editor edits and the request state saves: HTTP or gRPC (the `protocol` field tells). */
export const RequestDraftSchema = Type.Union([HttpRequestDraftSchema, GrpcRequestDraftSchema]);

export const EnvironmentVariableSchema = Type.Object({
  key: Type.String({ minLength: 1 }),
  value: Type.String(),
  secret: Type.Optional(Type.Boolean({ description: 'Kept per user, out of project files and logs' })),
});

export const EnvironmentSchema = Type.Object({ name: Type.String({ minLength: 1 }), variables: Type.Array(EnvironmentVariableSchema) });

export type EndpointSummary = Static<typeof EndpointSummarySchema>;

export { summaryOf } from './endpoint-summary';

// ---------------------------------------------------------------- drift checks (compile time)

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<S extends TSchema, T> = Same<Static<S>, T>;

const drift: [
  Check<typeof ParamSchema, Param>,
  Check<typeof RequestBodySchema, RequestBody>,
  Check<typeof RequestModelSchema, RequestModel>,
  Check<typeof ResponseModelSchema, ResponseModel>,
  Check<typeof SourceLocationSchema, SourceLocation>,
  Check<typeof GrpcMethodSchema, GrpcMethod>,
  Check<typeof EndpointSchema, Endpoint>,
  Check<typeof DiagnosticSchema, Diagnostic>,
  Check<typeof ModuleSummarySchema, ModuleSummary>,
  Check<typeof FileChangeSchema, FileChange>,
  Check<typeof NameValueSchema, NameValue>,
  Check<typeof FormFieldSchema, FormField>,
  Check<typeof HttpRequestDraftSchema, HttpRequestDraft>,
  Check<typeof GrpcRequestDraftSchema, GrpcRequestDraft>,
  Check<typeof EnvironmentVariableSchema, EnvironmentVariable>,
  Check<typeof EnvironmentSchema, Environment>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void drift;
