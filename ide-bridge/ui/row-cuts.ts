// A search row too narrow for all it says is cut in up to seven places (a path's head, kept middle, middle and
// tail, the name, the module before a class hit, the class): four ellipses in one row of a 300 px tool window
// read as noise ("/api/v…/items/{s… o… CartContr…"). After layout each row keeps at most MAX_CUTS parts cut: the
// lowest-value part that is cut gives up all its room, then the next (GIVE_WAY). The path's parts and the
// class a query hit never do (a path without its middle would read as another path). A path cut in more than
// MAX_PATH_CUTS places takes the room of the rest instead, in a fixed order (PATH_ROOM), and last folds its
// head and middles into one part: a path shows one or two cuts, the whole of it in its tooltip. A part the
// CSS squeezed to nothing goes too (its gap is room). A class hit narrow enough is kept whole (KEEP_SHARE), and
// its module, cut to less than its short form says, gives way to that. Cut means cut by any amount (textCut):
// a part over its box by a fraction of a pixel has its ellipsis too. A cut part of the path ends where its last letter and
// the ellipsis end, short of its box by up to a character: the path's next parts are drawn moved back by that
// blank (ellipsis-gap.ts), "/api/v1…/{cartId}" rather than "/api/v1… /{cartId}". Rows are few at a time (the
// list is virtual): one shared observer re-fits a row when its width changes, a row's render re-fits it.

import { useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';
import { drawnWidth, ellipsisGap, textCut, textWidth } from './ellipsis-gap';

/** Cut parts a row keeps; past it the cut parts in GIVE_WAY go, in its order. */
export const MAX_CUTS = 2;
/** Cut parts a path keeps; past it the row's other parts give it room (PATH_ROOM), in that order. */
export const MAX_PATH_CUTS = 2;
const GONE = 'cut-gone';
/**
 * The parts a row can do without, lowest value first: the module before a class hit (the class says
 * where; a short form of it stays, app.css), the name (the path says what), the module · class column,
 * and last a twin's, whose module's short form stays ("cssp", app.css), when it has one of its own
 * (search-results.tsx): the module tells the same path in two modules apart. What a row is told apart by (its path's head, kept middle and tail; the class
 * a query hit) is never among them.
 */
const GIVE_WAY = ['.where.hit > .end-head', ':scope > .name', ':scope:not(.twin) > .where:not(.hit) > .where-text', ':scope.twin > .where:not(.hit) > .where-text:has(+ .module-short)'] as const;
/**
 * What a path cut in more than MAX_PATH_CUTS places is given, in order, whether cut or not: the
 * GIVE_WAY parts, then the method badge's blank (its fixed width, app.css .cut-tight), and last the
 * path's head, kept middle and middle folded into one part cut before the tail ("/api/tenant-it…/archive":
 * four ellipses in "/a…/tenant-ite…/{…/archi…" said nothing; the whole path is in its tooltip).
 */
const PATH_ROOM: readonly (readonly [selector: string, mark: string])[] = [...GIVE_WAY.map((selector) => [selector, GONE] as const), [':scope > .method', 'cut-tight'], [':scope > .path:has(> .end-fold)', 'cut-fold']];
/**
 * What a row whose cut parts are none of GIVE_WAY (a class hit cut beside a path cut twice, a twin's
 * module) is given: the badge's blank. A class hit's short module has room of its own (app.css); it
 * goes only when the path's tail is cut beside it (a gRPC row's "/PickSes…": the method is what the row is).
 */
const LAST_ROOM: readonly (readonly [selector: string, mark: string])[] = [[':scope > .method', 'cut-tight']];
const SHORT = '.where.hit > .module-short';
/**
 * A class hit cut is kept whole (app.css .cut-keep: the path and the name give it their room) when it
 * takes no more than this share of the row: "ns · TenantItemContr…" beside a path at 300 px. A longer
 * one stays cut, the path keeping its ends.
 */
const KEEP_SHARE = 0.55;
/** Every part a fit can mark, and how: what a kept fit (fits) records. */
const ROOM = [...PATH_ROOM, [SHORT, GONE] as const, ['.where.hit', 'cut-keep'] as const];
const SHORT_AT = PATH_ROOM.length;
const KEEP_AT = SHORT_AT + 1;
const MARKS = [GONE, 'cut-tight', 'cut-fold', 'cut-keep'];

/**
 * Cut, and in sight: not squeezed to nothing, nor wrapped onto the module column's hidden second line
 * (app.css). Cut by any amount (textCut): a part over its box by less than a pixel has its ellipsis too.
 */
const isCut = (el: HTMLElement) => el.clientWidth >= 1 && textCut(el) && el.getBoundingClientRect().top < el.parentElement!.getBoundingClientRect().bottom - 1;

/** How a row was fitted at a width: the ROOM marks set, the move of each of its path's parts. */
interface Fit {
  width: number;
  marks: readonly boolean[];
  moves: readonly string[];
}

/**
 * The last fit of each row's content (its `fitKey`, the search result it shows), at the width it was
 * fitted at: a row scrolled back into view, or drawn again as the active row moves, is set as it was
 * without laying it out and measuring it again. Keyed weakly: a new query's results drop the old fits.
 */
const fits = new WeakMap<object, Fit>();
/** What each row shows (useRowCuts' key) and the width its parts were last fitted at. */
const keys = new WeakMap<Element, object>();
const fittedAt = new WeakMap<Element, number>();
/** The width rows were last measured at (all of a list's rows are as wide as it): a cached fit is for it, or not used. */
let rowWidth = -1;

/**
 * Lays `rows` out again from their full content: at most MAX_CUTS parts cut in each (MAX_PATH_CUTS in a
 * path, which takes the room of the rest), the path's parts drawn against their ellipses. All rows are
 * read, then all written, a step at a time: a row at a time laid the list out again for each row
 * scrolled into view. A row whose content was fitted at this width before takes that fit (fits).
 */
export function fitRows(rows: readonly HTMLElement[], measure = false): void {
  const toMeasure: HTMLElement[] = [];
  for (const row of rows) {
    const key = keys.get(row);
    const fit = key && fits.get(key);
    if (measure || !fit || fit.width !== rowWidth) toMeasure.push(row);
    else set(row, fit);
  }
  if (toMeasure.length) measureRows(toMeasure);
}

/** The elements a row's fit marks (PATH_ROOM, in order) and its path's parts. */
function partsOf(row: HTMLElement) {
  return {
    path: [...row.querySelectorAll<HTMLElement>('.path > *')],
    room: ROOM.map(([selector, mark]) => [row.querySelector<HTMLElement>(selector), mark] as const),
  };
}

/** `fit` applied to `row`, nothing measured. */
function set(row: HTMLElement, fit: Fit): void {
  const { path, room } = partsOf(row);
  room.forEach(([el, mark], i) => el?.classList.toggle(mark, fit.marks[i]!));
  path.forEach((el, i) => {
    const move = fit.moves[i] ?? '';
    if (el.style.transform !== move) el.style.transform = move;
  });
  fittedAt.set(row, fit.width);
}

function measureRows(rows: readonly HTMLElement[]): void {
  for (const row of rows) for (const el of row.querySelectorAll<HTMLElement>(`.${MARKS.join(', .')}`)) el.classList.remove(...MARKS);
  const all = rows.map((row) => {
    const { path, room } = partsOf(row);
    return {
      row,
      path,
      others: [...row.querySelectorAll<HTMLElement>(':scope > .name, .where.hit > *, .where-text')],
      giving: GIVE_WAY.map((selector) => row.querySelector<HTMLElement>(selector)).filter((el): el is HTMLElement => el !== null),
      room: room.slice(0, PATH_ROOM.length).filter((x): x is readonly [HTMLElement, string] => x[0] !== null),
      last: LAST_ROOM.map(([selector, mark]) => [row.querySelector<HTMLElement>(selector), mark] as const).filter((x): x is readonly [HTMLElement, string] => x[0] !== null),
      all: room,
    };
  });
  // A part the CSS squeezed to nothing still costs the row its gap: "/api/v1…/{cartId}" and the class 18 px apart.
  const squeezed = all.flatMap((r) => r.giving.filter((el) => el.clientWidth < 1 && el.scrollWidth > 0));
  for (const el of squeezed) el.classList.add(GONE);
  for (let step = 0; step < ROOM.length + 2; step++) {
    const going = all.flatMap((r) => {
      const cut = (els: HTMLElement[]) => els.filter((el) => !el.classList.contains(GONE) && isCut(el));
      const pathCut = cut(r.path);
      if (pathCut.length > MAX_PATH_CUTS) {
        const next = r.room.find(([el, mark]) => !el.classList.contains(mark));
        return next ? [next] : [];
      }
      const [where] = r.all[KEEP_AT]!;
      if (where) {
        const [head, short, cls] = [where.querySelector<HTMLElement>(':scope > .end-head'), r.all[SHORT_AT]![0], where.querySelector<HTMLElement>(':scope > .end-tail')];
        // A class hit's module cut gives way to its short form when that says as much: the whole name ("o…" beside
        // "orders") or more letters than are left of it.
        if (head && short && !head.classList.contains(GONE) && isCut(head)) {
          const shortText = short.textContent ?? '';
          const whole = head.textContent!.startsWith(`${shortText.slice(0, shortText.indexOf(' ·'))} ·`);
          if (whole || head.getBoundingClientRect().width < (drawnWidth(shortText, getComputedStyle(head).font) ?? 0)) return [[head, GONE] as const];
        }
        // The class cut, or the module's short form shown (the column's least counts it in wide, app.css), and the
        // column narrow enough to be whole: it is as wide as it is, the rest of the row giving it room.
        const shortShown = short !== null && head !== null && head.classList.contains(GONE) && !short.classList.contains(GONE);
        if (cls && !where.classList.contains('cut-keep') && (shortShown || isCut(cls))) {
          const whole = [...where.children].reduce((sum, el) => sum + textWidth(el as HTMLElement), 0);
          if (whole <= KEEP_SHARE * r.row.getBoundingClientRect().width) return [[where, 'cut-keep'] as const];
        }
      }
      // The path's tail cut beside a class hit takes the badge's blank, then its short module, but not a twin's: that
      // tells the twins apart.
      const tail = r.path.at(-1);
      const tailCut = where !== null && tail !== undefined && isCut(tail);
      const short = r.row.classList.contains('twin') ? null : r.all[SHORT_AT]![0];
      const shortGoes = tailCut && short !== null && !short.classList.contains(GONE) && short.clientWidth >= 1;
      const othersCut = cut(r.others);
      const over = pathCut.length + othersCut.length > MAX_CUTS;
      if (!over && !tailCut) return [];
      const lowest = over && r.giving.find((el) => othersCut.includes(el));
      if (lowest) return [[lowest, GONE] as const];
      const next = r.last.find(([el, mark]) => !el.classList.contains(mark));
      if (next) return [next];
      return shortGoes ? [[short, GONE] as const] : [];
    });
    if (!going.length) break;
    for (const [el, mark] of going) el.classList.add(mark);
  }
  // One font for all of a path's parts (app.css): read once, not for each part cut.
  const font = all.find((r) => r.path.length)?.path[0];
  const pathFont = font ? getComputedStyle(font).font : '';
  const widthNow = rows[0]!.getBoundingClientRect().width;
  const done = all.map((r) => {
    let back = 0;
    const moves = r.path.map((el, i) => {
      const move = back >= 0.5 ? `translateX(${-back}px)` : '';
      if (i < r.path.length - 1) back += ellipsisGap(el, pathFont); // nothing follows the last
      return move;
    });
    return { r, fit: { width: widthNow, marks: r.all.map(([el, mark]) => el?.classList.contains(mark) ?? false), moves } };
  });
  rowWidth = widthNow;
  for (const { r, fit } of done) {
    r.path.forEach((el, i) => {
      if (el.style.transform !== fit.moves[i]) el.style.transform = fit.moves[i]!;
    });
    fittedAt.set(r.row, fit.width);
    const key = keys.get(r.row);
    if (key) fits.set(key, fit);
  }
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

/**
 * Keeps the row in `ref` fitted (fitRows) as it renders and as the list's width changes. `key` is
 * what the row shows (the same object for the same content): its fit is kept for the next time.
 */
export function useRowCuts(ref: RefObject<HTMLElement | null>, key: object): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    keys.set(row, key);
    fitLater(row);
  });
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    observer ??= new ResizeObserver((entries) => {
      // A row fitted at the width it has now needs nothing: its first report is its mounting, which its render fitted.
      const resized = entries.filter((e) => {
        const width = e.borderBoxSize[0]?.inlineSize ?? e.target.getBoundingClientRect().width;
        return fittedAt.get(e.target) !== width;
      });
      if (resized.length) fitRows(resized.map((e) => e.target as HTMLElement), true);
    });
    observer.observe(row);
    return () => observer!.unobserve(row);
  }, [ref]);
}
