// `apiscout scripts [DIR]`: lists the request scripts configured for a project and checks each one
// (groovy against the subset, then a compile in the sandbox) without sending anything, so a broken
// script is caught in CI rather than on the next call.

import { parseArgs } from 'node:util';
import { readConfig } from '../../core/config/config-reader';
import { SettingsStore } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { ScriptError } from '../../core/errors';
import { allScripts } from '../../scripts-sandbox/hooks';
import { ScriptRunner } from '../../scripts-sandbox/runner';
import type { CliIO } from '../io';

export const scriptsHelp = `Usage: apiscout scripts [DIR]

Lists the request scripts (http.call.before / http.call.after at every level) configured for DIR
(default: the current folder) in its settings and config files, and checks each one without
running it: a groovy: script against the groovy subset, every script compiled in the sandbox.
Exits 1 when a script does not compile.

Options:
  -h, --help   show this help`;

export async function scriptsCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    io.out(scriptsHelp);
    return 0;
  }
  if (positionals.length > 1) {
    io.err(`apiscout scripts: expected at most one directory\nRun 'apiscout scripts --help' for its usage.`);
    return 2;
  }
  const projectDir = positionals[0] ?? process.cwd();
  const diagnostics: { file: string; message: string }[] = [];
  const config = readConfig({ projectDir, diagnostics });
  for (const d of diagnostics) io.err(`warning: ${d.message}`);
  const settings = new SettingsStore({ userDir: userConfigDir(), projectDir, warn: (m) => io.err(`warning: ${m}`) }).read();
  let scripts;
  try {
    scripts = allScripts({ projectDir, config, settings });
  } catch (e) {
    if (!(e instanceof ScriptError)) throw e;
    io.out(`FAIL ${e.message}`);
    return 1;
  }
  if (!scripts.length) {
    io.out(`no request scripts configured in ${projectDir}`);
    return 0;
  }
  const runner = new ScriptRunner();
  let failed = 0;
  try {
    for (const script of scripts) {
      try {
        runner.check(script);
        io.out(`ok   ${script.name} (${script.language}, ${script.code.split('\n').length} line${script.code.includes('\n') ? 's' : ''})`);
      } catch (e) {
        if (!(e instanceof ScriptError)) throw e;
        failed++;
        io.out(`FAIL ${e.message}`);
      }
    }
  } finally {
    runner.dispose();
  }
  io.out(`${scripts.length} script${scripts.length === 1 ? '' : 's'}, ${failed} failed`);
  return failed ? 1 : 0;
}
