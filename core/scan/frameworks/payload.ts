// What a handler method returns, seen through the wrappers frameworks unwrap: the body type the
// client receives, whether it is a stream of them, or that the source does not say.

import type { ResponseModel } from '../../model/request';
import type { Scope } from '../project-index';
import { simpleName } from '../source-model';
import type { TypeRef } from '../source-model';
import { responseExampleOf } from '../types/example';
import type { SchemaBuilder, TypeBindings } from '../types/type-schema';

/** Wrappers whose single type argument is the body. */
const SINGLE = new Set([
  'ResponseEntity',
  'HttpEntity',
  'Mono',
  'Optional',
  'CompletableFuture',
  'CompletionStage',
  'Future',
  'ListenableFuture',
  'Callable',
  'DeferredResult',
  'WebAsyncTask',
  'Single',
  'Maybe',
  'Deferred', // kotlinx.coroutines
  'Uni', // Mutiny (Quarkus)
  'RestResponse', // Quarkus REST
]);
/** Wrappers that emit many bodies: the client sees an array (or a stream) of the argument. */
const MANY = new Set(['Flux', 'Flowable', 'Observable', 'Flow', 'Publisher', 'Multi', 'RestMulti']);
/** Return types whose body the declaration cannot tell. */
const OPAQUE = new Set(['Response', 'Object', 'ResponseBodyEmitter', 'StreamingResponseBody', 'SseEmitter', 'ServerResponse']);

export type Payload =
  | { kind: 'none' }
  | { kind: 'unknown'; reason: string }
  | { kind: 'body'; ref: TypeRef; array: boolean };

/**
 * `isProjectType`: the name resolves to a class of the project, which is its own body even when it
 * shares a library wrapper's simple name (a project `RestResponse extends HashMap`, a `Response` DTO).
 */
export function unwrapReturn(ref: TypeRef | null, isProjectType: (name: string) => boolean = () => false): Payload {
  if (!ref) return { kind: 'none' };
  // Kotlin `fun list() = service.findAll()`: the type is the compiler's to infer.
  if (ref.name === '?' && !ref.bound) return { kind: 'unknown', reason: 'the handler does not declare its return type (it is inferred from the expression body)' };
  let array = false;
  let current = ref;
  for (let guard = 0; guard < 8; guard++) {
    const name = simpleName(current.name);
    if (current.dims === 0 && (name === 'void' || name === 'Void' || name === 'Unit')) return array ? { kind: 'body', ref: current, array } : { kind: 'none' };
    if (current.dims > 0) return { kind: 'body', ref: current, array };
    const library = (SINGLE.has(name) || MANY.has(name) || OPAQUE.has(name)) && !isProjectType(current.name);
    if (!library) return { kind: 'body', ref: current, array };
    if (SINGLE.has(name) || MANY.has(name)) {
      const arg = current.args[0];
      if (MANY.has(name)) array = true;
      if (!arg || arg.name === '?' && !arg.bound) return { kind: 'unknown', reason: `${name} without a type argument does not declare its body type` };
      current = arg.name === '?' && arg.bound ? arg.bound.type : arg;
      continue;
    }
    if (OPAQUE.has(name) && current.args.length === 0) return { kind: 'unknown', reason: `${current.name} does not declare its body type` };
    return { kind: 'body', ref: current, array };
  }
  return { kind: 'body', ref: current, array };
}

/**
 * A body that is one `byte[]` (Kotlin `ByteArray`): Spring's ByteArrayHttpMessageConverter and
 * JAX-RS's built-in provider write it as raw bytes, application/octet-stream unless the mapping
 * produces another type; never the base64 JSON string Jackson makes of a byte[] field.
 */
export function isRawBytesPayload(payload: Payload): boolean {
  return payload.kind === 'body' && !payload.array && payload.ref.dims === 1 && payload.ref.name === 'byte';
}

export function responseModel(
  payload: Payload,
  contentType: string,
  scope: Scope,
  bindings: TypeBindings,
  schemas: SchemaBuilder,
  description = '',
): ResponseModel {
  if (payload.kind === 'none') return { contentType, description: description || 'No body.' };
  if (payload.kind === 'unknown') {
    const schema = { description: `Unknown: ${payload.reason}.`, 'x-unresolved': true };
    return { contentType, schema, description: description || schema.description };
  }
  // An array is built as one more dimension, so `$defs` of recursive types stay at the root.
  const ref = payload.array ? { ...payload.ref, dims: payload.ref.dims + 1 } : payload.ref;
  let schema = schemas.rootWrapped(schemas.schemaOf(ref, scope, bindings), scope, 'response');
  // byte[] is base64 only inside JSON; as the whole body of a PDF or a download it is raw bytes.
  if (schema.format === 'byte' && !/json/i.test(contentType)) schema = { type: 'string', format: 'binary' };
  return { contentType, schema, example: responseExampleOf(schema), description };
}
