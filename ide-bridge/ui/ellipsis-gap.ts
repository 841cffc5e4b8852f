// A text cut with an ellipsis (text-overflow) ends where its last whole letter and the ellipsis end,
// short of its box by up to a letter's width: the part after the box ("…Wareh… :26", the line number)
// stood that far off. What follows is drawn moved back by the blank (a transform: no new layout, so
// no loop with the observer that measures it). For one element at a time, not rows by the hundred.

import { useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';

let canvas: CanvasRenderingContext2D | null | undefined;
let range: Range | undefined;

/** How wide `text` is drawn in `font` (a CSS font shorthand), or undefined without a canvas. */
export function drawnWidth(text: string, font: string): number | undefined {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return undefined;
  canvas.font = font;
  return canvas.measureText(text).width;
}

/**
 * Whether `el`'s text is cut (text-overflow draws its ellipsis): wider than its box by any amount.
 * scrollWidth and clientWidth are whole pixels, so a text over its box by less than one read as
 * whole while Chromium drew "/{orderI…": the text's own width is read (its laid-out runs keep their
 * full width when cut), or measured when the CSS draws it (data-text, result-row-parts.tsx .end-fold).
 */
export function textCut(el: HTMLElement): boolean {
  if (el.scrollWidth > el.clientWidth) return true;
  const width = textWidth(el);
  if (!width) return false;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  // Layout is in 1/64 px: anything over half of that is over.
  return width > box + 1 / 128;
}

/** How wide `el`'s text is laid out, cut or not: 0 when it is not drawn (display: none). */
export function textWidth(el: HTMLElement): number {
  if (el.firstChild) {
    range ??= document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().width;
  }
  const text = el.dataset['text'];
  return text && el.getClientRects().length ? (drawnWidth(text, getComputedStyle(el).font) ?? 0) : 0;
}

/** The blank between the end of `el`'s drawn text and its box's right edge, when the text is cut; `font` when the caller knows it. */
export function ellipsisGap(el: HTMLElement, font?: string): number {
  if (!textCut(el)) return 0;
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return 0;
  canvas.font = font || getComputedStyle(el).font;
  const text = el.dataset['text'] ?? el.textContent ?? ''; // data-text: drawn by the CSS (result-row-parts.tsx .end-fold)
  const box = el.getBoundingClientRect().width;
  // The letters that fit with the ellipsis after them, as Chromium cuts them.
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (canvas.measureText(`${text.slice(0, mid)}…`).width <= box) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, box - canvas.measureText(`${text.slice(0, lo)}…`).width);
}

/** Keeps `after` drawn against the end of `cut`'s text however `cut` is resized. */
export function useEllipsisGap(cut: RefObject<HTMLElement | null>, after: RefObject<HTMLElement | null>, text: string): void {
  useLayoutEffect(() => {
    const [el, next] = [cut.current, after.current];
    if (!el || !next) return;
    const place = () => {
      const gap = ellipsisGap(el);
      next.style.transform = gap >= 0.5 ? `translateX(${-gap}px)` : '';
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    return () => observer.disconnect();
  }, [cut, after, text]);
}
