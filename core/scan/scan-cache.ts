// The parse cache kept between processes: `scan-cache.bin` in the project's state folder. For
// each source file it holds what the file's parse produced (the declarations, as the parse
// worker sends them across threads: parse-codec.ts), keyed by the file's path, module, language
// and a hash of its content. A warm scan still reads and hashes every file, but parses none
// whose content it has seen: parsing is pure in (text, path, module, language), so a cached
// parse is the very parse the scanner would make.
//
// The file: a magic line, the header's length, the header (JSON: format, version, one row per
// file), then the rows' encoded parses back to back. Each row carries a hash of its body, so a
// damaged body is a miss, never a wrong parse. Rows are decoded only when the scan asks for
// them. A cache of another scanner (version), a damaged or foreign file is ignored with a
// warning and replaced by the next write; the write is atomic (temp file, rename).

import { createHash, hash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProjectStateDir, projectStateDir } from '../config/user-dir';
import { writeFileAtomic } from '../store/json-file';
import { decodeParse, encodeParse } from './parse-codec';
import type { ParseResult } from './parse-protocol';
import type { FileEntry, ParseCache } from './project-index';

export const SCAN_CACHE_FILE = 'scan-cache.bin';
const MAGIC = 'apiscout-scan-cache\n';
/**
 * Bump when the cached shape or anything a parse produces changes in a way the bundle hash
 * below cannot see (running from source, where there is no bundle to hash).
 */
export const SCAN_CACHE_FORMAT = 1;
/** Beyond this the files parsed last are left out: a cache larger than the sources buys little. */
export const MAX_CACHE_BYTES = 128 * 1024 * 1024;

export interface ScanCacheOptions {
  /** The application's version (`apiscout 0.1.0`): a new version ignores an older cache. */
  version: string;
  /** Told why an existing cache was not used, or could not be written. */
  warn?: (message: string) => void;
  /** The folder holding the cache; default: the project's state folder. */
  dir?: string;
  maxBytes?: number;
}

/**
 * A file's row: [path, content hash, module, language, body start, body length, body hash]. No
 * size or mtime: the scanner reads every file for its header anyway, and the content's hash
 * catches what they miss (an edit that keeps the mtime, a checkout that changes only the mtime).
 */
type Row = [string, string, string, string, number, number, string];

interface Header {
  format: string;
  version: string;
  rows: Row[];
}

/** What a scan did with the cache, for its stats. */
export interface ScanCacheCounts {
  /** Parses taken from the cache. */
  hits: number;
  /** Parses made this scan and stored. */
  stored: number;
  /** Whether the cache file was (re)written at the end of the scan. */
  written: boolean;
}

export class ScanCache implements ParseCache {
  readonly file: string;
  readonly counts: ScanCacheCounts = { hits: 0, stored: 0, written: false };
  private readonly version: string;
  private readonly rows = new Map<string, Row>();
  private body: Buffer = Buffer.alloc(0);
  /** Parses made this scan, encoded at once (nothing can have touched them yet). */
  private readonly fresh = new Map<string, { entry: FileEntry; text: string }>();
  /** Rows read but not usable (a damaged body): the next write leaves them out. */
  private dropped = 0;

  private constructor(
    private readonly root: string,
    private readonly opts: ScanCacheOptions,
  ) {
    this.version = `${opts.version}/${SCAN_CACHE_FORMAT}/${scannerHash()}`;
    this.file = join(opts.dir ?? projectStateDir(root), SCAN_CACHE_FILE);
  }

  /** The project's cache as it is on disk (empty when there is none or it cannot be used). */
  static open(root: string, opts: ScanCacheOptions): ScanCache {
    const cache = new ScanCache(root, opts);
    cache.load();
    return cache;
  }

  /** The key of a file's content; the scanner computes it while the bytes are in hand. */
  static hashOf(bytes: Buffer): string {
    return hash('sha1', bytes, 'base64');
  }

  get(entry: FileEntry): ParseResult | undefined {
    const row = this.match(entry);
    if (!row) return undefined;
    const body = this.body.subarray(row[4], row[4] + row[5]);
    try {
      if (hash('sha1', body, 'base64') !== row[6]) throw new Error('its hash does not match');
      const result = decodeParse(body.toString('utf8'));
      this.counts.hits++;
      return result;
    } catch (e) {
      this.rows.delete(entry.path);
      this.dropped++;
      this.warn(`the scan cache ${this.file} has a damaged entry for ${entry.path} (${(e as Error).message}); the file is parsed again`);
      return undefined;
    }
  }

  /** Whether the cache has a parse of some content of the file at `path`. */
  covers(path: string): boolean {
    return this.rows.has(path);
  }

  /** Whether `get` would answer: the scanner leaves such files to no other thread. */
  has(entry: FileEntry): boolean {
    return this.match(entry) !== undefined;
  }

  put(entry: FileEntry, result: ParseResult): void {
    if (entry.hash === undefined) return;
    this.fresh.set(entry.path, { entry, text: result.encoded ?? encodeKeepingLinks(result) });
    this.counts.stored++;
  }

