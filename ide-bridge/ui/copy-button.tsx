// A Copy button that confirms in place: for a moment its label says "Copied…" (a screen reader
// hears it from a status line of its own). The button is as wide as its longer label all along, so
// the confirmation moves nothing: "Copied" beside it pushed Save as onto a row of its own in a
// 300 px tool window, and the Request tab's "Copied, with real secret values" wrapped under it.

import { useEffect, useState } from 'preact/hooks';

/** How long the label says it copied. */
const CONFIRM_MS = 2000;

export function CopyButton({
  label = 'Copy',
  done = 'Copied',
  status = done,
  title,
  text,
  onCopy,
}: {
  label?: string;
  /** The label for a moment after a copy. */
  done?: string;
  /** What a screen reader hears then (the label's words if not given). */
  status?: string;
  title?: string;
  text(): string;
  onCopy(text: string): Promise<void>;
}) {
  // The label a copy was made under: another label (a secret revealed since) is a new button.
  const [copied, setCopied] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const shown = copied === label;
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setCopied(undefined), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [shown, copied]);
  return (
    <>
      <button
        class={`copy${shown ? ' done' : ''}`}
        title={title}
        onClick={() =>
          onCopy(text()).then(
            () => {
              setFailed(undefined);
              setCopied(label);
            },
            (e: Error) => setFailed(e.message),
          )
        }
      >
        <span class="copy-labels">
          <span class="copy-label" aria-hidden={shown}>
            {label}
          </span>
          <span class="copy-label" aria-hidden={!shown}>
            {done}
          </span>
        </span>
      </button>
      <span class="visually-hidden" role="status">
        {shown ? status : ''}
      </span>
      {failed !== undefined && (
        <span class="error" role="alert">
          Could not copy: {failed}
        </span>
      )}
    </>
  );
}
