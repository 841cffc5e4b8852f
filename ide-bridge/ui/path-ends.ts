// Where a path is cut in its middle when a row is too narrow for it (a search row, a tree row): the
// head gives up its room first and the tail stays in sight. Plain functions, so the served first
// screen (first-screen.ts, no Preact) draws the tree's rows with the app's very markup.

/**
 * The path split where a middle ellipsis goes: the head gives up its room first, the tail (the last
 * segment, with the one before it when both are short, as "/{id}/stop") stays whole. A path of one or
 * two segments is all head.
 */
export function pathEnds(path: string): number {
  const last = path.lastIndexOf('/');
  if (last <= 0) return 0;
  const before = path.lastIndexOf('/', last - 1);
  return before > 0 && path.length - before <= 12 ? before : last;
}

/** A head no longer than the room it keeps (app.css: 7ch) is as wide as its text: "/sso" has no gap after it. */
export function headClass(length: number): string {
  return length <= 7 ? 'end-head short' : 'end-head';
}
