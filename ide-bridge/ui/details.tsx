// The right-hand side of the explorer: the selected endpoint's request editor (HTTP or gRPC, on
// the core's draft from request/get, edits saved as they are typed) and the response panel of its
// last call. Sending goes through call/send with a call id chosen here, so call/message (streamed
// gRPC replies), call/cancel and response/save can name the call. Each endpoint keeps its last
// call: switching away and back shows it again, still running if it is.

import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ErrorCodes, ParamsOf } from '../protocol';
import { DraftSaver } from './draft-saver';
import { GrpcEditor } from './grpc-editor';
import type { GrpcTab } from './grpc-editor';
import type { Endpoint, RequestDraft, RequestState } from './request-draft';
import { isGrpcDraft, paramHints } from './request-draft';
import { RequestEditor } from './request-editor';
import type { RequestTab } from './request-editor';
import type { SaveState } from './request-head';
import type { CallFailure, CallView, SaveOutcome } from './response-panel';
import { ResponsePanel } from './response-panel';
import type { BridgeClient } from './rpc';
import { CANCELLED, RpcError } from './rpc';
import { ConfirmOutsideFile } from './confirm-file';
import { FileChooser } from './file-chooser';
import { ErrorLine } from './dialog';
import { clampRequest, REQUEST_MAX, REQUEST_MIN, Splitter } from './layout';
import type { EnvironmentList } from './environment-line';
import type { SubtypePick } from './body-subtypes';

export type SettingsPage = NonNullable<ParamsOf<'host/openSettings'>['page']>;

/** The DOM event a settings page listens for when no IDE host opened its own (a plain browser). */
export const OPEN_SETTINGS_EVENT = 'apiscout:open-settings';

// The catalog's codes this panel tells apart; the compiler checks them against protocol.ts
// (a type-only import: the catalog's schemas stay out of the web app's bundle).
const CODES = { BadInput: -32003, ScriptFailed: -32005, CallRefused: -32006, CallFailed: -32007, FileNotAllowed: -32010 } as const satisfies Partial<typeof ErrorCodes>;

/**
 * Files outside the project folder the user agreed to send, by where they really are: a saved
 * request (requests.json, shared in a repository) can name any file, so Send asks once per file
 * for the page's session.
 */
const allowedFiles = new Set<string>();

/** A file call/send refused (FileNotAllowed): the question put to the user. */
interface FileQuestion {
  path: string;
  target: string;
  root: string;
}

export interface DetailsProps {
  client: BridgeClient;
  project: string;
  selectedId: string | undefined;
  /** Changes when the index changed: the endpoint model (path, hints) is read again. */
  indexVersion: unknown;
  onNavigate(e: Endpoint): void;
  /** Called when a settings page should open and no IDE host took the request. */
  onOpenSettings?(page: SettingsPage): void;
  /** Reset to Default asked from elsewhere (the explorer's context menu): a new value resets that endpoint's editor. */
  resetRequest?: { id: string; seq: number };
  /** The request | response split (the request's share of the height) and the response's maximised state. */
  layout?: EditorLayout;
  environments?: EnvironmentList | undefined;
  onEnvironments?(): void;
}

export interface EditorLayout {
  request: number;
  maximised: boolean;
  onRequest(share: number): void;
  onMaximised(maximised: boolean): void;
}

interface Loaded {
  id: string;
  state: RequestState;
}

