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
//
// Memory: the old file is not read whole; its header is, and each row's body when the scan asks
// for it or copies it into the new file. This scan's parses go to a spill file as they are made
// (a 1 MB staging buffer in between), so their text is not held until the end of the scan; the
// new cache is the header, then the kept old bodies and the spilled ones, copied in 1 MB pieces.

import { createHash, hash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProjectStateDir, projectStateDir } from '../config/user-dir';
import { writeAll, writeFileAtomicWith } from '../store/json-file';
import { makeDirs } from '../store/make-dirs';
import { decodeParse, encodeParse } from './parse-codec';
import type { ParseResult } from './parse-protocol';
import type { FileEntry, ParseCache } from './project-index';

export const SCAN_CACHE_FILE = 'scan-cache.bin';
const MAGIC = 'apiscout-scan-cache\n';
/**
 * Bump when the cached shape or anything a parse produces changes in a way the bundle hash
 * below cannot see (running from source, where there is no bundle to hash).
 */
export const SCAN_CACHE_FORMAT = 2;
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

/** The size of the staging buffer and of the pieces copied between files. */
const PIECE = 1024 * 1024;

/** A parse of this scan, in the spill file. */
interface Spilled {
  entry: FileEntry;
  at: number;
  length: number;
  hash: string;
}

export class ScanCache implements ParseCache {
  readonly file: string;
  readonly counts: ScanCacheCounts = { hits: 0, stored: 0, written: false };
  private readonly version: string;
  private readonly rows = new Map<string, Row>();
  /** The old file, open for its rows' bodies, which start at `bodyStart`. */
  private fd: number | undefined;
  private bodyStart = 0;
  /** Parses made this scan, written to the spill file at once (nothing can have touched them yet). */
  private readonly fresh = new Map<string, Spilled>();
  private spill: { fd: number; path: string; size: number; stage: Buffer; staged: number } | undefined;
  /** Set when the spill file could not be written: this scan's parses are not kept. */
  private spillFailed = false;
  /** Rows read but not usable (a damaged body): the next write leaves them out. */
  private dropped = 0;
  /** Parses put while held (see hold): encoded and spilled by release, in the order they came. */
  private held: Array<[FileEntry, ParseResult]> | undefined;
  /** After keepParseTexts: the encodings of the parses this thread made or read from the cache, by path. */
  private parseTexts: Map<string, string> | undefined;

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

