// What the HTTP and the gRPC editors share: the endpoint's heading (name, source link, whether
// the request holds edits and whether they are saved) and the request line's Send / Cancel and
// Reset buttons.

import { useRef } from 'preact/hooks';
import { useEllipsisGap } from './ellipsis-gap';
import { MethodBadge } from './method-badge';
import type { Endpoint } from './request-draft';
import type { EnvironmentList } from './environment-line';

/** Where the edits stand: typed but not yet saved, on their way, on disk, or refused. */
export type SaveState = { kind: 'idle' } | { kind: 'pending' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export interface RequestLineProps {
  running: boolean;
  onSend(): void;
  onCancel(): void;
  onReset(): void;
  /** The draft holds edits (Reset to Default has something to drop). */
  edited: boolean;
  saveState: SaveState;
  /** Bumped when the draft is replaced from outside (load, Reset): uncontrolled editors start over. */
  revision: number;
  /** The project's environments and the active one: shown on the request line. */
  environments?: EnvironmentList | undefined;
  onEnvironments?(): void;
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function RequestHead({ endpoint, onNavigate, edited, saveState }: { endpoint: Endpoint; onNavigate(): void; edited: boolean; saveState: SaveState }) {
  const fileName = endpoint.source.file.slice(endpoint.source.file.lastIndexOf('/') + 1);
  const [name, line] = [useRef<HTMLSpanElement>(null), useRef<HTMLSpanElement>(null)];
  useEllipsisGap(name, line, fileName);
  return (
    <>
      <header class="endpoint-head">
        <h2>
          <MethodBadge endpoint={endpoint} /> <span class={endpoint.deprecated ? 'name deprecated' : 'name'}>{endpoint.name}</span>
          {endpoint.deprecated ? <span class="deprecated-badge" title="Deprecated: still served, but clients should move off it">deprecated</span> : null}
        </h2>
        <span class="source-line">
          {/* Short of room the file's name gives way, never its line number. */}
          <button class="link" onClick={onNavigate} title="Show the source (F4 in the tree)">
            <span class="file-name" ref={name}>
              {fileName}
            </span>
            <span class="file-line" ref={line}>
              :{endpoint.source.line}
            </span>
          </button>
          <span class={`save-state ${saveState.kind}`} role="status" aria-live="polite">
            {saveState.kind === 'pending' ? 'Saving…' : saveState.kind === 'saved' ? 'Edits saved' : saveState.kind === 'failed' ? `Edits not saved: ${saveState.message}` : edited ? 'Edited' : ''}
          </span>
        </span>
      </header>
      {endpoint.description ? <p class="description">{endpoint.description}</p> : null}
    </>
  );
}

export function RequestLineButtons({ running, onSend, onCancel, onReset }: RequestLineProps) {
  return (
    <>
      {running ? (
        <button class="primary cancel" onClick={onCancel} title="Stop the running call">
          Cancel
        </button>
      ) : (
        <button class="primary send" onClick={onSend} title={`Send the request (${MOD}+Enter)`}>
          Send
        </button>
      )}
      <button onClick={onReset} disabled={running} title="Reset to Default: drop the edits and read the endpoint from its source again">
        Reset
      </button>
    </>
  );
}
