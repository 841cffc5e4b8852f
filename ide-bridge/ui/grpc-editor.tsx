// The gRPC request editor (spec §2.2, §4.1.3): host (with history), the RPC, a deadline and TLS,
// then the Message tab (one ProtoJSON editor for unary and server streaming, a list with add and
// remove for client and bidirectional streams) and the Metadata tab. Messages are checked against
// the request type's schema as they are typed; the gate and the wire are the sidecar's.

import { useMemo, useRef, useState } from 'preact/hooks';
import { EnvironmentChip, VariablesLine } from './environment-line';
import { JsonEditor } from './json-editor';
import { simpleTypeName } from './java-type-name';
import { HostField, RowsTable, judgeBody, BodyStatus } from './request-editor';
import { RequestHead, RequestLineButtons } from './request-head';
import type { RequestLineProps } from './request-head';
import type { Endpoint, GrpcRequestDraft } from './request-draft';
import { TabLabel } from './tab-label';

export interface GrpcEditorProps extends RequestLineProps {
  endpoint: Endpoint;
  draft: GrpcRequestDraft;
  onChange(draft: GrpcRequestDraft): void;
  hosts: readonly string[];
  onNavigate(): void;
  /** The tab last shown for this endpoint (kept across Reset and revisits). */
  tab?: GrpcTab | undefined;
  onTab(tab: GrpcTab): void;
}

export type GrpcTab = 'message' | 'metadata';

export function GrpcEditor(props: GrpcEditorProps) {
  const { endpoint, draft, onChange, hosts, onNavigate } = props;
  const tab = props.tab ?? 'message';
  const setTab = props.onTab;
  const streams = endpoint.streaming === 'C' || endpoint.streaming === 'B';
  const set = <K extends keyof GrpcRequestDraft>(key: K, value: GrpcRequestDraft[K]) => onChange({ ...draft, [key]: value });

  return (
    <section class="request-editor grpc" aria-label="Request">
      <RequestHead endpoint={endpoint} onNavigate={onNavigate} edited={props.edited} saveState={props.saveState} />
      <div class="request-line">
        <HostField value={draft.host} hosts={hosts} onInput={(h) => set('host', h)} placeholder="host:port" />
        {/* Short of room the service gives way, never the method: "/acme.shop…StockServic…" hid GetStock at 300 px. */}
        <span class="path-field rpc" aria-label="RPC" title={`/${draft.service}/${draft.method}: ${endpoint.grpc?.requestType ?? ''} → ${endpoint.grpc?.responseType ?? ''}`}>
          <span class="rpc-service">/{draft.service}</span>
          <span class="rpc-method">/{draft.method}</span>
        </span>
        <label class="deadline">
          Deadline{' '}
          <input
            type="number"
            min={0}
            step={100}
            aria-label="Deadline (ms)"
            placeholder="default"
            value={draft.deadlineMs ?? ''}
            onInput={(e) => {
              const v = e.currentTarget.value;
              onChange(withOptional(draft, 'deadlineMs', v === '' ? undefined : Math.max(0, Math.round(Number(v)))));
            }}
          />{' '}
          ms
        </label>
        <label class="tls" title="TLS for a bare host:port (grpcs:// in the host says it too)">
          <input type="checkbox" checked={draft.tls === true} onChange={(e) => onChange(withOptional(draft, 'tls', e.currentTarget.checked || undefined))} /> TLS
        </label>
        {/* As on the HTTP line, the environment the address's and metadata's {{variables}} come
            from; with Send and Reset it wraps as one group, so neither button is left alone on a row. */}
        <span class="line-actions">
          <EnvironmentChip environments={props.environments} onOpen={props.onEnvironments} />
          <RequestLineButtons {...props} />
        </span>
        <VariablesLine environments={props.environments} texts={[draft.host, ...draft.metadata.flatMap((m) => [m.name, m.value])]} />
      </div>
      <div class="tabs" role="tablist" aria-label="Request parts">
        <button role="tab" id="tab-message" aria-selected={tab === 'message'} class={tab === 'message' ? 'tab on' : 'tab'} onClick={() => setTab('message')}>
          <TabLabel label={streams ? 'Messages' : 'Message'} />
          {streams ? <span class="tab-count">{draft.messages.length}</span> : null}
        </button>
        <button role="tab" id="tab-metadata" aria-selected={tab === 'metadata'} class={tab === 'metadata' ? 'tab on' : 'tab'} onClick={() => setTab('metadata')}>
          <TabLabel label="Metadata" />
          {draft.metadata.length ? <span class="tab-count">{draft.metadata.length}</span> : null}
        </button>
      </div>
      <div class="tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'message' && <Messages endpoint={endpoint} messages={draft.messages} streams={streams} onChange={(m) => set('messages', m)} />}
        {tab === 'metadata' && <RowsTable place="header" caption="Metadata" rows={draft.metadata} hints={new Map()} onChange={(r) => set('metadata', r)} empty="No metadata. Keys ending in -bin take base64." />}
      </div>
    </section>
  );
}

function withOptional<K extends 'deadlineMs' | 'tls'>(d: GrpcRequestDraft, key: K, value: GrpcRequestDraft[K] | undefined): GrpcRequestDraft {
  const next = { ...d };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

function Messages({ endpoint, messages, streams, onChange }: { endpoint: Endpoint; messages: string[]; streams: boolean; onChange(m: string[]): void }) {
  // Each editor is uncontrolled: a stable id per message keeps an editor on its own text when one above is removed.
  const next = useRef(messages.length);
  const [ids, setIds] = useState(() => messages.map((_, i) => i));
  const latest = useRef(messages);
  latest.current = messages;
  const type = endpoint.grpc?.requestType ?? 'message';
  const edit = (i: number, text: string) => onChange(latest.current.map((m, j) => (j === i ? text : m)));
  const add = () => {
    setIds([...ids, next.current++]);
    onChange([...messages, messages.at(-1) ?? '{}']);
  };
  const remove = (i: number) => {
    setIds(ids.filter((_, j) => j !== i));
    onChange(messages.filter((_, j) => j !== i));
  };
  return (
    <div class="grpc-messages">
      {messages.map((m, i) => (
        <div class="grpc-message" key={ids[i]}>
          <div class="grpc-message-head">
            <span class="content-type">
              {streams ? `Message ${i + 1}` : 'Message'}{' '}
              <span class="muted java-type" title={type}>
                · {simpleTypeName(type)}
              </span>
            </span>
            {streams && (
              <button class="icon" aria-label={`Remove message ${i + 1}`} onClick={() => remove(i)} disabled={messages.length === 1}>
                ×
              </button>
            )}
          </div>
          <JsonEditor initial={m} onChange={(t) => edit(i, t)} label={streams ? `Request message ${i + 1}` : 'Request message'} />
          <MessageStatus text={m} schema={endpoint.request?.body?.schema} />
        </div>
      ))}
      {streams && (
        <button class="add" onClick={add}>
          + Add message
        </button>
      )}
    </div>
  );
}

function MessageStatus({ text, schema }: { text: string; schema: NonNullable<NonNullable<Endpoint['request']>['body']>['schema'] | undefined }) {
  const verdict = useMemo(() => judgeBody(text, 'application/json', schema), [text, schema]);
  return <BodyStatus verdict={verdict} schema={!!schema} />;
}
