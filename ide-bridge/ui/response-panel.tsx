// The response panel (spec §2.3): the status line (status, time, size), then Body (Pretty/Raw for
// JSON, Copy; a binary body as its type and size with Save as, never decoded), Headers, the
// request as it was actually sent, and what the scripts logged. gRPC replies list their messages
// as they stream in, then the status and trailers. Errors show here, where the call happened.
// It renders a CallView and holds no call logic: the details area sends and fills it.

import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { ResultOf } from '../protocol';
import { BodyViewer, prettyJson as prettyOffThread } from './body-viewer';
import { CopyButton } from './copy-button';
import { Icon } from './icons';
import { indentJson } from './json-indent';
import { formatBytes, formatMs } from './numbers';
import { MASK, MaskedPairs, pairRows, useReveal } from './secret-pieces';
import { SentGrpc, SentHttp } from './sent-request';
import { ExpectedResponse, hasExpected } from './schema-outline';
import type { Expected } from './schema-outline';
import { TabLabel } from './tab-label';

export type CallResult = ResultOf<'call/send'>;
export type HttpReply = NonNullable<CallResult['http']>;
export type GrpcReply = NonNullable<CallResult['grpc']>;
export type GrpcMessage = GrpcReply['messages'][number];
export type ScriptLogLine = CallResult['scriptLogs'][number];

/** Why a call gave no response: the sidecar's error, sorted by what the panel offers for it. */
export interface CallFailure {
  kind: 'failed' | 'script' | 'refused' | 'cancelled' | 'input' | 'other';
  message: string;
  logs?: ScriptLogLine[];
  /** CallRefused: `disabled` (gRPC calls are off) or `descriptors` (nothing describes the method). */
  reason?: string;
  /** CallRefused: what is missing, one line each. */
  missing?: string[];
}

export interface CallView {
  callId: string;
  protocol: 'http' | 'grpc';
  running: boolean;
  /** gRPC reply messages so far (call/message), until the result lists them all. */
  streamed: GrpcMessage[];
  result?: CallResult;
  failure?: CallFailure;
}

export interface SaveOutcome {
  path: string;
  bytes: number;
}

/** Text bodies longer than this are cut for display (spec §8); the sidecar cuts them too. */
export const DISPLAY_LIMIT = 500_000;
/**
 * Text bodies up to this long wrap their lines: an HTML page or an error message on one line read
 * in a 320 px tool window by scrolling sideways. JSON never wraps (Pretty lays it out), nor does a
 * longer body, whose wrapped layout would cost the first paint.
 */
const WRAP_LIMIT = 100_000;

export function displayText(text: string, pretty: boolean, contentType: string): { text: string; truncated: boolean } {
  let shown = text;
  if (pretty && /[/+]json\b/i.test(contentType)) shown = indentJson(text);
  return shown.length > DISPLAY_LIMIT ? { text: shown.slice(0, DISPLAY_LIMIT), truncated: true } : { text: shown, truncated: false };
}

export { formatBytes, formatMs };

/** A file name for Save as: the body's kind from its content type. */
export function defaultSaveName(contentType: string | undefined, callId: string): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'application/json': 'json',
    'application/pdf': 'pdf',
    'application/zip': 'zip',
    'application/gzip': 'gz',
    'application/xml': 'xml',
    'text/xml': 'xml',
    'text/html': 'html',
    'text/csv': 'csv',
    'text/plain': 'txt',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/svg+xml': 'svg',
    'image/webp': 'webp',
  };
  const ext = known[type] ?? (type.endsWith('+json') ? 'json' : type.startsWith('text/') ? 'txt' : 'bin');
  return `response-${callId.replace(/[^\w-]/g, '').slice(-8)}.${ext}`;
}

export interface ResponsePanelProps {
  call?: CallView | undefined;
  onSave(callId: string, path: string): Promise<SaveOutcome>;
  onCopy(text: string): Promise<void>;
  onOpenSettings(): void;
  /** An image body's bytes as a data: URL for its preview (response/preview). */
  onPreview?(callId: string): Promise<string>;
  maximised?: boolean;
  /** Maximise or restore the response (the request keeps its line, Send stays in sight). */
  onMaximise?(): void;
  /** What the endpoint's model says it answers: shown before the first call, and as the Model tab. */
  expected?: Expected | undefined;
}

type Tab = 'body' | 'messages' | 'headers' | 'trailers' | 'request' | 'logs' | 'model';

