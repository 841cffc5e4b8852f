// A response body received as a stream: kept in memory up to a threshold, spilled to a temp file
// beyond it, so a 1 GB download costs disk, not memory. Readers take the whole body, its first
// bytes (for display and sniffing), or save it.

import { copyFile, mkdtemp, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRITE_BATCH = 1024 * 1024;
const PREFIX = 'apiscout-body-';
/** A body folder this old belongs to a process that died without cleaning up. */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes body folders that killed processes left behind, so big downloads do not pile up. */
async function sweepLeftovers(tempDir: string, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(tempDir)).filter((n) => n.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(tempDir, name);
    try {
      if (now - (await stat(dir)).mtimeMs > LEFTOVER_AGE_MS) await rm(dir, { recursive: true, force: true });
    } catch {
      // gone, or not ours to remove
    }
  }
}

export class ResponseBody {
  private constructor(
    private readonly memory: Buffer | undefined,
    /** The temp file holding a spilled body. */
    readonly file: string | undefined,
    /** Size in bytes. */
    readonly size: number,
  ) {}

  static fromBytes(bytes: Buffer): ResponseBody {
    return new ResponseBody(bytes, undefined, bytes.length);
  }

  /**
   * Drains `chunks`; once more than `memoryLimit` bytes arrived the rest goes straight to a temp
   * file under `tempDir`, written as it comes so memory holds about one chunk at a time.
   */
  static async receive(chunks: AsyncIterable<Uint8Array>, memoryLimit: number, tempDir = tmpdir()): Promise<ResponseBody> {
    let buffered: Buffer[] = [];
    let size = 0;
    let handle: FileHandle | undefined;
    let path: string | undefined;
    // Once spilling, chunks are gathered into writes of about a megabyte: one write per network
    // chunk (often 64 KiB) halves the throughput.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pending.length) await handle!.writev(pending);
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of chunks) {
        const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        size += buf.length;
        if (handle) {
          pending.push(buf);
          pendingBytes += buf.length;
          if (pendingBytes >= WRITE_BATCH) await flush();
          continue;
        }
        buffered.push(buf);
        if (size > memoryLimit) {
          await sweepLeftovers(tempDir);
          path = join(await mkdtemp(join(tempDir, PREFIX)), 'body');
          handle = await open(path, 'w', 0o600);
          pending = buffered;
          buffered = [];
          await flush();
        }
      }
      if (handle) await flush();
    } catch (e) {
      await handle?.close();
      if (path) await rm(join(path, '..'), { recursive: true, force: true });
      throw e;
    }
    if (handle) {
      await handle.close();
      return new ResponseBody(undefined, path, size);
    }
    return new ResponseBody(Buffer.concat(buffered, size), undefined, size);
  }

  get inMemory(): boolean {
    return this.memory !== undefined;
  }

  /** The whole body. For a spilled body this reads the file into memory: mind the size. */
  async bytes(): Promise<Buffer> {
    if (this.memory) return this.memory;
    const h = await open(this.file!, 'r');
    try {
      return await h.readFile();
    } finally {
      await h.close();
    }
  }

  /** At most the first `max` bytes. */
  async head(max: number): Promise<Buffer> {
    if (this.memory) return this.memory.subarray(0, max);
    const h = await open(this.file!, 'r');
    try {
      const buf = Buffer.alloc(Math.min(max, this.size));
      const { bytesRead } = await h.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await h.close();
    }
  }

  /** Writes the body to `path`; false when there is nothing to save (spec §2.4 saveBody). */
  async saveTo(path: string): Promise<boolean> {
    if (this.size === 0) return false;
    if (this.memory) await writeFile(path, this.memory);
    else await copyFile(this.file!, path);
    return true;
  }

  /** Removes the temp file of a spilled body. */
  async dispose(): Promise<void> {
    if (this.file) await rm(join(this.file, '..'), { recursive: true, force: true });
  }
}
