// One walked file read into what the scan keeps of it: its header entry (or why it cannot be
// used), the hash of its bytes and its stamp. The scanner's thread runs this for its own files,
// and on a large tree the parse worker runs it for a share of them (parse-pool.ts): the same
// function on the same bytes, so the index is the same whichever thread read a file.

import type { FrameworkMarkers } from './framework-markers';
import { describeFile } from './project-index';
import type { FileEntry } from './project-index';
import type { SourceReader } from './source-reader';
import { keyOf } from './file-stamps';
import type { Stamp } from './file-stamps';
import { GROOVY_EXTENSION, PROTO_EXTENSION } from './source-files';
import { declaresEndpoints } from './groovy-sources';

/** A file of the walk, with the module the scanner placed it in. */
export interface WalkedSource {
  path: string;
  abs: string;
  module: string;
}

export interface ReadWanted {
  /** Hash the bytes: with a scan cache (its key, and the stored result's digest). */
  key: boolean;
  /** Which files are kept as text for a likely parse. */
  markers: FrameworkMarkers;
}

/** What the scan learns from one read; `bytes` is the length read, `stamp` the stat before it (when the reader takes stats). */
export type ReadOutcome =
  /** Could not be read, or is over the size limit: the walk's diagnostic. */
  | { path: string; skipped: string }
  | { path: string; bytes: number; key?: string; stamp?: Stamp; proto: string }
  /** A Groovy file, which the scan only reports when it declares endpoints (groovy-sources.ts). */
  | { path: string; bytes: number; key?: string; stamp?: Stamp; groovyEndpoints: boolean }
  /** Read, but not a source file one can use (binary content). */
  | { path: string; bytes: number; key?: string; stamp?: Stamp; unusable: string }
  | { path: string; bytes: number; key?: string; stamp?: Stamp; entry: FileEntry };

export function readSource(reader: SourceReader, f: WalkedSource, wanted: ReadWanted): ReadOutcome {
  const bytes = reader.readWalked(f.abs);
  if ('skipped' in bytes) return { path: f.path, skipped: bytes.skipped };
  const key = wanted.key ? keyOf(bytes) : undefined;
  const read = { path: f.path, bytes: bytes.length, key, stamp: reader.stamp };
  if (f.path.endsWith(PROTO_EXTENSION)) return { ...read, proto: bytes.toString('utf8') };
  if (f.path.endsWith(GROOVY_EXTENSION)) return { ...read, groovyEndpoints: declaresEndpoints(bytes) };
  const entry = sourceEntry(bytes, f, wanted.markers, key);
  return typeof entry === 'string' ? { ...read, unusable: entry } : { ...read, entry };
}

/**
 * The index entry of a source file's bytes, or why it cannot be used. `key`: the hash the
 * entry carries for the parse cache (none: the cache is off). Files a parse is likely for keep
 * their text.
 */
export function sourceEntry(bytes: Buffer, f: WalkedSource, markers: FrameworkMarkers, key: string | undefined): FileEntry | string {
  // NUL bytes never occur in Java or Kotlin source text.
  if (bytes.subarray(0, 8192).includes(0)) return 'skipped: binary content in a source file';
  const entry = describeFile(bytes, f.path, f.abs, f.module, f.path.endsWith('.kt') ? 'kotlin' : 'java');
  if (key !== undefined) entry.hash = key;
  if (entry.declaresAnnotation || markers.isInteresting(entry)) entry.text = bytes.toString('utf8');
  return entry;
}
