// The explorer's layout from a 280 px tool window to a full screen: below NARROW_BELOW pixels the
// tree and the editor take turns (master/detail with a back button); above it they sit side by
// side with splitters (tree | editor, request | response). The sizes and the response's maximised
// state are remembered per project in localStorage, so a tool window opens as it was left.

import { useEffect, useRef, useState } from 'preact/hooks';
import { EDITOR_MIN, TREE_DEFAULT, TREE_MIN, treeDefault } from './layout-sizes';

export { EDITOR_MIN, NARROW_BELOW, TREE_MIN } from './layout-sizes';

export interface LayoutPrefs {
  /** Tree width in pixels (wide layout) once the user has dragged it; until then it follows the window (treeDefault). */
  tree?: number | undefined;
  /** The request's share of the editor's height, 0..1 (the response has the rest). */
  request: number;
  /** The response fills the editor; the request line stays (Send stays in sight). */
  maximised: boolean;
}

const DEFAULTS: LayoutPrefs = { request: 0.6, maximised: false };
/** The request's share of the editor's height stays within these. */
export const REQUEST_MIN = 0.15;
export const REQUEST_MAX = 0.85;

const storageKey = (project: string) => `apiscout.layout:${project}`;
/**
 * Written with every saved layout since the list's default became a share of the window. An older
 * version saved its fixed default (TREE_DEFAULT) as the tree's width on any change (a request split
 * dragged, the response maximised), which would keep the list at 420 px at full screen for good.
 */
const LAYOUT_VERSION = 2;

export function loadPrefs(project: string | undefined): LayoutPrefs {
  if (!project) return DEFAULTS;
  try {
    return prefsFrom(localStorage.getItem(storageKey(project)));
  } catch {
    return DEFAULTS; // storage refused (JCEF private mode): the defaults do
  }
}

/**
 * A saved layout (JSON, or null when none), read into prefs. One from an older version whose tree
 * is that version's default is taken for the default (a drag that ended on exactly 420 px is rare, and
 * the splitter's 24 px steps land there only on the way back to it): the tree follows the window. The
 * rest it saved, and any other width (dragged), is kept.
 */
export function prefsFrom(json: string | null): LayoutPrefs {
  let saved: Partial<LayoutPrefs> & { v?: unknown };
  try {
    saved = JSON.parse(json ?? '{}') as Partial<LayoutPrefs> & { v?: unknown };
  } catch {
    return DEFAULTS; // a stray value: the defaults do
  }
  if (typeof saved !== 'object' || saved === null) return DEFAULTS;
  const oldDefault = saved.v === undefined && saved.tree === TREE_DEFAULT;
  return {
    tree: typeof saved.tree === 'number' && saved.tree > 0 && !oldDefault ? saved.tree : DEFAULTS.tree,
    request: typeof saved.request === 'number' ? clampRequest(saved.request) : DEFAULTS.request,
    maximised: saved.maximised === true,
  };
}

/** What is saved for `prefs`: marked with this version, so a tree the user dragged to TREE_DEFAULT reads as dragged. */
export function prefsJson(prefs: LayoutPrefs): string {
  return JSON.stringify({ v: LAYOUT_VERSION, ...prefs });
}

/** The layout of one project, read once it is known and written on every change. */
export function useLayoutPrefs(project: string | undefined): [LayoutPrefs, (patch: Partial<LayoutPrefs>) => void] {
  const [prefs, setPrefs] = useState<LayoutPrefs>(() => loadPrefs(project));
  useEffect(() => setPrefs(loadPrefs(project)), [project]);
  const update = (patch: Partial<LayoutPrefs>) =>
    setPrefs((p) => {
      const next = { ...p, ...patch };
      if (project) {
        try {
          localStorage.setItem(storageKey(project), prefsJson(next));
        } catch {
          // Not remembered; the layout still changes.
        }
      }
      return next;
    });
  return [prefs, update];
}

/** The window's width, followed as it is resized (a tool window dragged wider or narrower). */
export function useWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setWidth(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return width;
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/** The widest the tree may be in a window `width` pixels wide: the editor keeps EDITOR_MIN. */
export function treeMax(width: number): number {
  return Math.max(TREE_MIN, width - EDITOR_MIN);
}

/** The request's share of the editor's height (saved, dragged or stepped): neither part ever vanishes. */
export function clampRequest(share: number): number {
  return clamp(share, REQUEST_MIN, REQUEST_MAX);
}

/** The tree's width in a window `width` pixels wide: the one dragged (clampTree), or the default for that window kept within the same bounds. */
export function treeWidthIn(tree: number | undefined, width: number): number {
  return tree === undefined ? clamp(treeDefault(width), TREE_MIN, treeMax(width)) : clampTree(tree, width);
}

/** A tree width (saved, dragged or stepped) kept between TREE_MIN and treeMax, in whole pixels. */
export function clampTree(tree: number, width: number): number {
  return clamp(Math.round(tree), TREE_MIN, treeMax(width));
}

export interface SplitterProps {
  /** `vertical`: a bar between columns (drags left/right); `horizontal`: between rows. */
  orientation: 'vertical' | 'horizontal';
  label: string;
  /** The size the bar controls, as the ARIA value (pixels or percent). */
  value: number;
  min: number;
  max: number;
  /** Called with the pointer position (clientX or clientY) while dragging. */
  onDrag(at: number): void;
  /** Arrow keys: a step of the value in its own unit. */
  onStep(delta: number): void;
  /** Writes the size once the drag ends (not on every pointer move). */
  onDone?(): void;
}

/** A draggable bar with the separator role: pointer drag, or arrow keys when focused. */
export function Splitter({ orientation, label, value, min, max, onDrag, onStep, onDone }: SplitterProps) {
  const dragging = useRef(false);
  const step = orientation === 'vertical' ? { minus: 'ArrowLeft', plus: 'ArrowRight' } : { minus: 'ArrowUp', plus: 'ArrowDown' };
  return (
    <div
      class={`splitter ${orientation}`}
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={Math.round(value)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(max)}
      onPointerDown={(e) => {
        e.preventDefault();
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (dragging.current) onDrag(orientation === 'vertical' ? e.clientX : e.clientY);
      }}
      onPointerUp={(e) => {
        dragging.current = false;
        e.currentTarget.releasePointerCapture(e.pointerId);
        onDone?.();
      }}
      onKeyDown={(e) => {
        if (e.key !== step.minus && e.key !== step.plus) return;
        e.preventDefault();
        onStep(e.key === step.plus ? 1 : -1);
      }}
    />
  );
}
