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

/** `file`: raw bytes (`byte[]`, `InputStream`, `Resource` bodies) read from `bodyFile` when sent. */
export type BodyMode = 'none' | 'json' | 'text' | 'urlencoded' | 'multipart' | 'file';

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
  /** Media type of a `text` or `file` body (a `json` body is application/json unless a header says otherwise). */
  contentType?: string;
  /**
   * A `file` body: the path of the file whose bytes are sent, as a file part's (a relative one is
   * read from the project folder). Only the path is saved, never the bytes.
   */
  bodyFile?: string;
}

/** The gRPC request a developer edits (spec §2.2, §4.1.3): metadata and the message(s) as ProtoJSON text. */
export interface GrpcRequestDraft {
  protocol: 'grpc';
  /** `host:port`, `grpc[s]://host:port` or a placeholder such as `{{grpcHost}}`. */
  host: string;
  /** `package.Service` and the RPC name: what the draft was made for. */
  service: string;
  method: string;
  /** Sent as gRPC metadata; `-bin` keys hold base64. */
  metadata: NameValue[];
  /** One JSON text per request message: one for unary and server streaming, a list for client and bidirectional streams. */
  messages: string[];
  /** Overrides the `grpc.deadlineMs` setting; 0: none. */
  deadlineMs?: number;
  /** TLS for a bare `host:port`. */
  tls?: boolean;
}

export type RequestDraft = HttpRequestDraft | GrpcRequestDraft;

export function isGrpcDraft(d: RequestDraft): d is GrpcRequestDraft {
  return (d as GrpcRequestDraft).protocol === 'grpc';
}