export function ResponsePanel({ call, onSave, onCopy, onOpenSettings, onPreview, maximised, onMaximise, expected }: ResponsePanelProps) {
  const [tab, setTab] = useState<Tab>('body');
  const http = call?.result?.http;
  const grpc = call?.result?.grpc;
  const logs = call?.result?.scriptLogs ?? call?.failure?.logs ?? [];
  const tabs: { id: Tab; label: string; count?: number }[] = [];
  if (http) tabs.push({ id: 'body', label: 'Body' }, { id: 'headers', label: 'Headers', count: http.headers.length }, { id: 'request', label: 'Request' });
  else if (grpc || (call?.protocol === 'grpc' && call.streamed.length)) {
    tabs.push({ id: 'messages', label: 'Messages', count: (grpc?.messages ?? call!.streamed).length });
    if (grpc) tabs.push({ id: 'headers', label: 'Headers', count: grpc.headers.length }, { id: 'trailers', label: 'Trailers', count: grpc.trailers.length }, { id: 'request', label: 'Request' });
  }
  if (logs.length) tabs.push({ id: 'logs', label: 'Logs', count: logs.length });
  if (http && hasExpected(expected)) tabs.push({ id: 'model', label: 'Model' });
  const shownTab = tabs.some((t) => t.id === tab) ? tab : tabs[0]?.id;
  // bench/ui.mjs times Send to this commit: the response on screen.
  useLayoutEffect(() => {
    if (call?.result || call?.failure) performance.mark('apiscout:response', { detail: { callId: call.callId } });
  }, [call?.result, call?.failure]);

  return (
    <section class="response-panel" aria-label="Response" aria-busy={call?.running ?? false}>
      <header>
        <h2>Response</h2>
        {http && <HttpStatusLine reply={http} />}
        {grpc && <GrpcStatusLine reply={grpc} />}
        {/* The tabs and the maximise button wrap as one: the button alone on a row of its own
            (a 600 px tool window with a Logs tab) cost the body a line for one icon. */}
        <div class="response-bar">
          {tabs.length > 0 && (
            <div class="tabs small" role="tablist" aria-label="Response parts">
              {tabs.map((t) => (
                <button role="tab" key={t.id} aria-selected={shownTab === t.id} class={shownTab === t.id ? 'tab on' : 'tab'} onClick={() => setTab(t.id)}>
                  <TabLabel label={t.label} />
                  {t.count !== undefined ? <span class="tab-count">{t.count}</span> : null}
                </button>
              ))}
            </div>
          )}
          {onMaximise && (
            <button
              class="tool maximise"
              aria-pressed={maximised ?? false}
              aria-label={maximised ? 'Restore the response' : 'Maximise the response'}
              title={maximised ? 'Restore the response' : 'Maximise the response'}
              onClick={onMaximise}
            >
              <Icon name={maximised ? 'restore' : 'maximise'} />
            </button>
          )}
        </div>
      </header>
      {!call && <p class="muted empty">No response yet. Send the request (Ctrl+Enter) to see the status, body and headers here.</p>}
      {!call && hasExpected(expected) && <ExpectedResponse expected={expected} />}
      {shownTab === 'model' && hasExpected(expected) && <ExpectedResponse expected={expected} />}
      {call?.running && (
        <p class="muted pending" role="status">
          {call.protocol === 'grpc' && call.streamed.length ? `Streaming: ${call.streamed.length.toLocaleString('en')} message${call.streamed.length === 1 ? '' : 's'} so far…` : 'Waiting for the response…'}
        </p>
      )}
      {call?.failure && <Failure failure={call.failure} onOpenSettings={onOpenSettings} />}
      {call?.result?.afterScriptError && (
        <p class="error script-error" role="alert">
          The after-script failed: {call.result.afterScriptError}
        </p>
      )}
      {call?.result && call.result.unresolved.length > 0 && (
        <p class="warning unresolved">
          No value for {call.result.unresolved.map((u) => `{{${u}}}`).join(', ')}: sent as written.
        </p>
      )}
      {/* Kept mounted while another tab shows: back to Body is a re-measure of the lines in view, not a new viewer (and no second Pretty). */}
      {call && http && (
        <div class="body-pane" hidden={shownTab !== 'body'}>
          <HttpBody reply={http} callId={call.callId} shown={shownTab === 'body'} onSave={onSave} onCopy={onCopy} onPreview={onPreview} />
        </div>
      )}
      {call && shownTab === 'messages' && (
        <GrpcMessages key={call.callId} messages={grpc?.messages ?? call.streamed} status={grpc?.status} onCopy={onCopy} save={grpc && grpc.messages.length ? { callId: call.callId, onSave } : undefined} />
      )}
      {shownTab === 'headers' && <ReceivedPairs key={call!.callId} pairs={(http ?? grpc)!.headers} masked={(http ?? grpc)!.masked} label="Response headers" />}
      {shownTab === 'trailers' && grpc && <ReceivedPairs key={call.callId} pairs={grpc.trailers} masked={grpc.masked} label="Trailers" />}
      {shownTab === 'request' && http && <SentHttp key={call.callId} sent={http.sent} onCopy={onCopy} />}
      {shownTab === 'request' && grpc && <SentGrpc key={call.callId} sent={grpc.sent} />}
      {shownTab === 'logs' && <Logs key={call?.callId} logs={logs} />}
    </section>
  );
}

