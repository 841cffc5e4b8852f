// Frees the syntax trees of large parses before the next ones pile up. tree-sitter's Node binding
// frees a tree only when V8 collects the tree's small wrapper object, and V8 does not know what
// the tree holds in native memory: a parse of a file of 10,000 declarations leaves tens of
// megabytes that stay until a full collection, which a heap growing slowly does not call for.
// A few such files took a scan of the hostile suite from ~300 MB to over 400 MB. So, after the
// parse of a large text, when the process has grown by RELEASE_STEP since the last collection
// this module asked for, it asks V8 for a full one; the freed trees' memory is then reused by the
// next parses. The number of collections is bounded by the process's growth, not by its files.

import { setFlagsFromString } from 'node:v8';
import { lazyRequire } from '../lazy-require';

// Loaded only on the rare large parse that asks for a collection: not on every scan's start.
const vm = lazyRequire<typeof import('node:vm')>('node:vm');

/** Texts below this are parsed into trees small enough to be left to V8's own pace. */
const LARGE_TEXT = 64 * 1024;
/** Growth of the resident set (bytes) that makes a large parse ask for a collection. */
const RELEASE_STEP = 48 * 1024 * 1024;

let collect: (() => void) | null | undefined;
let baseline = 0;

/** V8's full collection, exposed as Jest's leak detector does it; null where that is refused. */
function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = vm().runInNewContext('gc') as () => void;
  } catch {
    collect = null;
  }
  return collect;
}

/** To call once the tree of a parse of `textLength` characters is out of reach (the parse function returned). */
export function afterParse(textLength: number): void {
  if (textLength < LARGE_TEXT) return;
  const rss = process.memoryUsage.rss();
  if (baseline === 0 || rss < baseline) baseline = rss; // memory given back lowers the mark
  if (rss - baseline < RELEASE_STEP) return;
  collector()?.();
  baseline = process.memoryUsage.rss();
}
