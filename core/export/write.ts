// Writing an export's files: each one atomically (a reader never sees half a collection), the
// folder created, and no name leading outside it. Shared by the CLI and the sidecar.

import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { InputError, fsReason } from '../errors';
import { writeAll, writeFileAtomicWith } from '../store/json-file';
import { contentPieces } from './json-pieces';
import type { ExportFile } from './types';
import type { Piece } from './utf8-chunks';

export interface WrittenFile {
  /** Absolute. */
  path: string;
  bytes: number;
}

/**
 * Writes every file under `directory` (created when missing). `mainPath`: the first file goes
 * there instead and the others (companion environment files) beside it, under `directory`.
 */
export function writeExportFiles(files: readonly ExportFile[], directory: string, mainPath?: string): WrittenFile[] {
  const dir = resolve(directory);
  const target = (file: ExportFile, i: number) => (i === 0 && mainPath !== undefined ? resolve(mainPath) : inside(dir, file.path));
  // A template already there holds what the user filled in (credentials): it is theirs, not rewritten.
  const written = files.map((file, i) => ({ file, path: target(file, i) })).filter(({ file, path }) => !(file.keepExisting && existsSync(path)));
  return written.map(({ file, path }) => {
    let bytes = 0;
    try {
      writeFileAtomicWith(path, (fd) => {
        const out = new StagedWriter(fd);
        for (const piece of contentPieces(file)) out.add(piece);
        bytes = out.end();
      });
    } catch (e) {
      throw new InputError(`cannot write ${path}: ${fsReason(e)}`, path, { cause: e });
    }
    return { path, bytes };
  });
}

/** UTF-16 units encoded at a time: at most 3 UTF-8 bytes each. */
const PIECE = 1 << 18;
let staging: Buffer | undefined;

/**
 * Text written as UTF-8 through one reused buffer. Encoding a collection of tens of megabytes
 * whole takes a buffer of its size, fresh pages the kernel faults in one by one: that cost more
 * than the encoding.
 */
class StagedWriter {
  private readonly buf = (staging ??= Buffer.allocUnsafe(PIECE * 3));
  private used = 0;
  private bytes = 0;

  constructor(private readonly fd: number) {}

  add(piece: Piece): void {
    if (typeof piece !== 'string') {
      // Already UTF-8 (utf8-chunks.ts): written as it is.
      this.flush();
      writeAll(this.fd, piece);
      this.bytes += piece.length;
      return;
    }
    const text = piece;
    for (let at = 0; at < text.length; ) {
      let end = Math.min(text.length, at + PIECE);
      // Never between the halves of a surrogate pair: each half alone would be written as U+FFFD.
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
      if (this.used + (end - at) * 3 > this.buf.length) this.flush();
      this.used += this.buf.write(end - at === text.length ? text : text.slice(at, end), this.used, 'utf8');
      at = end;
    }
  }

  /** Writes what is staged; returns the bytes written in all. */
  end(): number {
    this.flush();
    return this.bytes;
  }

  private flush(): void {
    writeAll(this.fd, this.buf.subarray(0, this.used));
    this.bytes += this.used;
    this.used = 0;
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** An exporter's file names are relative, `/`-separated: anything else is refused, never joined. */
function inside(dir: string, name: string): string {
  const path = resolve(join(dir, name));
  const rel = relative(dir, path);
  if (isAbsolute(name) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new InputError(`export file name '${name}' leads outside ${dir}`, name);
  return path;
}
