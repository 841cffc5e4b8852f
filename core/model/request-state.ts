// The request a developer edits before sending it (spec §2.2): built from the endpoint's request
// model, then changed by hand and saved per endpoint (§3). Values may hold `{{name}}` / `${name}`
// placeholders; they are resolved only when the request is sent or exported. Serialisable.

export interface NameValue {
  name: string;
  value: string;
  /** Unchecked rows stay in the editor but are not sent. Absent means sent. */
  enabled?: boolean;
}

export interface FormField extends NameValue {
  /** A multipart file part: `value` is a path on disk. */
  file?: boolean;
}

export type BodyMode = 'none' | 'json' | 'text' | 'urlencoded' | 'multipart';

export interface HttpRequestDraft {
  method: string;
  /** Scheme, host and port, e.g. `http://localhost:8080` or `{{host}}`. */
  host: string;
  /** The path template as served (context path included), `{name}` for path parameters. */
  path: string;
  pathParams: NameValue[];
  query: NameValue[];
  cookies: NameValue[];
  headers: NameValue[];
  form: FormField[];
  bodyMode: BodyMode;
  /** The JSON or text body as edited. */
  body: string;
  /** Media type of a `text` body (a `json` body is application/json unless a header says otherwise). */
  contentType?: string;
}
