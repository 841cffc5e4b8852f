// The HTTP request editor (spec §2.2): request line (method, host with history, path, Send or
// Cancel, Reset) and the Path / Params / Headers / Form / Body tabs, all editing the core's draft
// (request/get). Each row shows what the endpoint model says of it (type, required, description)
// beside the value; those hints are never sent. Saving and sending belong to the caller.

import { CredentialLine, EnvironmentChip, VariablesLine } from './environment-line';
import type { CredentialCandidate } from '../../core/call/send-auth';
import { jsonLanguage } from '@codemirror/lang-json';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { bodySubtypes, detectSubtype, NO_PICK, subtypeExample, subtypeLabel } from './body-subtypes';
import type { BodySubtypes, SubtypePick } from './body-subtypes';
import { nestedSubtypes, nestedText, swapNested } from './nested-subtypes';
import type { NestedSubtypes } from './nested-subtypes';
import { checkAgainstSchema } from './json-check';
import type { SchemaProblem } from './json-check';
import { JsonEditor } from './json-editor';
import { simpleTypeName } from './java-type-name';
import { RequestHead, RequestLineButtons } from './request-head';
import { SchemaOutline } from './schema-outline';
import { useMedia } from './use-media';
import { ChooseFileButton } from './file-chooser';
import type { JsonSchema } from '../../core/model/request';
import type { RequestLineProps } from './request-head';
import type { BodyMode, Endpoint, FormField, HttpRequestDraft, NameValue, ParamHint, ParamHints, ParamPlace } from './request-draft';
import { bodyContentType, hintKey, isJson, switchBodyMode, tabCounts } from './request-draft';
import { TabLabel } from './tab-label';

export type RequestTab = 'path' | 'params' | 'headers' | 'form' | 'body';

export interface RequestEditorProps extends RequestLineProps {
  endpoint: Endpoint;
  hints: ParamHints;
  draft: HttpRequestDraft;
  onChange(draft: HttpRequestDraft): void;
  hosts: readonly string[];
  /** The endpoint's security schemes (request/get): the credential line. */
  credentials?: readonly CredentialCandidate[] | undefined;
  /** Those of the credentials' variables the config files define (request/get): the hint reads them as Send does. */
  credentialConfig?: readonly string[] | undefined;
  onNavigate(): void;
  /** The tab last shown for this endpoint (kept across Reset and revisits); absent: the first with content. */
  tab?: RequestTab | undefined;
  onTab(tab: RequestTab): void;
  /** A polymorphic body's subtype pick and per-subtype texts (body-subtypes.ts), kept by the caller per endpoint. */
  subtype?: SubtypePick | undefined;
  onSubtype(pick: SubtypePick): void;
}

export function firstTab(d: HttpRequestDraft): RequestTab {
  const c = tabCounts(d);
  if (c.body) return 'body';
  if (c.form) return 'form';
  if (c.path) return 'path';
  return 'params';
}

// Short labels: at a 300 px tool window the six fit on two rows, leaving the editor its room.
const MODES: { mode: BodyMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'json', label: 'JSON' },
  { mode: 'text', label: 'Text' },
  { mode: 'urlencoded', label: 'URL-encoded' },
  { mode: 'multipart', label: 'Multipart' },
  { mode: 'file', label: 'File' },
];

