// Which local files a request may upload. A saved request (requests.json, often committed and
// shared) can name any path as a file body or file part; sent without asking, a shared project
// could make Send upload ~/.ssh/id_rsa. A file inside the project folder goes out as before; one
// outside it (by `../`, an absolute path, or a symlink leading out) only once the user allowed
// that file: the explorer asks, the CLI takes --allow-file.

import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors';

export interface FileAccess {
  /** The project folder: files under it (after following links) are sent freely. */
  root: string;
  /** Files the user allowed, by path (each is compared after following its links). */
  allowed?: readonly string[];
}

/** A file to upload lies outside the project and the user has not allowed it: nothing was sent. */
export class FileNotAllowed extends InputError {
  constructor(
    /** The file as the request names it, made absolute. */
    readonly path: string,
    /** Where it really is, after following links: what the user allows. */
    readonly target: string,
    /** `the body file`, `form part 'avatar'`: what reads it. */
    readonly use: string,
    readonly root: string,
  ) {
    const via = target === path ? '' : ` (a link to ${target})`;
    super(`${use} ${path}${via} is outside the project folder ${root}`, path);
  }
}

/** The file's real location: links followed; a path that does not exist yet is taken as written. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function inside(file: string, folder: string): boolean {
  const rel = relative(folder, file);
  // `..` as a whole segment leads out; a name merely starting with dots (`..env`) is inside.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Throws FileNotAllowed when `path` (absolute) is outside the project and not allowed. */
export function checkFileAccess(path: string, use: string, access: FileAccess | undefined): void {
  if (!access) return;
  const target = real(path);
  if (inside(target, real(access.root))) return;
  if (access.allowed?.some((a) => real(a) === target)) return;
  throw new FileNotAllowed(path, target, use, resolve(access.root));
}
