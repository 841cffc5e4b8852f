// A form body the model describes as one schema: SpringDoc's functional endpoints declare an upload
// as `requestBody(content(mediaType multipart/form-data, schema(UploadForm)))` (halo's attachment,
// avatar and plugin uploads), not as form parameters. Each property is a part (multipart) or a
// field (url-encoded), as a client sends them; sent as the schema's JSON, the application saw no
// parts at all.

import type { Param, RequestBody, JsonSchema } from './request';

const FORM_TYPE = /^(?:multipart\/|application\/x-www-form-urlencoded\b)/i;

/** The body's properties as form parameters; undefined when it is no form, or its schema lists no fields. */
export function bodyFormParams(body: RequestBody | undefined): Param[] | undefined {
  if (!body || !FORM_TYPE.test(body.contentType)) return undefined;
  const properties = body.schema.properties;
  if (!properties) return undefined;
  const required = new Set(body.schema.required ?? []);
  const example = body.example && typeof body.example === 'object' ? (body.example as Record<string, unknown>) : {};
  const params: Param[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    // A map of parts (`MultiValueMap<String, Part>`) is the handler's holder of the whole form, not a part.
    if (isPartMap(schema)) continue;
    const file = isFile(schema);
    params.push({
      name,
      in: 'form',
      schema,
      required: required.has(name),
      description: schema.description ?? '',
      ...(file ? { file: true } : example[name] !== undefined ? { example: example[name] } : {}),
    });
  }
  return params.length ? params : undefined;
}

/** A file's bytes: `format: binary`, or a list of them (several files under one name). */
function isFile(s: JsonSchema): boolean {
  return (s.type === 'string' && s.format === 'binary') || (s.type === 'array' && !!s.items && isFile(s.items));
}

function isPartMap(s: JsonSchema): boolean {
  return s.type === 'object' && !s.properties && typeof s.additionalProperties === 'object';
}
