// `apiscout serve --stdio`: the sidecar the IntelliJ plugin starts. JSON-RPC 2.0 with
// Content-Length framing on stdin/stdout; stdout carries protocol only, logs go to stderr.

import { parseArgs } from 'node:util';
import { startBridge } from '../../ide-bridge/server';
import type { CliIO } from '../io';
import { packageVersion } from '../version';

export const serveHelp = `Usage: apiscout serve --stdio

Runs the sidecar: JSON-RPC 2.0 (LSP base framing) on stdin and stdout, logs on stderr.
The method catalog is ide-bridge/protocol.ts; 'hello' returns the protocol version.

Options:
  --stdio        speak the protocol on stdin/stdout (the only transport so far)
  -h, --help     show this help`;

export async function serveCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { stdio: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    io.out(serveHelp);
    return 0;
  }
  if (!values.stdio) {
    io.err(`apiscout serve: choose a transport: --stdio\n\n${serveHelp}`);
    return 2;
  }
  // Anything a library prints would corrupt the protocol stream: console output goes to stderr.
  for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error;
  const log = (m: string) => process.stderr.write(`[apiscout ${new Date().toISOString()}] ${m}\n`);
  return new Promise<number>((resolve) => {
    const bridge = startBridge(process.stdin, process.stdout, {
      serverVersion: packageVersion(),
      log,
      onExit: (clean) => {
        bridge.dispose();
        process.stdin.destroy();
        const code = clean ? 0 : 1;
        resolve(code);
        // A scan still running must not keep a host waiting for the process to end.
        setTimeout(() => process.exit(code), 100).unref();
      },
    });
    log(`sidecar ${packageVersion()} ready on stdio (pid ${process.pid})`);
  });
}
