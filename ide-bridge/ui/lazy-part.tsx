// Parts of the explorer that the first screen does not show (the request editor and CodeMirror,
// the panels, the dialogs) come in chunks of their own: the page compiles and runs only what
// draws the tree before its first paint, then loads the rest (preloadParts) while the user looks
// at the tree. A part asked for before its chunk is in shows its fallback and waits for it.

import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LazyPart<P> {
  (props: P): JSX.Element | null;
  /** Starts loading the chunk (once); resolves when the part can render. */
  load(): Promise<unknown>;
}

const parts: LazyPart<never>[] = [];

/** A component rendered by `load`'s module once it is in; `fallback` (or nothing) until then. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: (props: P) => JSX.Element | null): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        loading = undefined; // asked again on the next render: a chunk missed once may come the next time
        throw e;
      },
    ));
  function Part(props: P): JSX.Element | null {
    const [failed, setFailed] = useState<string>();
    const [, setIn] = useState(false);
    useEffect(() => {
      if (!loaded) start().then(() => setIn(true), (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
    }, []);
    if (loaded) {
      const C = loaded;
      return <C {...props} />;
    }
    if (failed) {
      return (
        <p class="error" role="alert">
          Could not load this part of the explorer ({failed}): is `apiscout ui` still running? Reload the page once it is.
        </p>
      );
    }
    return fallback ? fallback(props) : null;
  }
  Part.load = start;
  parts.push(Part as LazyPart<never>);
  return Part;
}

/**
 * Loads every part's chunk, one after another so each compile is a short task: called once the
 * first tree is painted, so the parts are in before the user's first click needs them.
 */
export async function preloadParts(): Promise<void> {
  for (const p of parts) await p.load().catch(() => {});
}
