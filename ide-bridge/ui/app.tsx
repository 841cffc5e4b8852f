// The API Explorer: the explorer (toolbar, search, tree or results) on the left, the request
// editor and the response panel on the right. State lives here and flows down; every change
// comes from the user or from a sidecar notification (scan/progress, index/changed).

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FirstTree, NotificationParams, ProjectStatus } from '../protocol';
import { copyText } from './clipboard';
import type { CopyWhat, MenuTarget } from './context-menu';
import { ContextMenu, countOf, endpointsOf, menuItems, selectionOf, targetOfRow } from './context-menu';
import type { ExportChoice } from './export-dialog';
import type { SettingsPage as SettingsPageId } from './details';
import { ExplorerTree } from './explorer-tree';
import type { BridgeClient } from './rpc';
import { CANCELLED, RpcError } from './rpc';
import type { SearchResult } from './search-results';
import { resultCount, SEARCH_LIMIT, SearchResults } from './search-results';
import { NoWorker, PageSearch } from './page-search';
import type { SettingsView } from './settings-model';
import { settingValue } from './settings-model';
import { Toasts, useToasts } from './toasts';
import type { SourceTarget } from './source-view';
import type { EndpointSummary, Tree } from './tree-model';
import { ancestorsOf, flattenTree, groupKeys } from './tree-model';
import { ErrorLine } from './dialog';
import { clampTree, NARROW_BELOW, Splitter, TREE_MIN, treeMax, treeWidthIn, useLayoutPrefs, useWidth } from './layout';
import { useHostTheme } from './host-theme';
import type { EnvironmentList } from './environment-line';
import { Icon } from './icons';
import { lazyPart } from './lazy-part';
import { grouped } from './numbers';

// What the first screen does not show comes in chunks of its own (lazy-part.tsx), the request
// editor first: its placeholder is what the editor pane shows until an endpoint is selected.
const Details = lazyPart(
  () => import('./details').then((m) => m.Details),
  ({ selectedId }) => <p class="muted placeholder">{selectedId ? 'Loading…' : 'Select an endpoint to edit its request.'}</p>,
);
const SourceView = lazyPart(() => import('./source-view').then((m) => m.SourceView));
const ExportDialog = lazyPart(() => import('./export-dialog').then((m) => m.ExportDialog));
const AskEnvironment = lazyPart(() => import('./export-dialog').then((m) => m.AskEnvironment));
const EnvironmentPanel = lazyPart(() => import('./environment-panel').then((m) => m.EnvironmentPanel));
const SettingsPage = lazyPart(() => import('./settings-page').then((m) => m.SettingsPage));
const DiagnosticsPanel = lazyPart(() => import('./diagnostics-panel').then((m) => m.DiagnosticsPanel));

const SEARCH_DEBOUNCE_MS = 120;
const PHASES: Record<string, string> = { read: 'Reading files', parse: 'Parsing', endpoints: 'Finding endpoints' };

type Progress = Omit<NotificationParams<'scan/progress'>, 'project'>;

export interface AppProps {
  client: BridgeClient;
  project: string | undefined;
  /** The tree that came inside the page (ui-server.ts), shown before any request. */
  first?: FirstTree;
  /** A settings page should open and no IDE host took the request (also sent as the DOM event `apiscout:open-settings`). */
  onOpenSettings?(page: SettingsPageId): void;
}

