// Reads `Content-Length`-framed JSON-RPC messages from the host's stdin, bounded and
// self-healing (issue 23). vscode-jsonrpc's own reader buffers whatever a header announces and
// never recovers from a malformed header: after `Content-Length: abc`, `-5`, a missing length
// or an 8 MB header line no later request was answered, and `Content-Length: 2^31` kept
// buffering. Here a header block is at most MAX_HEADER_BYTES, a body at most MAX_BODY_BYTES;
// a frame breaking either is dropped with a line on stderr naming the limit, and reading
// resumes at the next `Content-Length:` header.

import type { Readable } from 'node:stream';
import { AbstractMessageReader } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable } from 'vscode-jsonrpc/node';

export const MAX_HEADER_BYTES = 8 * 1024;
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('content-length:');

export class FramedReader extends AbstractMessageReader {
  private chunks: Buffer[] = [];
  private size = 0;
  /** The body length of the frame being read, once its header was accepted. */
  private bodyLength: number | undefined;
  private callback: DataCallback | undefined;

  constructor(
    private readonly stream: Readable,
    private readonly log: (message: string) => void,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (data: Buffer): void => this.take(data);
    const onError = (e: Error): void => this.fireError(e);
    const onClose = (): void => this.fireClose();
    this.stream.on('data', onData);
    this.stream.on('error', onError);
    this.stream.on('close', onClose);
    this.stream.on('end', onClose);
    return {
      dispose: () => {
        this.stream.off('data', onData);
        this.stream.off('error', onError);
        this.stream.off('close', onClose);
        this.stream.off('end', onClose);
      },
    };
  }

  private take(data: Buffer): void {
    this.chunks.push(data);
    this.size += data.length;
    // A body still arriving is joined once, when complete: never copied chunk after chunk.
    if (this.bodyLength !== undefined && this.size < this.bodyLength) return;
    for (;;) {
      const buffer = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      this.chunks = [buffer];
      if (this.bodyLength === undefined) {
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (buffer.length <= MAX_HEADER_BYTES) return;
          this.resync(buffer, `a header longer than ${MAX_HEADER_BYTES} bytes`);
          continue;
        }
        if (end > MAX_HEADER_BYTES) {
          this.resync(buffer, `a header longer than ${MAX_HEADER_BYTES} bytes`);
          continue;
        }
        const header = buffer.subarray(0, end).toString('latin1');
        const length = contentLength(header);
        if (typeof length === 'string') {
          // From just past this frame's start: a garbage line before a good header resumes at that header.
          this.resync(buffer, length);
          continue;
        }
        this.bodyLength = length;
        this.keep(buffer.subarray(end + HEADER_END.length));
        continue;
      }
      if (buffer.length < this.bodyLength) {
        this.size = buffer.length;
        return;
      }
      const body = buffer.subarray(0, this.bodyLength);
      this.keep(buffer.subarray(this.bodyLength));
      this.bodyLength = undefined;
      let message: unknown;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch (e) {
        // The server answers a reader error with a JSON-RPC parse error (-32700) and reads on.
        this.log(`protocol: a message that is not JSON was dropped (${(e as Error).message})`);
        this.fireError(new Error(`the message is not JSON (${(e as Error).message})`));
        continue;
      }
      this.callback?.(message as never);
    }
  }

  private keep(rest: Buffer): void {
    this.chunks = rest.length ? [rest] : [];
    this.size = rest.length;
  }

  /** Drops a bad frame's header and resumes at the next `Content-Length:` after it. */
  private resync(buffer: Buffer, why: string, from = 1): void {
    const next = indexOfCaseless(buffer, CONTENT_LENGTH, from);
    this.log(`protocol: dropped a frame with ${why}; ${next < 0 ? 'waiting for' : 'resuming at'} the next Content-Length header`);
    // Without a next header, keep only a tail that may hold the start of one.
    this.keep(next < 0 ? buffer.subarray(Math.max(from, buffer.length - CONTENT_LENGTH.length)) : buffer.subarray(next));
    this.bodyLength = undefined;
  }
}

/** The header's body length, or why the header is refused. */
function contentLength(header: string): number | string {
  let length: number | string = 'no Content-Length';
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a malformed header line`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,12}$/.test(value)) return `Content-Length '${value.slice(0, 40)}', not a length`;
    const n = Number(value);
    if (n > MAX_BODY_BYTES) return `Content-Length ${n}, over the limit of ${MAX_BODY_BYTES} bytes`;
    length = n;
  }
  return length;
}

function indexOfCaseless(buffer: Buffer, lowerNeedle: Buffer, from: number): number {
  // Headers are ASCII: compare with the case folded.
  outer: for (let i = from; i <= buffer.length - lowerNeedle.length; i++) {
    for (let j = 0; j < lowerNeedle.length; j++) {
      let c = buffer[i + j]!;
      if (c >= 65 && c <= 90) c += 32;
      if (c !== lowerNeedle[j]) continue outer;
    }
    return i;
  }
  return -1;
}
