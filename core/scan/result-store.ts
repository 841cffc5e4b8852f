// The last scan result kept between processes: `scan-result.bin` beside `scan-cache.bin` in the
// project's state folder. A scan is a pure function of its inputs: the walked files (sources,
// protos, build files) and their contents, the other files it read (scan-inputs.ts journal:
// application.yml, web.xml, ... and the ones it looked for and did not find), the options and
// settings it ran with, and the scanner itself. The store keeps the result with a digest of all
// of them; a later scan that reads the same files with the same contents, finds every journalled
// file unchanged and runs with the same settings and the same scanner answers with the stored
// result instead of building the request and response models again.
//
// The file: a magic line, the header's length, the header (JSON: format, scanner, settings,
// digest, journal, lengths and a hash of the body), then the body: `{"diagnostics","modules"}`,
// the endpoints one a line with their object schemas as references into the schema table
// (schema-table.ts), the table, and where the endpoints' references are; last the walked files'
// stamps (file-stamps.ts), which let the next scan fingerprint unchanged files by their stat. A
// damaged, foreign or torn file is a miss, never trusted; the write is atomic. (The stamps are
// outside the body's hash: a damaged hash among them changes the digest, a damaged stamp only
// makes its file be read.) Endpoints are parsed only when someone reads them, and `scan --json`
// prints their stored text with the table's entries put back in place of the references.

import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProjectStateDir, projectStateDir } from '../config/user-dir';
import type { Diagnostic, Endpoint, ModuleSummary, ScanResult, ScanStats } from '../model/endpoint';
import { writeAll, writeFileAtomicWith } from '../store/json-file';
import { keyOf, StampRecorder, StoredStamps } from './file-stamps';
import type { Stamp } from './file-stamps';
export { stampOf } from './file-stamps';
export type { StoredStamps } from './file-stamps';
import type { JournalEntry } from './scan-inputs';
import { journalHolds } from './scan-inputs';
import { scannerHash } from './scan-cache';
import type { ScanCacheOptions } from './scan-cache';
import { SchemaTableWriter, StoredEntries, decodeTable, refLength, reviveEndpoints } from './schema-table';
import { forEachStoredLine } from './stored-lines';

export const SCAN_RESULT_FILE = 'scan-result.bin';
const MAGIC = 'apiscout-scan-result\n';
/** Bump when the stored shape changes or a scan's result would differ in a way the stamps below cannot see. */
const RESULT_FORMAT = 3;

interface Header {
  format: string;
  scanner: string;
  settings: string;
  digest: string;
  journal: JournalEntry[];
  restLength: number;
  endpointsLength: number;
  /** The schema table, then the endpoints' references: byte offset (from the previous one) and entry, comma-separated. */
  schemasLength: number;
  refsLength: number;
  bodyHash: string;
  stampsLength: number;
  /** StampRecorder.sinceNs of the storing scan, in decimal. */
  stampsSince: string;
}

/**
 * The fingerprint of the walked files, fed in walk order while the scanner reads them. A file
 * that could not be read counts by its reason, so a file that becomes readable is a change.
 */
export class InputDigest {
  private readonly h = createHash('sha1');
  files = 0;
  /** The files' stats beside the hashes of their bytes, for the stored result. */
  readonly stamps = new StampRecorder();

  /** `stamp`: the file's stat taken before `bytes` were read (none: not recorded). */
  file(path: string, bytes: Buffer | string, stamp?: Stamp): string | undefined {
    if (typeof bytes === 'string') {
      this.files++;
      this.h.update(`${path}\0!${bytes}\n`);
      return undefined;
    }
    const key = keyOf(bytes);
    this.keyed(path, key, stamp);
    return key;
  }

