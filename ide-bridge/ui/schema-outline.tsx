// An endpoint's documented response drawn from its model: the success status, content type and
// the fields (core/model/schema-outline.ts, the rows `apiscout show` prints), then the other
// responses the source declares. The response panel shows it before the first call, and as its
// Model tab beside a real response, so what came back can be read against what should have. An
// RPC shows its response message the same way before its first call.

import type { DeclaredResponse, JsonSchema, ResponseModel } from '../../core/model/request';
import { schemaOutline } from '../../core/model/schema-outline';

export interface Expected {
  /** The success status the source says (`@ResponseStatus`, a builder's), when it says one. */
  status?: string | undefined;
  /** An RPC: the message that comes back (each of a stream's), whose success is the status OK. */
  grpc?: boolean;
  response?: ResponseModel | undefined;
  responses?: readonly DeclaredResponse[] | undefined;
}

/** Whether there is anything to show: a response model or declared responses. */
export function hasExpected(e: Expected | undefined): e is Expected {
  return !!e && (!!e.response || !!e.responses?.length);
}

export function ExpectedResponse({ expected }: { expected: Expected }) {
  const { response, responses } = expected;
  return (
    <section class="expected" aria-label="Expected response">
      {response && (
        <>
          <p class="expected-line">
            <span class="expected-status">{expected.grpc ? 'OK' : (expected.status ?? '200')}</span> <span class="muted">{response.schema ? response.contentType : 'no body'}</span>
            {response.description ? <span class="muted"> · {response.description}</span> : null}
          </p>
          {response.schema && <SchemaOutline schema={response.schema} label="Response model" />}
        </>
      )}
      {responses?.length ? (
        <table class="headers declared" aria-label="Declared responses">
          <tbody>
            {responses.map((r) => (
              <tr key={r.status}>
                <th>{r.status}</th>
                <td>{r.description || (r.schema ? '' : '—')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The model's fields as an indented list: name (a mark when required), type, description. */
export function SchemaOutline({ schema, label }: { schema: JsonSchema; label: string }) {
  const rows = schemaOutline(schema);
  if (!rows.length) return <p class="muted">{label}: {schema.type === 'object' || !schema.type ? 'an object with no declared fields' : String(schema.type)}</p>;
  return (
    <ul class="schema-outline" aria-label={label}>
      {rows.map((r, i) => (
        <li key={i} class={`outline-${r.kind}`} style={{ '--depth': String(r.depth - 1) }}>
          {r.kind === 'items' && <span class="muted">array of {r.type}</span>}
          {r.kind === 'entries' && <span class="muted">map: string → {r.type}</span>}
          {r.kind === 'subtype' && (
            <span>
              one of <b>{r.name}</b>
              {r.ids ? <span class="muted"> ({r.ids.property}: {r.ids.values.join(', ')})</span> : null}
            </span>
          )}
          {r.kind === 'field' && (
            <>
              <span class="o-name">{r.name}</span>
              {r.required && (
                <span class="required" title="required" aria-label="required">
                  *
                </span>
              )}{' '}
              <span class="o-type">{r.type}</span>
              {r.description ? <span class="o-desc"> {r.description}</span> : null}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
