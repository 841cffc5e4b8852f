// The search field's results: the sidecar's ranked matches (the shared matcher), with the matched
// characters highlighted, in a virtualised list navigated like the tree.

import type { HTMLAttributes, TargetedKeyboardEvent } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import type { ResultOf } from '../protocol';
import { isMenuKey, menuPoint } from './explorer-tree';
import { Highlighted, pathRanges } from './highlight';
import { MethodBadge } from './method-badge';
import type { EndpointSummary } from './tree-model';
import { VirtualList } from './virtual-list';
import { grouped } from './numbers';
import { hitSpan, keptSpan, lookAlikes, moduleShort, PathParts, pathEnds, TwoEnds, whereHit } from './result-row-parts';
import { useRowCuts } from './row-cuts';
import { widthEm } from './text-width';

export type SearchResult = ResultOf<'endpoints/search'>['results'][number];

/** The explorer asks for at most this many hits: more are never read by anyone scrolling. */
export const SEARCH_LIMIT = 500;

/**
 * What the search found, never dressed as a count it is not: the list stops at SEARCH_LIMIT, so a
 * full list reads "500+ matches" (a one-letter query), not "500 of 2,413".
 */
export function resultCount(shown: number, total: number): string {
  const of = `of ${grouped(total)} endpoints`;
  if (shown >= SEARCH_LIMIT) return `${grouped(SEARCH_LIMIT)}+ matches ${of}`;
  return `${grouped(shown)} ${shown === 1 ? 'match' : 'matches'} ${of}`;
}

export interface SearchResultsProps {
  results: readonly SearchResult[];
  active: number;
  selectedId: string | undefined;
  onActive(index: number): void;
  onOpen(endpoint: EndpointSummary): void;
  onNavigate(endpoint: EndpointSummary): void;
  /** Up from the first row goes back to the search field. */
  onLeaveTop(): void;
  onContextMenu?(endpoint: EndpointSummary, x: number, y: number): void;
}

