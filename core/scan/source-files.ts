// Which files a scan reads, and what the walk and the read say of one it cannot use: in one
// small module, as the warm path (stored-scan.ts), the walk (files.ts) and the reader on either
// thread (source-reader.ts, source-read.ts) all need them.

export const SOURCE_EXTENSIONS = ['.java', '.kt'];
/** Walked with the sources, parsed only when a gRPC implementation asks for a service. */
export const PROTO_EXTENSION = '.proto';
/** Walked and read only to say which controllers the scan cannot list (groovy-sources.ts). */
export const GROOVY_EXTENSION = '.groovy';
/** What the walk lists: a full scan's, a warm scan's and a re-scan's walk must agree. */
export const WALKED_EXTENSIONS: readonly string[] = [...SOURCE_EXTENSIONS, PROTO_EXTENSION, GROOVY_EXTENSION];

/**
 * A file of a `src/test/` folder, the root module's (`src/test/...`) as another's: what the code
 * configures there (scanned with --include-tests) is the tests' set-up, not the application's.
 */
export function inTestSources(rel: string): boolean {
  return rel.startsWith('src/test/') || rel.includes('/src/test/');
}

/** Source files over this size are skipped with a diagnostic. */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

export function tooLarge(size: number): string {
  return `skipped: ${(size / (1024 * 1024)).toFixed(1)} MB is over the 2 MB limit`;
}

/**
 * For a walk without `stat`: what the walk would have said of a file once it is read, in the
 * walk's words. `error`: opening or reading failed; `size`: the bytes the file holds.
 */
export function checkRead(error: unknown, size: number): string | undefined {
  if (error !== undefined) return `cannot read file: ${reason(error)}`;
  return size > MAX_SOURCE_BYTES ? tooLarge(size) : undefined;
}

/** "permission denied (EACCES)": Node's message without the code prefix and the absolute path. */
export function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!e || !e.code) return String(err);
  const text = /^\w+: ([^,]+)/.exec(e.message)?.[1] ?? e.message;
  return `${text} (${e.code})`;
}
