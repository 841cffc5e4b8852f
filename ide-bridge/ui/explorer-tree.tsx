// The explorer tree: module > class > endpoint rows, virtualised, with keyboard navigation.
// Selecting an endpoint row opens it in the request editor; double-click (or F4) navigates to
// its source; right click, the context-menu key or Shift+F10 opens the row's context menu.

import type { TargetedKeyboardEvent } from 'preact';
import { useRef } from 'preact/hooks';
import { MethodBadge } from './method-badge';
import { pathEnds } from './path-ends';
import { TwoEnds } from './result-row-parts';
import type { EndpointSummary, Row, TreeKey } from './tree-model';
import { treeKey } from './tree-model';
import { VirtualList } from './virtual-list';

const NAV_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageDown', 'PageUp']);

export interface ExplorerTreeProps {
  rows: readonly Row[];
  active: number;
  selectedId: string | undefined;
  onActive(index: number): void;
  onToggle(key: string): void;
  onOpen(endpoint: EndpointSummary): void;
  onNavigate(endpoint: EndpointSummary): void;
  /** At viewport coordinates: the pointer's, or below the active row for the keyboard. */
  onContextMenu?(row: Row, x: number, y: number): void;
}

export function rowDomId(index: number): string {
  return `tree-row-${index}`;
}

export function ExplorerTree(props: ExplorerTreeProps) {
  const { rows, active, selectedId, onActive, onToggle, onOpen, onNavigate, onContextMenu } = props;
  // Rows are rendered again only when they change (virtual-list.tsx): their handlers call the latest props.
  const latest = useRef(props);
  latest.current = props;
  const menuFromKeyboard = () => {
    const row = rows[active];
    if (row && onContextMenu) onContextMenu(row, ...menuPoint(rowDomId(active)));
  };
  const onKeyDown = (e: TargetedKeyboardEvent<HTMLDivElement>, page: number) => {
    const row = rows[active];
    if (NAV_KEYS.has(e.key)) {
      e.preventDefault();
      const next = treeKey(rows, active, e.key as TreeKey, page);
      if (next.toggle) onToggle(next.toggle);
      if (next.active !== active) onActive(next.active);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!row) return;
      if (row.kind === 'endpoint') onOpen(row.endpoint);
      else onToggle(row.key);
    } else if (e.key === 'F4' && row?.kind === 'endpoint') {
      e.preventDefault();
      onNavigate(row.endpoint);
    } else if (isMenuKey(e)) {
      e.preventDefault();
      menuFromKeyboard();
    }
  };

  return (
    <VirtualList
      id="tree"
      label="Endpoints by module and class"
      items={rows}
      active={active}
      activeId={rows.length ? rowDomId(active) : undefined}
      onKeyDown={onKeyDown}
      keyOf={(row) => row.key}
      rowState={(row, i) => `${i === active ? 'a' : ''}${row.key === selectedId ? 's' : ''}`}
      onContextMenu={(e) => {
        // The keyboard's context-menu event lands on the list itself: the active row's menu.
        e.preventDefault();
        menuFromKeyboard();
      }}
      renderRow={(row, i) => (
        <div
          id={rowDomId(i)}
          role="treeitem"
          aria-level={row.depth + 1}
          aria-expanded={row.kind === 'endpoint' ? undefined : row.expanded}
          aria-selected={row.kind === 'endpoint' && row.key === selectedId}
          class={`row depth-${row.depth} kind-${row.kind}${i === active ? ' active' : ''}${row.kind === 'endpoint' && row.key === selectedId ? ' selected' : ''}`}
          data-key={row.key}
          onMouseDown={() => latest.current.onActive(i)}
          onClick={() => (row.kind === 'endpoint' ? latest.current.onOpen(row.endpoint) : latest.current.onToggle(row.key))}
          onDblClick={() => row.kind === 'endpoint' && latest.current.onNavigate(row.endpoint)}
          onContextMenu={(e) => {
            e.preventDefault();
            e.stopPropagation();
            latest.current.onActive(i);
            latest.current.onContextMenu?.(row, e.clientX, e.clientY);
          }}
        >
          {row.kind === 'endpoint' ? (
            <>
              <MethodBadge endpoint={row.endpoint} />
              {/* A narrow tool window cuts both with an ellipsis, the path in its middle so the rows of a class
                  ("/api/v1/catalog/products/…") still differ: the whole text on hover. */}
              <span class={row.endpoint.deprecated ? 'path deprecated' : 'path'} title={row.endpoint.path}>
                <TwoEnds text={row.endpoint.path} cut={pathEnds(row.endpoint.path)} ranges={undefined} />
              </span>
              <span class="name" title={row.endpoint.name}>{row.endpoint.name}</span>
              {row.endpoint.deprecated ? <span class="deprecated-badge" title="Deprecated">deprecated</span> : null}
            </>
          ) : (
            <>
              <span class={`twisty${row.expanded ? ' open' : ''}`} aria-hidden="true" />
              <span class={row.kind === 'module' ? 'module-name' : 'class-name'} title={row.kind === 'class' ? row.title : row.label}>
                {row.label}
              </span>
              <span class="count">{row.count}</span>
            </>
          )}
        </div>
      )}
    />
  );
}

/** The context-menu key, or Shift+F10 (the same on every platform that lacks the key). */
export function isMenuKey(e: KeyboardEvent): boolean {
  return e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
}

/** Where a menu opened from the keyboard goes: under the row, a little in. */
export function menuPoint(rowId: string): [number, number] {
  const r = document.getElementById(rowId)?.getBoundingClientRect();
  return r ? [r.left + 24, r.bottom] : [40, 80];
}