export function SearchResults(props: SearchResultsProps) {
  const { results, active, selectedId, onActive, onOpen, onNavigate, onLeaveTop, onContextMenu } = props;
  // Rows are rendered again only when they change (virtual-list.tsx): their handlers call the latest props.
  const latest = useRef(props);
  latest.current = props;
  const alike = useMemo(() => lookAlikes(results.map((r) => r.endpoint)), [results]);
  // The short forms of each twin address's modules: one two twins share ("os" for order-service and online-store) tells nothing apart.
  const twinShorts = useMemo(() => {
    const byAddress = new Map<string, string[]>();
    for (const { endpoint: e } of results) {
      const address = `${e.method} ${e.path}`;
      if (!alike.twins.has(address)) continue;
      const shorts = byAddress.get(address) ?? [];
      shorts.push(moduleShort(e.module));
      byAddress.set(address, shorts);
    }
    return byAddress;
  }, [results, alike]);
  const menuFromKeyboard = () => {
    const hit = results[active];
    if (hit && onContextMenu) onContextMenu(hit.endpoint, ...menuPoint(`result-${active}`));
  };
  const onKeyDown = (e: TargetedKeyboardEvent<HTMLDivElement>, page: number) => {
    const last = results.length - 1;
    const go = (i: number) => {
      e.preventDefault();
      onActive(Math.max(0, Math.min(last, i)));
    };
    const hit = results[active];
    if (isMenuKey(e)) {
      e.preventDefault();
      return menuFromKeyboard();
    }
    switch (e.key) {
      case 'ArrowDown':
        return go(active + 1);
      case 'ArrowUp':
        if (active === 0) {
          e.preventDefault();
          return onLeaveTop();
        }
        return go(active - 1);
      case 'PageDown':
        return go(active + page);
      case 'PageUp':
        return go(active - page);
      case 'Home':
        return go(0);
      case 'End':
        return go(last);
      case 'Enter':
        e.preventDefault();
        if (hit) onOpen(hit.endpoint);
        return;
      case 'F4':
        e.preventDefault();
        if (hit) onNavigate(hit.endpoint);
        return;
    }
  };
  return (
    <VirtualList
      id="results"
      label="Search results"
      items={results}
      active={active}
      activeId={results.length ? `result-${active}` : undefined}
      onKeyDown={onKeyDown}
      keyOf={(r) => r.endpoint.id}
      rowState={(r, i) => `${i === active ? 'a' : ''}${r.endpoint.id === selectedId ? 's' : ''}`}
      onContextMenu={(e) => {
        e.preventDefault();
        menuFromKeyboard();
      }}
      renderRow={(r, i) => {
        const ranges = (field: string) => r.ranges.find((x) => x.field === field)?.ranges;
        const path = ranges('path') ?? pathRanges(ranges('address'), r.endpoint.method);
        const hit = whereHit(r);
        const alikeSpan = alike.keys.get(r.endpoint.path);
        const keySpan = keptSpan(alikeSpan, hitSpan(r.endpoint.path, path));
        const simpleName = r.endpoint.className.slice(r.endpoint.className.lastIndexOf('.') + 1);
        const short = moduleShort(r.endpoint.module);
        const address = `${r.endpoint.method} ${r.endpoint.path}`;
        const twin = alike.twins.has(address);
        return (
          <FittedRow
            fitKey={r}
            id={`result-${i}`}
            role="treeitem"
            aria-selected={r.endpoint.id === selectedId}
            class={`row result${i === active ? ' active' : ''}${r.endpoint.id === selectedId ? ' selected' : ''}${hit ? ' where-hit' : ''}${alikeSpan ? ' look-alike' : keySpan ? ' path-hit' : ''}${twin ? ' twin' : ''}`}
            data-key={r.endpoint.id}
            onMouseDown={() => latest.current.onActive(i)}
            onClick={() => latest.current.onOpen(r.endpoint)}
            onDblClick={() => latest.current.onNavigate(r.endpoint)}
            onContextMenu={(e) => {
              e.preventDefault();
              e.stopPropagation();
              latest.current.onActive(i);
              latest.current.onContextMenu?.(r.endpoint, e.clientX, e.clientY);
            }}
          >
            <MethodBadge endpoint={r.endpoint} />
            <span class="path" title={r.endpoint.path}>
              <PathParts text={r.endpoint.path} cut={pathEnds(r.endpoint.path)} keySpan={keySpan} ranges={path} keyClass={alikeSpan ? 'end-key' : 'end-key hit'} />
            </span>
            <span class="name" title={r.endpoint.name} style={{ '--name-em': `${widthEm(r.endpoint.name)}em` }}>
              <Highlighted text={r.endpoint.name} ranges={ranges('name')} />
            </span>
            {hit ? (
              // The class (or tag) the query hit keeps its room, highlighted: the only sign of why the row is here.
              <span class="where hit" title={`${r.endpoint.module} · ${r.endpoint.className}${hit.text === simpleName ? '' : ` · ${hit.text}`}`} style={{ '--short-em': `${widthEm(`${short} · …`)}em` }}>
                {/* As the other rows, module first; narrowed, cut before the hit: "ui…LifecycleController". A hit at
                    the class's start leaves the separator's space to the class, a no-break one (a line's end drops an
                    ordinary one): "orders… CartController", not "orders ·CartController" from a head cut by a hair.
                    When the module gives way (row-cuts.ts) its short form stands in for it, "cssp · CartController",
                    with an ellipsis for the class's start before the hit. */}
                <TwoEnds
                  text={`${r.endpoint.module} ·\u00a0${hit.text}`}
                  cut={r.endpoint.module.length + 3 + (hit.ranges[0]?.[0] ?? 0) - (hit.ranges[0]?.[0] ? 0 : 1)}
                  ranges={hit.ranges.map(([s, e]) => [s + r.endpoint.module.length + 3, e + r.endpoint.module.length + 3])}
                  between={<span class="module-short">{`${short} ·${hit.ranges[0]?.[0] ? '\u00a0…' : ''}`}</span>}
                />
              </span>
            ) : twin && twinShorts.get(address)!.filter((s) => s === short).length === 1 ? (
              // A twin's module tells it from the other: when the column gives way (row-cuts.ts) its short form stays.
              <span class="where" title={`${r.endpoint.module} · ${r.endpoint.className}`} style={{ '--short-em': `${widthEm(short)}em` }}>
                <span class="where-text">
                  {r.endpoint.module} · {simpleName}
                </span>
                <span class="module-short">{short}</span>
              </span>
            ) : (
              <span class="where" title={r.endpoint.className}>
                <span class="where-text">
                  {r.endpoint.module} · {simpleName}
                </span>
              </span>
            )}
          </FittedRow>
        );
      }}
    />
  );
}

/** A result row laid out with at most two parts cut (row-cuts.ts); `fitKey` is the result it shows, its fit kept for it. */
function FittedRow({ fitKey, ...props }: HTMLAttributes<HTMLDivElement> & { fitKey: object }) {
  const ref = useRef<HTMLDivElement>(null);
  useRowCuts(ref, fitKey);
  return <div ref={ref} {...props} />;
}