  /**
   * A file by the hash of its bytes: read and hashed elsewhere (source-read.ts), or vouched for
   * by an unchanged stat (`stamp`) as the bytes an earlier scan hashed to `key`.
   */
  keyed(path: string, key: string, stamp?: Stamp): void {
    this.files++;
    this.h.update(`${path}\0${key}\n`);
    if (stamp !== undefined) this.stamps.add(path, stamp, key);
  }

  digest(): string {
    return this.h.digest('base64');
  }
}

/**
 * Where a loaded result's endpoint text lies in the store: read in small pieces when printed, so
 * tens of megabytes pass through without a buffer of their size. The file stays open, so a
 * rewrite by another process cannot swap the text underneath.
 */
export interface StoredText {
  fd: number;
  offset: number;
  length: number;
  /** Where the schema table and the references' offsets follow the endpoints (schema-table.ts). */
  schemasLength: number;
  refsLength: number;
}

/** The endpoints' text as `scan --json` prints it, for results that came from the store or went into it. */
const endpointText = new WeakMap<ScanResult, string | StoredText>();

/** The JSON text of `result.endpoints`, one endpoint a line joined by `,\n`, when it is at hand. */
export function storedEndpointText(result: ScanResult): string | StoredText | undefined {
  return endpointText.get(result);
}

const PIECE = 64 * 1024;
const SHARED_PIECE = 1024 * 1024;
const TABLE_PIECE = 256 * 1024;

/**
 * Hands the stored text to `write` in pieces of 64 KB (small enough for the allocator to reuse);
 * `reuse`: `write` is done with each piece when it returns, so one 1 MB buffer serves them all.
 */
export function pipeStoredText(text: StoredText, write: (bytes: Buffer) => void, reuse = false): void {
  if (text.schemasLength > 0) {
    pipeWithTable(text, write, reuse);
    return;
  }
  const shared = reuse ? Buffer.allocUnsafe(Math.min(SHARED_PIECE, text.length)) : undefined;
  const size = shared ? shared.length : PIECE;
  for (let at = 0; at < text.length; at += size) {
    const piece = readExactly(text.fd, text.offset + at, Math.min(size, text.length - at), shared);
    if (!piece) throw new Error('the stored scan result was cut short while it was read');
    write(piece);
  }
}

/**
 * The endpoints' text with the table's entries in place of the references: runs of the text (read
 * a piece at a time) and of the entries copied into one staging buffer, handed on when full.
 */
function pipeWithTable(text: StoredText, write: (bytes: Buffer) => void, reuse: boolean): void {
  const cut = () => new Error('the stored scan result was cut short while it was read');
  const tail = readExactly(text.fd, text.offset + text.length, text.schemasLength + text.refsLength);
  if (!tail) throw cut();
  const entries = new StoredEntries(tail.subarray(0, text.schemasLength));
  const refs = tail.toString('latin1', text.schemasLength).split(',').map(Number);
  // Small buffers: each fresh page is a fault, and these pages are many here.
  const stage = Buffer.allocUnsafe(TABLE_PIECE);
  let staged = 0;
  const flush = () => {
    if (staged === 0) return;
    write(reuse ? stage.subarray(0, staged) : Buffer.from(stage.subarray(0, staged)));
    staged = 0;
  };
  const put = (bytes: Buffer, start: number, end: number) => {
    while (start < end) {
      if (staged === stage.length) flush();
      const n = Math.min(end - start, stage.length - staged);
      bytes.copy(stage, staged, start, start + n);
      staged += n;
      start += n;
    }
  };
  const chunk = Buffer.allocUnsafe(Math.min(TABLE_PIECE, text.length));
  let chunkStart = 0;
  let chunkEnd = 0;
  /** The endpoints' text from `from` to `to`. */
  const copy = (from: number, to: number) => {
    while (from < to) {
      if (from >= chunkEnd) {
        const n = Math.min(chunk.length, text.length - from);
        if (!readExactly(text.fd, text.offset + from, n, chunk)) throw cut();
        chunkStart = from;
        chunkEnd = from + n;
      }
      const end = Math.min(to, chunkEnd);
      put(chunk, from - chunkStart, end - chunkStart);
      from = end;
    }
  };
  let from = 0;
  let at = 0;
  for (let r = 0; r + 1 < refs.length; r += 2) {
    at += refs[r]!;
    const id = refs[r + 1]!;
    if (!(at >= from && at < text.length)) throw new Error('the stored endpoints hold a damaged schema reference');
    copy(from, at);
    entries.write(id, put);
    from = at + refLength(id);
  }
  copy(from, text.length);
  flush();
}

