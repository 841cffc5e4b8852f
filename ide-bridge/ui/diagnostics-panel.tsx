// Scan warnings (project/diagnostics): the files the scanner could not read or parse, constants it
// could not resolve. The CLI prints them on stderr; here they explain an endpoint the tree lacks.
// Each one with a file opens it at its line.

import { useEffect, useState } from 'preact/hooks';
import type { ResultOf } from '../protocol';
import { Dialog, DialogHead, ErrorLine, errorText } from './dialog';
import type { BridgeClient } from './rpc';

export type Diagnostic = ResultOf<'project/diagnostics'>['diagnostics'][number];

export interface DiagnosticsPanelProps {
  client: BridgeClient;
  project: string;
  /** Shows the file of a warning at its line. */
  onOpen(d: Diagnostic): void;
  onClose(): void;
}

export function DiagnosticsPanel({ client, project, onOpen, onClose }: DiagnosticsPanelProps) {
  const [list, setList] = useState<Diagnostic[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    client.request('project/diagnostics', { project }).then(
      (r) => setList(r.diagnostics),
      (e: unknown) => setError(`Could not load the scan warnings: ${errorText(e)}`),
    );
  }, [client, project]);
  return (
    <Dialog label="Scan warnings" class="diagnostics-panel" onClose={onClose}>
      <DialogHead title="Scan warnings" onClose={onClose} />
      <ErrorLine error={error} />
      {list === undefined ? (
        !error && <p class="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p class="muted">The last scan met no problems.</p>
      ) : (
        <ul class="diagnostics">
          {list.map((d, i) => (
            <li key={i}>
              {d.file ? (
                <button class="link where" title={`Open ${d.file}${d.line ? ` at line ${d.line}` : ''}`} onClick={() => onOpen(d)}>
                  {d.file}
                  {d.line ? `:${d.line}` : ''}
                </button>
              ) : null}
              <span class="message">{d.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
