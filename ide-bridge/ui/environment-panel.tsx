// The environment panel (spec §2.5, §4.8): the project's environments, the active one, and an
// editor for one environment's variables (key, value, secret; a secret's value masked until
// revealed). Sync ▾ pushes the edited environment to Postman or pulls one from it; a pull that
// meets a local environment of the same name asks Replace, Merge or Skip (spec §3), and a push
// that would overwrite changes made in Postman asks before forcing. Without a sync token the
// Sync button is off, says why, and offers a field to give one.

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ResultOf } from '../protocol';
import { ContextMenu } from './context-menu';
import { ConfirmDiscard, Dialog, DialogHead, ErrorLine, errorText } from './dialog';
import type { BridgeClient } from './rpc';
import { RpcError } from './rpc';
import type { Notify } from './toasts';

type EnvList = ResultOf<'env/list'>;
type Environment = EnvList['environments'][number];
type Variable = Environment['variables'][number];
type Remote = ResultOf<'env/remote'>['environments'][number];
type Strategy = 'replace' | 'merge' | 'skip';

/** env/pull's answer when a local environment has the remote's name (protocol ErrorCodes.Conflict). */
const CONFLICT = -32008;
/** Postman sync failed (ErrorCodes.SyncFailed); a push refused over remote changes says `--force`. */
const SYNC_FAILED = -32009;

export interface EnvironmentPanelProps {
  client: BridgeClient;
  project: string;
  notify: Notify;
  onClose(): void;
  /** The list changed (saved, deleted, selected, pulled): the caller's environment choices follow. */
  onChanged?(list: EnvList): void;
}

interface Draft {
  /** The saved name; absent for a new environment. */
  original?: string;
  name: string;
  variables: Variable[];
}

