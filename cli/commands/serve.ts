// `apiscout serve --stdio`: the sidecar the IntelliJ plugin starts. JSON-RPC 2.0 with
// Content-Length framing on stdin/stdout; stdout carries protocol only, logs go to stderr.

import { parseArgs } from 'node:util';
import { StreamMessageWriter } from 'vscode-jsonrpc/node';
import { FramedReader } from '../../ide-bridge/framed-reader';
import { NEVER_CANCELLED } from '../../ide-bridge/bridge-error';
import { BridgeHub } from '../../ide-bridge/server';
import { startUiServer } from '../../ide-bridge/ui-server';
import type { UiServer } from '../../ide-bridge/ui-server';
import type { CliIO } from '../io';
import { packageVersion } from '../version';
import { UI_ASSETS } from './ui';
import { scanCacheDisabledByEnv } from '../cache-option';

export const serveHelp = `Usage: apiscout serve --stdio [--no-ui]

Runs the sidecar: JSON-RPC 2.0 (LSP base framing) on stdin and stdout, logs on stderr.
The method catalog is ide-bridge/protocol.ts; 'hello' returns the protocol version and the URL
of the loopback UI server, where the explorer web app speaks the same catalog over a WebSocket.

Options:
  --stdio        speak the protocol on stdin/stdout (the only transport so far)
  --no-ui        start no UI server ('hello' then gives uiUrl null)
  -h, --help     show this help`;

export async function serveCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      stdio: { type: 'boolean', default: false },
      'no-ui': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(serveHelp);
    return 0;
  }
  if (!values.stdio) {
    io.err(`apiscout serve: choose a transport: --stdio\nRun 'apiscout serve --help' for its usage.`);
    return 2;
  }
  // Anything a library prints would corrupt the protocol stream: console output goes to stderr.
  for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error;
  const log = (m: string) => process.stderr.write(`[apiscout ${new Date().toISOString()}] ${m}\n`);
  let ui: UiServer | undefined;
  const hub = new BridgeHub({ serverVersion: packageVersion(), log, uiUrl: () => ui?.url ?? null, scanCache: !scanCacheDisabledByEnv() });
  // Listening takes a millisecond or two; `hello` can then always answer with the URL.
  if (!values['no-ui']) ui = await startUiServer({ hub, assetsDir: UI_ASSETS, log });
  return new Promise<number>((resolve) => {
    const bridge = hub.connect(new FramedReader(process.stdin, log), new StreamMessageWriter(process.stdout), {
      host: true,
      onExit: (clean) => {
        bridge.dispose();
        void ui?.close();
        process.stdin.destroy();
        const code = clean ? 0 : 1;
        // A host gone without `shutdown` still gets what the handlers hold released (temp files of kept response bodies).
        const released = clean ? Promise.resolve() : Promise.resolve(hub.handlers.shutdown({}, NEVER_CANCELLED)).catch(() => {});
        void released.then(() => {
          resolve(code);
          // A scan still running must not keep a host waiting for the process to end.
          setTimeout(() => process.exit(code), 100).unref();
        });
      },
    });
    // The UI URL carries the secret token: it goes to the host through `hello`, never to the log.
    log(`sidecar ${packageVersion()} ready on stdio (pid ${process.pid})${ui ? `, UI server on 127.0.0.1:${ui.port}` : ''}`);
  });
}
