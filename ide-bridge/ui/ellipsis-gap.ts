// A text cut with an ellipsis (text-overflow) ends where its last whole letter and the ellipsis end,
// short of its box by up to a letter's width: the part after the box ("…Wareh… :26", the line number)
// stood that far off. What follows is drawn moved back by the blank (a transform: no new layout, so
// no loop with the observer that measures it). For one element at a time, not rows by the hundred.

import { useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';

let canvas: CanvasRenderingContext2D | null | undefined;

/** The blank between the end of `el`'s drawn text and its box's right edge, when the text is cut; `font` when the caller knows it. */
export function ellipsisGap(el: HTMLElement, font?: string): number {
  if (el.scrollWidth <= el.clientWidth) return 0;
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