  /**
   * Writes the cache for the files the scan saw: this scan's parses, and earlier parses of
   * files that have not changed since. Parses of files gone or changed are left out. Nothing is
   * written when nothing changed.
   */
  save(files: Iterable<FileEntry>): void {
    const maxBytes = this.opts.maxBytes ?? MAX_CACHE_BYTES;
    // Sizes first, then every body written once into one buffer: no buffer per parse, no concatenation.
    const planned: Array<{ entry: FileEntry; length: number; old?: Row; text?: string }> = [];
    let size = 0;
    let kept = 0;
    const plan = (item: (typeof planned)[number]): boolean => {
      if (size + item.length > maxBytes) return false;
      planned.push(item);
      size += item.length;
      return true;
    };
    // Earlier parses first: they are what the project is made of, the fresh ones what changed.
    for (const entry of files) {
      if (entry.hash === undefined || this.fresh.has(entry.path) || !this.match(entry)) continue;
      const old = this.rows.get(entry.path)!;
      if (plan({ entry, length: old[5], old })) kept++;
    }
    for (const { entry, text } of this.fresh.values()) plan({ entry, length: Buffer.byteLength(text, 'utf8'), text });
    if (this.fresh.size === 0 && this.dropped === 0 && kept === this.rows.size) return;
    const body = Buffer.allocUnsafe(size);
    const rows: Row[] = [];
    let at = 0;
    for (const { entry, length, old, text } of planned) {
      if (old) this.body.copy(body, at, old[4], old[4] + length);
      else body.write(text!, at, length, 'utf8');
      rows.push([entry.path, entry.hash!, entry.module, entry.lang, at, length, old ? old[6] : hash('sha1', body.subarray(at, at + length), 'base64')]);
      at += length;
    }
    const header = Buffer.from(JSON.stringify({ format: MAGIC.trim(), version: this.version, rows } satisfies Header), 'utf8');
    try {
      // The state folder gets its .gitignore; a folder given by the caller is theirs.
      if (this.opts.dir === undefined) ensureProjectStateDir(this.root);
      // Not flushed: every row is checked on reading, so a file a crash left empty or torn is ignored.
      writeFileAtomic(this.file, [Buffer.from(`${MAGIC}${header.length}\n`, 'latin1'), header, body], { durable: false });
      this.counts.written = true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A read-only checkout only loses the head start of the next scan.
      if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') this.warn(`could not write the scan cache ${this.file}: ${(e as Error).message}`);
    }
  }

  private match(entry: FileEntry): Row | undefined {
    const row = this.rows.get(entry.path);
    return row && row[1] === entry.hash && row[2] === entry.module && row[3] === entry.lang ? row : undefined;
  }

  private load(): void {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`the scan cache ${this.file} cannot be read (${(e as Error).message}); scanning without it`);
      return;
    }
    const ignore = (why: string) => this.warn(`the scan cache ${this.file} is ignored: ${why}; it is rewritten after this scan`);
    if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return ignore('it is not an apiscout scan cache');
    const eol = bytes.indexOf(0x0a, MAGIC.length);
    const headerLength = Number(bytes.toString('latin1', MAGIC.length, eol));
    const start = eol + 1;
    if (eol < 0 || !Number.isSafeInteger(headerLength) || start + headerLength > bytes.length) return ignore('it is truncated');
    let header: unknown;
    try {
      header = JSON.parse(bytes.toString('utf8', start, start + headerLength));
    } catch (e) {
      return ignore(`its header does not parse (${(e as Error).message})`);
    }
    if (!isHeader(header)) return ignore('its header is not of this format');
    // Another apiscout or scanner: its parses may differ from this one's. Expected after an upgrade.
    if (header.version !== this.version) return;
    const body = bytes.subarray(start + headerLength);
    for (const row of header.rows) {
      if (!isRow(row) || row[4] + row[5] > body.length) return ignore('a row points outside the file');
      this.rows.set(row[0], row);
    }
    this.body = body;
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }
}

/** Encodes a parse without disturbing it: the links the codec drops are put back at once. */
function encodeKeepingLinks(result: ParseResult): string {
  const text = encodeParse(result);
  const file = result.file;
  const link = (t: (typeof file.types)[number], outer: (typeof file.types)[number] | undefined) => {
    t.file = file;
    if (outer) t.outer = outer;
    for (const n of t.nested) link(n, t);
  };
  for (const t of file.types) link(t, undefined);
  return text;
}

let bundleHash: string | undefined;

/**
 * What makes this scanner's parses: the parse worker's bundle holds the whole front end
 * (tree-sitter glue, the Java and Kotlin readers, the codec), so its hash changes with any of
 * them. Running from source there is no bundle; SCAN_CACHE_FORMAT alone stands for it.
 */
export function scannerHash(): string {
  if (bundleHash !== undefined) return bundleHash;
  try {
    const url = new URL('./parse-worker.mjs', import.meta.url);
    bundleHash = statSync(fileURLToPath(url)).isFile() ? createHash('sha256').update(readFileSync(url)).digest('base64').slice(0, 16) : 'source';
  } catch {
    bundleHash = 'source';
  }
  return bundleHash;
}

function isHeader(v: unknown): v is Header {
  const h = v as Header;
  return !!h && typeof h === 'object' && h.format === MAGIC.trim() && typeof h.version === 'string' && Array.isArray(h.rows);
}

function isRow(v: unknown): v is Row {
  const r = v as Row;
  return (
    Array.isArray(r) && r.length === 7 && typeof r[0] === 'string' && typeof r[1] === 'string' && typeof r[2] === 'string' && typeof r[3] === 'string' &&
    Number.isSafeInteger(r[4]) && r[4] >= 0 && Number.isSafeInteger(r[5]) && r[5] >= 0 && typeof r[6] === 'string'
  );
}
