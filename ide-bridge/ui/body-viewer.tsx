// The response body's read-only viewer: CodeMirror 6, which lays out only the lines in view, so
// a 500,000-character body paints and re-lays out (tab switch, resize, re-selection) in
// milliseconds where a wrapped <pre> took seconds. JSON gets highlighting and folding; every body
// gets search (Ctrl+F, or the Find button). Lines are not wrapped: wrapping long lines is the
// layout cost the viewer exists to avoid.

import { json } from '@codemirror/lang-json';
import { foldGutter, foldKeymap } from '@codemirror/language';
import type { Range } from '@codemirror/state';
import { EditorSelection, EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers, ViewPlugin } from '@codemirror/view';
import type { DecorationSet, ViewUpdate } from '@codemirror/view';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { codeHighlighting } from './code-style';
import { Icon } from './icons';
import { indentJson } from './json-indent';

export interface BodyViewerProps {
  text: string;
  json: boolean;
  label: string;
  /** False while the viewer is kept mounted under another tab; shown again, it only re-measures. */
  shown?: boolean;
  /** Long lines wrap at the viewer's edge instead of scrolling sideways. */
  wrap?: boolean;
}

export function BodyViewer({ text, json: isJson, label, shown = true, wrap = false }: BodyViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const findBox = useRef<HTMLInputElement>(null);
  const [finding, setFinding] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ count: number; at: number }>();
  const openFind = useRef(() => {});
  openFind.current = () => {
    setFinding(true);
    requestAnimationFrame(() => findBox.current?.select());
  };

  // In the commit that shows the text, so the page never holds a viewer with the previous body.
  useLayoutEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          EditorState.readOnly.of(true),
          findField,
          findMarks,
          keymap.of([{ key: 'Mod-f', run: () => (openFind.current(), true), preventDefault: true }, ...foldKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
          ...(isJson ? [json(), foldGutter(), codeHighlighting] : []),
          ...(wrap ? [EditorView.lineWrapping] : []),
        ],
      }),
    });
    view.current = v;
    // The whole text for a reader that cannot see past the lines in view (the browser tests, a screen reader's "select all").
    Object.defineProperty(host.current!, 'bodyText', { get: () => v.state.doc.toString(), configurable: true });
    // bench/ui.mjs times the response to this point: the body's first lines are laid out.
    performance.mark('apiscout:body', { detail: { chars: text.length } });
    setFound(undefined);
    return () => {
      v.destroy();
      view.current = undefined;
    };
  }, [text, isJson, wrap]);

  // Shown again after another tab: the same view measures the lines now in view (a display:none
  // viewer measured nothing), which costs the viewport, not the body.
  const wasShown = useRef(shown);
  useLayoutEffect(() => {
    const v = view.current;
    if (shown && !wasShown.current && v) {
      v.requestMeasure();
      performance.mark('apiscout:body', { detail: { chars: text.length } });
    }
    wasShown.current = shown;
  }, [shown]);

  /** Selects the next (or previous) hit after the selection and scrolls to it. */
  const go = (backwards: boolean) => {
    const v = view.current;
    const q = query.toLowerCase();
    if (!v || !q) return;
    v.dispatch({ effects: setFind.of(q) });
    const doc = v.state.doc.toString().toLowerCase();
    let count = 0;
    for (let i = doc.indexOf(q); i >= 0 && count < MAX_COUNT; i = doc.indexOf(q, i + q.length)) count++;
    const head = v.state.selection.main;
    let at = backwards ? doc.lastIndexOf(q, Math.max(0, head.from - 1)) : doc.indexOf(q, head.from === head.to ? head.from : head.from + 1);
    if (at < 0) at = backwards ? doc.lastIndexOf(q) : doc.indexOf(q); // wrap around
    setFound({ count, at });
    if (at < 0) return;
    v.dispatch({ selection: EditorSelection.single(at, at + q.length), effects: EditorView.scrollIntoView(at, { y: 'center' }) });
  };

  return (
    <div class="body-viewer">
      {finding ? (
        <form
          class="find-bar"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            go(false);
          }}
        >
          <input
            ref={findBox}
            aria-label="Text to find in the body"
            placeholder="Find"
            value={query}
            spellcheck={false}
            onInput={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setFinding(false);
                view.current?.dispatch({ effects: setFind.of('') });
                view.current?.focus();
              } else if (e.key === 'Enter' && e.shiftKey) {
                e.preventDefault();
                go(true);
              }
            }}
          />
          <span class="muted find-count" role="status">
            {found ? (found.count === 0 ? 'No matches' : `${found.count >= MAX_COUNT ? `${MAX_COUNT.toLocaleString('en')}+` : found.count.toLocaleString('en')} ${found.count === 1 ? 'match' : 'matches'}`) : ''}
          </span>
          <button type="button" class="tool" aria-label="Previous match" title="Previous match (Shift+Enter)" onClick={() => go(true)}>
            ↑
          </button>
          <button type="submit" class="tool" aria-label="Next match" title="Next match (Enter)">
            ↓
          </button>
        </form>
      ) : (
        <button class="tool find" aria-label="Find" title="Find in the body (Ctrl+F)" onClick={() => openFind.current()}>
          <Icon name="find" />
        </button>
      )}
      <div class="body-code" ref={host} />
    </div>
  );
}

