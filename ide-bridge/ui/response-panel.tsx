// The response panel (spec §2.3): status, Body (Pretty/Raw and Copy for text; content type, size
// and Save as for binary, never decoded), Headers. It renders a ResponseView and holds no request
// logic: the App fills it from the caller's result (call/http) once one is wired.

import { useMemo, useState } from 'preact/hooks';

export type ResponseBody =
  | { kind: 'text'; contentType: string; text: string; size: number }
  | { kind: 'binary'; contentType: string; size: number };

export interface ResponseView {
  status: number;
  statusText?: string;
  millis?: number;
  headers: [string, string][];
  body: ResponseBody;
}

/** Text bodies longer than this are cut for display (spec §8). */
export const DISPLAY_LIMIT = 500_000;

export function displayText(text: string, pretty: boolean, contentType: string): { text: string; truncated: boolean } {
  let shown = text;
  if (pretty && /[/+]json\b/i.test(contentType)) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  return shown.length > DISPLAY_LIMIT ? { text: shown.slice(0, DISPLAY_LIMIT), truncated: true } : { text: shown, truncated: false };
}

export interface ResponsePanelProps {
  response?: ResponseView;
  pending?: boolean;
  error?: string;
  onSaveAs?(): void;
}

export function ResponsePanel({ response, pending, error, onSaveAs }: ResponsePanelProps) {
  const [tab, setTab] = useState<'body' | 'headers'>('body');
  const [pretty, setPretty] = useState(true);
  const shown = useMemo(() => (response?.body.kind === 'text' ? displayText(response.body.text, pretty, response.body.contentType) : undefined), [response, pretty]);

  return (
    <section class="response-panel" aria-label="Response">
      <header>
        <h2>Response</h2>
        {response && (
          <span class={`status s${Math.floor(response.status / 100)}xx`}>
            {response.status} {response.statusText ?? ''}
          </span>
        )}
        {response?.millis !== undefined && <span class="muted">{response.millis} ms</span>}
        {response && (
          <div class="tabs small" role="tablist">
            <button role="tab" aria-selected={tab === 'body'} class={tab === 'body' ? 'tab on' : 'tab'} onClick={() => setTab('body')}>
              Body
            </button>
            <button role="tab" aria-selected={tab === 'headers'} class={tab === 'headers' ? 'tab on' : 'tab'} onClick={() => setTab('headers')}>
              Headers <span class="tab-count">{response.headers.length}</span>
            </button>
          </div>
        )}
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {pending && <p class="muted">Waiting for the response…</p>}
      {!response && !pending && !error && <p class="muted empty">No response yet. Send the request to see the status, body and headers here.</p>}
      {response && tab === 'headers' && (
        <table class="headers">
          <tbody>
            {response.headers.map(([k, v], i) => (
              <tr key={i}>
                <th>{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {response && tab === 'body' && response.body.kind === 'binary' && (
        <div class="binary">
          <p>
            {response.body.contentType}, {response.body.size.toLocaleString('en')} bytes
          </p>
          <button disabled={!onSaveAs} onClick={() => onSaveAs?.()}>
            Save as…
          </button>
        </div>
      )}
      {response && tab === 'body' && response.body.kind === 'text' && shown && (
        <div class="text-body">
          <div class="body-tools">
            <label>
              <input type="checkbox" checked={pretty} onChange={(e) => setPretty(e.currentTarget.checked)} /> Pretty
            </label>
            <button onClick={() => void navigator.clipboard.writeText((response.body as { text: string }).text)}>Copy</button>
            {shown.truncated && <span class="muted">Showing the first {DISPLAY_LIMIT.toLocaleString('en')} characters.</span>}
          </div>
          <pre>{shown.text}</pre>
        </div>
      )}
    </section>
  );
}
