// vscode-jsonrpc's reader and writer over a `ws` socket: one JSON-RPC message per text frame (a
// WebSocket frames messages itself, so no Content-Length headers). The hub serves the catalog on
// these exactly as on stdio.

import { AbstractMessageReader, AbstractMessageWriter } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable, Message, MessageReader, MessageWriter } from 'vscode-jsonrpc/node';
import type { RawData, WebSocket } from 'ws';

export class WebSocketMessageReader extends AbstractMessageReader implements MessageReader {
  private callback: DataCallback | undefined;
  /** Messages that arrived before `listen`: the connection attaches a moment after the upgrade. */
  private readonly early: Message[] = [];

  constructor(socket: WebSocket) {
    super();
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        this.fireError(new Error('binary frame: JSON-RPC messages are text frames'));
        return;
      }
      let message: Message;
      try {
        message = JSON.parse(rawText(data)) as Message;
      } catch (e) {
        this.fireError(new Error((e as Error).message));
        return;
      }
      if (this.callback) this.callback(message);
      else this.early.push(message);
    });
    socket.on('error', (e) => this.fireError(e));
    socket.on('close', () => this.fireClose());
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    for (const m of this.early.splice(0)) callback(m);
    return { dispose: () => (this.callback = undefined) };
  }
}

export class WebSocketMessageWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly socket: WebSocket) {
    super();
    socket.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    // A socket closing under a late reply or notification is the client's choice, not an error.
    if (this.socket.readyState !== this.socket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.send(JSON.stringify(message), (e) => {
        if (e) {
          this.fireError([e, message, undefined]);
          reject(e);
        } else resolve();
      });
    });
  }

  end(): void {
    this.socket.close();
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
