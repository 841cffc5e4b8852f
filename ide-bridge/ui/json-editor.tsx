// The Body tab's editor: CodeMirror 6 with JSON highlighting and a linter that marks syntax errors
// where they are. It is uncontrolled: the text starts as `initial` and flows out through onChange.
// Pushing each render's value back in races with fast typing (a render still holding an older
// text would overwrite newer keystrokes); a new text from outside (Reset, another endpoint)
// comes with a new component key instead.
// Tab indents, as in any code editor, so it does not move the focus on: Escape then Tab does
// (CodeMirror's own rule). While the editor has the focus a line under it says so, and screen
// readers hear it as the editor's description: without it a keyboard user was held in the editor.

import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import { lintGutter, linter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, useState } from 'preact/hooks';
import { codeHighlighting } from './code-style';

export interface JsonEditorProps {
  initial: string;
  onChange(text: string): void;
  label: string;
}

let editors = 0;

export function JsonEditor({ initial, onChange, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [hint] = useState(() => `json-editor-hint-${++editors}`);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          codeHighlighting,
          json(),
          linter(jsonParseLinter(), { delay: 150 }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hint }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
            if (u.focusChanged) setFocused(u.view.hasFocus);
          }),
        ],
      }),
    });
    return () => v.destroy();
  }, []);

  return (
    <>
      <div class="json-editor" ref={host} />
      <p id={hint} class={focused ? 'editor-hint shown' : 'editor-hint'}>
        Tab indents; Escape, then Tab, moves on.
      </p>
    </>
  );
}
