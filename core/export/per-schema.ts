// What an export makes of a schema (its field table, its JSON text, its converted form), made
// once per schema object. A stored scan result gives every endpoint that uses a DTO the same
// schema object (core/scan/schema-table.ts), and the scanner shares a type's schema among its
// uses, so among 2,500 endpoints a few hundred schemas are converted instead of thousands.
// One memo per export: nothing is kept between exports.

import type { JsonSchema } from '../model/request';

export function perSchema<T>(make: (schema: JsonSchema) => T): (schema: JsonSchema) => T {
  const made = new WeakMap<JsonSchema, T>();
  return (schema) => {
    let value = made.get(schema);
    if (value === undefined) {
      value = make(schema);
      made.set(schema, value);
    }
    return value;
  };
}
