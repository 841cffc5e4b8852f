// The OpenAPI 3.0 Schema Object, from the JSON Schema (draft 2020-12) the scanner writes: one
// `type` plus `nullable`, boolean exclusive bounds, one `example`, no `const`. The rewrite and the
// test for whether it would change anything live together so they cannot drift apart: the
// exporter passes most schemas through untouched on that test (json-schema.ts).

import type { JsonSchema } from '../model/request';

/** Whether `toOpenApi30` would rewrite a key of `s` itself (nested schemas are the caller's). */
export function rewritesFor30(s: JsonSchema): boolean {
  return (
    Array.isArray(s.type) ||
    s.type === 'null' ||
    typeof s.exclusiveMinimum === 'number' ||
    typeof s.exclusiveMaximum === 'number' ||
    Array.isArray(s.examples) ||
    'const' in s ||
    Boolean((s as { nullable?: unknown }).nullable && s.type === undefined)
  );
}

/** Rewrites `s` in place into the 3.0 dialect and returns it. */
export function toOpenApi30(s: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(s.type)) {
    const types = (s.type as string[]).filter((t) => t !== 'null');
    if (types.length < (s.type as string[]).length) s.nullable = true;
    if (types.length === 1) s.type = types[0];
    else delete s.type;
  } else if (s.type === 'null') {
    // 3.0 has no null type and `nullable` needs a `type` beside it: a `Void` payload is an
    // empty schema, described as always null.
    delete s.type;
    s.description ??= 'Always null.';
  }
  if (s.nullable && s.type === undefined) delete s.nullable;
  if (typeof s.exclusiveMinimum === 'number') {
    s.minimum = s.exclusiveMinimum;
    s.exclusiveMinimum = true;
  }
  if (typeof s.exclusiveMaximum === 'number') {
    s.maximum = s.exclusiveMaximum;
    s.exclusiveMaximum = true;
  }
  if (Array.isArray(s.examples)) {
    if (s.examples.length) s.example = s.examples[0];
    delete s.examples;
  }
  if ('const' in s) {
    s.enum = [s.const];
    delete s.const;
  }
  return s;
}