  get(entry: FileEntry): ParseResult | undefined {
    const row = this.match(entry);
    if (!row) return undefined;
    try {
      const body = this.readBody(row[4], row[5]);
      if (hash('sha1', body, 'base64') !== row[6]) throw new Error('its hash does not match');
      const text = body.toString('utf8');
      const result = decodeParse(text);
      this.parseTexts?.set(entry.path, text);
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

  /**
   * Keeps this scan's parses as they are until release(), encoding none: a scan's first answer
   * (project-scanner.ts's modelsLater) does not wait for the cache's encoding, a tenth of its
   * time. The scanner only reads a parse, so it encodes the same later.
   */
  hold(): void {
    this.held ??= [];
  }

  /** Stores the parses held since hold(), as put would have; later puts are stored at once. */
  release(): void {
    const held = this.held;
    this.held = undefined;
    for (const [entry, result] of held ?? []) this.put(entry, result);
  }

  /**
   * From now on keeps the text of each parse made on this thread (not another thread's) as it is
   * encoded for the cache, and of each read from the cache: a parse worker sharing the roots
   * (root-split.ts) takes them rather than parsing those files again.
   */
  keepParseTexts(): void {
    this.parseTexts ??= new Map();
  }

  /** The texts kept since keepParseTexts, by path; none are kept after. */
  takeParseTexts(): Array<[string, string]> {
    const texts = [...(this.parseTexts ?? [])];
    this.parseTexts = undefined;
    return texts;
  }

  /** A parse another thread made and encoded (a parse worker sharing the roots), stored as it is: `sum` is the text's SHA-1 (base64), when that thread took it. */
  putEncoded(entry: FileEntry, text: string, sum?: string): void {
    this.put(entry, { encoded: text, ...(sum !== undefined ? { encodedHash: sum } : {}) } as ParseResult);
  }

  put(entry: FileEntry, result: ParseResult): void {
    if (entry.hash === undefined || this.spillFailed) return;
    if (this.held) return void this.held.push([entry, result]);
    const encoded = result.encoded;
    const text = encoded ?? encodeKeepingLinks(result);
    if (encoded === undefined) this.parseTexts?.set(entry.path, text);
    try {
      const spill = (this.spill ??= this.openSpill());
      // A text that surely fits (three bytes a UTF-16 unit at most) is written without measuring it first.
      const sure = text.length * 3 <= spill.stage.length - spill.staged;
      const length = sure ? spill.stage.write(text, spill.staged, 'utf8') : Buffer.byteLength(text, 'utf8');
      if (!sure && spill.staged + length > spill.stage.length) this.flushStage();
      let bytes: Buffer;
      if (sure) {
        bytes = spill.stage.subarray(spill.staged, spill.staged + length);
        spill.staged += length;
      } else if (length > spill.stage.length) {
        bytes = Buffer.from(text, 'utf8');
        writeAll(spill.fd, bytes);
      } else {
        spill.stage.write(text, spill.staged, length, 'utf8');
        bytes = spill.stage.subarray(spill.staged, spill.staged + length);
        spill.staged += length;
      }
      const old = this.fresh.get(entry.path);
      if (old) this.counts.stored--;
      // A parse worker hashed its text already (the same bytes: its text is `encoded`).
      const sum = encoded !== undefined && result.encodedHash !== undefined ? result.encodedHash : hash('sha1', bytes, 'base64');
      this.fresh.set(entry.path, { entry, at: spill.size, length, hash: sum });
      spill.size += length;
      this.counts.stored++;
    } catch (e) {
      this.spillFailed = true;
      this.fresh.clear();
      this.closeSpill();
      this.writeFailed(e);
    }
  }

  /**
   * Writes the cache for the files the scan saw: this scan's parses, and earlier parses of
   * files that have not changed since. Parses of files gone or changed are left out. Nothing is
   * written when nothing changed. Closes the files the cache holds open: call once, at the end.
   */
  save(files: Iterable<FileEntry>): void {
    try {
      this.write(files);
    } finally {
      this.close();
    }
  }

  /** Lets go of the old file and the spill file without writing (a scan that failed). */
  close(): void {
    this.held = undefined;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.closeSpill();
  }

  private write(files: Iterable<FileEntry>): void {
    const maxBytes = this.opts.maxBytes ?? MAX_CACHE_BYTES;
    // Sizes first, then the header, then every body copied once from the old file or the spill file.
    const planned: Array<{ entry: FileEntry; length: number; old?: Row; spilled?: Spilled }> = [];
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
    for (const spilled of this.fresh.values()) plan({ entry: spilled.entry, length: spilled.length, spilled });
    if (this.fresh.size === 0 && this.dropped === 0 && kept === this.rows.size) return;
    if (this.spill) this.flushStage();
    const rows: Row[] = [];
    let at = 0;
    for (const { entry, length, old, spilled } of planned) {
      rows.push([entry.path, entry.hash!, entry.module, entry.lang, at, length, old ? old[6] : spilled!.hash]);
      at += length;
    }
    const header = Buffer.from(JSON.stringify({ format: MAGIC.trim(), version: this.version, rows } satisfies Header), 'utf8');
    try {
      // The state folder gets its .gitignore; a folder given by the caller is theirs.
      if (this.opts.dir === undefined) ensureProjectStateDir(this.root);
      const piece = this.spill?.stage ?? Buffer.allocUnsafe(PIECE);
      // Not flushed: every row is checked on reading, so a file a crash left empty or torn is ignored.
      writeFileAtomicWith(this.file, (fd) => {
        writeAll(fd, Buffer.from(`${MAGIC}${header.length}\n`, 'latin1'));
        writeAll(fd, header);
        const ranges = planned.map(({ length, old, spilled }) => (old ? { src: this.fd!, from: this.bodyStart + old[4], length } : { src: this.spill!.fd, from: spilled!.at, length }));
        for (const r of byteRuns(ranges)) copyRange(r.src, r.from, r.length, fd, piece);
      }, { durable: false });
      this.counts.written = true;
    } catch (e) {
      this.writeFailed(e);
    }
  }

  private writeFailed(e: unknown): void {
    const code = (e as NodeJS.ErrnoException).code;
    // A read-only checkout only loses the head start of the next scan.
    if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') this.warn(`could not write the scan cache ${this.file}: ${(e as Error).message}`);
  }

  /**
   * The spill file: beside the cache, named as the atomic writer names its temp files, so one a
   * killed scan left behind is removed by a later write; where the system allows, it is unlinked
   * at once and vanishes with the process.
   */
  private openSpill(): NonNullable<ScanCache['spill']> {
    const dir = dirname(this.file);
    if (this.opts.dir === undefined) ensureProjectStateDir(this.root);
    else makeDirs(dir);
    const path = join(dir, `.${basename(this.file)}.${process.pid}.${randomBytes(4).toString('hex')}.spill.tmp`);
    const fd = openSync(path, 'w+', 0o600);
    let named = path;
    try {
      unlinkSync(path);
      named = '';
    } catch {
      // Windows: removed when closed
    }
    return { fd, path: named, size: 0, stage: Buffer.allocUnsafe(PIECE), staged: 0 };
  }

  private flushStage(): void {
    const spill = this.spill!;
    writeAll(spill.fd, spill.stage.subarray(0, spill.staged));
    spill.staged = 0;
  }

  private closeSpill(): void {
    const spill = this.spill;
    this.spill = undefined;
    if (!spill) return;
    try {
      closeSync(spill.fd);
      if (spill.path) unlinkSync(spill.path);
    } catch {
      // already gone
    }
  }

  private readBody(at: number, length: number): Buffer {
    const body = Buffer.allocUnsafe(length);
    for (let n = 0; n < length; ) {
      const got = readSync(this.fd!, body, n, length - n, this.bodyStart + at + n);
      if (got === 0) throw new Error('the file is cut short');
      n += got;
    }
    return body;
  }

  private match(entry: FileEntry): Row | undefined {
    const row = this.rows.get(entry.path);
    return row && row[1] === entry.hash && row[2] === entry.module && row[3] === entry.lang ? row : undefined;
  }

  private load(): void {
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`the scan cache ${this.file} cannot be read (${(e as Error).message}); scanning without it`);
      return;
    }
    let keep = false;
    try {
      keep = this.loadFrom(fd);
    } catch (e) {
      this.warn(`the scan cache ${this.file} cannot be read (${(e as Error).message}); scanning without it`);
    } finally {
      if (keep) this.fd = fd;
      else closeSync(fd);
    }
  }