function HttpStatusLine({ reply }: { reply: HttpReply }) {
  return (
    <span class="status-line">
      <span class={`status s${Math.floor(reply.status / 100)}xx`}>
        {reply.status} {reply.statusText}
      </span>
      <span class="muted time" title={`headers after ${formatMs(reply.timings.headersMs)}`}>
        {formatMs(reply.timings.totalMs)}
      </span>
      <span class="muted size" title={`${reply.size.toLocaleString('en')} bytes`}>
        {formatBytes(reply.size)}
      </span>
    </span>
  );
}

function GrpcStatusLine({ reply }: { reply: GrpcReply }) {
  return (
    <span class="status-line">
      <span class={`status ${reply.status.code === 0 ? 's2xx' : 's4xx'}`} title={reply.status.message}>
        {reply.status.code} {reply.status.name}
      </span>
      {reply.cancelled && <span class="muted">cancelled</span>}
      <span class="muted time">{formatMs(reply.timings.totalMs)}</span>
      <span class="muted size">
        {reply.messages.length.toLocaleString('en')} message{reply.messages.length === 1 ? '' : 's'}
      </span>
    </span>
  );
}

function Failure({ failure, onOpenSettings }: { failure: CallFailure; onOpenSettings(): void }) {
  const title: Record<CallFailure['kind'], string> = {
    failed: 'No response',
    script: 'The before-script failed; nothing was sent',
    refused: 'Not sent',
    cancelled: 'Cancelled',
    input: 'Not sent',
    other: 'The call failed',
  };
  return (
    <div class={`call-failure ${failure.kind}`}>
      <p class={failure.kind === 'cancelled' ? 'muted' : 'error'} role="alert">
        <strong>{title[failure.kind]}:</strong> {failure.message}
      </p>
      {failure.missing && failure.missing.length > 1 && (
        <ul class="missing">
          {failure.missing.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {failure.kind === 'refused' && (
        <button onClick={onOpenSettings} title={failure.reason === 'disabled' ? 'Settings > gRPC: Enable gRPC call' : 'Settings > gRPC Runtime'}>
          Open settings
        </button>
      )}
    </div>
  );
}

function HttpBody({
  reply,
  callId,
  shown: visible,
  onSave,
  onCopy,
  onPreview,
}: {
  reply: HttpReply;
  callId: string;
  /** False while another tab is shown (the body stays mounted). */
  shown: boolean;
  onSave: ResponsePanelProps['onSave'];
  onCopy(text: string): Promise<void>;
  onPreview: ResponsePanelProps['onPreview'];
}) {
  const [pretty, setPretty] = useState(true);
  /** The indented JSON once formatted (off the page's thread when large), kept for this reply: Raw and back is no second Pretty. */
  const [indented, setIndented] = useState<{ of: HttpReply; text: string }>();
  const formatted = indented?.of === reply ? indented.text : undefined;
  const contentType = reply.contentType ?? '';
  // A JSON body cut at the display limit no longer parses (reply.json is false): its content type still says JSON.
  const isJson = reply.json || /[/+]json\b/i.test(contentType);
  const wantsPretty = pretty && isJson && reply.text !== undefined && reply.text !== '';
  useEffect(() => {
    if (!wantsPretty || formatted !== undefined) return;
    let live = true;
    void prettyOffThread(reply.text!).then((text) => live && setIndented({ of: reply, text }));
    return () => {
      live = false;
    };
  }, [reply, wantsPretty]);
  const whole = wantsPretty && formatted !== undefined ? formatted : reply.text;
  const shown = useMemo(() => (whole === undefined ? undefined : displayText(whole, false, contentType)), [whole, contentType]);
  // A body the page holds whole that only its indentation took past the display limit (a 250 KB
  // JSON reply): Raw shows all of it, and Copy copies all of it, not the cut.
  const cutByIndent = !reply.truncated && !!shown?.truncated && whole !== reply.text;
  if (reply.kind === 'binary' || reply.text === undefined) {
    const image = /^image\//i.test(contentType);
    return (
      <div class="binary">
        <p>
          <span class="content-type">{contentType || 'no content type'}</span>, {reply.size.toLocaleString('en')} bytes.{image ? '' : ' A binary body is not shown as text.'}
        </p>
        {reply.size > 0 && <SaveAs callId={callId} contentType={contentType} onSave={onSave} />}
        {image && reply.size > 0 && onPreview && <ImagePreview callId={callId} contentType={contentType} onPreview={onPreview} />}
      </div>
    );
  }
  return (
    <div class="text-body">
      <div class="body-tools">
        {isJson && (
          <span class="segmented" role="group" aria-label="JSON view">
            <button aria-pressed={pretty} class={pretty ? 'on' : ''} onClick={() => setPretty(true)}>
              Pretty
            </button>
            <button aria-pressed={!pretty} class={!pretty ? 'on' : ''} onClick={() => setPretty(false)}>
              Raw
            </button>
          </span>
        )}
        {wantsPretty && formatted === undefined && (
          <span class="muted formatting" role="status">
            Formatting…
          </span>
        )}
        <span class="muted body-type" title={contentType}>
          {contentType}
        </span>
        <CopyButton text={() => (reply.truncated ? shown?.text : whole) ?? ''} onCopy={onCopy} />
        {reply.text !== '' && !reply.truncated && !shown?.truncated && <SaveAs callId={callId} contentType={contentType} onSave={onSave} />}
      </div>
      {cutByIndent && (
        <div class="truncated" role="note">
          <span>
            Pretty shows the first {DISPLAY_LIMIT.toLocaleString('en')} characters of the indented body ({whole!.length.toLocaleString('en')}); Raw shows all of it, and Copy copies all of it.
          </span>
          <button onClick={() => setPretty(false)}>Show Raw</button>
          <SaveAs callId={callId} contentType={contentType} onSave={onSave} />
        </div>
      )}
      {!cutByIndent && (reply.truncated || shown?.truncated) && (
        <div class="truncated" role="note">
          <span>
            The body is truncated at {DISPLAY_LIMIT.toLocaleString('en')} characters for display ({reply.size.toLocaleString('en')} bytes in all). Save it to read the rest.
          </span>
          <SaveAs callId={callId} contentType={contentType} onSave={onSave} />
        </div>
      )}
      {reply.text === '' ? (
        <p class="muted">Empty body.</p>
      ) : (
        // Raw until Pretty is ready: the body is readable at once, then re-shown indented. That
        // first view is plain text: it is thrown away when Pretty lands, so parsing it for
        // highlighting and fold markers would only delay its first paint and compete with the worker.
        <BodyViewer text={shown!.text} json={isJson && !(wantsPretty && formatted === undefined)} label="Response body" shown={visible} wrap={!isJson && shown!.text.length <= WRAP_LIMIT} />
      )}
    </div>
  );
}

/** An image body beside its type and size: the bytes come as a data: URL, never decoded as text. */
function ImagePreview({ callId, contentType, onPreview }: { callId: string; contentType: string; onPreview(callId: string): Promise<string> }) {
  const [src, setSrc] = useState<{ url: string } | { error: string }>();
  useEffect(() => {
    let live = true;
    onPreview(callId).then(
      (url) => live && setSrc({ url }),
      (e: Error) => live && setSrc({ error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [callId]);
  if (!src) return <p class="muted">Loading the preview…</p>;
  if ('error' in src) return <p class="error">No preview: {src.error}</p>;
  return <img class="image-preview" src={src.url} alt={`Response image (${contentType})`} />;
}

/** Save as: a browser cannot open a native save dialog, so the path is typed (relative paths land in the project). */
function SaveAs({ callId, contentType, onSave }: { callId: string; contentType: string; onSave: ResponsePanelProps['onSave'] }) {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState(() => defaultSaveName(contentType, callId));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'saved'; outcome: SaveOutcome } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const save = async () => {
    setState({ kind: 'saving' });
    try {
      setState({ kind: 'saved', outcome: await onSave(callId, path.trim()) });
      setOpen(false);
    } catch (e) {
      setState({ kind: 'failed', message: (e as Error).message });
    }
  };
  return (
    <div class="save-as">
      {!open && <button onClick={() => setOpen(true)}>Save as…</button>}
      {open && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input aria-label="Save to file" value={path} spellcheck={false} title="A path relative to the project, or absolute" onInput={(e) => setPath(e.currentTarget.value)} />
          <button type="submit" class="primary" disabled={!path.trim() || state.kind === 'saving'}>
            Save
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      )}
      {state.kind === 'saved' && (
        <span class="saved" role="status">
          Saved {state.outcome.bytes.toLocaleString('en')} bytes to <code>{state.outcome.path}</code>
        </span>
      )}
      {state.kind === 'failed' && (
        <span class="error" role="alert">
          Could not save: {state.message}
        </span>
      )}
    </div>
  );
}

/**
 * A long stream shows its newest messages only, as `tail -f` would: ten thousand pretty-printed
 * replies would cost the page seconds per frame. Earlier ones come back a page at a time; Save as
 * and Copy still take every message.
 */
export const SHOWN_MESSAGES = 200;
const EARLIER_PAGE = 500;

interface GrpcMessagesProps {
  messages: GrpcMessage[];
  status: GrpcReply['status'] | undefined;
  onCopy(text: string): Promise<void>;
  /** Once the call is over: Save as writes every reply message, as a JSON array. */
  save: { callId: string; onSave: ResponsePanelProps['onSave'] } | undefined;
}

function GrpcMessages({ messages, status, onCopy, save }: GrpcMessagesProps) {
  /** Earlier messages shown beyond the newest SHOWN_MESSAGES. */
  const [earlier, setEarlier] = useState(0);
  const from = Math.max(0, messages.length - SHOWN_MESSAGES - earlier);
  return (
    <div class="grpc-replies">
      {status && status.code !== 0 && (
        <p class="error" role="alert">
          {status.name}: {status.message}
        </p>
      )}
      {status?.details?.length ? <pre class="status-details">{JSON.stringify(status.details, null, 2)}</pre> : null}
      {messages.length === 0 && <p class="muted">No reply messages.</p>}
      {save && (
        <div class="body-tools">
          <SaveAs callId={save.callId} contentType="application/json" onSave={save.onSave} />
        </div>
      )}
      {from > 0 && (
        <p class="earlier-messages">
          <span class="muted">{from.toLocaleString('en')} earlier {from === 1 ? 'message is' : 'messages are'} not shown.</span>{' '}
          <button type="button" onClick={() => setEarlier((n) => n + EARLIER_PAGE)}>
            Show {Math.min(EARLIER_PAGE, from).toLocaleString('en')} more
          </button>
        </p>
      )}
      <ol class="messages" start={from + 1}>
        {messages.slice(from).map((m, i) => (
          <GrpcMessageItem key={from + i} index={from + i} message={m} onCopy={onCopy} />
        ))}
      </ol>
    </div>
  );
}

function GrpcMessageItem({ index, message, onCopy }: { index: number; message: GrpcMessage; onCopy(text: string): Promise<void> }) {
  const text = useMemo(() => JSON.stringify(message.json, null, 2), [message]);
  return (
    <li class="grpc-reply">
      <div class="meta">
        <span>#{index + 1}</span>
        <span class="muted at" data-ms={message.atMs} title="since the call started">
          +{formatMs(message.atMs)}
        </span>
        <span class="muted">{formatBytes(message.size)}</span>
        <CopyButton text={() => text} onCopy={onCopy} />
      </div>
      {message.decodeError ? <p class="error">Could not decode: {message.decodeError}</p> : <pre>{text}</pre>}
    </li>
  );
}

/** Response headers or trailers: credentials handed out (Set-Cookie, X-Auth-Token…) show masked, each with its own reveal. */
function ReceivedPairs({ pairs, masked, label }: { pairs: [string, string][]; masked: readonly string[] | undefined; label: string }) {
  const reveal = useReveal();
  return <MaskedPairs rows={pairRows(pairs, masked, 'r')} label={label} reveal={reveal} hint="Show the value received" />;
}

/** Script log lines: a line that quoted a secret shows it masked, with a reveal of the line as logged. */
function Logs({ logs }: { logs: ScriptLogLine[] }) {
  const reveal = useReveal();
  return (
    <ol class="script-logs" aria-label="Script logs">
      {logs.map((l, i) => {
        const shown = reveal.revealed.has(String(i));
        return (
          <li key={i} class={`log-${l.level}`}>
            <span class="muted">{l.script}</span> <span class="level">{l.level}</span> <span class="text">{shown && l.secretText !== undefined ? l.secretText : l.text}</span>
            {l.secretText !== undefined && (
              <button
                type="button"
                class="reveal"
                aria-pressed={shown}
                aria-label={shown ? 'Mask the secrets of this line again' : 'Reveal the secrets of this line'}
                title={shown ? 'Mask it again' : `The line shows ${MASK} for secret values; show it as logged`}
                onClick={() => reveal.toggle(String(i))}
              >
                {shown ? 'Hide' : 'Show'}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
