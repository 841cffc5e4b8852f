// The localStorage of request scripts (spec §2.4, §5.2), one per project:
// `.apiscout/scripts/local-storage.json`. A token an after-script reads from one response is there
// for the next request's before-script, in this process or any other. Values often are credentials,
// so the folder carries its own `.gitignore` and the file is readable by its owner only. Each
// successful run's writes are applied in one locked read-modify-write with atomic replacement, so
// two processes saving different keys keep both.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProjectStateDir, projectStateDir } from '../config/user-dir';
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
  private readonly warn: Warn;

  private readonly projectDir: string;

  constructor(options: { projectDir: string; warn?: Warn }) {
    this.projectDir = options.projectDir;
    this.path = join(projectStateDir(options.projectDir), 'scripts', 'local-storage.json');
    this.warn = options.warn ?? (() => {});
  }

  read(): Record<string, unknown> {
    return readJsonFile(this.path, isStorageFile, this.warn)?.values ?? {};
  }

  async apply(ops: LocalStorageOp[]): Promise<void> {
    // A script that saves the same token after every response should not cost a locked,
    // fsynced write each time.
    if (!ops.length || JSON.stringify(applied(this.read(), ops)) === JSON.stringify(this.read())) return;
    this.ensureFolder();
    await withFileLock(this.path, () => {
      const values = applied(this.read(), ops);
      const text = `${JSON.stringify({ version: 1, values } satisfies StorageFile, null, 2)}\n`;
      if (Buffer.byteLength(text) > MAX_STORAGE_BYTES) {
        throw new Error(`localStorage would grow past ${MAX_STORAGE_BYTES / 1024 / 1024} MB (${this.path}); nothing was saved`);
      }
      writeFileAtomic(this.path, text, { mode: 0o600 });
    });
  }

  private ensureFolder(): void {
    ensureProjectStateDir(this.projectDir);
    const dir = join(this.path, '..');
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, '.gitignore'), '*\n', { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
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