  /** Reads the header of the open cache file; true when its rows are usable. */
  private loadFrom(fd: number): boolean {
    const ignore = (why: string) => {
      this.warn(`the scan cache ${this.file} is ignored: ${why}; it is rewritten after this scan`);
      return false;
    };
    const fileSize = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(64, fileSize));
    readSync(fd, head, 0, head.length, 0);
    if (head.toString('latin1', 0, MAGIC.length) !== MAGIC) return ignore('it is not an apiscout scan cache');
    const eol = head.indexOf(0x0a, MAGIC.length);
    const headerLength = Number(head.toString('latin1', MAGIC.length, eol));
    const start = eol + 1;
    if (eol < 0 || !Number.isSafeInteger(headerLength) || start + headerLength > fileSize) return ignore('it is truncated');
    const headerBytes = Buffer.allocUnsafe(headerLength);
    for (let n = 0; n < headerLength; ) {
      const got = readSync(fd, headerBytes, n, headerLength - n, start + n);
      if (got === 0) return ignore('it is truncated');
      n += got;
    }
    let header: unknown;
    try {
      header = JSON.parse(headerBytes.toString('utf8'));
    } catch (e) {
      return ignore(`its header does not parse (${(e as Error).message})`);
    }
    if (!isHeader(header)) return ignore('its header is not of this format');
    // Another apiscout or scanner: its parses may differ from this one's. Expected after an upgrade.
    if (header.version !== this.version) return false;
    const bodyLength = fileSize - start - headerLength;
    for (const row of header.rows) {
      if (!isRow(row) || row[4] + row[5] > bodyLength) {
        this.rows.clear();
        return ignore('a row points outside the file');
      }
      this.rows.set(row[0], row);
    }
    this.bodyStart = start + headerLength;
    return true;
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }
}

/** A stretch of bytes in an open file. */
export interface ByteRange {
  src: number;
  from: number;
  length: number;
}

/**
 * The ranges with each run of back-to-back ones (same file, each starting where the one before
 * ends) merged into one: a cold scan's bodies all lie in the spill file in the order they are
 * written, so the cache is copied in megabyte pieces rather than two system calls a file.
 */
export function byteRuns(ranges: Iterable<ByteRange>): ByteRange[] {
  const runs: ByteRange[] = [];
  let last: ByteRange | undefined;
  for (const r of ranges) {
    if (last && last.src === r.src && last.from + last.length === r.from) last.length += r.length;
    else runs.push((last = { ...r }));
  }
  return runs;
}

/** Copies `length` bytes at `from` in file `src` to the end of file `dst`, through `piece`. */
function copyRange(src: number, from: number, length: number, dst: number, piece: Buffer): void {
  for (let at = 0; at < length; ) {
    const got = readSync(src, piece, 0, Math.min(piece.length, length - at), from + at);
    if (got === 0) throw new Error('a source of the scan cache was cut short while it was copied');
    writeAll(dst, piece.subarray(0, got));
    at += got;
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
