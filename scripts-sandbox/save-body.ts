// `response.saveBody(path)`: a script may write a response body only inside the project folder,
// or inside folders the user allowed (setting `scripts.saveBodyRoots`). Relative paths are
// resolved against the project; symlinks are followed before the check, so a link inside the
// project cannot point the write elsewhere. apiscout's own state (`.apiscout/`, the user folder)
// and git's (`.git/` at any depth, where a written hook or config would run a command; a root
// `.git` file) are never targets, nor is an existing symbolic or hard link.

import { constants, copyFileSync, lstatSync, mkdirSync, realpathSync, renameSync, unlinkSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { userConfigDir } from '../core/config/user-dir';
import { writeFileAtomic } from '../core/store/json-file';
import type { SaveBody } from './runner';

export function saveBodyWithin(projectDir: string, allowedRoots: readonly string[] = [], stateDir: string = userConfigDir()): SaveBody {
  const roots = [projectDir, ...allowedRoots].map((r) => real(resolve(r)));
  const userState = real(resolve(stateDir));
  return (path, body) => {
    const target = resolve(projectDir, path);
    const name = basename(target);
    const inside = (dir: string): boolean => roots.some((root) => isInsideOrEqual(root, dir));
    // The folder may not exist yet: check the nearest existing ancestor, then create below it.
    const realParentOf = (): string => {
      const parent = dirname(target);
      let existing = parent;
      while (!exists(existing) && dirname(existing) !== existing) existing = dirname(existing);
      return join(real(existing), relative(existing, parent));
    };
    const check = (realParent: string): void => {
      if (!inside(realParent)) {
        throw new Error(`saveBody: ${path} is outside the project folder${allowedRoots.length ? ' and the allowed folders' : ''} (allow more with the setting scripts.saveBodyRoots)`);
      }
      // Any `.git` or `.apiscout` on the way, as written or as resolved, at any depth: a nested
      // repository's config or hooks run commands; a root `.git` file points git elsewhere.
      const root = roots.find((r) => isInsideOrEqual(r, realParent))!;
      const components = [...relative(resolve(projectDir), target).split(sep), ...relative(root, realParent).split(sep), name];
      const guarded = components.find((c) => GUARDED.has(c.toLowerCase()));
      if (guarded) throw new Error(`saveBody: ${path} is inside or names ${guarded}, which scripts may not write`);
      if (isInsideOrEqual(userState, realParent)) throw new Error(`saveBody: ${path} is inside apiscout's user folder, which scripts may not write`);
    };
    check(realParentOf());
    mkdirSync(realParentOf(), { recursive: true });
    // Resolved again once the folders exist: a link put in place meanwhile is caught here.
    const realParent = realParentOf();
    check(realParent);
    const file = join(realParent, name);
    const existing = lstatOrUndefined(file);
    if (existing?.isSymbolicLink()) throw new Error(`saveBody: ${path} is a symbolic link; scripts may not write through links`);
    if (existing && !existing.isFile()) throw new Error(`saveBody: ${path} exists and is not a file`);
    if (existing && existing.nlink > 1) throw new Error(`saveBody: ${path} is a hard link to another file; scripts may not write through links`);
    if (body instanceof Uint8Array || !body.file) {
      writeFileAtomic(file, body instanceof Uint8Array ? body : body.read());
    } else {
      // A spilled body is copied file to file, never read into memory.
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        copyFileSync(body.file, temp, constants.COPYFILE_EXCL);
        renameSync(temp, file);
      } catch (e) {
        try {
          unlinkSync(temp);
        } catch {
          // not created
        }
        throw e;
      }
    }
    return file.split(sep).join('/');
  };
}

/** Folder names no script writes into (compared lower-case: some file systems ignore case). */
const GUARDED = new Set(['.git', '.apiscout']);

function lstatOrUndefined(p: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

function isInsideOrEqual(root: string, dir: string): boolean {
  const rel = relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function exists(p: string): boolean {
  try {
    realpathSync(p);
    return true;
  } catch {
    return false;
  }
}