export function Details({ client, project, selectedId, indexVersion, onNavigate, onOpenSettings, resetRequest, layout, environments, onEnvironments }: DetailsProps) {
  const inner = useRef<HTMLDivElement>(null);
  const [endpoint, setEndpoint] = useState<Endpoint>();
  const [endpointError, setEndpointError] = useState<string>();
  const [request, setRequest] = useState<Loaded>();
  const [requestError, setRequestError] = useState<string>();
  const [revision, setRevision] = useState(0);
  const [saveStates, setSaveStates] = useState<ReadonlyMap<string, SaveState>>(new Map());
  /** The editor tab each endpoint showed last. */
  const [tabs, setTabs] = useState<ReadonlyMap<string, RequestTab | GrpcTab>>(new Map());
  /** A polymorphic body's subtype pick and the text typed for each subtype, per endpoint: a revisit keeps them, Reset drops them. */
  const [subtypes, setSubtypes] = useState<ReadonlyMap<string, SubtypePick>>(new Map());
  /** A file outside the project waiting for the user's yes or no, and the endpoint whose Send it stopped. */
  const [fileQuestion, setFileQuestion] = useState<FileQuestion & { id: string }>();
  const dropSubtypes = (id: string) =>
    setSubtypes((m) => {
      if (!m.has(id)) return m;
      const next = new Map(m);
      next.delete(id);
      return next;
    });

  const saver = useMemo(
    () =>
      new DraftSaver<RequestDraft>(
        async (id, draft) => {
          const { edited } = await client.request('request/save', { project, id, draft });
          // Typed back to the request as it came: no edits (Reset has nothing to drop, a re-scan updates it),
          // unless something newer was typed meanwhile.
          setRequest((r) => (r?.id === id && r.state.draft === draft ? { id, state: { ...r.state, edited } } : r));
          return edited;
        },
        (id, status) => setSaveStates((m) => new Map(m).set(id, status)),
      ),
    [client, project],
  );
  useEffect(() => {
    const leave = () => void saver.flush();
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('beforeunload', leave);
      leave();
    };
  }, [saver]);

  // ------------------------------------------------------------------ the endpoint and its request
  useEffect(() => {
    if (!selectedId) return;
    const abort = new AbortController();
    setEndpointError(undefined);
    client.request('endpoints/get', { project, id: selectedId }, abort.signal).then(
      ({ endpoint: e }) => setEndpoint(e),
      (e) => {
        if (!isCancel(e)) setEndpointError(`Could not load the endpoint: ${message(e)}`);
      },
    );
    return () => abort.abort();
  }, [client, project, selectedId, indexVersion]);

  useEffect(() => {
    if (!selectedId) return;
    const abort = new AbortController();
    setRequestError(undefined);
    void saver.flush();
    (async () => {
      // A revisit reads what the last write left, never what was on disk before it.
      await saver.settled(selectedId);
      const state = await client.request('request/get', { project, id: selectedId }, abort.signal);
      if (abort.signal.aborted) return;
      setRequest({ id: selectedId, state });
      setRevision((r) => r + 1);
    })().catch((e) => {
      if (!isCancel(e)) setRequestError(`Could not load the request: ${message(e)}`);
    });
    return () => abort.abort();
  }, [client, project, selectedId, saver]);

  // Reset to Default from elsewhere (the IDE's action, another page): the editor showing it reloads.
  const resetting = useRef(false);
  useEffect(
    () =>
      client.on('request/changed', ({ project: p, id }) => {
        if (p !== project || id !== request?.id || resetting.current) return;
        saver.discard(id);
        dropSubtypes(id);
        client.request('request/get', { project, id }).then(
          (state) => {
            setRequest((r) => (r?.id === id ? { id, state } : r));
            setRevision((r) => r + 1);
          },
          (e) => setRequestError(`Could not reload the request: ${message(e)}`),
        );
      }),
    [client, project, request?.id, saver],
  );

  // A re-scan changed the endpoint shown, or its module's context path or port (index/changed names
  // it as updated): a request the user has not edited is the default, made again from the new facts.
  const edited = request?.state.edited ?? true;
  const shown = useRef(request);
  shown.current = request;
  useEffect(
    () =>
      client.on('index/changed', ({ project: p, updated }) => {
        const id = request?.id;
        if (p !== project || !id || edited || !updated.includes(id)) return;
        client.request('request/get', { project, id }).then(
          (state) => {
            // Typed into or left meanwhile: what is shown stays.
            const now = shown.current;
            if (now?.id !== id || now.state.edited) return;
            setRequest({ id, state });
            setRevision((r) => r + 1);
          },
          (e) => setRequestError(`Could not reload the request: ${message(e)}`),
        );
      }),
    [client, project, request?.id, edited],
  );

  const hints = useMemo(() => (endpoint ? paramHints(endpoint) : new Map()), [endpoint]);

  const change = (draft: RequestDraft) => {
    if (!request) return;
    setRequest({ id: request.id, state: { ...request.state, draft, edited: true } });
    saver.schedule(request.id, draft);
  };

  const reset = async () => {
    if (!request) return;
    const id = request.id;
    saver.discard(id);
    dropSubtypes(id);
    setSaveStates((m) => new Map(m).set(id, { kind: 'idle' }));
    try {
      await saver.settled(id);
      resetting.current = true;
      const state = await client.request('request/reset', { project, id }).finally(() => {
        resetting.current = false;
      });
      setRequest((r) => (r?.id === id ? { id, state } : r));
      setRevision((r) => r + 1);
      setRequestError(undefined);
    } catch (e) {
      setRequestError(`Reset failed: ${message(e)}`);
    }
  };

  useEffect(() => {
    if (resetRequest && resetRequest.id === request?.id) void reset();
  }, [resetRequest]);

  // ------------------------------------------------------------------ calls
  const calls = useRef(new Map<string, CallView>());
  const [, setCallsVersion] = useState(0);
  const frame = useRef(0);
  /** Streamed messages can come thousands a second: the panel renders once per frame. */
  const repaint = useCallback((now = false) => {
    if (now) {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      setCallsVersion((v) => v + 1);
    } else if (!frame.current) {
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        setCallsVersion((v) => v + 1);
      });
    }
  }, []);
  const update = (endpointId: string, callId: string, patch: Partial<CallView>) => {
    const c = calls.current.get(endpointId);
    if (c?.callId !== callId) return; // a newer call of this endpoint took its place
    calls.current.set(endpointId, { ...c, ...patch });
    repaint(true);
  };

  useEffect(
    () =>
      client.on('call/message', ({ callId, message: m }) => {
        for (const [id, c] of calls.current) {
          if (c.callId !== callId || !c.running) continue;
          // Appended in place (a long stream would copy its list per message); the view object is new so the panel renders.
          c.streamed.push(m);
          calls.current.set(id, { ...c });
          repaint();
        }
      }),
    [client, repaint],
  );

  const cancelling = useRef(new Set<string>());
  const send = async () => {
    if (!request || !endpoint || endpoint.id !== request.id) return;
    const id = request.id;
    if (calls.current.get(id)?.running) return;
    const draft = request.state.draft;
    const hadEdits = request.state.edited;
    const callId = newCallId();
    calls.current.set(id, { callId, protocol: isGrpcDraft(draft) ? 'grpc' : 'http', running: true, streamed: [] });
    repaint(true);
    // call/send saves the draft it is given; the waiting write would only repeat it.
    saver.discard(id);
    setSaveStates((m) => new Map(m).set(id, { kind: 'idle' }));
    try {
      await saver.settled(id);
      const result = await client.request('call/send', { project, id, callId, draft, ...(allowedFiles.size ? { allowFiles: [...allowedFiles] } : {}) });
      // bench/ui.mjs times the body's first paint from here: the response has reached the page.
      performance.mark('apiscout:call-result', { detail: { callId } });
      update(id, callId, { running: false, result });
      // call/send saved the draft; only one holding the user's edits has any to report saved.
      setSaveStates((m) => new Map(m).set(id, { kind: hadEdits ? 'saved' : 'idle' }));
      // The sidecar decides what joins the host history (a gRPC target only once a server
      // answered), and whether the request holds the user's edits: a plain Send is no edit (it
      // was marked one here), so the request keeps following the source. Only these are read back, `edited` only while the draft
      // shown is still the one sent; a failure here leaves them as they were, nothing more.
      void client.request('request/get', { project, id }).then(
        ({ hosts, edited: differs }) =>
          setRequest((r) => (r?.id === id ? { id, state: { ...r.state, hosts, edited: r.state.draft === draft ? differs : r.state.edited } } : r)),
        () => {},
      );
    } catch (e) {
      update(id, callId, { running: false, failure: failureOf(e, cancelling.current.has(callId)) });
      const outside = fileQuestionOf(e);
      if (outside) setFileQuestion({ ...outside, id });
    } finally {
      cancelling.current.delete(callId);
    }
  };

  const cancel = async () => {
    const id = request?.id;
    const c = id === undefined ? undefined : calls.current.get(id);
    if (!id || !c?.running) return;
    cancelling.current.add(c.callId);
    try {
      await client.request('call/cancel', { callId: c.callId });
    } catch (e) {
      update(id, c.callId, { failure: { kind: 'other', message: `Cancel failed: ${message(e)}` } });
    }
  };

  const save = async (callId: string, path: string): Promise<SaveOutcome> => client.request('response/save', { callId, path });
  const preview = async (callId: string): Promise<string> => {
    const contentType = calls.current.get(selectedId ?? '')?.result?.http?.contentType?.split(';')[0]?.trim() ?? 'application/octet-stream';
    const { base64 } = await client.request('response/preview', { callId });
    return `data:${contentType};base64,${base64}`;
  };

  // The IDE's file chooser, where the IDE hosts the page and its plugin can show one. A chosen file
  // was picked by the user here: Send does not ask about it again.
  const [chooserMissing, setChooserMissing] = useState(false);
  const chooseFile = useCallback(async () => {
    try {
      const chosen = await client.request('host/chooseFile', { project, title: 'Choose the file to send' });
      if (!chosen.delivered) setChooserMissing(true);
      if (chosen.absolute) allowedFiles.add(chosen.absolute);
      return chosen.path;
    } catch (e) {
      setRequestError(`Could not choose a file: ${message(e)}`);
      return undefined;
    }
  }, [client, project]);
  const hostedByIde = document.documentElement.dataset['host'] === 'intellij';

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // JCEF and unfocused pages may refuse the clipboard: the IDE host can do it.
    }
    const { delivered } = await client.request('host/copy', { text });
    if (!delivered) throw new Error('the browser refused the clipboard');
  };

  const openSettings = async (page: SettingsPage) => {
    let delivered = false;
    try {
      delivered = (await client.request('host/openSettings', { page })).delivered;
    } catch {
      // No host to ask: the page's own settings view opens instead.
    }
    if (delivered) return;
    onOpenSettings?.(page);
    window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT, { detail: { page } }));
  };

  if (!selectedId) return <p class="muted placeholder">Select an endpoint to edit its request.</p>;

  const current = request?.id === selectedId && endpoint?.id === selectedId ? request : undefined;
  const call = calls.current.get(selectedId);
  const running = call?.running ?? false;
  const onTab = (tab: RequestTab | GrpcTab) => setTabs((m) => new Map(m).set(selectedId, tab));
  const tab = tabs.get(selectedId);
  const line = {
    running,
    onSend: () => void send(),
    onCancel: () => void cancel(),
    onReset: () => void reset(),
    edited: current?.state.edited ?? false,
    saveState: saveStates.get(selectedId) ?? { kind: 'idle' as const },
    revision,
    environments,
    onEnvironments,
  };
  const share = layout?.request ?? 0.6;
  const maximised = layout?.maximised ?? false;
  /** The pointer's y as the request's share of the room the request and the response split. */
  const dragTo = (y: number) => {
    const box = inner.current;
    const req = box?.querySelector<HTMLElement>('.request-editor');
    const res = box?.querySelector<HTMLElement>('.response-panel');
    if (!req || !res) return;
    const top = req.getBoundingClientRect().top;
    const bottom = res.getBoundingClientRect().bottom;
    if (bottom > top) layout?.onRequest(clampRequest((y - top) / (bottom - top)));
  };
  return (
    <div
      ref={inner}
      class={`details-inner${maximised ? ' maximised' : ''}${call ? '' : ' idle'}`}
      // A custom property, so a narrow window's CSS can give an idle response only its header.
      style={{ '--details-rows': maximised ? 'auto auto 0 minmax(0, 1fr)' : `auto minmax(0, ${share}fr) 5px minmax(0, ${1 - share}fr)` }}
      onKeyDownCapture={(e) => {
        // Ctrl/Cmd+Enter sends from anywhere in the editor, before CodeMirror takes it for a new line.
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.stopPropagation();
          if (!running) void send();
        }
      }}
    >
      <div class="details-errors">
        <ErrorLine error={endpointError} />
        <ErrorLine error={requestError} />
      </div>
      {current && endpoint ? (
        isGrpcDraft(current.state.draft) ? (
          <GrpcEditor key={`${selectedId}#${revision}`} tab={tab as GrpcTab | undefined} onTab={onTab} endpoint={endpoint} draft={current.state.draft} onChange={change} hosts={current.state.hosts} onNavigate={() => onNavigate(endpoint)} {...line} />
        ) : (
          <FileChooser.Provider value={hostedByIde && !chooserMissing ? chooseFile : undefined}>
            <RequestEditor key={`${selectedId}#${revision}`} tab={tab as RequestTab | undefined} onTab={onTab} subtype={subtypes.get(selectedId)} onSubtype={(pick) => setSubtypes((m) => new Map(m).set(selectedId, pick))} endpoint={endpoint} hints={hints} draft={current.state.draft} onChange={change} hosts={current.state.hosts} credentials={current.state.credentials} credentialConfig={current.state.credentialConfig} onNavigate={() => onNavigate(endpoint)} {...line} />
          </FileChooser.Provider>
        )
      ) : (
        <p class="muted placeholder">{endpointError || requestError ? '' : 'Loading…'}</p>
      )}
      {maximised ? (
        <div class="splitter-gap" />
      ) : (
        <Splitter
          orientation="horizontal"
          label="Resize the request and the response"
          value={share * 100}
          min={REQUEST_MIN * 100}
          max={REQUEST_MAX * 100}
          onDrag={dragTo}
          onStep={(d) => layout?.onRequest(clampRequest(share + d * 0.05))}
        />
      )}
      {/* A new call starts on its first tab (Body, or Messages as they stream in). */}
      <ResponsePanel
        key={call?.callId ?? selectedId}
        call={call}
        onSave={save}
        onCopy={copy}
        onPreview={preview}
        onOpenSettings={() => void openSettings(call?.failure?.reason === 'disabled' ? 'grpc' : 'grpcRuntime')}
        maximised={maximised}
        onMaximise={layout ? () => layout.onMaximised(!maximised) : undefined}
        expected={endpoint && endpoint.id === selectedId ? (endpoint.protocol === 'http' ? { status: endpoint.status, response: endpoint.response, responses: endpoint.responses } : { grpc: true, response: endpoint.response }) : undefined}
      />
      {fileQuestion && (
        <ConfirmOutsideFile
          path={fileQuestion.path}
          target={fileQuestion.target}
          root={fileQuestion.root}
          onCancel={() => setFileQuestion(undefined)}
          onSend={() => {
            allowedFiles.add(fileQuestion.target);
            setFileQuestion(undefined);
            // Sent again only while its endpoint is still the one shown (Send sends the shown request).
            if (request?.id === fileQuestion.id) void send();
          }}
        />
      )}
    </div>
  );
}