/** Counting stops here: the number is for the eye, not a statistic. */
const MAX_COUNT = 10_000;

// The text being found, as editor state: the marks below follow it.
const setFind = StateEffect.define<string>();
const findField = StateField.define<string>({
  create: () => '',
  update: (q, tr) => tr.effects.reduce((v, e) => (e.is(setFind) ? e.value : v), q),
});

const hit = Decoration.mark({ class: 'cm-searchMatch' });

/** Marks the hits in the lines on screen only: a 500,000-character body is never scanned per frame. */
const findMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = marks(view);
    }
    update(u: ViewUpdate) {
      if (u.viewportChanged || u.docChanged || u.startState.field(findField) !== u.state.field(findField)) this.decorations = marks(u.view);
    }
  },
  { decorations: (p) => p.decorations },
);

function marks(view: EditorView): DecorationSet {
  const q = view.state.field(findField);
  if (!q) return Decoration.none;
  const out: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.doc.sliceString(Math.max(0, from - q.length), Math.min(view.state.doc.length, to + q.length)).toLowerCase();
    const base = Math.max(0, from - q.length);
    for (let i = text.indexOf(q); i >= 0; i = text.indexOf(q, i + q.length)) {
      if (base + i >= from - q.length && base + i < to) out.push(hit.range(base + i, base + i + q.length));
    }
  }
  return Decoration.set(out, true);
}

/** Pretty-printing off the page's thread (pretty-worker.ts); bodies below this many characters are indented in place. */
const WORKER_FROM = 64 * 1024;
let worker: Worker | null | undefined;
let seq = 0;
const waiting = new Map<number, { text: string; done(pretty: string): void }>();

/** The JSON text indented by two spaces (json-indent.ts). Large texts go to a Worker. */
export function prettyJson(text: string): Promise<string> {
  if (text.length < WORKER_FROM) return Promise.resolve(indentJson(text));
  const w = prettyWorker();
  if (!w) return Promise.resolve(indentJson(text));
  const id = ++seq;
  return new Promise((resolve) => {
    waiting.set(id, { text, done: resolve });
    w.postMessage({ id, text });
  });
}

function prettyWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('pretty-worker.js', document.baseURI), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ id: number; text: string }>) => {
      waiting.get(e.data.id)?.done(e.data.text);
      waiting.delete(e.data.id);
    };
    worker.onerror = () => {
      // The worker script did not load: every waiting body is indented here instead, and later ones too.
      worker = null;
      for (const [id, w] of waiting) {
        waiting.delete(id);
        w.done(indentJson(w.text));
      }
    };
  } catch {
    worker = null;
  }
  return worker;
}