export function App({ client, project: wanted, first, onOpenSettings }: AppProps) {
  const [project, setProject] = useState<string | undefined>(first?.status.project);
  const [status, setStatus] = useState<ProjectStatus | undefined>(first?.status);
  const [fatal, setFatal] = useState<string>();
  const [disconnected, setDisconnected] = useState<string>();

  const [tree, setTree] = useState<Tree>(first?.modules ?? []);
  const [treeError, setTreeError] = useState<string>();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  /** The keyboard cursor, by row key (an endpoint id or a group key): rows inserted above by a Refresh do not move it to another row. */
  const [activeKey, setActiveKey] = useState<string>();
  const [progress, setProgress] = useState<Progress>();
  const [toolbarError, setToolbarError] = useState<string>();
  const [refreshing, setRefreshing] = useState(false);

  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ query: string; results: SearchResult[]; total: number }>();
  const [resultActive, setResultActive] = useState(0);
  const [searchError, setSearchError] = useState<string>();

  const [selectedId, setSelectedId] = useState<string>();
  /** Narrow layout: the editor is shown instead of the tree (master/detail). */
  const [detailShown, setDetailShown] = useState(false);
  const width = useWidth();
  const narrow = width < NARROW_BELOW;
  const theme = useHostTheme();

  const [source, setSource] = useState<{ target: SourceTarget; text?: string; error?: string }>();
  const [warningsOpen, setWarningsOpen] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);

  // The panels around the explorer: context menu, export dialog, environments, settings, toasts.
  const { toasts, notify, dismiss } = useToasts();
  const [settings, setSettings] = useState<SettingsView>();
  const [menu, setMenu] = useState<{ target: MenuTarget; x: number; y: number; opener: HTMLElement | null }>();
  const [exporting, setExporting] = useState<readonly ExportChoice[]>();
  const [environmentsOpen, setEnvironmentsOpen] = useState(false);
  /** The environments and the active one, for the request line; read again when the Environments panel closes. */
  const [environments, setEnvironments] = useState<EnvironmentList>();
  useEffect(() => {
    if (project && !environmentsOpen) client.request('env/list', { project }).then(setEnvironments, () => {});
  }, [client, project, environmentsOpen]);
  const [settingsPage, setSettingsPage] = useState<string>();

  // ------------------------------------------------------------------ project and its index
  /** The version of the tree shown (ide-bridge/tree-version.ts): the sidecar does not send the same tree again. */
  const treeVersion = useRef(first?.version ?? '');
  const loadTree = useCallback(
    async (p: string) => {
      try {
        const answer = await client.request('endpoints/treeIfChanged', { project: p, since: treeVersion.current });
        setTreeError(undefined);
        if (answer.unchanged) return;
        treeVersion.current = answer.version;
        setTree(answer.modules);
      } catch (e) {
        setTreeError(`Could not load the endpoints: ${message(e)}`);
      }
    },
    [client],
  );

  useEffect(() => {
    const off = [
      client.onClose((reason) => setDisconnected(reason)),
      client.on('scan/progress', (p) => {
        if (p.project === project) setProgress({ phase: p.phase, done: p.done, total: p.total });
      }),
      client.on('index/changed', (c) => {
        if (c.project !== project) return;
        setProgress(undefined);
        void loadTree(c.project);
        void client.request('project/status', { project: c.project }).then(setStatus, () => {});
      }),
    ];
    return () => off.forEach((f) => f());
  }, [client, project, loadTree]);

  useEffect(() => {
    (async () => {
      try {
        // With the tree from the page, its project is known: the listeners above are in place, so
        // asking for the tree again below misses no change made since the page was served.
        const projects = first ? [first.status] : (await client.request('project/list', {})).projects;
        const chosen = wanted ? (projects.find((p) => p.project === wanted) ?? (await client.request('project/open', { root: wanted }))) : projects[0];
        if (!chosen) return setFatal('No project is open. Start the explorer with `apiscout ui DIR`.');
        setProject(chosen.project);
        setStatus(chosen);
        // Feature switches (Copy API URL) and the export defaults; the explorer works without them.
        client.request('settings/get', { project: chosen.project }).then(setSettings, () => {});
        await loadTree(chosen.project);
        // The scan may have ended between the list and the subscription: ask once more.
        const now = await client.request('project/status', { project: chosen.project });
        setStatus(now);
        if (now.state !== 'scanning') setProgress(undefined);
      } catch (e) {
        setFatal(`Could not open the project: ${message(e)}`);
      }
    })();
  }, [client, wanted, loadTree]);

  const rows = useMemo(() => flattenTree(tree, collapsed), [tree, collapsed]);
  const active = Math.max(0, activeKey === undefined ? 0 : rows.findIndex((r) => r.key === activeKey));
  const setActive = (i: number) => setActiveKey(rows[i]?.key);
  const [prefs, setPrefs] = useLayoutPrefs(project);

  // The selected endpoint survives a reload: remembered per project, restored once the tree has it.
  const restored = useRef(false);
  useEffect(() => {
    if (!project || restored.current || !tree.length) return;
    restored.current = true;
    const saved = readSelection(project);
    if (saved && tree.some((m) => m.classes.some((c) => c.endpoints.some((e) => e.id === saved)))) {
      setSelectedId(saved);
      revealInTree(saved);
    }
  }, [project, tree]);
  useEffect(() => {
    if (project && selectedId) writeSelection(project, selectedId);
  }, [project, selectedId]);
  const endpointCount = useMemo(() => tree.reduce((n, m) => n + m.classes.reduce((k, c) => k + c.endpoints.length, 0), 0), [tree]);

  const marked = useRef(false);
  useLayoutEffect(() => {
    if (!marked.current && rows.length) {
      marked.current = true;
      performance.mark('apiscout:tree', { detail: { rows: rows.length, endpoints: endpointCount } });
    }
  }, [rows]);

  const refresh = async () => {
    if (!project) return;
    setRefreshing(true);
    setToolbarError(undefined);
    try {
      setStatus(await client.request('project/refresh', { project }));
      await loadTree(project);
    } catch (e) {
      setToolbarError(`Refresh failed: ${message(e)}`);
    } finally {
      setRefreshing(false);
      setProgress(undefined);
    }
  };

  const toggle = (key: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  // ------------------------------------------------------------------ search
  // In a page Worker over the tree's endpoints (page-search.ts); the sidecar when it cannot start.
  const searcher = useMemo(() => new PageSearch(new URL('search-worker.js', document.baseURI)), []);
  useEffect(() => () => searcher.dispose(), [searcher]);
  useEffect(() => searcher.setEndpoints(tree.flatMap((m) => m.classes.flatMap((c) => c.endpoints))), [searcher, tree]);
  const activeHit = useRef<{ query?: string; id?: string }>({});
  // Enter pressed before the typed query's results came (a pasted path, fast typing): the shown
  // rows are an older query's, so the first row of this query's results opens when they come.
  // Unless the user moved on meanwhile (typed, opened a row, went down into the list, Escape):
  // the hit opening then took the selection from them and, in a narrow window, flipped the pane.
  const enterFor = useRef<string | undefined>(undefined);
  const openHit = useRef<(e: EndpointSummary) => void>(() => {});
  activeHit.current = { query: results?.query, id: results?.results[resultActive]?.endpoint.id };
  useEffect(() => {
    if (!project || !query.trim()) {
      setResults(undefined);
      setSearchError(undefined);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const r = await searcher.search(query, SEARCH_LIMIT).catch((e: unknown) => {
          if (e instanceof NoWorker) return client.request('endpoints/search', { project, query, limit: SEARCH_LIMIT }, abort.signal);
          throw e;
        });
        if (abort.signal.aborted) return;
        // The same query again (the index changed under it): the active hit stays where it is.
        const was = activeHit.current.query === query ? activeHit.current.id : undefined;
        setResults({ query, results: r.results, total: r.total });
        const active = Math.max(0, was ? r.results.findIndex((x) => x.endpoint.id === was) : 0);
        setResultActive(active);
        setSearchError(undefined);
        if (enterFor.current === query) {
          enterFor.current = undefined;
          if (r.results[active]) openHit.current(r.results[active]!.endpoint);
        }
      } catch (e) {
        if (!(e instanceof RpcError && e.code === CANCELLED)) setSearchError(`Search failed: ${message(e)}`);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [client, searcher, project, query, status?.endpointCount, tree]);

  useLayoutEffect(() => {
    if (results) performance.mark('apiscout:search', { detail: { query: results.query, count: results.results.length } });
  }, [results]);

  // ------------------------------------------------------------------ selection
  const open = (e: EndpointSummary) => {
    enterFor.current = undefined;
    setSelectedId(e.id);
    setDetailShown(true);
  };

  // ------------------------------------------------------------------ navigation to source
  const navigate = async (e: EndpointSummary) => {
    if (!project) return;
    // Inside the IDE its editor opens the file; a plain browser shows it here.
    try {
      if ((await client.request('host/navigate', { project, id: e.id })).delivered) return;
    } catch {
      // No host to ask: the source view below says what went wrong, if anything does.
    }
    const placeholder = { file: e.source.file, line: e.source.line, column: e.source.column };
    await showSource(placeholder, async () => client.request('navigation/target', { project, id: e.id }));
  };

  /** The source view on `placeholder` at once, then on the file read at the place `locate` gives. */
  const showSource = async (placeholder: SourceTarget, locate: () => Promise<SourceTarget> = async () => placeholder) => {
    if (!project) return;
    setSource({ target: placeholder });
    try {
      const target = await locate();
      const read = await client.request('source/read', { project, file: target.file });
      setSource({ target: { file: read.file, line: target.line, column: target.column }, text: read.text });
    } catch (err) {
      setSource({ target: placeholder, error: `Could not show the source: ${message(err)}` });
    }
  };

  /** A search hit opened: the tree shows it (groups opened, row active) once the search is cleared. */
  const reveal = useRef<string | undefined>(undefined);
  const revealInTree = (id: string) => {
    const open = ancestorsOf(tree, id);
    setCollapsed((c) => new Set([...c].filter((k) => !open.includes(k))));
    reveal.current = id;
  };
  openHit.current = (e: EndpointSummary) => {
    open(e);
    revealInTree(e.id);
  };
  useEffect(() => {
    if (query || !reveal.current) return;
    const key = reveal.current;
    reveal.current = undefined;
    if (rows.some((r) => r.key === key)) setActiveKey(key);
  }, [query, rows]);

  // The IDE's gutter click (intellij-shell's ExplorerUi.reveal posts {type: 'reveal', id} into this
  // page): select the endpoint and show it in the tree. Only the page's own window may ask.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { type?: unknown; id?: unknown } | null;
      if (e.source !== window || m?.type !== 'reveal' || typeof m.id !== 'string') return;
      setQuery('');
      enterFor.current = undefined;
      setSelectedId(m.id);
      revealInTree(m.id);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  // ------------------------------------------------------------------ context menu, export, settings
  useEffect(() => {
    const open = (e: Event) => setSettingsPage((e as CustomEvent<{ page?: string } | null>).detail?.page ?? 'apiscout');
    window.addEventListener('apiscout:open-settings', open);
    return () => window.removeEventListener('apiscout:open-settings', open);
  }, []);

  const openSettings = async () => {
    try {
      if ((await client.request('host/openSettings', { page: 'apiscout' })).delivered) return;
    } catch {
      // No host: the page's own settings.
    }
    setSettingsPage('apiscout');
  };

  const exportChoices = (target?: MenuTarget): ExportChoice[] => [
    ...(target ? [selectionOf(target)] : []),
    ...(query.trim() ? [{ selection: { kind: 'query' as const, query: query.trim() }, label: `Search results for '${query.trim()}'` }] : []),
    { selection: { kind: 'all' }, label: `All endpoints (${countOf(endpointCount)})` },
  ];

  /** Copy as cURL under "Ask each export": the environment chosen (null: Skip) continues the copy. */
  const [askCopy, setAskCopy] = useState<(environment: string | null) => void>();
  const copy = async (target: MenuTarget, what: CopyWhat, answer?: { environment: string | null }) => {
    if (!project) return;
    if (what === 'curl' && !answer && settingValue<string>(settings, 'curl.renderMode', 'keep') === 'ask') {
      setAskCopy(() => (environment: string | null) => {
        setAskCopy(undefined);
        void copy(target, what, { environment });
      });
      return;
    }
    const where = what === 'apiUrl' ? 'Copy API URL' : what === 'path' ? 'Copy Path' : 'Copy as cURL';
    try {
      const ids = endpointsOf(target).map((e) => e.id);
      const asked = answer ? { environment: answer.environment, render: answer.environment === null ? ('keep' as const) : ('resolve' as const) } : {};
      const { text, warnings } = await client.request('copy/text', { project, ids, what, ...asked });
      const by = await copyText(client, text);
      const lines = text.split('\n').filter(Boolean).length;
      // A cURL command spans lines: count what it was made of instead.
      const copied = what === 'curl' ? `Copied the cURL of ${countOf(ids.length)}` : `Copied ${lines} line${lines === 1 ? '' : 's'}`;
      notify(warnings.length ? 'warning' : 'info', where, [`${copied}${by === 'host' ? ' through the IDE' : ''}`, ...warnings].join('. '));
    } catch (e) {
      notify('error', where, message(e));
    }
  };

  /** Reset to Default from the menu: the open endpoint's editor resets itself (its pending edits too). */
  const [editorReset, setEditorReset] = useState<{ id: string; seq: number }>();
  const resetEndpoint = async (e: EndpointSummary) => {
    if (!project) return;
    if (e.id === selectedId) {
      setEditorReset((r) => ({ id: e.id, seq: (r?.seq ?? 0) + 1 }));
      return;
    }
    try {
      await client.request('request/reset', { project, id: e.id });
      notify('info', 'Reset to Default', `${e.address}: back to the values from source`);
    } catch (err) {
      notify('error', 'Reset to Default', `${e.address}: ${message(err)}`);
    }
  };

  /** Reset to Default on a class or module: each endpoint from its source; the open editor resets itself. */
  const resetEndpoints = async (es: EndpointSummary[]) => {
    if (!project) return;
    let failed = 0;
    for (const e of es) {
      if (e.id === selectedId) {
        setEditorReset((r) => ({ id: e.id, seq: (r?.seq ?? 0) + 1 }));
        continue;
      }
      try {
        await client.request('request/reset', { project, id: e.id });
      } catch {
        failed++;
      }
    }
    const done = `${countOf(es.length - failed)} back to the values from source`;
    notify(failed ? 'warning' : 'info', 'Reset to Default', failed ? `${done}; ${countOf(failed)} could not be reset` : done);
  };

  // Export's shortcut (spec §4.5 trigger B): Alt+Shift+E, Ctrl+E on macOS.
  const exportShortcut = useRef<(e: KeyboardEvent) => void>(() => {});
  exportShortcut.current = (e) => {
    const mac = /Mac/.test(navigator.platform);
    if (!(mac ? e.ctrlKey && !e.altKey && e.code === 'KeyE' : e.altKey && e.shiftKey && e.code === 'KeyE')) return;
    if (!project || exporting || document.querySelector('[role=dialog]')) return;
    e.preventDefault();
    const chosen = tree.flatMap((m) => m.classes.flatMap((c) => c.endpoints)).find((x) => x.id === selectedId);
    setExporting(exportChoices(chosen && { kind: 'endpoint', endpoint: chosen }));
  };
  useEffect(() => {
    const key = (e: KeyboardEvent) => exportShortcut.current(e);
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);

  // The opener is taken now, in the event that opens the menu: the context-menu key also fires a
  // native contextmenu event, and by the menu's first effect the focus may have moved already.
  const openMenu = (target: MenuTarget | undefined, x: number, y: number) =>
    target && setMenu((m) => ({ target, x, y, opener: m?.opener ?? (document.activeElement as HTMLElement | null) }));

  const pane = narrow ? (detailShown && selectedId ? 'detail' : 'list') : 'both';
  // Narrow layout: the pane holding the focus (a list row opened with Enter, the back button) is
  // hidden when the other takes its turn, and the focus fell to the page: Tab started again at the
  // toolbar. It goes to the pane shown: the back button over the editor, the list (its active row)
  // back in the tree. A focus still in sight (the IDE revealing an endpoint) is left where it is.
  const shownPane = useRef(pane);
  useEffect(() => {
    const was = shownPane.current;
    shownPane.current = pane;
    if (was === pane || pane === 'both') return;
    const focused = document.activeElement as HTMLElement | null;
    if (focused && focused !== document.body && focused.offsetParent !== null) return;
    if (pane === 'detail') document.querySelector<HTMLElement>('.back-bar .back')?.focus();
    else document.getElementById(query ? 'results' : 'tree')?.focus();
  }, [pane]);

  if (fatal) return <p class="fatal error" role="alert">{fatal}</p>;

  const scanning = status?.state === 'scanning' || refreshing || progress !== undefined;
  const treeWidth = treeWidthIn(prefs.tree, width);
  return (
    <div
      class={`app ${narrow ? 'narrow' : 'wide'} pane-${pane}${theme.host ? ` host-${theme.host}` : ''}`}
      style={narrow ? undefined : { gridTemplateColumns: `${treeWidth}px 5px minmax(0, 1fr)` }}
    >
      <aside class="explorer" aria-label="API Explorer">
        <div class="toolbar" role="toolbar" aria-label="Explorer actions">
          <button class="tool" onClick={refresh} disabled={refreshing} aria-label="Refresh" title="Refresh: scan the project again">
            <Icon name="refresh" />
          </button>
          <button class="tool" onClick={() => setCollapsed(new Set(groupKeys(tree)))} aria-label="Collapse All" title="Collapse All">
            <Icon name="collapse" />
          </button>
          <button class="tool" onClick={() => setCollapsed(new Set())} aria-label="Expand All" title="Expand All">
            <Icon name="expand" />
          </button>
          <span class="tool-sep" aria-hidden="true" />
          <button class="tool" onClick={() => setExporting(exportChoices())} disabled={!project} aria-label="Export" title="Export endpoints (Alt+Shift+E)">
            <Icon name="export" />
          </button>
          <button class="tool" onClick={() => setEnvironmentsOpen(true)} disabled={!project} aria-label="Environments" title="Environments and sync">
            <Icon name="environments" />
          </button>
          <button class="tool gear" onClick={() => void openSettings()} aria-label="Settings" title="Settings">
            <Icon name="settings" />
          </button>
          <span class="count" aria-live="polite" title={`${grouped(endpointCount)} endpoints`}>
            <span class="n">{grouped(endpointCount)}</span> <span class="word">endpoints</span>
          </span>
          {status?.diagnosticCount ? (
            <button
              class="tool warnings"
              onClick={() => setWarningsOpen(true)}
              aria-label={`Scan warnings: ${grouped(status.diagnosticCount)}`}
              title={`${grouped(status.diagnosticCount)} scan warning${status.diagnosticCount === 1 ? '' : 's'}: files not read or parsed, values not resolved`}
            >
              <Icon name="warning" />
              <span>{grouped(status.diagnosticCount)}</span>
            </button>
          ) : null}
        </div>
        {scanning && <ScanProgress progress={progress} fromRetained={status?.fromRetainedIndex ?? false} />}
        {status?.state === 'failed' && (
          <p class="error" role="alert">
            The scan failed: {status.error}
          </p>
        )}
        <ErrorLine error={toolbarError} />
        <input
          ref={searchBox}
          class="search"
          type="search"
          aria-label="Search endpoints"
          placeholder="Search: address, path or name"
          value={query}
          onFocus={() => searcher.warm()}
          onInput={(e) => {
            enterFor.current = undefined;
            setQuery(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              enterFor.current = undefined;
              document.getElementById(query ? 'results' : 'tree')?.focus();
            } else if (e.key === 'Escape') {
              enterFor.current = undefined;
              setQuery('');
            } else if (e.key === 'Enter' && query.trim() && results?.query !== query) enterFor.current = query;
            else if (e.key === 'Enter' && results?.results[resultActive]) openHit.current(results.results[resultActive]!.endpoint);
          }}
        />
        <ErrorLine error={searchError} />
        <ErrorLine error={treeError} />
        {query ? (
          <>
            <p class="muted result-count" aria-live="polite">
              {results ? resultCount(results.results.length, results.total) : 'Searching…'}
            </p>
            <SearchResults
              results={results?.results ?? []}
              active={resultActive}
              selectedId={selectedId}
              onActive={setResultActive}
              onOpen={(e) => {
                open(e);
                revealInTree(e.id);
              }}
              onNavigate={navigate}
              onLeaveTop={() => searchBox.current?.focus()}
              onContextMenu={(e, x, y) => openMenu({ kind: 'endpoint', endpoint: e }, x, y)}
            />
          </>
        ) : rows.length === 0 && status ? (
          <div class="placeholder">
            <p class="muted">{scanning ? 'No endpoints yet: the first scan is running.' : status.state === 'ready' ? 'No endpoints found in this project.' : ''}</p>
            {/* The scan's warnings often say why (a framework it does not read, files it could not parse). */}
            {!scanning && status.state === 'ready' && status.diagnosticCount ? (
              <button class="link" onClick={() => setWarningsOpen(true)}>
                {status.diagnosticCount === 1 ? 'Show the scan warning' : `Show the ${grouped(status.diagnosticCount)} scan warnings`}
              </button>
            ) : null}
          </div>
        ) : (
          <ExplorerTree
            rows={rows}
            active={active}
            selectedId={selectedId}
            onActive={setActive}
            onToggle={toggle}
            onOpen={open}
            onNavigate={navigate}
            onContextMenu={(row, x, y) => openMenu(targetOfRow(tree, row), x, y)}
          />
        )}
      </aside>
      {!narrow && (
        <Splitter
          orientation="vertical"
          label="Resize the endpoint list"
          value={treeWidth}
          min={TREE_MIN}
          max={treeMax(width)}
          onDrag={(x) => setPrefs({ tree: clampTree(x, width) })}
          onStep={(d) => setPrefs({ tree: clampTree(treeWidth + d * 24, width) })}
        />
      )}
      <main class="details">
        {narrow && (
          <div class="back-bar">
            <button class="back" onClick={() => setDetailShown(false)} aria-label="Back to the endpoints" title="Back to the endpoints">
              <Icon name="back" /> Endpoints
            </button>
          </div>
        )}
        {project && (
          <Details
            client={client}
            project={project}
            selectedId={selectedId}
            indexVersion={tree}
            onNavigate={navigate}
            onOpenSettings={onOpenSettings}
            resetRequest={editorReset}
            environments={environments}
            onEnvironments={() => setEnvironmentsOpen(true)}
            layout={{ request: prefs.request, maximised: prefs.maximised, onRequest: (request) => setPrefs({ request }), onMaximised: (maximised) => setPrefs({ maximised }) }}
          />
        )}
      </main>
      {/* Before the source view: a warning's file opens over the list. */}
      {warningsOpen && project && (
        <DiagnosticsPanel client={client} project={project} onOpen={(d) => void showSource({ file: d.file, line: d.line ?? 1, column: 1 })} onClose={() => setWarningsOpen(false)} />
      )}
      {source && <SourceView target={source.target} text={source.text} error={source.error} onClose={() => setSource(undefined)} />}
      {menu && (
        <ContextMenu
          label="Endpoint actions"
          x={menu.x}
          y={menu.y}
          onClose={() => setMenu(undefined)}
          returnFocus={menu.opener}
          items={menuItems(menu.target, { copyApiUrl: settingValue(settings, 'features.copyApiUrl', true) }, {
            export: (t) => setExporting(exportChoices(t)),
            copy: (t, what) => void copy(t, what),
            navigate: (e) => void navigate(e),
            reset: (e) => void resetEndpoint(e),
            resetAll: (es) => void resetEndpoints(es),
          })}
        />
      )}
      {askCopy && project && <AskEnvironment client={client} project={project} onChoose={askCopy} onCancel={() => setAskCopy(undefined)} />}
      {exporting && project && <ExportDialog client={client} project={project} choices={exporting} settings={settings} notify={notify} onClose={() => setExporting(undefined)} />}
      {environmentsOpen && project && <EnvironmentPanel client={client} project={project} notify={notify} onClose={() => setEnvironmentsOpen(false)} />}
      {settingsPage && <SettingsPage client={client} project={project} page={settingsPage} notify={notify} onSaved={setSettings} onClose={() => setSettingsPage(undefined)} />}
      <Toasts toasts={toasts} onDismiss={dismiss} />
      {disconnected && (
        <div class="banner error" role="alert">
          Disconnected: {disconnected}. Reload the page once apiscout runs again.
        </div>
      )}
    </div>
  );
}

function ScanProgress({ progress, fromRetained }: { progress: Progress | undefined; fromRetained: boolean }) {
  const pct = progress && progress.total ? Math.round((100 * progress.done) / progress.total) : undefined;
  return (
    <div class="scan-progress" role="progressbar" aria-label="Scan progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <span class="label">
        {progress ? `${PHASES[progress.phase] ?? progress.phase} ${grouped(progress.done)} / ${grouped(progress.total)}` : 'Scanning…'}
        {fromRetained ? ' (showing the last scan meanwhile)' : ''}
      </span>
      <span class="bar">
        <span class="fill" style={{ width: `${pct ?? 0}%` }} />
      </span>
    </div>
  );
}

const selectionKey = (project: string) => `apiscout.selected:${project}`;

function readSelection(project: string): string | undefined {
  try {
    return localStorage.getItem(selectionKey(project)) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeSelection(project: string, id: string): void {
  try {
    localStorage.setItem(selectionKey(project), id);
  } catch {
    // Storage refused: the selection is simply not restored.
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
