// The request editor (spec §2.2): request line (method, host with history, path, Send, Reset)
// and the Path / Params / Headers / Form / Body tabs, all editing one RequestDraft. It knows
// nothing of sending: the App passes `onSend` once a caller is wired (call/http, call/grpc);
// until then Send is shown disabled.

import { jsonLanguage } from '@codemirror/lang-json';
import { useMemo, useState } from 'preact/hooks';
import { checkAgainstSchema } from './json-check';
import type { SchemaProblem } from './json-check';
import { JsonEditor } from './json-editor';
import { MethodBadge } from './method-badge';
import type { Endpoint, ParamRow, RequestDraft } from './request-draft';
import { isJson, tabCounts } from './request-draft';

export type RequestTab = 'path' | 'params' | 'headers' | 'form' | 'body';

export interface RequestEditorProps {
  endpoint: Endpoint;
  draft: RequestDraft;
  onChange(draft: RequestDraft): void;
  onReset(): void;
  /** Sends the draft; absent until a caller is wired, and Send is disabled. */
  onSend?(draft: RequestDraft): void;
  hostHistory: readonly string[];
  onNavigate(): void;
}

export function firstTab(d: RequestDraft): RequestTab {
  const c = tabCounts(d);
  if (c.body) return 'body';
  if (c.path) return 'path';
  if (c.form) return 'form';
  return 'params';
}

export function RequestEditor({ endpoint, draft, onChange, onReset, onSend, hostHistory, onNavigate }: RequestEditorProps) {
  const [tab, setTab] = useState<RequestTab>(() => firstTab(draft));
  const counts = tabCounts(draft);
  const set = <K extends keyof RequestDraft>(key: K, value: RequestDraft[K]) => onChange({ ...draft, [key]: value });
  const tabs: { id: RequestTab; label: string; count?: number }[] = [
    { id: 'path', label: 'Path', count: counts.path },
    { id: 'params', label: 'Params', count: counts.params },
    { id: 'headers', label: 'Headers', count: counts.headers },
    { id: 'form', label: 'Form', count: counts.form },
    { id: 'body', label: 'Body' },
  ];

  return (
    <section class="request-editor" aria-label="Request">
      <header class="endpoint-head">
        <h2>
          <MethodBadge endpoint={endpoint} /> <span class="name">{endpoint.name}</span>
        </h2>
        <button class="link" onClick={onNavigate} title="Show the source (F4 in the tree)">
          {endpoint.source.file.slice(endpoint.source.file.lastIndexOf('/') + 1)}:{endpoint.source.line}
        </button>
      </header>
      {endpoint.description ? <p class="description">{endpoint.description}</p> : null}
      <div class="request-line">
        <span class="method-field" aria-label="Method">
          {draft.method}
        </span>
        <input class="host" aria-label="Host" list="host-history" value={draft.host} onInput={(e) => set('host', e.currentTarget.value)} />
        <datalist id="host-history">
          {hostHistory.map((h) => (
            <option value={h} key={h} />
          ))}
        </datalist>
        <input class="path-field" aria-label="Path" value={draft.path} onInput={(e) => set('path', e.currentTarget.value)} />
        <button class="primary" disabled={!onSend} title={onSend ? 'Send the request' : 'Sending is not available in this build yet'} onClick={() => onSend?.(draft)}>
          Send
        </button>
        <button onClick={onReset} title="Discard edits: back to the values read from source">
          Reset
        </button>
      </div>
      <div class="tabs" role="tablist" aria-label="Request parts">
        {tabs.map((t) => (
          <button role="tab" id={`tab-${t.id}`} aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} class={tab === t.id ? 'tab on' : 'tab'} onClick={() => setTab(t.id)} key={t.id}>
            {t.label}
            {t.count ? <span class="tab-count">{t.count}</span> : null}
          </button>
        ))}
      </div>
      <div class="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'path' && <ParamTable rows={draft.pathParams} onChange={(r) => set('pathParams', r)} empty="No path parameters." fixedNames />}
        {tab === 'params' && (
          <>
            <ParamTable caption="Query" rows={draft.query} onChange={(r) => set('query', r)} empty="No query parameters." />
            <ParamTable caption="Cookies" rows={draft.cookies} onChange={(r) => set('cookies', r)} empty="No cookies." />
          </>
        )}
        {tab === 'headers' && <ParamTable rows={draft.headers} onChange={(r) => set('headers', r)} empty="No headers." />}
        {tab === 'form' && <ParamTable rows={draft.form} onChange={(r) => set('form', r)} empty="No form parameters." />}
        {tab === 'body' && <BodyTab endpoint={endpoint} draft={draft} onBody={(b) => set('body', b)} />}
      </div>
    </section>
  );
}

