// The localStorage of request scripts (spec §2.4, §5.2), one per project, in the user folder:
// `projects/<name>-<hash>.local-storage.json`. A token an after-script reads from one response is
// there for the next request's before-script, in this process or any other. Values often are
// credentials, so they live outside the project tree, readable by their owner only. Each
// successful run's writes are applied in one locked read-modify-write with atomic replacement, so
// two processes saving different keys keep both. Earlier versions kept the file in the project's
// `.apiscout/scripts/`: it is read from there until the first write moves it.

import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectStateDir, projectUserFile, userConfigDir } from '../config/user-dir';
import { readJsonFile, withFileLock, writeFileAtomic } from './json-file';
import type { Warn } from './json-file';

export type LocalStorageOp = { op: 'set'; key: string; value: unknown } | { op: 'remove'; key: string };

interface StorageFile {
  version: 1;
  values: Record<string, unknown>;
}

/** Keeps a runaway script from filling the disk: the whole store stays under this size. */
export const MAX_STORAGE_BYTES = 4 * 1024 * 1024;

export class LocalStorageStore {
  readonly path: string;
  /** Where earlier versions kept it, inside the project. */
  readonly legacyPath: string;
  private readonly warn: Warn;

  /** `userDir`: the per-user folder (see userConfigDir); injected so tests never touch the real one. */
  constructor(options: { projectDir: string; userDir?: string; warn?: Warn }) {
    this.path = projectUserFile(options.projectDir, options.userDir ?? userConfigDir(), 'local-storage.json');
    this.legacyPath = join(projectStateDir(options.projectDir), 'scripts', 'local-storage.json');
    this.warn = options.warn ?? (() => {});
  }

  read(): Record<string, unknown> {
    const path = existsSync(this.path) || !existsSync(this.legacyPath) ? this.path : this.legacyPath;
    return readJsonFile(path, isStorageFile, this.warn)?.values ?? {};
  }

  async apply(ops: LocalStorageOp[]): Promise<void> {
    // A script that saves the same token after every response should not cost a locked,
    // fsynced write each time.
    if (!ops.length || JSON.stringify(applied(this.read(), ops)) === JSON.stringify(this.read())) return;
    await withFileLock(this.path, () => {
      const values = applied(this.read(), ops);
      const text = `${JSON.stringify({ version: 1, values } satisfies StorageFile, null, 2)}\n`;
      if (Buffer.byteLength(text) > MAX_STORAGE_BYTES) {
        throw new Error(`localStorage would grow past ${MAX_STORAGE_BYTES / 1024 / 1024} MB (${this.path}); nothing was saved`);
      }
      writeFileAtomic(this.path, text, { mode: 0o600 });
      // Moved: no copy stays in the project.
      rmSync(this.legacyPath, { force: true });
    });
  }
}

function applied(values: Record<string, unknown>, ops: LocalStorageOp[]): Record<string, unknown> {
  const out = { ...values };
  for (const o of ops) {
    // Defined, not assigned: a key named __proto__ is data here, never the object's prototype.
    if (o.op === 'set') Object.defineProperty(out, o.key, { value: o.value, enumerable: true, writable: true, configurable: true });
    else delete out[o.key];
  }
  return out;
}

function isStorageFile(data: unknown): data is StorageFile {
  const d = data as StorageFile;
  return !!d && typeof d === 'object' && d.version === 1 && !!d.values && typeof d.values === 'object' && !Array.isArray(d.values);
}
