// The settings page (spec §2.6) for the browser, where no IDE settings dialog exists: every row of
// settings/get on its page (General with cURL, gRPC, gRPC Runtime with Auto Detect, then the
// caller's HTTP and Scripts), an editor per kind, the file to save to (user or project) for rows
// that may live in the project, refusals shown at their field, and the rows read again after Save.

import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ResultOf } from '../protocol';
import { ConfirmDiscard, Dialog, DialogHead, ErrorLine, errorText } from './dialog';
import type { BridgeClient } from './rpc';
import type { SettingRow, SettingsScope, SettingsView } from './settings-model';
import { CHOICE_LABELS, editorText, fieldHint, keyOfError, pagesOf, parseEditor, rowOf, SECTION_TITLES, splitByScope } from './settings-model';
import type { Notify } from './toasts';

type Detect = ResultOf<'grpc/detect'>;

export interface SettingsPageProps {
  client: BridgeClient;
  project: string | undefined;
  /** A page id of the catalog's host/openSettings (apiscout, grpc, grpcRuntime) or of this page. */
  page: string;
  notify: Notify;
  onSaved(view: SettingsView): void;
  onClose(): void;
}

/** Script properties are code: a monospaced box, not a one-line field. */
const MULTILINE = new Set(['http.call.before', 'http.call.after']);

