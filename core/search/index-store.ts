// The retained API index on disk (spec §4.3.4): `.apiscout/index.json` under the project root.
// Loaded at start so search works before (or without) a scan; rewritten after each scan.
//
// Safety: a write goes to a temp file in the same folder, is fsynced, then renamed over the
// index, so a crash or a concurrent writer leaves either the old or the new index, never a
// torn one. A file that is not a valid index of this version is reported and treated as absent.

import { isAscii } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { open, readFile, readdir, rename, stat, unlink, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { STATE_GITIGNORE, projectStateDir } from '../config/user-dir';
import type { Endpoint } from '../model/endpoint';
import { StringTable, decodeEndpoints, encodeEndpoints } from './index-codec';

export const STATE_DIR = '.apiscout';
export const INDEX_FILE = 'index.json';
export const INDEX_FORMAT = 'apiscout-index';
/** Bump when the stored shape changes; older or newer files are discarded, not migrated. */
export const INDEX_VERSION = 1;
/**
 * The tree section's own format (see TreeSection). A file without the section (written before it
 * existed, or by a writer that gives none) or with another format is still read whole by loadIndex;
 * loadTreeSection then answers null and its caller reads the whole index instead.
 */
export const TREE_SECTION_FORMAT = 1;

/** Temp files older than this are leftovers of a crashed writer, not a concurrent one. */
const STALE_TEMP_MS = 10 * 60 * 1000;
const TEMP_RE = /^index\.json\.[0-9a-z.-]+\.tmp$/;

/**
 * What the scanner keeps. `files` maps a root-relative path to whatever the scanner needs for an
 * incremental re-scan (endpoints contributed by the file, the files it depends on, a hash...):
 * opaque here, stored as JSON.
 */
export interface IndexData<F = unknown> {
  endpoints: Endpoint[];
  files: Record<string, F>;
}

/** The index as loaded (the file itself stores endpoints in columns, see index-codec.ts). */
export interface StoredIndex<F = unknown> extends IndexData<F> {
  format: typeof INDEX_FORMAT;
  version: number;
  /** `apiscout <version>` of the writer. */
  createdBy: string;
  /** ISO 8601 time of the write. */
  savedAt: string;
  /** The absolute project root at write time (informational: paths inside are relative). */
  root: string;
}

export interface LoadResult<F = unknown> {
  /** Null when there is no usable index. */
  index: StoredIndex<F> | null;
  /** Why an existing file was discarded, naming the file. */
  warning?: string;
}

export interface SaveOptions {
  createdBy?: string;
  /** The explorer's tree of these endpoints, stored as a section of its own (see TreeSection). */
  tree?: { json: string; version: string };
}

/**
 * What the explorer's first page needs and nothing more: its tree of the endpoints, packed, as
 * JSON (ide-bridge/tree-version.ts makes it; opaque here), its version and the endpoint count.
 * It is stored right after the file's header, so loadTreeSection reads the header and this part
 * of the file and decodes no endpoint (2,500 endpoints with their models are ~3 MB to parse and
 * decode; their packed tree ~0.3 MB, served as it is).
 */
export interface TreeSection {
  json: string;
  version: string;
  endpointCount: number;
  /** The write it came with (StoredIndex.savedAt): the same file's endpoints, when loadIndex reads the same savedAt. */
  savedAt: string;
}

export function stateDir(root: string): string {
  return projectStateDir(root);
}

export function indexFile(root: string): string {
  return join(stateDir(root), INDEX_FILE);
}

export async function loadIndex<F = unknown>(root: string): Promise<LoadResult<F>> {
  const file = indexFile(root);
  let text: string;
  try {
    // The writer escapes everything beyond ASCII: decoding then costs ~2 ms instead of ~40 ms
    // for 50,000 endpoints with CJK names. Files from elsewhere still decode as UTF-8.
    const bytes = await readFile(file);
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch (err) {
    if (isCode(err, 'ENOENT')) return { index: null };
    return discard(file, `cannot be read (${message(err)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // A truncated file (disk full, killed writer from before atomic writes) lands here too.
    return discard(file, `is not valid JSON (${message(err)})`);
  }
  const problem = validateHeader(data);
  if (problem) return discard(file, problem);
  const header = data as Record<string, unknown>;
  const endpoints = decodeEndpoints(header.endpoints, header.strings);
  if (typeof endpoints === 'string') return discard(file, endpoints);
  return {
    index: {
      format: INDEX_FORMAT,
      version: INDEX_VERSION,
      createdBy: String(header.createdBy),
      savedAt: String(header.savedAt),
      root: String(header.root),
      endpoints,
      files: header.files as Record<string, F>,
    },
  };
}

/**
 * The tree section of the retained index (see TreeSection), read without the rest of the file;
 * null when there is no index, or it has no tree section of this format (then read it whole).
 */
export async function loadTreeSection(root: string): Promise<TreeSection | null> {
  let handle;
  try {
    handle = await open(indexFile(root), 'r');
  } catch {
    return null;
  }
  try {
    // The header and the section's own header: well within this unless the root path is huge.
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    const text = head.toString('latin1', 0, bytesRead);
    const at = text.indexOf(TREE_KEY);
    if (at < 0) return null;
    let header: Record<string, unknown>;
    try {
      header = JSON.parse(`${text.slice(0, at)}}`) as Record<string, unknown>;
    } catch {
      return null;
    }
    const section = header.treeSection as Record<string, unknown> | undefined;
    if (header.format !== INDEX_FORMAT || header.version !== INDEX_VERSION || !isObject(section) || section.format !== TREE_SECTION_FORMAT) return null;
    const { length, version, endpointCount } = section;
    if (!Number.isSafeInteger(length) || (length as number) < 2 || typeof version !== 'string' || !Number.isSafeInteger(endpointCount)) return null;
    // The section and the comma after it: anything else there is not a section this writer wrote.
    const start = at + TREE_KEY.length;
    const bytes = Buffer.alloc((length as number) + 1);
    const read = await handle.read(bytes, 0, bytes.length, start);
    if (read.bytesRead !== bytes.length || bytes[bytes.length - 1] !== 0x2c || !isAscii(bytes)) return null;
    const json = bytes.toString('latin1', 0, length as number);
    if (!(json.startsWith('[') && json.endsWith(']'))) return null;
    return { json, version, endpointCount: endpointCount as number, savedAt: String(header.savedAt) };
  } catch {
    return null; // unreadable now: the whole read says why
  } finally {
    await handle.close();
  }
}

const TREE_KEY = ',"tree":';
const HEAD_BYTES = 16 * 1024;

export async function saveIndex<F>(root: string, data: IndexData<F>, opts: SaveOptions = {}): Promise<string> {
  const dir = stateDir(root);
  const file = indexFile(root);
  await ensureStateDir(dir);
  const strings = new StringTable();
  const endpoints = encodeEndpoints(data.endpoints, strings);
  const header = { format: INDEX_FORMAT, version: INDEX_VERSION, createdBy: opts.createdBy ?? 'apiscout', savedAt: new Date().toISOString(), root };
  const body = { strings: strings.strings, endpoints, files: data.files };
  // One JSON object: the header, the tree section (its length in characters, in the file's ASCII
  // form, before it), then the endpoints. A reader of the whole file sees just more fields.
  let text = JSON.stringify(header).slice(0, -1);
  if (opts.tree) {
    const tree = opts.tree.json.replace(NON_ASCII, escapeChar);
    const section = { format: TREE_SECTION_FORMAT, version: opts.tree.version, endpointCount: data.endpoints.length, length: tree.length };
    text += `,"treeSection":${JSON.stringify(section)}${TREE_KEY}${tree}`;
  }
  text = `${text},${JSON.stringify(body).slice(1)}`.replace(NON_ASCII, escapeChar);
  // Unique per writer, so concurrent saves never write into each other's temp file.
  const temp = join(dir, `${INDEX_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw new Error(`cannot write the API index ${file}: ${message(err)}`, { cause: err });
  }
  await syncDir(dir);
  await removeStaleTemps(dir);
  return file;
}

/** Creates `.apiscout/` with its own `.gitignore`, so personal state never shows up in `git status`. */
async function ensureStateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, '.gitignore'), STATE_GITIGNORE, { flag: 'wx' });
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
  }
}