function hashOfSegment(fd: number, offset: number, length: number): string | undefined {
  const h = createHash('sha1');
  const buf = Buffer.allocUnsafe(PIECE);
  for (let at = 0; at < length; ) {
    const got = readSync(fd, buf, 0, Math.min(PIECE, length - at), offset + at);
    if (got === 0) return undefined;
    h.update(buf.subarray(0, got));
    at += got;
  }
  return h.digest('base64');
}

export class ResultStore {
  readonly file: string;
  private readonly scanner: string;

  /**
   * `settings`: every option and setting the scan ran with, as one string (the project's path
   * among them: results hold paths relative to it).
   */
  constructor(
    private readonly root: string,
    private readonly opts: ScanCacheOptions,
    private readonly settings: string,
  ) {
    this.scanner = `${opts.version}/${RESULT_FORMAT}/${scannerHash()}/${bundleStamp()}`;
    this.file = join(opts.dir ?? projectStateDir(root), SCAN_RESULT_FILE);
  }

  /** The stored result's header, read by `open` for `load`. */
  private head: { fd: number; header: Header; start: number } | undefined;
  /** The stored result `load` answered with (its descriptor stays open for the endpoints' text), for `restamp`. */
  private loaded: { fd: number; header: Header; start: number } | undefined;

  /**
   * Opens the stored result and reads its header: the stamps of the files it was made from, when
   * it was made by this scanner with these settings (else it cannot be reused, and there is no
   * point fingerprinting the files for it). Undefined: no stored result to try.
   */
  open(): StoredStamps | undefined {
    this.close();
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`the stored scan result ${this.file} cannot be read (${(e as Error).message}); scanning`);
      return undefined;
    }
    try {
      const head = Buffer.alloc(64);
      const got = readSync(fd, head, 0, head.length, 0);
      if (head.toString('latin1', 0, Math.min(got, MAGIC.length)) !== MAGIC) return this.ignore('it is not an apiscout scan result', fd);
      const eol = head.indexOf(0x0a, MAGIC.length);
      const headerLength = Number(head.toString('latin1', MAGIC.length, eol));
      if (eol < 0 || !Number.isSafeInteger(headerLength) || headerLength <= 0) return this.ignore('it is truncated', fd);
      const headerBytes = readExactly(fd, eol + 1, headerLength);
      if (!headerBytes) return this.ignore('it is truncated', fd);
      let header: Header;
      try {
        header = JSON.parse(headerBytes.toString('utf8')) as Header;
      } catch (e) {
        return this.ignore(`its header does not parse (${(e as Error).message})`, fd);
      }
      // Another scanner (an older format among them) or other settings: an ordinary miss, nothing to say.
      if (header && typeof header === 'object' && header.format === MAGIC.trim() && (header.scanner !== this.scanner || header.settings !== this.settings)) {
        closeSync(fd);
        return undefined;
      }
      if (!isHeader(header)) return this.ignore('its header is not of this format', fd);
      const start = eol + 1 + headerLength;
      const stamps = readExactly(fd, start + bodyLength(header), header.stampsLength);
      if (!stamps) return this.ignore('it is truncated', fd);
      this.head = { fd, header, start };
      return new StoredStamps(stamps.toString('utf8'), BigInt(header.stampsSince));
    } catch (e) {
      closeSync(fd);
      this.warn(`the stored scan result ${this.file} cannot be read (${(e as Error).message}); scanning`);
      return undefined;
    }
  }

  /**
   * The stored result `open` found, when it was made from inputs with `digest` and every
   * journalled file still holds what it held; `stats` replace the stored ones. Undefined on any miss.
   */
  load(digest: string, stats: ScanStats): ScanResult | undefined {
    const head = this.head;
    if (!head) return undefined;
    this.head = undefined;
    const { fd, header, start } = head;
    let keepOpen = false;
    try {
      // Other files: an ordinary miss, nothing to say.
      if (header.digest !== digest) return undefined;
      if (!journalHolds(header.journal)) return undefined;
      if (hashOfSegment(fd, start, bodyLength(header)) !== header.bodyHash) return this.ignore('its body is damaged');
      const restBytes = readExactly(fd, start, header.restLength);
      if (!restBytes) return this.ignore('its body is damaged');
      const rest = JSON.parse(restBytes.toString('utf8')) as { diagnostics: Diagnostic[]; modules: ModuleSummary[] };
      const text: StoredText = { fd, offset: start + header.restLength, length: header.endpointsLength, schemasLength: header.schemasLength, refsLength: header.refsLength };
      const result = lazyResult(text, rest.diagnostics, rest.modules, stats);
      endpointText.set(result, text);
      keepOpen = true;
      this.loaded = head;
      return result;
    } catch (e) {
      this.warn(`the stored scan result ${this.file} cannot be read (${(e as Error).message}); scanning`);
      return undefined;
    } finally {
      if (!keepOpen) closeSync(fd);
    }
  }

  /**
   * Rewrites the result `load` answered with, its body as it is, with `stamps` (this scan's) in
   * place of its own. For a hit that had to read files because they changed just before the
   * storing scan (racily clean: a checkout, a generator, a clone restored in CI) and have settled
   * since: later scans then take them by their stat, as git refreshes its index. Atomic; a failure
   * only costs the next scans those reads.
   */
  restamp(stamps: StampRecorder): void {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (!loaded) return;
    const { fd, header, start } = loaded;
    try {
      // Another scan stored a result since: its stamps are its own.
      if (statSync(this.file).ino !== fstatSync(fd).ino) return;
      const stampBytes = Buffer.from(stamps.text(), 'utf8');
      const next = Buffer.from(JSON.stringify({ ...header, stampsLength: stampBytes.length, stampsSince: String(stamps.sinceNs) }), 'utf8');
      writeFileAtomicWith(this.file, (out) => {
        writeAll(out, Buffer.from(`${MAGIC}${next.length}\n`, 'latin1'));
        writeAll(out, next);
        const piece = Buffer.allocUnsafe(SHARED_PIECE);
        for (let at = 0, length = bodyLength(header); at < length; ) {
          const bytes = readExactly(fd, start + at, Math.min(piece.length, length - at), piece);
          if (!bytes) throw new Error('it was cut short while being read');
          writeAll(out, bytes);
          at += bytes.length;
        }
        writeAll(out, stampBytes);
      }, { durable: false });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') this.warn(`could not refresh the file stamps in ${this.file}: ${(e as Error).message}`);
    }
  }

  /** Lets go of what `open` opened, when `load` is not called. */
  close(): void {
    if (this.head) closeSync(this.head.fd);
    this.head = undefined;
  }

  /**
   * Stores `result` as the answer for inputs with `digest` (the stats of the files behind it in
   * `stamps`) and `journal`. A result that read outside the project (`volatile`) is not stored,
   * and an older one is removed: it could not be checked.
   */
  save(digest: string, stamps: StampRecorder, journal: JournalEntry[], volatile: string | undefined, result: ScanResult): void {
    try {
      if (volatile !== undefined) {
        rmSync(this.file, { force: true });
        return;
      }
      const rest = Buffer.from(JSON.stringify({ diagnostics: result.diagnostics, modules: result.modules }), 'utf8');
      // The header comes first, but its body lengths and hash are known only once the endpoints
      // are written: room is kept for the widest values, and the header written there at the end,
      // padded with spaces (JSON allows them). The endpoints are written as they are encoded,
      // through a 1 MB buffer: never the whole text in memory, nor its copies.
      const header: Header = {
        format: MAGIC.trim(), scanner: this.scanner, settings: this.settings, digest, journal,
        restLength: rest.length, endpointsLength: Number.MAX_SAFE_INTEGER, schemasLength: Number.MAX_SAFE_INTEGER, refsLength: Number.MAX_SAFE_INTEGER, bodyHash: 'x'.repeat(28),
        stampsLength: Number.MAX_SAFE_INTEGER, stampsSince: String(stamps.sinceNs),
      };
      const room = Buffer.byteLength(JSON.stringify(header), 'utf8');
      const lead = Buffer.from(`${MAGIC}${room}\n`, 'latin1');
      const start = lead.length + room;
      if (this.opts.dir === undefined) ensureProjectStateDir(this.root);
      writeFileAtomicWith(this.file, (fd) => {
        writeAll(fd, lead);
        writeAll(fd, Buffer.alloc(room, 0x20));
        writeAll(fd, rest);
        const h = createHash('sha1').update(rest);
        const stage = Buffer.allocUnsafe(PIECE * 16);
        let staged = 0;
        let length = 0;
        const flush = () => {
          const bytes = stage.subarray(0, staged);
          h.update(bytes);
          writeAll(fd, bytes);
          staged = 0;
        };
        const put = (text: string, size = Buffer.byteLength(text, 'utf8')) => {
          if (staged + size > stage.length) flush();
          if (size > stage.length) {
            const bytes = Buffer.from(text, 'utf8');
            h.update(bytes);
            writeAll(fd, bytes);
          } else staged += stage.write(text, staged, size, 'utf8');
          length += size;
        };
        const table = new SchemaTableWriter();
        const refs: number[] = [];
        let lastRef = 0;
        const last = result.endpoints.length - 1;
        result.endpoints.forEach((e, i) => {
          const line = table.line(e);
          const size = Buffer.byteLength(line.text, 'utf8');
          // Byte offsets: the same as the string's unless it holds non-ASCII text.
          const ascii = size === line.text.length;
          let prev = 0;
          let prevBytes = 0;
          for (let r = 0; r < line.refs.length; r += 2) {
            const at = line.refs[r]!;
            const bytes = ascii ? at : (prevBytes += Buffer.byteLength(line.text.slice(prev, at), 'utf8'));
            prev = at;
            refs.push(length + bytes - lastRef, line.refs[r + 1]!);
            lastRef = length + bytes;
          }
          put(line.text, size);
          if (i < last) put(',\n', 2);
        });
        header.endpointsLength = length;
        length = 0;
        put(table.entriesText());
        header.schemasLength = length;
        length = 0;
        put(refs.join(','));
        header.refsLength = length;
        flush();
        header.bodyHash = h.digest('base64');
        const stampBytes = Buffer.from(stamps.text(), 'utf8');
        writeAll(fd, stampBytes);
        header.stampsLength = stampBytes.length;
        const final = Buffer.alloc(room, 0x20);
        final.write(JSON.stringify(header), 0, 'utf8');
        writeAt(fd, final, lead.length);
      }, { durable: false });
      // `scan --json` prints the endpoints as just written, from the file: no second encoding.
      try {
        const fd = openSync(this.file, 'r');
        endpointText.set(result, { fd, offset: start + rest.length, length: header.endpointsLength, schemasLength: header.schemasLength, refsLength: header.refsLength });
      } catch {
        // replaced or removed meanwhile: the endpoints are encoded again when printed
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A read-only checkout only loses the head start of the next scan.
      if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') this.warn(`could not store the scan result ${this.file}: ${(e as Error).message}`);
    }
  }

  private ignore(why: string, fd?: number): undefined {
    if (fd !== undefined) closeSync(fd);
    this.warn(`the stored scan result ${this.file} is ignored: ${why}; it is rewritten after this scan`);
    return undefined;
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }
}