export function SettingsPage({ client, project, page: initialPage, notify, onSaved, onClose }: SettingsPageProps) {
  const [view, setView] = useState<SettingsView>();
  const [loadError, setLoadError] = useState<string>();
  const [page, setPage] = useState(initialPage);
  /** Editor texts (or booleans) of the rows changed since the last read. */
  const [edits, setEdits] = useState<Record<string, string | boolean | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string>();
  const [scope, setScope] = useState<SettingsScope>(project ? 'project' : 'user');
  const [busy, setBusy] = useState(false);
  const [detect, setDetect] = useState<{ report?: Detect; error?: string; running?: boolean }>();

  useEffect(() => {
    client.request('settings/get', project ? { project } : {}).then(setView, (e) => setLoadError(`Could not read the settings: ${errorText(e)}`));
  }, [client, project]);
  useEffect(() => setPage(initialPage), [initialPage]);

  const pages = useMemo(() => (view ? pagesOf(view) : []), [view]);
  const shown = pages.find((p) => p.id === page) ?? pages[0];
  const dirty = Object.keys(edits).length > 0;
  /** Closing over unsaved edits asks first. */
  const [closing, setClosing] = useState(false);
  const close = () => (dirty ? setClosing(true) : onClose());
  // Asked while a Save was on its way, which then left nothing unsaved: the question is moot.
  useEffect(() => {
    if (closing && !dirty) onClose();
  }, [closing, dirty]);

  const edit = (row: SettingRow, value: string | boolean | null) => {
    setEdits((e) => ({ ...e, [row.key]: value }));
    setErrors(({ [row.key]: _, ...rest }) => rest);
  };

  /** The edits as values, or the first field errors (nothing is sent while any field is wrong). */
  const collect = (): { values: Record<string, unknown> } | { errors: Record<string, string> } => {
    const values: Record<string, unknown> = {};
    const bad: Record<string, string> = {};
    for (const [key, text] of Object.entries(edits)) {
      const row = rowOf(view, key)!;
      if (typeof text === 'boolean' || text === null) {
        values[key] = text;
        continue;
      }
      const parsed = parseEditor(row, text);
      if ('error' in parsed) bad[key] = parsed.error;
      else values[key] = parsed.value;
    }
    return Object.keys(bad).length ? { errors: bad } : { values };
  };

  const save = async () => {
    if (!view) return;
    setSaveError(undefined);
    const collected = collect();
    if ('errors' in collected) {
      setErrors(collected.errors);
      return;
    }
    setBusy(true);
    try {
      let latest = view;
      for (const [s, values] of Object.entries(splitByScope(view, collected.values, scope)) as [SettingsScope, Record<string, unknown>][]) {
        latest = await client.request('settings/set', { ...(project ? { project } : {}), scope: s, values });
      }
      // Read again: another page (the IDE's, a second browser) may have changed other rows.
      latest = await client.request('settings/get', project ? { project } : {});
      setView(latest);
      setEdits({});
      setErrors({});
      onSaved(latest);
      notify('info', 'Settings', `Saved ${Object.keys(collected.values).length} setting${Object.keys(collected.values).length === 1 ? '' : 's'}`);
    } catch (e) {
      const key = keyOfError(view, errorText(e));
      if (key) setErrors({ [key]: errorText(e) });
      else setSaveError(`Could not save: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  /** Removes a row's value from the file it comes from, so the level below shows through. */
  const restoreDefault = async (row: SettingRow) => {
    if (row.from === 'default') return;
    setBusy(true);
    try {
      await client.request('settings/set', { ...(project ? { project } : {}), scope: row.from, values: {}, unset: [row.key] });
      const latest = await client.request('settings/get', project ? { project } : {});
      setView(latest);
      setEdits(({ [row.key]: _, ...rest }) => rest);
      onSaved(latest);
    } catch (e) {
      setErrors((x) => ({ ...x, [row.key]: errorText(e) }));
    } finally {
      setBusy(false);
    }
  };

  const autoDetect = async () => {
    if (!project) return;
    setDetect({ running: true });
    try {
      setDetect({ report: await client.request('grpc/detect', { project }) });
    } catch (e) {
      setDetect({ error: `Auto Detect failed: ${errorText(e)}` });
    }
  };

  return (
    <Dialog label="Settings" class="settings-page" onClose={close}>
      <DialogHead title="Settings" onClose={close} />
      <ErrorLine error={loadError} />
      {!view && !loadError && <p class="muted placeholder">Loading…</p>}
      {view && shown && (
        <div class="settings-body">
          <nav class="settings-nav" role="tablist" aria-orientation="vertical" aria-label="Settings pages">
            {pages.map((p) => (
              <button key={p.id} role="tab" aria-selected={p.id === shown.id} class={`tab${p.id === shown.id ? ' on' : ''}`} data-label={p.label} onClick={() => setPage(p.id)}>
                {p.label}
              </button>
            ))}
          </nav>
          <form
            class="settings-rows"
            aria-label={shown.label}
            // Our checks, shown at the field with the row's own wording, not the browser's bubble.
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {shown.sections.map((section) => (
              <fieldset key={section}>
                <legend>{SECTION_TITLES[section] ?? section}</legend>
                {view.settings
                  .filter((r) => r.section === section)
                  .map((row) => (
                    <SettingField key={row.key} row={row} edit={edits[row.key]} error={errors[row.key]} onEdit={(v) => edit(row, v)} onUseDefault={() => restoreDefault(row)} />
                  ))}
                {view.settings.some((r) => r.section === section && r.key === 'grpc.runtime') && (
                  <AutoDetect
                    project={project}
                    state={detect}
                    onRun={autoDetect}
                    onApply={(runtime) => {
                      const row = rowOf(view, 'grpc.runtime');
                      if (row) edit(row, runtime.join('\n'));
                    }}
                  />
                )}
              </fieldset>
            ))}
            <footer class="settings-foot">
              <label>
                Save to{' '}
                <select aria-label="Save to" value={scope} onChange={(e) => setScope(e.currentTarget.value as SettingsScope)}>
                  <option value="user">User settings ({view.userPath})</option>
                  {view.projectPath && <option value="project">Project settings ({view.projectPath})</option>}
                </select>
              </label>
              <span class="muted">Per-user rows always go to the user settings.</span>
              <ErrorLine error={saveError} />
              <span class="foot-actions">
                <button type="button" onClick={() => (setEdits({}), setErrors({}))} disabled={!dirty || busy}>
                  Discard
                </button>
                <button type="submit" class="primary" disabled={!dirty || busy}>
                  Save
                </button>
              </span>
            </footer>
          </form>
        </div>
      )}
      {closing && (
        <ConfirmDiscard
          what={`Your changes to ${Object.keys(edits).length === 1 ? '1 setting' : `${Object.keys(edits).length} settings`}`}
          onKeep={() => setClosing(false)}
          onDiscard={onClose}
        />
      )}
    </Dialog>
  );
}

interface SettingFieldProps {
  row: SettingRow;
  /** The edited text or flag; undefined: unchanged. */
  edit: string | boolean | null | undefined;
  error: string | undefined;
  onEdit(value: string | boolean | null): void;
  onUseDefault(): void;
}

function SettingField({ row, edit, error, onEdit, onUseDefault }: SettingFieldProps) {
  const id = `setting-${row.key.replace(/\W/g, '-')}`;
  const errorId = `${id}-error`;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined, 'data-key': row.key };
  let editor;
  if (row.kind === 'boolean') {
    const checked = typeof edit === 'boolean' ? edit : row.value === true;
    editor = <input {...common} type="checkbox" checked={checked} onChange={(e) => onEdit(e.currentTarget.checked)} />;
  } else if (row.kind === 'choice') {
    const value = typeof edit === 'string' ? edit : String(row.value);
    editor = (
      <select {...common} value={value} onChange={(e) => onEdit(e.currentTarget.value)}>
        {(row.choices ?? []).map((c) => (
          <option key={c} value={c}>
            {CHOICE_LABELS[row.key]?.[c] ?? c}
          </option>
        ))}
      </select>
    );
  } else if (row.secret) {
    // The value never comes back from the sidecar: the field only replaces or clears it.
    editor = (
      <span class="secret-field">
        <input
          {...common}
          type="password"
          autocomplete="off"
          placeholder={edit === null ? 'cleared on Save' : row.isSet ? 'set (type to replace)' : 'not set'}
          value={typeof edit === 'string' ? edit : ''}
          onInput={(e) => onEdit(e.currentTarget.value)}
        />
        {row.isSet && (
          <button type="button" onClick={() => onEdit(null)}>
            Clear
          </button>
        )}
      </span>
    );
  } else {
    const text = typeof edit === 'string' ? edit : editorText(row, row.value);
    editor =
      row.kind === 'list' || MULTILINE.has(row.key) ? (
        <textarea {...common} rows={row.kind === 'list' ? 3 : 4} spellcheck={false} class="code" value={text} onInput={(e) => onEdit(e.currentTarget.value)} />
      ) : (
        row.kind === 'integer' ? (
          <input {...common} type="number" min={row.min} max={row.max} value={text} onInput={(e) => onEdit(e.currentTarget.value)} />
        ) : (
          <input {...common} type="text" spellcheck={false} value={text} onInput={(e) => onEdit(e.currentTarget.value)} />
        )
      );
  }
  return (
    <div class={`setting kind-${row.kind}${edit !== undefined ? ' changed' : ''}`}>
      <label for={id} class="setting-label">
        {row.label}
        <span class="setting-key">{row.key}</span>
      </label>
      <div class="setting-editor">
        {editor}
        <span class="setting-meta">
          {row.scope === 'user' && <span class="tag" title="Stored in your user settings, never in the project">per user</span>}
          {edit === undefined ? (
            <span class={`tag from-${row.from}`} title="Where the value in effect comes from">
              {row.from}
            </span>
          ) : (
            // Edited here: the tag of where the value comes from would say the new value is that one.
            <span class="tag unsaved" title={`Changed, not saved yet: the value in effect is still the ${row.from} one until Save`}>
              unsaved
            </span>
          )}
          {row.from !== 'default' && edit === undefined && (
            <button type="button" class="link" onClick={onUseDefault} title={`Remove it from the ${row.from} settings`}>
              Use default
            </button>
          )}
        </span>
        {fieldHint(row) && <span class="setting-expects muted">{fieldHint(row)}</span>}
        {error && (
          <span id={errorId} class="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}

function AutoDetect({ project, state, onRun, onApply }: { project: string | undefined; state: { report?: Detect; error?: string; running?: boolean } | undefined; onRun(): void; onApply(runtime: string[]): void }) {
  const report = state?.report;
  return (
    <div class="auto-detect">
      <button type="button" onClick={onRun} disabled={!project || state?.running}>
        {state?.running ? 'Detecting…' : 'Auto Detect'}
      </button>
      {!project && <span class="muted"> Open a project to detect its runtime.</span>}
      <ErrorLine error={state?.error} />
      {report && (
        <div class="detect-report" role="status" aria-label="Auto Detect result">
          <ul>
            {report.summary.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {report.runtime.length > 0 ? (
            <button type="button" onClick={() => onApply(report.runtime)}>
              Use the detected runtime ({report.runtime.length} {report.runtime.length === 1 ? 'entry' : 'entries'})
            </button>
          ) : (
            <p class="muted">No runtime entries to propose.</p>
          )}
        </div>
      )}
    </div>
  );
}
