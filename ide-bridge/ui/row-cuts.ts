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

/** Lays `row` out again from its full content: at most MAX_CUTS parts cut, the path's parts drawn against their ellipses. */
export function fitRow(row: HTMLElement): void {
  for (const el of row.querySelectorAll<HTMLElement>(`.${GONE}`)) el.classList.remove(GONE);
  const parts = [...row.querySelectorAll<HTMLElement>('.path > *, :scope > .name, .where.hit > *, .where-text')];
  // A part the CSS squeezed to nothing still costs the row its gap: "/api/v1…/{cartId}" and the class 18 px apart.
  for (const selector of GIVE_WAY) {
    const part = row.querySelector<HTMLElement>(selector);
    if (part && part.clientWidth < 1 && part.scrollWidth > 0) part.classList.add(GONE);
  }
  let cuts = parts.filter(isCut).length;
  for (const selector of GIVE_WAY) {
    if (cuts <= MAX_CUTS) break;
    const part = row.querySelector<HTMLElement>(selector);
    if (!part || !isCut(part)) continue;
    part.classList.add(GONE);
    cuts = parts.filter((el) => !el.classList.contains(GONE) && isCut(el)).length;
  }
  let back = 0;
  for (const el of row.querySelectorAll<HTMLElement>('.path > *')) {
    el.style.transform = back >= 0.5 ? `translateX(${-back}px)` : '';
    back += ellipsisGap(el);
  }
}

let observer: ResizeObserver | undefined;

/** Keeps the row in `ref` fitted (fitRow) as it renders and as the list's width changes. */
export function useRowCuts(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (row) fitRow(row);
  });
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    observer ??= new ResizeObserver((entries) => {
      for (const e of entries) fitRow(e.target as HTMLElement);
    });
    observer.observe(row);
    return () => observer!.unobserve(row);
  }, [ref]);
}
