// The `apiscout` command line: dispatches to one module per command and maps errors to exit
// codes: 0 success, 1 a failure (a request that got no response, a remote service, a script, or
// something unexpected), 2 bad usage or bad input.

import { CallError, InputError, ScriptError, SyncError } from '../core/errors';
import type { CliIO } from './io';
import { packageVersion } from './version';

const HELP = `apiscout: find, explore, call and export the API endpoints of Java and Kotlin code bases

Usage: apiscout <command> [options]

Commands:
  scan [DIR]             list the endpoints found in DIR (default: the bundled sample shop)
  search QUERY [DIR]     find endpoints by address, name or pasted path
  show ID|QUERY [DIR]    one endpoint's parameters, body and response
  ui [DIR]               the API Explorer in your browser (default: the bundled sample shop)
  serve --stdio          the sidecar: JSON-RPC over stdio for the IntelliJ plugin
  call ID|QUERY [DIR]    send one endpoint's request and print the response
  env ACTION [--dir DIR] list, create, change and select environments; sync them with Postman
  scripts [DIR]          list and check the request scripts (http.call.before/after)
  settings [ACTION]      show or change settings (user or project)
  export --format CHANNEL [DIR]
                         export endpoints: markdown, yapi, postman, curl, http-client,
                         hoppscotch, openapi, apipost

Run 'apiscout <command> --help' for a command's options.`;

type Command = (args: string[], io: CliIO) => Promise<number>;

/**
 * Each command's module, loaded when it runs: the bundle is split along these imports, so a
 * `scan` compiles and runs neither the sidecar's server nor the exporters, and the reverse.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  scan: async () => (await import('./commands/scan')).scanCommand,
  search: async () => (await import('./commands/search')).searchCommand,
  show: async () => (await import('./commands/show')).showCommand,
  ui: async () => (await import('./commands/ui')).uiCommand,
  serve: async () => (await import('./commands/serve')).serveCommand,
  call: async () => (await import('./commands/call')).callCommand,
  env: async () => (await import('./commands/env')).envCommand,
  scripts: async () => (await import('./commands/scripts')).scriptsCommand,
  settings: async () => (await import('./commands/settings')).settingsCommand,
  export: async () => (await import('./commands/export')).exportCommand,
};

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-v') {
    io.out(packageVersion());
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.err(`apiscout: unknown command '${command}'\nRun 'apiscout --help' for the commands.`);
    return 2;
  }
  try {
    return await (await load())(rest, io);
  } catch (e) {
    if (e instanceof InputError) {
      io.err(`apiscout ${command}: ${e.message}`);
      return 2;
    }
    if (e instanceof CallError || e instanceof SyncError || e instanceof ScriptError) {
      // The request went out (or tried to) and no response came back, a remote service refused,
      // or a script failed: not a usage problem.
      io.err(`apiscout ${command}: ${e.message}`);
      return 1;
    }
    if (isUsageError(e)) {
      io.err(`apiscout ${command}: ${usageMessage(e as Error)}\nRun 'apiscout ${command} --help' for its usage.`);
      return 2;
    }
    io.err(`apiscout ${command}: unexpected failure: ${(e as Error).stack ?? String(e)}`);
    return 1;
  }
}

/**
 * parseArgs's first sentence: "Unknown option '--x'". What follows explains `--` for positionals
 * and ends on an unbalanced quote.
 */
function usageMessage(e: Error): string {
  // "Option '--limit' argument is ambiguous.\nDid you forget ...?\nTo specify an option argument
  // starting with a dash use '--limit=-XYZ'.": one line, with the way to write it.
  const ambiguous = /^(Option '[^']*' argument is ambiguous)\.\n[\s\S]*use ('[^']*')/.exec(e.message);
  if (ambiguous) return `${ambiguous[1]}: a value that starts with a dash is written ${ambiguous[2]}`;
  const first = /^(.*?'[^']*')\. /.exec(e.message)?.[1];
  return first ?? e.message;
}

/** node:util parseArgs reports unknown or malformed options with these codes. */
function isUsageError(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

