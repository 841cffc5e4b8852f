// `response.saveBody(path)`: a script may write a response body only inside the project folder,
// or inside folders the user allowed (setting `scripts.saveBodyRoots`). Relative paths are
// resolved against the project; symlinks are followed before the check, so a link inside the
// project cannot point the write elsewhere. apiscout's own state (`.apiscout/`) and git's (`.git/`,
// where a written hook would run on the next commit) are never targets.

import { copyFileSync, mkdirSync, realpathSync, renameSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../core/store/json-file';
import type { SaveBody } from './runner';

export function saveBodyWithin(projectDir: string, allowedRoots: readonly string[] = []): SaveBody {
  const roots = [projectDir, ...allowedRoots].map((r) => real(resolve(r)));
  return (path, body) => {
    const target = resolve(projectDir, path);
    const parent = dirname(target);
    const inside = (dir: string): boolean => roots.some((root) => isInsideOrEqual(root, dir));
    // The folder may not exist yet: check the nearest existing ancestor, then create below it.
    let existing = parent;
    while (!exists(existing) && dirname(existing) !== existing) existing = dirname(existing);
    const realParent = join(real(existing), relative(existing, parent));
    if (!inside(realParent)) {
      throw new Error(`saveBody: ${path} is outside the project folder${allowedRoots.length ? ' and the allowed folders' : ''} (allow more with the setting scripts.saveBodyRoots)`);
    }
    const guarded = roots.flatMap((root) => (isInsideOrEqual(root, realParent) ? [relative(root, realParent).split(sep)[0]] : []));
    if (guarded.some((first) => first === '.git' || first === '.apiscout')) {
      throw new Error(`saveBody: ${path} is inside ${guarded.find((f) => f === '.git' || f === '.apiscout')}/, which scripts may not write`);
    }
    mkdirSync(realParent, { recursive: true });
    const file = join(realParent, basename(target));
    if (exists(file) && !inside(dirname(real(file)))) throw new Error(`saveBody: ${path} links outside the project folder`);
    if (body instanceof Uint8Array || !body.file) {
      writeFileAtomic(file, body instanceof Uint8Array ? body : body.read());
    } else {
      // A spilled body is copied file to file, never read into memory.
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        copyFileSync(body.file, temp);
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
