// The export dialog (spec §4.5, §4.6): a channel, what to export (the row the menu was opened on,
// everything, or the current search), where to (a directory, or the clipboard for channels that
// write one file), the cURL options with their saved defaults and render mode, OpenAPI's version
// and format. "Ask each export" asks for an environment (or Skip) every time Export is pressed.
// The outcome stays in the dialog: files with sizes, what was exported or skipped and why, warnings.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { ParamsOf, ResultOf } from '../protocol';
import { copyText } from './clipboard';
import type { Selection } from './context-menu';
import { countOf } from './context-menu';
import { Dialog, DialogHead, ErrorLine, errorText } from './dialog';
import type { BridgeClient } from './rpc';
import { settingValue } from './settings-model';
import type { SettingsView } from './settings-model';
import type { Notify } from './toasts';

type Channel = ParamsOf<'export/run'>['channel'];
type Outcome = ResultOf<'export/run'>;
type RenderMode = 'keep' | 'resolve' | 'ask';

export const CHANNELS: readonly { id: Channel; label: string; oneFile: boolean }[] = [
  { id: 'markdown', label: 'Markdown', oneFile: true },
  { id: 'openapi', label: 'OpenAPI', oneFile: true },
  { id: 'curl', label: 'cURL (.sh)', oneFile: true },
  { id: 'http-client', label: 'IDE HTTP client (.http)', oneFile: false },
  { id: 'postman', label: 'Postman collection', oneFile: false },
  { id: 'hoppscotch', label: 'Hoppscotch collection', oneFile: false },
  { id: 'yapi', label: 'YApi', oneFile: true },
  { id: 'apipost', label: 'Apipost', oneFile: true },
];

const CURL_FLAGS = [
  ['comments', 'Comments and section dividers'],
  ['prettyJson', 'Pretty-print JSON bodies'],
  ['multiline', 'One flag per line'],
  ['longFlags', 'Long flags (--request, --header, --data)'],
  ['responseExample', 'Response example as a comment'],
] as const;
type CurlFlag = (typeof CURL_FLAGS)[number][0];
const SETTING_OF: Record<CurlFlag, string> = {
  comments: 'curl.format.comments',
  prettyJson: 'curl.format.prettyJson',
  multiline: 'curl.format.multiline',
  longFlags: 'curl.format.longFlags',
  responseExample: 'curl.format.responseExample',
};

export interface ExportChoice {
  selection: Selection;
  label: string;
}

export interface ExportDialogProps {
  client: BridgeClient;
  project: string;
  /** What may be exported; the first is chosen when the dialog opens. */
  choices: readonly ExportChoice[];
  settings: SettingsView | undefined;
  notify: Notify;
  onClose(): void;
}

/** Where exports go unless the user says otherwise: the build folder, out of the sources. */
export function defaultDirectory(project: string): string {
  const sep = project.includes('\\') && !project.includes('/') ? '\\' : '/';
  return `${project.replace(/[\\/]+$/, '')}${sep}build${sep}apiscout`;
}

/** The last export's channel and destination, per project: the next export starts from them. */
const remembered = new Map<string, { channel: Channel; toClipboard: boolean; directory: string }>();