/** Makes the rename itself durable; not possible on every platform, and not needed for correctness. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open directories; the rename is still atomic there.
  }
}

async function removeStaleTemps(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!TEMP_RE.test(name)) continue;
    const path = join(dir, name);
    try {
      if (now - (await stat(path)).mtimeMs > STALE_TEMP_MS) await unlink(path);
    } catch {
      // Another writer renamed or removed it meanwhile.
    }
  }
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** `\uXXXX` for one UTF-16 unit (surrogate pairs come out as two escapes, as JSON allows). */
function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function validateHeader(data: unknown): string | null {
  if (!isObject(data)) return 'is not an apiscout index (not a JSON object)';
  if (data.format !== INDEX_FORMAT) return `is not an apiscout index (format ${JSON.stringify(data.format)})`;
  if (data.version !== INDEX_VERSION) {
    const by = typeof data.createdBy === 'string' ? `, written by ${data.createdBy}` : '';
    return `has index version ${JSON.stringify(data.version)}${by}; this apiscout reads version ${INDEX_VERSION}`;
  }
  if (!isObject(data.files) || Array.isArray(data.files)) return 'has no files record';
  return null;
}

function discard<F>(file: string, reason: string): LoadResult<F> {
  // No closing sentence: callers append what they do about it ("; scanning again").
  return { index: null, warning: `Ignoring the API index ${file}: it ${reason}` };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function isCode(err: unknown, code: string): boolean {
  return isObject(err) && err.code === code;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
