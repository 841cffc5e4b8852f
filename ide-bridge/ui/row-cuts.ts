// A search row too narrow for all it says is cut in up to six places (a path's head, middle and tail, the
// name, the module before a class hit, the class): four ellipses in one row of a 300 px tool window read as
// noise ("/api/v…/items/{s… o… CartContr…"). After layout each row keeps at most MAX_CUTS parts cut: the
// lowest-value part that is cut gives up all its room, then the next (GIVE_WAY). The path's parts and the
// class a query hit never do (a path without its middle would read as another path), so a path cut in three
// places in a 300 px window stays so, with nothing else cut beside it. A part the CSS squeezed to nothing
// goes too (its gap is room). A cut part of the path ends where its last letter and the ellipsis end, short of
// its box by up to a character: the path's next parts are drawn moved back by that blank (ellipsis-gap.ts),
// "/api/v1…/{cartId}" rather than "/api/v1… /{cartId}". Rows are few at a time (the list is virtual): one
// shared observer re-fits a row when its width changes, a row's render re-fits it.

import { useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';
import { ellipsisGap } from './ellipsis-gap';

/** Cut parts a row keeps; past it the parts in GIVE_WAY go, in its order. */
export const MAX_CUTS = 2;
/**
 * The parts a row can do without, lowest value first: the module before a class hit (the class says
 * where), the name (the path says what), the module · class column (not a twin's: its module tells the
 * same path in two modules apart). What a row is told apart by (its path's head, kept middle and tail;
 * the class a query hit) is never among them.
 */
const GIVE_WAY = ['.where.hit > .end-head', ':scope > .name', ':scope:not(.twin) > .where:not(.hit) > .where-text'] as const;
const GONE = 'cut-gone';

/** Cut, and in sight: not squeezed to nothing, nor wrapped onto the module column's hidden second line (app.css). */
const isCut = (el: HTMLElement) => el.clientWidth >= 1 && el.scrollWidth > el.clientWidth && el.getBoundingClientRect().top < el.parentElement!.getBoundingClientRect().bottom - 1;

/**
 * Lays `rows` out again from their full content: at most MAX_CUTS parts cut in each, the path's parts
 * drawn against their ellipses. All rows are read, then all written, a step at a time: a row at a time
 * laid the list out again for each row scrolled into view.
 */
export function fitRows(rows: readonly HTMLElement[]): void {
  for (const row of rows) for (const el of row.querySelectorAll<HTMLElement>(`.${GONE}`)) el.classList.remove(GONE);
  const all = rows.map((row) => ({
    parts: [...row.querySelectorAll<HTMLElement>('.path > *, :scope > .name, .where.hit > *, .where-text')],
    giving: GIVE_WAY.map((selector) => row.querySelector<HTMLElement>(selector)).filter((el): el is HTMLElement => el !== null),
    path: [...row.querySelectorAll<HTMLElement>('.path > *')],
  }));
  // A part the CSS squeezed to nothing still costs the row its gap: "/api/v1…/{cartId}" and the class 18 px apart.
  const squeezed = all.flatMap((r) => r.giving.filter((el) => el.clientWidth < 1 && el.scrollWidth > 0));
  for (const el of squeezed) el.classList.add(GONE);
  for (let step = 0; step < GIVE_WAY.length; step++) {
    const going = all.flatMap((r) => {
      const cut = r.parts.filter((el) => !el.classList.contains(GONE) && isCut(el));
      if (cut.length <= MAX_CUTS) return [];
      const lowest = r.giving.find((el) => cut.includes(el));
      return lowest ? [lowest] : [];
    });
    if (!going.length) break;
    for (const el of going) el.classList.add(GONE);
  }
  const moves = all.flatMap((r) => {
    let back = 0;
    return r.path.map((el, i) => {
      const move = back >= 0.5 ? `translateX(${-back}px)` : '';
      if (i < r.path.length - 1) back += ellipsisGap(el); // nothing follows the last
      return [el, move] as const;
    });
  });
  for (const [el, move] of moves) if (el.style.transform !== move) el.style.transform = move;
}

/** Rows rendered or resized since the last fit: fitted together before the frame is painted. */
const pending = new Set<HTMLElement>();

function fitLater(row: HTMLElement): void {
  if (!pending.size) {
    queueMicrotask(() => {
      const rows = [...pending].filter((r) => r.isConnected);
      pending.clear();
      fitRows(rows);
    });
  }
  pending.add(row);
}

let observer: ResizeObserver | undefined;
const widths = new WeakMap<Element, number>();

/** Keeps the row in `ref` fitted (fitRows) as it renders and as the list's width changes. */
export function useRowCuts(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (row) fitLater(row);
  });
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    observer ??= new ResizeObserver((entries) => {
      // The first report of a row is its mounting, which its render fitted already.
      const resized = entries.filter((e) => {
        const was = widths.get(e.target);
        widths.set(e.target, e.contentRect.width);
        return was !== undefined && was !== e.contentRect.width;
      });
      if (resized.length) fitRows(resized.map((e) => e.target as HTMLElement));
    });
    observer.observe(row);
    return () => observer!.unobserve(row);
  }, [ref]);
}