export function ExportDialog({ client, project, choices, settings, notify, onClose }: ExportDialogProps) {
  const last = remembered.get(project);
  const [channel, setChannel] = useState<Channel>(last?.channel ?? 'openapi');
  const [choice, setChoice] = useState(0);
  const [toClipboard, setToClipboard] = useState(last?.toClipboard ?? false);
  const [directory, setDirectory] = useState(() => last?.directory ?? defaultDirectory(project));
  const [curl, setCurl] = useState<Record<CurlFlag, boolean>>(() => curlDefaults(settings));
  const [render, setRender] = useState<RenderMode>(() => settingValue<RenderMode>(settings, 'curl.renderMode', 'keep'));
  const [runScripts, setRunScripts] = useState(() => settingValue(settings, 'curl.runPreRequestScripts', false));
  const [openapiVersion, setOpenapiVersion] = useState<'3.0.3' | '3.1.0'>('3.0.3');
  const [openapiFormat, setOpenapiFormat] = useState<'yaml' | 'json'>('yaml');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ result: Outcome; copied: boolean }>();

  // The saved defaults may arrive after the dialog opened (settings/get still on its way); the
  // choices made meanwhile give way to them only then, never on the first render.
  const seenSettings = useRef(settings);
  useEffect(() => {
    if (seenSettings.current === settings) return;
    seenSettings.current = settings;
    setCurl(curlDefaults(settings));
    setRender(settingValue<RenderMode>(settings, 'curl.renderMode', 'keep'));
    setRunScripts(settingValue(settings, 'curl.runPreRequestScripts', false));
  }, [settings]);

  const oneFile = CHANNELS.find((c) => c.id === channel)!.oneFile;
  const clipboard = toClipboard && oneFile;

  /** Runs the export; `environment` is the Ask choice (null: Skip). */
  const run = async (environment?: string | null) => {
    if (channel === 'curl' && render === 'ask' && environment === undefined) {
      setAsking(true);
      return;
    }
    setAsking(false);
    remembered.set(project, { channel, toClipboard, directory });
    setBusy(true);
    setError(undefined);
    setOutcome(undefined);
    const params: ParamsOf<'export/run'> = {
      project,
      channel,
      selection: choices[choice]!.selection,
      destination: clipboard ? { kind: 'text' } : { kind: 'file', directory: directory.trim() },
    };
    if (channel === 'curl') {
      params.curl = curl;
      params.runScripts = runScripts;
      if (render === 'ask') {
        params.render = environment === null ? 'keep' : 'resolve';
        params.environment = environment ?? null;
      } else {
        params.render = render;
      }
    }
    if (channel === 'openapi') params.openapi = { version: openapiVersion, format: openapiFormat };
    try {
      const result = await client.request('export/run', params);
      let copied = false;
      if (clipboard && result.text !== undefined) {
        await copyText(client, result.text);
        copied = true;
      }
      setOutcome({ result, copied });
      const where = copied ? 'copied to the clipboard' : `${result.files.length} file${result.files.length === 1 ? '' : 's'} written`;
      notify(result.skipped.length || result.warnings.length ? 'warning' : 'info', 'Export', `${countOf(result.exported)} exported, ${where}${result.skipped.length ? `, ${result.skipped.length} skipped` : ''}`);
    } catch (e) {
      setError(`Export failed: ${errorText(e)}`);
      notify('error', 'Export', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label="Export" class="export-dialog" onClose={onClose}>
      <DialogHead title="Export" onClose={onClose} />
      <form
        class="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label for="export-channel">Channel</label>
        <select id="export-channel" value={channel} onChange={(e) => setChannel(e.currentTarget.value as Channel)}>
          {CHANNELS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>

        <span class="label">Endpoints</span>
        <div role="radiogroup" aria-label="Endpoints" class="choices">
          {choices.map((c, i) => (
            <label key={i}>
              <input type="radio" name="export-selection" checked={i === choice} onChange={() => setChoice(i)} /> {c.label}
            </label>
          ))}
        </div>

        <span class="label">Destination</span>
        <div role="radiogroup" aria-label="Destination" class="choices">
          <label>
            <input type="radio" name="export-destination" checked={!clipboard} onChange={() => setToClipboard(false)} /> Directory
          </label>
          <input
            aria-label="Export directory"
            class="directory"
            value={directory}
            disabled={clipboard}
            spellcheck={false}
            onInput={(e) => setDirectory(e.currentTarget.value)}
          />
          <label title={oneFile ? undefined : 'This channel writes more than one file'}>
            <input type="radio" name="export-destination" checked={clipboard} disabled={!oneFile} onChange={() => setToClipboard(true)} /> Copy to clipboard
          </label>
        </div>

        {channel === 'curl' && (
          <>
            <span class="label">cURL</span>
            <fieldset class="choices" aria-label="cURL options">
              {CURL_FLAGS.map(([flag, label]) => (
                <label key={flag}>
                  <input type="checkbox" checked={curl[flag]} onChange={(e) => setCurl((c) => ({ ...c, [flag]: e.currentTarget.checked }))} /> {label}
                </label>
              ))}
              <label>
                <input type="checkbox" checked={runScripts} onChange={(e) => setRunScripts(e.currentTarget.checked)} /> Run pre-request scripts
              </label>
            </fieldset>
            <label for="export-render">Placeholders</label>
            <select id="export-render" value={render} onChange={(e) => setRender(e.currentTarget.value as RenderMode)}>
              <option value="keep">Keep placeholders</option>
              <option value="resolve">Resolve with the active environment</option>
              <option value="ask">Ask each export</option>
            </select>
          </>
        )}

        {channel === 'openapi' && (
          <>
            <label for="export-openapi-version">OpenAPI version</label>
            <select id="export-openapi-version" value={openapiVersion} onChange={(e) => setOpenapiVersion(e.currentTarget.value as '3.0.3' | '3.1.0')}>
              <option value="3.0.3">3.0.3</option>
              <option value="3.1.0">3.1.0</option>
            </select>
            <label for="export-openapi-format">Format</label>
            <select id="export-openapi-format" value={openapiFormat} onChange={(e) => setOpenapiFormat(e.currentTarget.value as 'yaml' | 'json')}>
              <option value="yaml">YAML</option>
              <option value="json">JSON</option>
            </select>
          </>
        )}

        <div class="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" class="primary" disabled={busy || (!clipboard && !directory.trim())}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
      <ErrorLine error={error} />
      {outcome && <ExportOutcome outcome={outcome.result} copied={outcome.copied} />}
      {asking && <AskEnvironment client={client} project={project} onChoose={(env) => void run(env)} onCancel={() => setAsking(false)} />}
    </Dialog>
  );
}

function curlDefaults(settings: SettingsView | undefined): Record<CurlFlag, boolean> {
  const fallback: Record<CurlFlag, boolean> = { comments: true, prettyJson: true, multiline: true, longFlags: false, responseExample: false };
  return Object.fromEntries(CURL_FLAGS.map(([flag]) => [flag, settingValue(settings, SETTING_OF[flag], fallback[flag])])) as Record<CurlFlag, boolean>;
}

function ExportOutcome({ outcome, copied }: { outcome: Outcome; copied: boolean }) {
  return (
    <section class="export-outcome" role="status" aria-label="Export result">
      <p>
        <strong>
          {countOf(outcome.exported)} of {outcome.selected.toLocaleString('en')} exported
        </strong>
        {copied && ', copied to the clipboard'}
      </p>
      {outcome.files.length > 0 && (
        <ul class="files" aria-label="Files written">
          {outcome.files.map((f) => (
            <li key={f.path}>
              <code>{f.path}</code> <span class="muted">{formatBytes(f.bytes)}</span>
            </li>
          ))}
        </ul>
      )}
      {outcome.skipped.length > 0 && (
        <details open={outcome.skipped.length <= 5}>
          <summary>{outcome.skipped.length} skipped</summary>
          <ul class="skipped" aria-label="Skipped">
            {outcome.skipped.map((s) => (
              <li key={s.id}>
                <code>{s.address}</code>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {outcome.warnings.length > 0 && (
        <ul class="warnings" aria-label="Warnings">
          {outcome.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Ask each export (and each Copy as cURL): the project's environments, or Skip to keep the placeholders. */
export function AskEnvironment({ client, project, onChoose, onCancel }: { client: BridgeClient; project: string; onChoose(environment: string | null): void; onCancel(): void }) {
  const [list, setList] = useState<ResultOf<'env/list'>>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    client.request('env/list', { project }).then(setList, (e) => setError(`Could not list the environments: ${errorText(e)}`));
  }, [client, project]);
  return (
    <Dialog label="Choose an environment" class="ask-environment" onClose={onCancel}>
      <h3>Resolve placeholders with</h3>
      <ErrorLine error={error} />
      {!list && !error && <p class="muted">Loading…</p>}
      <div class="env-choices">
        {list?.environments.map((env) => (
          <button key={env.name} type="button" onClick={() => onChoose(env.name)}>
            {env.name}
            {env.name === list.active && <span class="muted"> (active)</span>}
          </button>
        ))}
        <button type="button" onClick={() => onChoose(null)} title="Keep the placeholders as written">
          Skip
        </button>
      </div>
      <div class="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
