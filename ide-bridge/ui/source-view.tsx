// Navigation in a browser (spec §4.3.5): with no IDE to open the file in, the explorer shows the
// endpoint's source file itself, read through source/read, scrolled to the method's line.

import { java } from '@codemirror/lang-java';
import { EditorState } from '@codemirror/state';
import { Decoration, EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'preact/hooks';
import { codeHighlighting } from './code-style';

export interface SourceTarget {
  file: string;
  line: number;
  column: number;
}

export interface SourceViewProps {
  target: SourceTarget;
  /** The file's text, or why it could not be read. */
  text: string | undefined;
  error: string | undefined;
  onClose(): void;
}

const targetLine = Decoration.line({ class: 'cm-target-line' });

export function SourceView({ target, text, error, onClose }: SourceViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    if (text === undefined || !host.current) return;
    const lineOf = (doc: EditorState['doc']) => doc.line(Math.min(Math.max(1, target.line), doc.lines));
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          java(),
          codeHighlighting,
          EditorState.readOnly.of(true),
          EditorView.decorations.of((v) => Decoration.set([targetLine.range(lineOf(v.state.doc).from)])),
        ],
      }),
    });
    const line = lineOf(view.state.doc);
    view.dispatch({
      selection: { anchor: Math.min(line.to, line.from + Math.max(0, target.column - 1)) },
      effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
    });
    return () => view.destroy();
  }, [text, target.file, target.line]);

  // Marked as handled: a dialog under the view (the scan warnings) closes on an Escape nobody took.
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    onClose();
  };

  return (
    <div class="source-view" role="dialog" aria-label={`Source of ${target.file}`} onKeyDown={closeOnEscape}>
      <header>
        <span class="file">
          {target.file}:{target.line}
        </span>
        <button ref={closeButton} onClick={onClose} title="Close (Esc)">
          Close
        </button>
      </header>
      {error ? <p class="error" role="alert">{error}</p> : text === undefined ? <p class="muted">Loading…</p> : <div class="source-code" ref={host} />}
    </div>
  );
}
