// Writing an export's files: each one atomically (a reader never sees half a collection), the
// folder created, and no name leading outside it. Shared by the CLI and the sidecar.

import { isAbsolute, join, relative, resolve } from 'node:path';
import { InputError, fsReason } from '../errors';
import { writeFileAtomic } from '../store/json-file';
import type { ExportFile } from './types';

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
  return files.map((file, i) => {
    const path = i === 0 && mainPath !== undefined ? resolve(mainPath) : inside(dir, file.path);
    const data = Buffer.from(file.content, 'utf8');
    try {
      writeFileAtomic(path, data);
    } catch (e) {
      throw new InputError(`cannot write ${path}: ${fsReason(e)}`, path, { cause: e });
    }
    return { path, bytes: data.length };
  });
}

/** An exporter's file names are relative, `/`-separated: anything else is refused, never joined. */
function inside(dir: string, name: string): string {
  const path = resolve(join(dir, name));
  const rel = relative(dir, path);
  if (isAbsolute(name) || rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new InputError(`export file name '${name}' leads outside ${dir}`, name);
  return path;
}