function ParamTable({ rows, onChange, empty, caption, fixedNames }: { rows: ParamRow[]; onChange(rows: ParamRow[]): void; empty: string; caption?: string; fixedNames?: boolean }) {
  const update = (i: number, patch: Partial<ParamRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div class="param-table">
      {caption ? <h3>{caption}</h3> : null}
      {rows.length === 0 && <p class="muted">{empty}</p>}
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th class="on" aria-label="Send" />
              <th>Name</th>
              <th>Value</th>
              <th>Type</th>
              <th>Description</th>
              {!fixedNames && <th aria-label="Remove" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} class={r.enabled ? '' : 'off'}>
                <td class="on">
                  <input type="checkbox" checked={r.enabled} aria-label={`Send ${r.name}`} onChange={(e) => update(i, { enabled: e.currentTarget.checked })} />
                </td>
                <td>
                  {fixedNames ? (
                    <span class="param-name">{r.name}</span>
                  ) : (
                    <input class="param-name" aria-label="Name" value={r.name} onInput={(e) => update(i, { name: e.currentTarget.value })} />
                  )}
                  {r.required ? <span class="required" title="required">*</span> : null}
                </td>
                <td>
                  <input class="param-value" aria-label={`Value of ${r.name}`} value={r.value} placeholder={r.file ? 'file path' : ''} onInput={(e) => update(i, { value: e.currentTarget.value })} />
                </td>
                <td class="type">{r.type}</td>
                <td class="doc">{r.description}</td>
                {!fixedNames && (
                  <td>
                    <button class="icon" aria-label={`Remove ${r.name}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                      ×
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!fixedNames && (
        <button class="add" onClick={() => onChange([...rows, { name: '', value: '', enabled: true, required: false, type: 'string', description: '' }])}>
          + Add
        </button>
      )}
    </div>
  );
}

function BodyTab({ endpoint, draft, onBody }: { endpoint: Endpoint; draft: RequestDraft; onBody(text: string): void }) {
  const body = endpoint.request?.body;
  const verdict = useMemo(() => judgeBody(draft.body, draft.bodyType, body?.schema), [draft.body, draft.bodyType, body]);
  if (draft.bodyType === undefined) return <p class="muted">This endpoint takes no request body.</p>;
  if (!isJson(draft.bodyType)) {
    return (
      <div class="body-tab">
        <p class="content-type">{draft.bodyType}</p>
        <textarea class="raw-body" aria-label="Request body" value={draft.body} onInput={(e) => onBody(e.currentTarget.value)} />
      </div>
    );
  }
  return (
    <div class="body-tab">
      <p class="content-type">
        {draft.bodyType}
        {body?.schema['x-java-type'] ? <span class="muted"> · {String(body.schema['x-java-type'])}</span> : null}
      </p>
      <JsonEditor initial={draft.body} onChange={onBody} label="JSON request body" />
      <div class={`body-status ${verdict.kind}`} role="status" aria-live="polite">
        {verdict.kind === 'invalid' && <span>Invalid JSON: {verdict.message}</span>}
        {verdict.kind === 'warnings' && (
          <ul>
            {verdict.problems.map((p, i) => (
              <li key={i}>
                {p.at ? <code>{p.at}</code> : null} {p.message}
              </li>
            ))}
          </ul>
        )}
        {verdict.kind === 'ok' && <span>Valid JSON{body ? ', matches the body schema' : ''}</span>}
      </div>
    </div>
  );
}

type Verdict = { kind: 'ok' } | { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'warnings'; problems: SchemaProblem[] };

export function judgeBody(text: string, type: string | undefined, schema: NonNullable<NonNullable<Endpoint['request']>['body']>['schema'] | undefined): Verdict {
  if (!isJson(type)) return { kind: 'ok' };
  if (!text.trim()) return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'invalid', message: withLine(text, (e as Error).message) };
  }
  const problems = schema ? checkAgainstSchema(value, schema) : [];
  return problems.length ? { kind: 'warnings', problems } : { kind: 'ok' };
}

/** People read lines: V8 names a position for some errors and none for others (then the parser finds it). */
function withLine(text: string, message: string): string {
  if (/\bline \d+/.test(message)) return message;
  const m = /position (\d+)/.exec(message);
  const at = m ? Number(m[1]) : firstSyntaxError(text);
  if (at === undefined) return message;
  const before = text.slice(0, at);
  return `${message} (line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n')})`;
}

function firstSyntaxError(text: string): number | undefined {
  let at: number | undefined;
  jsonLanguage.parser.parse(text).iterate({
    enter: (node) => {
      if (at !== undefined) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}