/** A result whose endpoints are parsed from `text` on first use: `scan --json` never needs them. */
function lazyResult(text: StoredText, diagnostics: Diagnostic[], modules: ModuleSummary[], stats: ScanStats): ScanResult {
  const result = { diagnostics, modules, stats } as ScanResult;
  let endpoints: Endpoint[] | undefined;
  Object.defineProperty(result, 'endpoints', {
    enumerable: true,
    configurable: true,
    get: () => (endpoints ??= decodeEndpoints(text)),
    set: (v: Endpoint[]) => {
      endpoints = v;
      endpointText.delete(result);
    },
  });
  return result;
}

/** The stored endpoints, their schemas the table's shared objects; parsed a line at a time (stored-lines.ts). */
function decodeEndpoints(text: StoredText): Endpoint[] {
  const table = text.schemasLength > 0 ? decodeTable((each) => forEachStoredLine(text.fd, text.offset + text.length, text.schemasLength, each)) : [];
  const endpoints: Endpoint[] = [];
  forEachStoredLine(text.fd, text.offset, text.length, (line) => endpoints.push(JSON.parse(line) as Endpoint));
  if (table.length) reviveEndpoints(endpoints, table);
  return endpoints;
}

function bodyLength(h: Header): number {
  return h.restLength + h.endpointsLength + h.schemasLength + h.refsLength;
}

