// What an endpoint takes and returns, resolved from source: parameters by location, the body,
// and the response, each as JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses) plus a
// deterministic example. Part of the serialisable endpoint model.

/**
 * A JSON Schema object. Beyond the standard keywords apiscout writes a few `x-` extensions:
 * `x-java-type` (the Java/Kotlin type a schema was built from, generics included, so exporters
 * can name shared components), `x-unresolved` (a library type not in the source tree),
 * `x-truncated` (a recursion or depth cap cut the schema here), `x-discriminator` (on a `oneOf`
 * of Jackson subtypes: the property holding the type id, which each branch narrows to its ids),
 * `x-direction: request` (a request body's object that Jackson reads as other types than it
 * writes: its responses' schema differs), `x-mapped-class` (a spec schema openapi-generator maps
 * to an existing class not in the source tree).
 */
/** The extension naming the existing class a spec schema is mapped to (see JsonSchema). */
export const MAPPED_CLASS = 'x-mapped-class';
/** The extension listing the properties only this handler's checks require (body-checked-in-code.ts): the class's other uses do not. */
export const REQUIRED_IN_CODE = 'x-required-in-code';

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | Array<'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null'>;
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  /** Leading array items by position (Jackson's WRAPPER_ARRAY type id: `["<id>", {...}]`). */
  prefixItems?: JsonSchema[];
  /** Exactly one of these (a Jackson polymorphic base type: one branch per subtype). */
  oneOf?: JsonSchema[];
  minProperties?: number;
  maxProperties?: number;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  'x-java-type'?: string;
  'x-unresolved'?: boolean;
  'x-truncated'?: string;
  'x-discriminator'?: { propertyName: string };
  [extension: `x-${string}`]: unknown;
}

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie' | 'form';

export interface Param {
  name: string;
  in: ParamLocation;
  schema: JsonSchema;
  required: boolean;
  default?: string;
  description: string;
  example?: unknown;
  /** A multipart file part. */
  file?: boolean;
}

export interface RequestBody {
  contentType: string;
  schema: JsonSchema;
  example: unknown;
  description: string;
  required: boolean;
}

export interface RequestModel {
  params: Param[];
  body?: RequestBody;
  /** Media types the endpoint consumes, as declared (the first is the default). */
  consumes: string[];
}

export interface ResponseModel {
  contentType: string;
  /** Absent when the endpoint returns no body (`void`). */
  schema?: JsonSchema;
  example?: unknown;
  description: string;
}

/**
 * A response the source declares besides what the return type says: springdoc / Swagger 2
 * `@ApiResponse`. The schema is there when the annotation names a class (`implementation`, `response`).
 */
export interface DeclaredResponse {
  /** The status code as written (`404`), or `default`. */
  status: string;
  description: string;
  contentType?: string;
  schema?: JsonSchema;
}