export function RequestEditor(props: RequestEditorProps) {
  const { endpoint, hints, draft, onChange, hosts, onNavigate } = props;
  const tab = props.tab ?? firstTab(draft);
  const setTab = props.onTab;
  const counts = tabCounts(draft);
  const set = <K extends keyof HttpRequestDraft>(key: K, value: HttpRequestDraft[K]) => onChange({ ...draft, [key]: value });
  const tabs: { id: RequestTab; label: string; count?: number }[] = [
    { id: 'path', label: 'Path', count: counts.path },
    { id: 'params', label: 'Params', count: counts.params },
    { id: 'headers', label: 'Headers', count: counts.headers },
    { id: 'form', label: 'Form', count: counts.form },
    { id: 'body', label: 'Body' },
  ];

  return (
    <section class="request-editor" aria-label="Request">
      <RequestHead endpoint={endpoint} onNavigate={onNavigate} edited={props.edited} saveState={props.saveState} />
      <div class="request-line">
        <span class="method-field" aria-label="Method">
          {draft.method}
        </span>
        <HostField value={draft.host} hosts={hosts} onInput={(h) => set('host', h)} />
        <input class="path-field" aria-label="Path" value={draft.path} spellcheck={false} onInput={(e) => set('path', e.currentTarget.value)} />
        <EnvironmentChip environments={props.environments} onOpen={props.onEnvironments} />
        <RequestLineButtons {...props} />
        <VariablesLine environments={props.environments} texts={[draft.host, draft.path]} />
        <CredentialLine environments={props.environments} candidates={props.credentials} configDefined={props.credentialConfig} draft={draft} />
      </div>
      <div class="tabs" role="tablist" aria-label="Request parts">
        {tabs.map((t) => (
          <button role="tab" id={`tab-${t.id}`} aria-selected={tab === t.id} aria-controls={`panel-${t.id}`} class={tab === t.id ? 'tab on' : 'tab'} onClick={() => setTab(t.id)} key={t.id}>
            <TabLabel label={t.label} />
            {t.count ? <span class="tab-count">{t.count}</span> : null}
          </button>
        ))}
      </div>
      <div class="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'path' && <RowsTable place="path" rows={draft.pathParams} hints={hints} onChange={(r) => set('pathParams', r)} empty="No path parameters." fixedNames />}
        {tab === 'params' && (
          <>
            <RowsTable caption="Query" place="query" rows={draft.query} hints={hints} onChange={(r) => set('query', r)} empty="No query parameters." />
            <RowsTable caption="Cookies" place="cookie" rows={draft.cookies} hints={hints} onChange={(r) => set('cookies', r)} empty="No cookies." />
          </>
        )}
        {tab === 'headers' && <RowsTable place="header" rows={draft.headers} hints={hints} onChange={(r) => set('headers', r)} empty="No headers." />}
        {tab === 'form' && <FormTab draft={draft} hints={hints} onChange={onChange} onBodyTab={() => setTab('body')} />}
        {tab === 'body' && <BodyTab endpoint={endpoint} draft={draft} onChange={onChange} revision={props.revision} onFormTab={() => setTab('form')} pick={props.subtype ?? NO_PICK} onPick={props.onSubtype} />}
      </div>
    </section>
  );
}

export function HostField({ value, hosts, onInput, placeholder }: { value: string; hosts: readonly string[]; onInput(host: string): void; placeholder?: string }) {
  return (
    <>
      <input class="host" aria-label="Host" list="host-history" value={value} spellcheck={false} placeholder={placeholder} onInput={(e) => onInput(e.currentTarget.value)} />
      <datalist id="host-history">
        {hosts.map((h) => (
          <option value={h} key={h} />
        ))}
      </datalist>
    </>
  );
}

interface RowsTableProps<R extends NameValue> {
  place: ParamPlace;
  rows: R[];
  hints: ParamHints;
  onChange(rows: R[]): void;
  empty: string;
  caption?: string;
  /** Path parameters: their names come from the path template. */
  fixedNames?: boolean;
  /** Multipart: a row may be a file part (its value is a path on disk). */
  files?: boolean;
}

/** The length of the longest name, at least 5: names fit their column up to a share of the editor. */
function longestName(rows: readonly NameValue[]): number {
  let n = 5;
  for (const r of rows) n = Math.max(n, r.name.length);
  return n;
}