/** What the panel says about a call that gave no response. */
export function failureOf(e: unknown, cancelledHere: boolean): CallFailure {
  const text = message(e);
  if (cancelledHere || (e instanceof RpcError && e.code === CANCELLED)) return { kind: 'cancelled', message: text };
  if (!(e instanceof RpcError)) return { kind: 'other', message: text };
  const data = (e.data ?? {}) as { logs?: CallFailure['logs']; reason?: string; missing?: unknown };
  switch (e.code) {
    case CODES.ScriptFailed:
      return { kind: 'script', message: text, logs: Array.isArray(data.logs) ? data.logs : [] };
    case CODES.CallRefused:
      return {
        kind: 'refused',
        message: text,
        ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
        ...(Array.isArray(data.missing) ? { missing: data.missing.map(String) } : {}),
      };
    case CODES.CallFailed:
      return { kind: 'failed', message: text };
    case CODES.BadInput:
    case CODES.FileNotAllowed:
      return { kind: 'input', message: text };
    default:
      return { kind: 'other', message: text };
  }
}

/** The file a refused call named, when it was refused for lying outside the project. */
function fileQuestionOf(e: unknown): FileQuestion | undefined {
  if (!(e instanceof RpcError) || e.code !== CODES.FileNotAllowed) return undefined;
  const data = (e.data ?? {}) as Partial<Record<keyof FileQuestion, unknown>>;
  if (typeof data.path !== 'string' || typeof data.target !== 'string' || typeof data.root !== 'string') return undefined;
  return { path: data.path, target: data.target, root: data.root };
}

function newCallId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function isCancel(e: unknown): boolean {
  return e instanceof RpcError && e.code === CANCELLED;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
