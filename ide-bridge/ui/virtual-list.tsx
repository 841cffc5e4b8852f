// A list that renders only the rows in view (plus a few either side): the explorer's 20,000
// endpoints cost the DOM a few dozen rows. Rows have one fixed height, so the row under any
// scroll offset is a division, with nothing to measure. Each row's element is keyed by the item
// it shows, never by its position: a render between a mouse press and its release (a scroll, a
// toggle above) then moves or drops that element, but never hands it another row's content and
// handlers, so a click acts on the row pressed.
//
// Scrolling is the hot path (60 frames a second): the list re-renders only when the first row in
// view changes, and a row already on screen is not re-rendered unless its item, its index or its
// `rowState` (active, selected) changed, so a frame builds only the rows scrolled in. The CSS
// (`.vlist`, `.vrow`) contains each row's layout and paint, so new rows never lay out the page.

import type { ComponentChildren, TargetedKeyboardEvent } from 'preact';
import { Component } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ROW_HEIGHT } from './layout-sizes';

export { ROW_HEIGHT } from './layout-sizes';
const OVERSCAN = 8;
let lastHeight = 600;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** The row kept in view when it changes (keyboard navigation). */
  active: number;
  /**
   * Renders one row. It is called again only when the item, its index or `rowState` changes, so
   * its handlers must not depend on values that change without those (read them through a ref).
   */
  renderRow(item: T, index: number): ComponentChildren;
  /** What else a row's rendering depends on (active, selected); a change re-renders that row. */
  rowState?(item: T, index: number): string;
  /** A key unique among the items, stable across renders (the tree's row key, a result's endpoint id). */
  keyOf(item: T): string;
  label: string;
  id: string;
  onKeyDown?(e: TargetedKeyboardEvent<HTMLDivElement>, pageSize: number): void;
  activeId?: string;
  /** The context-menu key or Shift+F10 on the list: rows handle their own right clicks. */
  onContextMenu?(e: MouseEvent): void;
}

export function VirtualList<T>({ items, active, renderRow, rowState, keyOf, label, id, onKeyDown, activeId, onContextMenu }: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  /** The first row in view: a scroll within one row's height renders nothing. */
  const [top, setTop] = useState(() => Math.floor(takeServedScroll(id) / ROW_HEIGHT));
  /** A served list scrolled by the user before the app came: its scroll stands, the active row is not brought into view over it. */
  const resumed = useRef(top > 0);
  // The height the last list had: the search results replace the tree in about the same box, and
  // reading clientHeight here would force a layout of the page on every switch between them.
  const [height, setHeight] = useState(lastHeight);

  useLayoutEffect(() => {
    const observer = new ResizeObserver(([entry]) => {
      lastHeight = Math.round(entry!.contentRect.height) || lastHeight;
      setHeight(lastHeight);
    });
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);

  // Keep the active row in view, as a native list would.
  useEffect(() => {
    const el = box.current;
    if (resumed.current) return void (resumed.current = false);
    if (!el || active < 0) return;
    const at = active * ROW_HEIGHT;
    if (at < el.scrollTop) el.scrollTop = at;
    else if (at + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = at + ROW_HEIGHT - el.clientHeight;
  }, [active]);

  const first = Math.max(0, top - OVERSCAN);
  const last = Math.min(items.length, top + Math.ceil(height / ROW_HEIGHT) + 1 + OVERSCAN);
  const shown: ComponentChildren[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    shown.push(<Row key={keyOf(item)} item={item} index={i} state={rowState?.(item, i) ?? ''} render={renderRow as Row['props']['render']} />);
  }
  return (
    <div
      ref={box}
      id={id}
      class="vlist"
      tabIndex={0}
      role="tree"
      aria-label={label}
      aria-activedescendant={activeId}
      onScroll={(e) => setTop(Math.floor((e.currentTarget as HTMLDivElement).scrollTop / ROW_HEIGHT))}
      onKeyDown={(e) => onKeyDown?.(e, Math.max(1, Math.floor(height / ROW_HEIGHT) - 1))}
      onContextMenu={onContextMenu}
    >
      <div class="vspace" style={{ height: `${items.length * ROW_HEIGHT}px` }}>
        {shown}
      </div>
    </div>
  );
}

/** Lists the page came with (ide-bridge/first-screen.ts) and how far each was scrolled before the app took them over. */
const servedScroll = new Map<string, number>();

/**
 * Called before the app's first render (main.tsx): the list with this id in the page's served
 * markup keeps its scroll offset when the app takes it over, so the rows drawn are those in view.
 */
export function rememberServedScroll(id: string): void {
  const el = document.getElementById(id);
  if (el) servedScroll.set(id, el.scrollTop);
}

function takeServedScroll(id: string): number {
  const at = servedScroll.get(id) ?? 0;
  servedScroll.delete(id);
  return at;
}

interface RowProps {
  item: unknown;
  index: number;
  state: string;
  render(item: unknown, index: number): ComponentChildren;
}

/** One positioned row, rendered again only when what it shows changed. */
class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return next.item !== this.props.item || next.index !== this.props.index || next.state !== this.props.state;
  }

  override render({ item, index, render }: RowProps) {
    return (
      <div class="vrow" style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}>
        {render(item, index)}
      </div>
    );
  }
}