export function RowsTable<R extends NameValue & { file?: boolean }>({ place, rows, hints, onChange, empty, caption, fixedNames, files }: RowsTableProps<R>) {
  const update = (i: number, patch: Partial<R>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const label = caption ?? place;
  // A row added with "+ Add" takes the typing: its name field gets the focus in the same commit
  // that draws it (the focus stayed on the button, and what was typed next went nowhere). Not an
  // effect after paint: keys typed meanwhile would still go to the button, and a page the browser
  // does not paint (a background tab) would never move the focus.
  const box = useRef<HTMLDivElement>(null);
  const added = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (added.current === undefined) return;
    const name = box.current?.querySelectorAll<HTMLInputElement>('tbody input.param-name')[added.current];
    if (!name) return;
    added.current = undefined;
    name.focus();
  });
  return (
    <div class={`param-table rows-${place}`} ref={box}>
      {caption ? <h3>{caption}</h3> : null}
      {rows.length === 0 && <p class="muted">{empty}</p>}
      {rows.length > 0 && (
        // The longest name sets the name column's least width (app.css): a description beside it
        // took the room, and workflowInstanceId and workflowInstanceName both read workflowInsta….
        <table style={{ '--name-chars': longestName(rows) }}>
          <thead>
            <tr>
              <th class="on" aria-label="Send" />
              <th>Name</th>
              <th>Value</th>
              {files && <th>File</th>}
              <th class="type">Type</th>
              <th class="doc">Description</th>
              {!fixedNames && <th aria-label="Remove" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const hint = hints.get(hintKey(place, r.name));
              const enabled = r.enabled !== false;
              const listId = hint?.choices ? `choices-${place}-${i}` : undefined;
              return (
                <tr key={i} class={enabled ? '' : 'off'}>
                  <td class="on">
                    <input type="checkbox" checked={enabled} aria-label={`Send ${r.name || 'this row'}`} onChange={(e) => update(i, { enabled: e.currentTarget.checked ? undefined : false } as Partial<R>)} />
                  </td>
                  <td>
                    {/* One line: the required mark beside the name, never wrapped under it. Its tooltip
                        holds the type and description, whose columns a narrow editor hides. */}
                    <span class="name-cell" title={hintTitle(hint) || undefined}>
                      {fixedNames ? (
                        <span class="param-name">{r.name}</span>
                      ) : (
                        <input class="param-name" aria-label={`Name of ${label} row ${i + 1}`} value={r.name} spellcheck={false} onInput={(e) => update(i, { name: e.currentTarget.value } as Partial<R>)} />
                      )}
                      {hint?.required ? (
                        <span class="required" title="required">
                          *
                        </span>
                      ) : (
                        <span class="required-slot" aria-hidden="true" />
                      )}
                    </span>
                  </td>
                  <td>
                    <input
                      class="param-value"
                      aria-label={`Value of ${r.name || `${label} row ${i + 1}`}`}
                      value={r.value}
                      // A narrow column shows a long value's end only: the whole of it on hover.
                      title={r.value.length > 12 ? r.value : undefined}
                      list={listId}
                      spellcheck={false}
                      placeholder={r.file ? 'path of the file to send' : ''}
                      // A value typed into a row left out (an optional parameter, a file part) is meant to be sent:
                      // the row turns on. Emptying it leaves the checkbox as it is, the user's to untick.
                      onInput={(e) => {
                        const value = e.currentTarget.value;
                        update(i, (enabled || !value ? { value } : { value, enabled: undefined }) as Partial<R>);
                      }}
                    />
                    {r.file && <ChooseFileButton label={`Choose the file for ${r.name || `${label} row ${i + 1}`}`} onChosen={(value) => update(i, { value, enabled: undefined } as Partial<R>)} />}
                    {listId && (
                      <datalist id={listId}>
                        {hint!.choices!.map((c) => (
                          <option value={c} key={c} />
                        ))}
                      </datalist>
                    )}
                  </td>
                  {files && (
                    <td class="on">
                      <input type="checkbox" checked={!!r.file} aria-label={`${r.name || 'this row'} is a file`} onChange={(e) => update(i, { file: e.currentTarget.checked || undefined } as Partial<R>)} />
                    </td>
                  )}
                  <td class="type">{hint?.file ? 'file' : (hint?.type ?? '')}</td>
                  <td class="doc" title={hint?.description || undefined}>
                    {hint?.description ?? ''}
                  </td>
                  {!fixedNames && (
                    <td>
                      <button class="icon" aria-label={`Remove ${r.name || `${label} row ${i + 1}`}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                        ×
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!fixedNames && (
        <button
          class="add"
          onClick={() => {
            added.current = rows.length;
            onChange([...rows, { name: '', value: '' } as R]);
          }}
        >
          + Add {caption ? caption.toLowerCase().replace(/s$/, '') : place === 'form' ? 'field' : place}
        </button>
      )}
    </div>
  );
}

/** A row's type and description in one line: `integer — Page to show`. */
function hintTitle(hint: ParamHint | undefined): string {
  return [hint?.file ? 'file' : hint?.type, hint?.description].filter(Boolean).join(' — ');
}

function FormTab({ draft, hints, onChange, onBodyTab }: { draft: HttpRequestDraft; hints: ParamHints; onChange(d: HttpRequestDraft): void; onBodyTab(): void }) {
  const form = draft.bodyMode === 'urlencoded' || draft.bodyMode === 'multipart';
  return (
    <>
      <p class="muted form-mode">
        {form ? `Sent as ${draft.bodyMode === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded'}. ` : 'Form fields are sent only when the body is a form. '}
        <button class="link" onClick={onBodyTab}>
          Change in Body
        </button>
      </p>
      <RowsTable<FormField> place="form" rows={draft.form} hints={hints} onChange={(r) => onChange({ ...draft, form: r })} empty="No form fields." files={draft.bodyMode === 'multipart'} />
    </>
  );
}

interface BodyTabProps {
  endpoint: Endpoint;
  draft: HttpRequestDraft;
  onChange(d: HttpRequestDraft): void;
  revision: number;
  onFormTab(): void;
  pick: SubtypePick;
  onPick(p: SubtypePick): void;
}

function BodyTab({ endpoint, draft, onChange, revision, onFormTab, pick, onPick }: BodyTabProps) {
  const model = endpoint.request?.body;
  const type = bodyContentType(draft);
  const subtypes = useMemo(() => bodySubtypes(model?.schema), [model]);
  const detected = useMemo(() => (subtypes && draft.bodyMode === 'json' ? detectSubtype(draft.body, subtypes) : undefined), [subtypes, draft.body, draft.bodyMode]);
  const shown = detected ?? pick.picked;
  // A body that names its subtype is checked against the one it names (the checker reads the id);
  // one that cannot (DEDUCTION) against the subtype its properties tell, else the one picked
  // (every subtype without required properties would let anything through).
  const checked = subtypes?.form === 'deduction' ? subtypes.list[shown]?.schema : model?.schema;
  const verdict = useMemo(() => (draft.bodyMode === 'json' ? judgeBody(draft.body, 'application/json', checked) : undefined), [draft.body, draft.bodyMode, checked]);
  const setBody = (body: string) => onChange({ ...draft, body });
  const choose = (i: number) => {
    if (!subtypes || i === shown) return;
    // What was typed for the subtype shown is kept for it: picking it again brings it back.
    const drafts = new Map(pick.drafts).set(shown, draft.body);
    onPick({ picked: i, drafts, swaps: pick.swaps + 1 });
    setBody(drafts.get(i) ?? subtypeExample(subtypes.list[i]!));
  };
  // Polymorphic fields and list items at any depth, inside the subtype the body (or a part) holds:
  // a picker each, swapping that part only.
  const nested = useMemo(
    () => (draft.bodyMode === 'json' ? nestedSubtypes(subtypes ? subtypes.list[shown]?.schema : model?.schema, draft.body, (path) => pick.nested?.get(path)?.picked) : []),
    [model, subtypes, shown, draft.body, draft.bodyMode, pick.nested],
  );
  const chooseNested = (n: NestedSubtypes, i: number) => {
    const was = n.shown;
    if (i === was) return;
    const state = pick.nested?.get(n.path);
    const typed = nestedText(draft.body, n);
    const drafts = typed === undefined ? new Map(state?.drafts) : new Map(state?.drafts).set(was, typed);
    // A body that is not JSON (or not of the part's shape) has nothing to swap the part in.
    const body = swapNested(draft.body, n, i, drafts.get(i));
    if (body === undefined) return;
    onPick({ ...pick, nested: new Map(pick.nested).set(n.path, { picked: i, drafts }), swaps: pick.swaps + 1 });
    setBody(body);
  };
  return (
    <div class="body-tab">
      <div class="body-mode" role="radiogroup" aria-label="Body kind">
        {/* Two threes that wrap as wholes (app.css): never a kind alone on a row, whatever the font's width. */}
        {[MODES.slice(0, 3), MODES.slice(3)].map((three) => (
          <span class="kinds" key={three[0]!.mode}>
            {three.map(({ mode, label }) => (
              <label key={mode}>
                <input type="radio" name="body-mode" checked={draft.bodyMode === mode} onChange={() => onChange(switchBodyMode(draft, mode))} /> {label}
              </label>
            ))}
          </span>
        ))}
      </div>
      {draft.bodyMode === 'none' && <p class="muted">{model ? 'The endpoint takes a body; none is sent.' : 'This endpoint takes no request body.'}</p>}
      {(draft.bodyMode === 'urlencoded' || draft.bodyMode === 'multipart') && (
        <p class="muted">
          The body is the form fields ({draft.form.filter((f) => f.enabled !== false).length} sent).{' '}
          <button class="link" onClick={onFormTab}>
            Edit in Form
          </button>
        </p>
      )}
      {draft.bodyMode === 'text' && (
        <>
          <label class="content-type">
            Content type{' '}
            <input aria-label="Body content type" value={draft.contentType ?? ''} placeholder="text/plain" onInput={(e) => onChange({ ...draft, contentType: e.currentTarget.value || undefined })} />
          </label>
          <textarea class="raw-body" aria-label="Request body" value={draft.body} spellcheck={false} onInput={(e) => setBody(e.currentTarget.value)} />
        </>
      )}
      {draft.bodyMode === 'file' && (
        <>
          <label class="content-type">
            Content type{' '}
            <input aria-label="Body content type" value={draft.contentType ?? ''} placeholder="application/octet-stream" onInput={(e) => onChange({ ...draft, contentType: e.currentTarget.value || undefined })} />
          </label>
          <label class="body-file">
            File{' '}
            <input aria-label="Body file" value={draft.bodyFile ?? ''} placeholder="path of the file to send" spellcheck={false} onInput={(e) => onChange({ ...draft, bodyFile: e.currentTarget.value })} />
            <ChooseFileButton label="Choose the body file" onChosen={(bodyFile) => onChange({ ...draft, bodyFile })} />
          </label>
          <p class="muted body-file-note">Its bytes are sent as they are, read when you send; a relative path is read from the project folder. Only the path is saved.</p>
        </>
      )}
      {draft.bodyMode === 'json' && (
        <>
          <p class="content-type">
            {type}
            {model?.schema['x-java-type'] ? (
              // The class's simple name: the qualified one broke mid-word at 300 px ("CreateProductRe / quest").
              <span class="muted java-type" title={String(model.schema['x-java-type'])}>
                {' '}
                · {simpleTypeName(String(model.schema['x-java-type']))}
              </span>
            ) : null}
          </p>
          {subtypes && <SubtypePicker subtypes={subtypes} shown={shown} onChoose={choose} />}
          {nested.map((n) => (
            <SubtypePicker key={n.path} path={n.path} subtypes={n.subtypes} shown={n.shown} onChoose={(i) => chooseNested(n, i)} />
          ))}
          <JsonEditor key={`${revision}:${pick.swaps}`} initial={draft.body} onChange={setBody} label="JSON request body" />
          <BodyStatus verdict={verdict!} schema={!!model} />
          {model && <BodyModel schema={model.schema} />}
        </>
      )}
    </div>
  );
}

/** Under this width the model goes above the editor, closed (app.css): below it, it was out of sight. */
const NARROW = '(max-width: 419.98px)';

/** The body's model as a field list; open under the editor, or closed above it in a narrow window until asked for. */
function BodyModel({ schema }: { schema: JsonSchema }) {
  const narrow = useMedia(NARROW);
  /** The user's choice; until there is one, the width decides. */
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? !narrow;
  return (
    <details class="body-model" open={open}>
      <summary
        onClick={(e) => {
          e.preventDefault();
          setChosen(!open);
        }}
      >
        Model
      </summary>
      <SchemaOutline schema={schema} label="Request model" />
    </details>
  );
}

/** The subtypes of a polymorphic body: picking one puts its example (or what was typed for it) in the editor. */
function SubtypePicker({ subtypes, shown, onChoose, path }: { subtypes: BodySubtypes; shown: number; onChoose(i: number): void; path?: string }) {
  return (
    <label class="subtype-picker">
      <span class="subtype-name">
        Subtype
        {path !== undefined ? (
          <>
            {' '}
            of <code>{path}</code>
          </>
        ) : null}
      </span>{' '}
      <select value={String(shown)} onChange={(e) => onChoose(Number(e.currentTarget.value))}>
        {subtypes.list.map((s, i) => (
          <option value={String(i)} key={i}>
            {subtypeLabel(s, subtypes)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function BodyStatus({ verdict, schema }: { verdict: Verdict; schema: boolean }) {
  return (
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
      {verdict.kind === 'ok' && <span>Valid JSON{schema ? ', matches the schema' : ''}</span>}
    </div>
  );
}

export type Verdict = { kind: 'ok' } | { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'warnings'; problems: SchemaProblem[] };

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
