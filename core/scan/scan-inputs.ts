// What a full scan read besides the walked files: the journal a stored scan result is checked
// against (result-store.ts). The walked sources, protos and build files are fingerprinted by the
// scanner itself; everything else a scan reads (application.yml, web.xml, ...) goes through
// `readTracked`, which notes the path and what it held, or that it was absent (a file created
// later changes the result too). Reads outside the walked files (a build's proto include folders,
// dependency jars in the local caches) are journalled by a cheaper measure: the folders' listings,
// the files' stat, the places found empty. What cannot be checked so marks the scan volatile: its
// result is never reused.
//
// The journal is module-wide but set only while a scanner's own code runs (`withJournal` and
// `journaled` around each synchronous step), so two projects scanning in slices in one sidecar
// never write into each other's journal.

import { hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

/** `[absolute path, content hash]`; the hash is `-` when the file was absent or unreadable. */
export type JournalEntry = [string, string];

export class InputJournal {
  private readonly files = new Map<string, string>();
  /** Why the result depends on something outside the project (undefined: it does not). */
  volatile: string | undefined;
  /** How many entries takeNew has given. */
  private taken = 0;

  note(abs: string, text: string | undefined): void {
    if (!this.files.has(abs)) this.files.set(abs, text === undefined ? ABSENT : digestOf(text));
  }

  /** What was at `abs` by another measure than its text (see `noteNothingAt`, `noteStat`, `noteListing`). */
  noteAs(abs: string, key: string): void {
    if (!this.files.has(abs)) this.files.set(abs, key);
  }

  entries(): JournalEntry[] {
    return [...this.files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** The entries noted since the last call, in the order noted: what a worker's share read (root-share.ts). */
  takeNew(): JournalEntry[] {
    const all = [...this.files];
    const out = all.slice(this.taken);
    this.taken = all.length;
    return out;
  }
}

/** Notes in the active journal what another thread's journal holds (a worker's share of the roots). */
export function adoptJournal(entries: readonly JournalEntry[], volatile: string | undefined): void {
  if (!active) return;
  for (const [abs, key] of entries) active.noteAs(abs, key);
  if (volatile !== undefined) markVolatile(volatile);
}

const ABSENT = '-';
/** A path where neither a file nor a folder was: checked by existence, so a folder created there counts. */
const NOTHING = '!';
const STAT = 'stat:';
const FILE = 'file:';
const LISTING = 'dir:';
/**
 * A file changed this recently (or dated ahead of the clock) may be written again within the same
 * timestamp on a filesystem with coarse times (FAT 2 s, HFS+ and ext3 1 s): its stat cannot tell.
 */
const RACY_MS = 3_000;
let active: InputJournal | undefined;

function digestOf(text: string): string {
  return hash('sha1', text, 'base64');
}

/** Reads a text file as `readFileSync(abs, 'utf8')` does (throwing alike), noting it in the active journal. */
export function readTracked(abs: string): string {
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    active?.note(abs, undefined);
    throw e;
  }
  active?.note(abs, text);
  return text;
}

/**
 * The scan looked for a file or folder outside the project (a local jar cache, a build's include
 * folder) and found nothing: the result holds while nothing is there, so it stays reusable.
 */
export function noteNothingAt(abs: string): void {
  active?.noteAs(abs, NOTHING);
}

/** The scan read a file outside the project too large to hash each time (a jar): its size and time stand for it. */
export function noteStat(abs: string): void {
  active?.noteAs(abs, statKey(abs));
}

/** The scan listed a folder outside the project (`names`: its entries) and chose by the names. */
export function noteListing(abs: string, names: readonly string[]): void {
  active?.noteAs(abs, listingKey(names));
}

/**
 * The scan read a small file outside the project (a proto in a build's include folder). Its size,
 * mtime and ctime stand for it: a build that extracts protos keeping the archive's times
 * (reproducible jars date every entry alike) still moves ctime, which no program can set. A file
 * written within RACY_MS of the look is journalled by its content instead.
 */
export function noteFile(abs: string): void {
  if (!active) return;
  let st;
  try {
    st = statSync(abs);
  } catch {
    active.noteAs(abs, NOTHING);
    return;
  }
  if (Date.now() - Math.max(st.mtimeMs, st.ctimeMs) >= RACY_MS) {
    active.noteAs(abs, fileKey(st));
    return;
  }
  let text: string | undefined;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    // unreadable: journalled as absent, as readTracked does
  }
  active.note(abs, text);
}

function fileKey(st: { size: number; mtimeMs: number; ctimeMs: number }): string {
  return `${FILE}${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

function statKey(abs: string): string {
  try {
    const st = statSync(abs);
    return `${STAT}${st.size}:${st.mtimeMs}`;
  } catch {
    return NOTHING;
  }
}

function listingKey(names: readonly string[]): string {
  return LISTING + digestOf([...names].sort().join('\n'));
}

/** The scan read something outside the project that the journal cannot check cheaply. */
export function markVolatile(reason: string): void {
  if (active && active.volatile === undefined) active.volatile = reason;
}

/** Runs `fn` with `journal` active. */
export function withJournal<T>(journal: InputJournal | undefined, fn: () => T): T {
  const before = active;
  active = journal;
  try {
    return fn();
  } finally {
    active = before;
  }
}

/**
 * Runs `fn` with a journal of its own, whose entries go to the active journal too: what `fn` looked
 * at can be checked again apart from the rest of the scan (a sidecar's jars, on each re-scan).
 */
export function withOwnJournal<T>(fn: () => T): { value: T; entries: JournalEntry[] } {
  const outer = active;
  const own = new InputJournal();
  const value = withJournal(own, fn);
  const entries = own.entries();
  if (outer) {
    for (const [abs, key] of entries) outer.noteAs(abs, key);
    if (own.volatile !== undefined && outer.volatile === undefined) outer.volatile = own.volatile;
  }
  return { value, entries };
}

/** Notes entries journalled before (by `withOwnJournal`) in the active journal: looks answered from a cache of their results. */
export function noteAll(entries: readonly JournalEntry[]): void {
  if (active) for (const [abs, key] of entries) active.noteAs(abs, key);
}

/** The steps of `steps`, each run with `journal` active (the scan runs in slices between other work). */
export function* journaled<T>(journal: InputJournal | undefined, steps: Generator<void, T>): Generator<void, T> {
  for (;;) {
    const r = withJournal(journal, () => steps.next());
    if (r.done) return r.value;
    yield;
  }
}

/** Whether every journalled file still holds what the scan read (absent ones still absent). */
export function journalHolds(entries: readonly JournalEntry[]): boolean {
  for (const [abs, was] of entries) {
    if (was === NOTHING) {
      if (existsSync(abs)) return false;
      continue;
    }
    if (was.startsWith(STAT)) {
      if (statKey(abs) !== was) return false;
      continue;
    }
    if (was.startsWith(FILE)) {
      try {
        if (fileKey(statSync(abs)) !== was) return false;
      } catch {
        return false;
      }
      continue;
    }
    if (was.startsWith(LISTING)) {
      let names: string[];
      try {
        names = readdirSync(abs);
      } catch {
        return false;
      }
      if (listingKey(names) !== was) return false;
      continue;
    }
    let now = ABSENT;
    try {
      now = digestOf(readFileSync(abs, 'utf8'));
    } catch {
      // absent or unreadable, as it may have been before
    }
    if (now !== was) return false;
  }
  return true;
}
