// Notifications of work that ends away from where it started: an export written, a sync done, a
// copy made, or a failure. Each names where it happened (its title), so an error read later still
// says which action failed. Information fades; errors stay until closed, or until
// the same action (the same title) succeeds.

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type ToastLevel = 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  level: ToastLevel;
  /** Where it happened: "Export", "Sync · Pull", "Copy as cURL". */
  title: string;
  message: string;
}

export type Notify = (level: ToastLevel, title: string, message: string) => void;

const FADE_MS = 6_000;
const MAX_SHOWN = 4;

export function useToasts(): { toasts: Toast[]; notify: Notify; dismiss(id: number): void } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((t) => t.filter((x) => x.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (level, title, message) => {
      const id = next.current++;
      // A success settles the failures of the same action before it (an export that failed, then
      // went through): an error left beside it would say the action still fails.
      const settled = (x: Toast) => level !== 'error' && x.level === 'error' && x.title === title;
      setToasts((t) => [...t.filter((x) => !settled(x)), { id, level, title, message }].slice(-MAX_SHOWN));
      if (level !== 'error') timers.current.set(id, setTimeout(() => dismiss(id), FADE_MS));
    },
    [dismiss],
  );

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return { toasts, notify, dismiss };
}

export function Toasts({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss(id: number): void }) {
  return (
    <div class="toasts" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} class={`toast ${t.level}`} role={t.level === 'error' ? 'alert' : 'status'}>
          <div class="toast-text">
            <strong class="toast-title">{t.title}</strong>
            <span class="toast-message">{t.message}</span>
          </div>
          <button class="icon" aria-label="Dismiss" title="Dismiss" onClick={() => onDismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
