// What a command may touch: output streams, the sample project, the progress line. Tests
// pass their own to run commands in-process.

import { closeSync, constants, openSync, readlinkSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import type { Terminal } from './ask-render';

export interface Progress {
  update(text: string): void;
  done(): void;
}

export interface CliIO {
  out(text: string): void;
  /** Bytes that are already UTF-8 text, written as they are (default: decoded and given to `out`). */
  outBytes?(bytes: Uint8Array): void;
  /**
   * As `outBytes`, but written before it returns: the caller may reuse `bytes` after. For
   * tens of megabytes (a stored scan result) through one buffer, without a stream's copies.
   */
  outBytesNow?(bytes: Uint8Array): void;
  err(text: string): void;
  stdout: NodeJS.WriteStream;
  /** The bundled sample shop: the default target when no directory is given. */
  sampleProject: string;
  progress(): Progress;
  /** Stdin and stderr when both are a terminal: someone who can answer a question. */
  terminal?: Terminal;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(`${t}\n`),
    outBytes: (b) => process.stdout.write(b),
    outBytesNow: writeStdoutNow,
    err: (t) => process.stderr.write(`${t}\n`),
    stdout: process.stdout,
    // dist/apiscout.mjs and cli/*.ts both sit one level below the package root.
    sampleProject: fileURLToPath(new URL('../test/fixtures/shop', import.meta.url)),
    progress: () => terminalProgress(process.stderr),
    // isatty first: process.stdin builds its stream on first touch (~25 ms), which piped runs never need.
    ...(isatty(0) && isatty(2) ? { terminal: { input: process.stdin, output: process.stderr } } : {}),
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes straight to stdout when the stream has nothing queued (else after the queue, as a copy).
 * Node makes a pipe's end non-blocking once process.stdout exists, and a full pipe then answers
 * EAGAIN. A pipe is therefore written through a second, blocking opening of it, which the kernel
 * wakes the moment the reader drains (17 MB of scan JSON into a 64 KB pipe: no sleeping between
 * writes); elsewhere a full pipe waits a millisecond. A reader gone ends the output, as the entry's
 * EPIPE handler does for the stream.
 */
function writeStdoutNow(bytes: Uint8Array): void {
  if (process.stdout.writableLength > 0) {
    process.stdout.write(Buffer.from(bytes));
    return;
  }
  const fd = blockingStdout();
  for (let done = 0; done < bytes.length; ) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

let blockingFd: number | undefined;

/**
 * fd 1, or where it is an anonymous pipe on Linux a blocking descriptor of the same pipe: opening
 * /proc/self/fd/1 makes a new open file description, with its own (blocking) flags. Only a pipe:
 * opening a file there again would truncate it or lose an append's position, and opening a named
 * FIFO waits for a reader.
 */
function blockingStdout(): number {
  if (blockingFd !== undefined) return blockingFd;
  blockingFd = 1;
  if (process.platform !== 'linux') return blockingFd;
  try {
    if (!readlinkSync('/proc/self/fd/1').startsWith('pipe:')) return blockingFd;
    const fd = openSync('/proc/self/fd/1', constants.O_WRONLY);
    process.once('exit', () => closeSync(fd));
    blockingFd = fd;
  } catch {
    // No /proc: fd 1 with its pauses.
  }
  return blockingFd;
}

/** A single self-overwriting line on a terminal; nothing at all otherwise. */
function terminalProgress(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  let shown = false;
  let last = 0;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 80) return; // repaint at most ~12 times a second
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
