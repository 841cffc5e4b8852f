// A list that renders only the rows in view (plus a few either side): the explorer's 20,000
// endpoints cost the DOM a few dozen rows. Rows have one fixed height, so the row under any
// scroll offset is a division, with nothing to measure. Each row's element is keyed by the item
// it shows, never by its position: a render between a mouse press and its release (a scroll, a
// toggle above) then moves or drops that element, but never hands it another row's content and
// handlers, so a click acts on the row pressed.

import type { ComponentChildren, TargetedKeyboardEvent } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

export const ROW_HEIGHT = 24;
const OVERSCAN = 8;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** The row kept in view when it changes (keyboard navigation). */
  active: number;
  renderRow(item: T, index: number): ComponentChildren;
  /** A key unique among the items, stable across renders (the tree's row key, a result's endpoint id). */
  keyOf(item: T): string;
  label: string;
  id: string;
  onKeyDown?(e: TargetedKeyboardEvent<HTMLDivElement>, pageSize: number): void;
  activeId?: string;
  /** The context-menu key or Shift+F10 on the list: rows handle their own right clicks. */
  onContextMenu?(e: MouseEvent): void;
}

export function VirtualList<T>({ items, active, renderRow, keyOf, label, id, onKeyDown, activeId, onContextMenu }: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = box.current!;
    setHeight(el.clientHeight || 600);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Keep the active row in view, as a native list would.
  useEffect(() => {
    const el = box.current;
    if (!el || active < 0) return;
    const top = active * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [active]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const shown: ComponentChildren[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i]!;
    shown.push(
      <div class="vrow" style={{ transform: `translateY(${i * ROW_HEIGHT}px)` }} key={keyOf(item)}>
        {renderRow(item, i)}
      </div>,
    );
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
      onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
      onKeyDown={(e) => onKeyDown?.(e, Math.max(1, Math.floor(height / ROW_HEIGHT) - 1))}
      onContextMenu={onContextMenu}
    >
      <div class="vspace" style={{ height: `${items.length * ROW_HEIGHT}px` }}>
        {shown}
      </div>
    </div>
  );
}