export function EnvironmentPanel({ client, project, notify, onClose, onChanged }: EnvironmentPanelProps) {
  const [list, setList] = useState<EnvList>();
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState<Draft>();
  const [dirty, setDirty] = useState(false);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [syncMenu, setSyncMenu] = useState<{ x: number; y: number }>();
  const [pull, setPull] = useState<{ remotes?: Remote[]; error?: string }>();
  const [conflict, setConflict] = useState<string>();
  const [pushRefused, setPushRefused] = useState<{ name: string; message: string }>();
  /** What waits for the answer to "discard unsaved changes?". */
  const [discarding, setDiscarding] = useState<() => void>();
  const syncButton = useRef<HTMLButtonElement>(null);
  /** Set by New environment: its name field takes the focus, the made-up name selected to type over. */
  const nameField = useRef<HTMLInputElement>(null);
  const naming = useRef(false);

  const show = (l: EnvList, name?: string | null) => {
    setList(l);
    onChanged?.(l);
    const env = l.environments.find((e) => e.name === name) ?? l.environments.find((e) => e.name === l.active) ?? l.environments[0];
    edit(env && { original: env.name, name: env.name, variables: env.variables.map((v) => ({ ...v })) });
  };
  const edit = (d: Draft | undefined) => {
    setDraft(d);
    setDirty(false);
    setRevealed(new Set());
    setConfirmDelete(false);
    setError(undefined);
  };
  const change = (d: Draft) => {
    setDraft(d);
    setDirty(true);
  };
  useLayoutEffect(() => {
    if (!naming.current || !nameField.current) return;
    naming.current = false;
    nameField.current.focus();
    nameField.current.select();
  });
  /** Runs `then` at once, or after asking when it would drop unsaved edits. */
  const unlessDirty = (then: () => void) => (dirty ? setDiscarding(() => then) : then());
  const close = () => unlessDirty(onClose);
  // Asked while a Save was on its way, which then left nothing unsaved: go on without asking.
  useEffect(() => {
    if (!discarding || dirty) return;
    setDiscarding(undefined);
    discarding();
  }, [discarding, dirty]);
  const open = (e: EnvList['environments'][number]) => {
    if (draft?.original !== e.name || !dirty) unlessDirty(() => edit({ original: e.name, name: e.name, variables: e.variables.map((v) => ({ ...v })) }));
  };

  useEffect(() => {
    client.request('env/list', { project }).then(show, (e) => setLoadError(`Could not read the environments: ${errorText(e)}`));
  }, [client, project]);

  /** Runs one request with the busy flag; a failure is shown in the panel and as a notification. */
  const act = async <T,>(where: string, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await work();
    } catch (e) {
      setError(`${where} failed: ${errorText(e)}`);
      notify('error', where, errorText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!draft) return;
    const problem = checkDraft(draft, list?.environments ?? []);
    if (problem) return setError(problem);
    const environment = { name: draft.name.trim(), variables: draft.variables.filter((v) => v.key.trim() || v.value).map((v) => ({ ...v, key: v.key.trim() })) };
    const renamed = draft.original !== undefined && draft.original !== environment.name;
    const l = await act('Save environment', () => client.request('env/save', { project, environment, ...(renamed ? { previousName: draft.original } : {}) }));
    if (l) {
      show(l, environment.name);
      notify('info', 'Environments', renamed ? `Renamed '${draft.original}' to '${environment.name}' and saved it` : `Saved '${environment.name}'`);
    }
  };

  const remove = async () => {
    if (!draft?.original) return edit(undefined);
    const name = draft.original;
    const l = await act('Delete environment', () => client.request('env/delete', { project, name }));
    if (l) {
      show(l);
      notify('info', 'Environments', `Deleted '${name}'`);
    }
  };

  const select = async (name: string | null) => {
    const l = await act('Choose active environment', () => client.request('env/select', { project, name }));
    if (l) {
      setList(l);
      onChanged?.(l);
    }
  };

  const push = async (name: string, force = false) => {
    setPushRefused(undefined);
    setBusy(true);
    setError(undefined);
    try {
      const r = await client.request('env/push', { project, name, ...(force ? { force } : {}) });
      notify('info', 'Sync · Push', `'${r.name}' ${r.action} in Postman (${r.variables} variable${r.variables === 1 ? '' : 's'})`);
    } catch (e) {
      // 409: Postman's copy changed since the last sync (or was never synced from here).
      if (e instanceof RpcError && e.code === SYNC_FAILED && (e.data as { status?: number } | undefined)?.status === 409) setPushRefused({ name, message: e.message });
      else {
        setError(`Push failed: ${errorText(e)}`);
        notify('error', 'Sync · Push', errorText(e));
      }
    } finally {
      setBusy(false);
    }
  };

  const openPull = async () => {
    setPull({});
    try {
      const { environments } = await client.request('env/remote', { project });
      setPull({ remotes: environments });
    } catch (e) {
      setPull({ error: `Could not list the Postman environments: ${errorText(e)}` });
    }
  };

  const runPull = async (name: string, strategy?: Strategy) => {
    setPull(undefined);
    setConflict(undefined);
    setBusy(true);
    setError(undefined);
    try {
      const r = await client.request('env/pull', { project, name, ...(strategy ? { strategy } : {}) });
      notify('info', 'Sync · Pull', pullSummary(r));
      // The list refreshes after a pull (spec §3); the active choice comes with it.
      show(await client.request('env/list', { project }), r.name);
    } catch (e) {
      if (e instanceof RpcError && e.code === CONFLICT) setConflict(name);
      else {
        setError(`Pull failed: ${errorText(e)}`);
        notify('error', 'Sync · Pull', errorText(e));
      }
    } finally {
      setBusy(false);
    }
  };

  const saveToken = async (token: string) => {
    const sync = await act('Sync token', () => client.request('sync/token', { token, persist: true }));
    if (!sync) return;
    if (list) setList({ ...list, sync });
    notify(sync.enabled ? 'info' : 'warning', 'Sync token', sync.enabled ? 'Saved: sync is on' : `Sync is still off: ${sync.reason ?? 'no reason given'}`);
  };

  const sync = list?.sync;
  const saved = draft?.original !== undefined && !dirty;
  return (
    <Dialog label="Environments" class="environment-panel" onClose={close}>
      <DialogHead title="Environments" onClose={close}>
        <button
          ref={syncButton}
          aria-haspopup="menu"
          aria-expanded={!!syncMenu}
          disabled={!sync?.enabled || busy}
          title={sync?.enabled ? `Sync with Postman${sync.source ? ` (token from ${sync.source})` : ''}` : `Sync is off: ${sync?.reason ?? '…'}`}
          onClick={() => {
            const r = syncButton.current!.getBoundingClientRect();
            setSyncMenu({ x: r.left, y: r.bottom + 2 });
          }}
        >
          Sync ▾
        </button>
      </DialogHead>
      <ErrorLine error={loadError} />
      {sync && !sync.enabled && <SyncOff reason={sync.reason} busy={busy} onToken={saveToken} />}
      {list && (
        <div class="env-body">
          <div class="env-list">
            <label class="active-env">
              Active{' '}
              <select
                aria-label="Active environment"
                // Cut to the list's width: the whole name on hover.
                title={list.active ?? 'None'}
                value={list.active ?? ''}
                disabled={busy}
                onChange={(e) => void select(e.currentTarget.value || null)}
                // Spec §4.8: sync is also a right click on the environment dropdown.
                onContextMenu={(e) => {
                  e.preventDefault();
                  if (sync?.enabled) setSyncMenu({ x: e.clientX, y: e.clientY });
                }}
              >
                <option value="">None</option>
                {list.environments.map((e) => (
                  <option key={e.name} value={e.name}>
                    {e.name}
                  </option>
                ))}
              </select>
            </label>
            {/* No list before the first environment: an empty box under Active read as a text field. */}
            {list.environments.length > 0 && (
              <ul role="listbox" aria-label="Environment list">
                {list.environments.map((e) => (
                  <li
                    key={e.name}
                    role="option"
                    tabIndex={0}
                    aria-selected={draft?.original === e.name}
                    class={draft?.original === e.name ? 'on' : undefined}
                    onClick={() => open(e)}
                    onKeyDown={(k) => {
                      if (k.key === 'Enter' || k.key === ' ') {
                        k.preventDefault();
                        open(e);
                      } else if (k.key === 'ArrowDown' || k.key === 'ArrowUp') {
                        k.preventDefault();
                        const li = k.currentTarget;
                        ((k.key === 'ArrowDown' ? li.nextElementSibling : li.previousElementSibling) as HTMLElement | null)?.focus();
                      }
                    }}
                  >
                    <span class="env-label" title={e.name}>
                      {e.name}
                    </span>
                    {e.name === list.active && <span class="tag">active</span>}
                    <span class="muted count">{e.variables.length}</span>
                  </li>
                ))}
              </ul>
            )}
            <button
              onClick={() =>
                unlessDirty(() => {
                  naming.current = true;
                  change({ name: uniqueName(list.environments), variables: [{ key: 'host', value: 'http://localhost:8080' }] });
                })
              }
              disabled={busy}
            >
              New environment
            </button>
          </div>
          {draft ? (
            <form
              class="env-editor"
              aria-label={`Environment ${draft.name || '(new)'}`}
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <label class="env-name">
                Name <input ref={nameField} aria-label="Environment name" value={draft.name} onInput={(e) => change({ ...draft, name: e.currentTarget.value })} spellcheck={false} />
              </label>
              <table class="variables">
                <thead>
                  <tr>
                    <th>Key</th>
                    <th>Value</th>
                    <th>Secret</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {draft.variables.map((v, i) => {
                    const set = (patch: Partial<Variable>) => change({ ...draft, variables: draft.variables.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
                    const masked = !!v.secret && !revealed.has(i);
                    return (
                      <tr key={i} class={v.secret ? 'secret' : undefined}>
                        <td>
                          <input aria-label={`Key ${i + 1}`} class="var-key" value={v.key} spellcheck={false} onInput={(e) => set({ key: e.currentTarget.value })} />
                        </td>
                        <td class="value-cell">
                          {masked ? (
                            <input aria-label={`Value ${i + 1}`} class="var-value" type="password" autocomplete="off" value={v.value} onInput={(e) => set({ value: e.currentTarget.value })} />
                          ) : (
                            <input aria-label={`Value ${i + 1}`} class="var-value" type="text" autocomplete="off" spellcheck={false} value={v.value} onInput={(e) => set({ value: e.currentTarget.value })} />
                          )}
                          {v.secret && (
                            <button
                              type="button"
                              class="icon reveal"
                              aria-label={masked ? `Reveal value ${i + 1}` : `Hide value ${i + 1}`}
                              aria-pressed={!masked}
                              onClick={() => setRevealed((r) => toggled(r, i))}
                            >
                              {masked ? 'Show' : 'Hide'}
                            </button>
                          )}
                        </td>
                        <td>
                          <input type="checkbox" aria-label={`Secret ${i + 1}`} checked={!!v.secret} onChange={(e) => set({ secret: e.currentTarget.checked })} />
                        </td>
                        <td>
                          <button type="button" class="icon" aria-label={`Remove variable ${i + 1}`} title="Remove" onClick={() => change({ ...draft, variables: draft.variables.filter((_, j) => j !== i) })}>
                            ×
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <button type="button" class="add" onClick={() => change({ ...draft, variables: [...draft.variables, { key: '', value: '' }] })}>
                Add variable
              </button>
              <ErrorLine error={error} />
              {pushRefused && (
                <div class="error push-refused" role="alert">
                  <p>{pushRefused.message}</p>
                  <button type="button" onClick={() => void push(pushRefused.name, true)}>
                    Overwrite in Postman
                  </button>{' '}
                  <button type="button" onClick={() => setPushRefused(undefined)}>
                    Cancel
                  </button>
                </div>
              )}
              <div class="dialog-actions">
                {/* A new environment is not on disk: Discard drops it, there is nothing to delete. */}
                {draft.original === undefined ? null : confirmDelete ? (
                  <span class="confirm">
                    Delete '{draft.original}'?{' '}
                    <button type="button" class="danger" onClick={() => void remove()} disabled={busy}>
                      Delete
                    </button>{' '}
                    <button type="button" onClick={() => setConfirmDelete(false)}>
                      Keep
                    </button>
                  </span>
                ) : (
                  <button type="button" onClick={() => setConfirmDelete(true)} disabled={busy}>
                    Delete…
                  </button>
                )}
                {dirty && (
                  <button type="button" onClick={() => show(list, draft.original)} disabled={busy}>
                    Discard
                  </button>
                )}
                <button type="submit" class="primary" disabled={!dirty || busy}>
                  Save
                </button>
              </div>
            </form>
          ) : (
            <p class="muted placeholder">No environments yet: create one, or pull one from Postman.</p>
          )}
        </div>
      )}
      {syncMenu && (
        <ContextMenu
          label="Sync"
          x={syncMenu.x}
          y={syncMenu.y}
          onClose={() => setSyncMenu(undefined)}
          items={[
            ...(saved && draft?.original ? [{ label: `Push '${draft.original}'`, run: () => void push(draft.original!) }] : []),
            { label: 'Pull…', run: () => void openPull() },
          ]}
        />
      )}
      {discarding && (
        <ConfirmDiscard
          what={`Your changes to '${draft?.original ?? (draft?.name || 'the new environment')}'`}
          onKeep={() => setDiscarding(undefined)}
          onDiscard={() => {
            setDiscarding(undefined);
            setDirty(false);
            discarding();
          }}
        />
      )}
      {pull && (
        <Dialog label="Pull from Postman" class="pull-dialog" onClose={() => setPull(undefined)}>
          <h3>Pull from Postman</h3>
          <ErrorLine error={pull.error} />
          {!pull.remotes && !pull.error && <p class="muted">Loading…</p>}
          {pull.remotes?.length === 0 && <p class="muted">The workspace has no environments.</p>}
          <div class="env-choices">
            {pull.remotes?.map((r) => (
              <button key={r.id} type="button" onClick={() => void runPull(r.name)} title={r.updatedAt ? `Updated ${r.updatedAt}` : undefined}>
                {r.name}
              </button>
            ))}
          </div>
          <div class="dialog-actions">
            <button type="button" onClick={() => setPull(undefined)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
      {conflict && (
        <Dialog label="Pull conflict" class="conflict-dialog" onClose={() => setConflict(undefined)}>
          <h3>'{conflict}' exists in this project</h3>
          <dl class="strategies">
            <dt>Replace</dt>
            <dd>the local variables are replaced by Postman's</dd>
            <dt>Merge</dt>
            <dd>Postman's values win for keys in both; keys only here are kept</dd>
            <dt>Skip</dt>
            <dd>the local environment stays as it is</dd>
          </dl>
          <div class="dialog-actions">
            <button type="button" onClick={() => setConflict(undefined)}>
              Cancel
            </button>
            <button type="button" onClick={() => void runPull(conflict, 'skip')}>
              Skip
            </button>
            <button type="button" onClick={() => void runPull(conflict, 'replace')}>
              Replace
            </button>
            <button type="button" class="primary" onClick={() => void runPull(conflict, 'merge')}>
              Merge
            </button>
          </div>
        </Dialog>
      )}
    </Dialog>
  );
}

/**
 * That Sync is off, on one line that opens on why and the way to turn it on (the token field): in a
 * 300 px tool window the reason and the field, open, took the room of the environment list below,
 * and the reason cut on that line read "Sync is off: Postman sy…". Closed it says only what reads
 * whole; the reason, a sentence or two, is wrapped inside (and in the line's tooltip).
 */
function SyncOff({ reason, busy, onToken }: { reason: string | undefined; busy: boolean; onToken(token: string): void }) {
  const [token, setToken] = useState('');
  const said = reason ?? 'no Postman API token is set';
  const why = `Sync is off: ${said}.`;
  return (
    <details class="sync-off">
      <summary title={why}>
        <span class="why">Sync is off</span>
        <span class="link">Set token</span>
      </summary>
      <p class="sync-reason">{`${said.charAt(0).toUpperCase()}${said.slice(1)}.`}</p>
      <form
        aria-label="Sync token"
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) onToken(token.trim());
        }}
      >
        <input aria-label="Postman API token" type="password" autocomplete="off" placeholder="PMAK-…" value={token} onInput={(e) => setToken(e.currentTarget.value)} />
        <button type="submit" disabled={busy || !token.trim()}>
          Save token
        </button>
      </form>
    </details>
  );
}

/** Why a draft cannot be saved, or undefined. */
export function checkDraft(draft: Draft, environments: readonly Environment[]): string | undefined {
  const name = draft.name.trim();
  if (!name) return 'The environment needs a name';
  if (name !== draft.original && environments.some((e) => e.name === name)) return `An environment named '${name}' exists already`;
  const seen = new Set<string>();
  for (const [i, v] of draft.variables.entries()) {
    const key = v.key.trim();
    if (!key && !v.value) continue;
    if (!key) return `Variable ${i + 1} has a value but no key`;
    if (seen.has(key)) return `The key '${key}' is there twice`;
    seen.add(key);
  }
  return undefined;
}

function uniqueName(environments: readonly Environment[]): string {
  const names = new Set(environments.map((e) => e.name));
  for (let i = 1; ; i++) {
    const name = i === 1 ? 'new' : `new-${i}`;
    if (!names.has(name)) return name;
  }
}

function toggled(set: ReadonlySet<number>, i: number): Set<number> {
  const next = new Set(set);
  if (!next.delete(i)) next.add(i);
  return next;
}

function pullSummary(r: ResultOf<'env/pull'>): string {
  if (r.action === 'skipped') return `'${r.name}' left as it is`;
  const parts = [
    r.added.length && `${r.added.length} added`,
    r.changed.length && `${r.changed.length} changed`,
    r.kept.length && `${r.kept.length} kept`,
    r.removed.length && `${r.removed.length} removed`,
  ].filter(Boolean);
  return `'${r.name}' ${r.action}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