function writeAt(fd: number, bytes: Buffer, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

function readExactly(fd: number, position: number, length: number, into?: Buffer): Buffer | undefined {
  const buf = into ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  let n = 0;
  while (n < length) {
    const got = readSync(fd, buf, n, length - n, position + n);
    if (got === 0) return undefined;
    n += got;
  }
  return buf;
}

let stamp: string | undefined;

/**
 * The running build's files (the bundle, its chunks and the YAML parser beside it), by size and
 * time: a rebuilt apiscout (same version, other code) does not take an older build's results.
 * Running from source there is no build; RESULT_FORMAT stands for it.
 */
function bundleStamp(): string {
  if (stamp !== undefined) return stamp;
  stamp = 'source';
  try {
    const file = fileURLToPath(import.meta.url);
    if (file.endsWith('.mjs')) {
      const dir = dirname(file);
      stamp = readdirSync(dir)
        .filter((f) => f.endsWith('.mjs') || f.endsWith('.cjs'))
        .sort()
        .map((f) => {
          const st = statSync(join(dir, f));
          return `${f}:${st.size}:${st.mtimeMs}`;
        })
        .join(',');
    }
  } catch {
    // unreadable: as from source
  }
  return stamp;
}

function isHeader(v: unknown): v is Header {
  const h = v as Header;
  return (
    !!h && typeof h === 'object' && h.format === MAGIC.trim() && typeof h.scanner === 'string' && typeof h.settings === 'string' && typeof h.digest === 'string' &&
    Array.isArray(h.journal) && h.journal.every((j) => Array.isArray(j) && j.length === 2 && typeof j[0] === 'string' && typeof j[1] === 'string') &&
    Number.isSafeInteger(h.restLength) && h.restLength >= 0 && Number.isSafeInteger(h.endpointsLength) && h.endpointsLength >= 0 && typeof h.bodyHash === 'string' &&
    Number.isSafeInteger(h.schemasLength) && h.schemasLength >= 0 && Number.isSafeInteger(h.refsLength) && h.refsLength >= 0 &&
    Number.isSafeInteger(h.stampsLength) && h.stampsLength >= 0 && typeof h.stampsSince === 'string' && /^\d+$/.test(h.stampsSince)
  );
}
