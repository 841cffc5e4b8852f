// A modal dialog: focus moves in when it opens and back where it was when it closes, Escape
// closes it (the innermost one only, when dialogs nest: the Ask choice over the export dialog).

import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** What Tab stops at in a dialog: enabled, shown, not taken out of the order. */
const TABBABLE = 'a[href], input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function tabbable(box: HTMLElement): HTMLElement[] {
  // A radio group is one stop, at its checked radio.
  const otherRadio = (el: HTMLElement) => el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && !!el.name && !!box.querySelector(`input[type=radio][name="${CSS.escape(el.name)}"]:checked`);
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !otherRadio(el));
}

/** The dialog Escape closes: the last one opened (nested dialogs come later in the document). */
function isTopmost(el: HTMLElement): boolean {
  const all = document.querySelectorAll('[role=dialog]');
  return all[all.length - 1] === el;
}

export interface DialogProps {
  label: string;
  onClose(): void;
  class?: string;
  children: ComponentChildren;
}

export function Dialog({ label, onClose, class: extra, children }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // A layout effect, in the same task that puts the dialog in the document: a plain effect waits
  // for the next frame, and an Escape pressed as soon as the dialog shows (a quick hand, or a
  // busy machine) would find no listener yet and leave the dialog open.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // A control that is off cannot take the focus (Environments' Sync ▾ without a token): it stayed
    // on the toolbar behind the backdrop. With none that can, the dialog itself takes it.
    const first = box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? (box.current && tabbable(box.current)[0]);
    (first ?? box.current)?.focus();
    // On the document, not the dialog: the focus may have left it (a button that went away or
    // was disabled while its work ran) and Escape must still close it. A menu open above it
    // handles Escape itself and marks the event.
    const escape = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !box.current || !isTopmost(box.current)) return;
      if (e.key === 'Tab') return wrapTab(e, box.current);
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('keydown', escape);
      // Back where it was; if that cannot take it (gone, or disabled while work runs), the
      // dialog around it does, so Escape still reaches it.
      if (!before?.isConnected) return;
      before.focus();
      if (document.activeElement !== before) before.closest<HTMLElement>('[role=dialog]')?.focus();
    };
  }, []);
  return (
    <div class="backdrop">
      <div
        ref={box}
        class={`dialog${extra ? ` ${extra}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        // Focusable itself: a click on its text keeps the focus inside, so Escape still closes it.
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * Tab goes round the dialog: past its last control it went on to the page behind the backdrop, where
 * nothing showed the focus. A Tab an editor inside took (CodeMirror indents) is marked, and skipped.
 */
function wrapTab(e: KeyboardEvent, box: HTMLElement): void {
  const stops = tabbable(box);
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const at = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  const outside = !at || !box.contains(at) || at === box;
  if (e.shiftKey && (outside || at === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (outside || at === last)) {
    e.preventDefault();
    first.focus();
  }
}

/** A dialog's title bar: the title, any controls of the dialog's own, and the close button. */
export function DialogHead({ title, onClose, children }: { title: string; onClose(): void; children?: ComponentChildren }) {
  return (
    <header class="dialog-head">
      <h2>{title}</h2>
      {children}
      <button class="icon close" aria-label={`Close ${title.toLowerCase()}`} title="Close (Esc)" onClick={onClose}>
        ×
      </button>
    </header>
  );
}

/** An error line, announced to screen readers as it appears; nothing when there is no error. */
export function ErrorLine({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * Asked before a dialog closes over unsaved edits. Keep editing (or Escape, which closes only
 * this innermost dialog) goes back to them; Discard closes the dialog without saving.
 */
export function ConfirmDiscard({ what, onKeep, onDiscard }: { what: string; onKeep(): void; onDiscard(): void }) {
  return (
    <Dialog label="Unsaved changes" class="confirm-discard" onClose={onKeep}>
      <h3>Discard unsaved changes?</h3>
      <p>{what} will be lost.</p>
      <div class="dialog-actions">
        <button type="button" data-autofocus onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" class="danger" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </Dialog>
  );
}

/** The message of anything thrown, for the place that shows it. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
