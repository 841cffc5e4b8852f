// bridge-client's own test suite (JUnit 5, Maven) is part of `npm test`: it drives the sidecar
// bundle this build just wrote (dist/apiscout.mjs), so the Kotlin client and the sidecar are
// checked together on every run. Needs Maven and a JDK 17+ (.ci/run installs them).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { withMavenLock } from './maven-lock';

const MODULE = fileURLToPath(new URL('../../intellij-shell/bridge-client/', import.meta.url));

/** Runs a command without blocking the worker (vitest's own messages keep flowing meanwhile). */
function run(command: string, args: string[], cwd: string): Promise<{ status: number | null; output: string; error?: Error }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output = (output + d).slice(-20_000)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output = (output + d).slice(-20_000)));
    child.on('error', (error) => resolve({ status: null, output, error }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

it('bridge-client passes its JUnit tests against the real sidecar (mvn test)', async () => {
  const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const reports = path.join(MODULE, 'target/surefire-reports');
  // Reports of an earlier run must not stand in for this one.
  fs.rmSync(reports, { recursive: true, force: true });
  const mvnRun = await withMavenLock(() => run(mvn, ['-B', '-q', 'test'], MODULE));
  if (mvnRun.error) throw new Error(`cannot run Maven (${mvnRun.error.message}): install Maven and a JDK 17 or newer (.ci/run does)`);
  const summary = fs.existsSync(reports)
    ? fs.readdirSync(reports).filter((f) => f.endsWith('.txt')).map((f) => fs.readFileSync(path.join(reports, f), 'utf8').split('\n').slice(0, 4).join('\n'))
    : [];
  if (mvnRun.status !== 0) throw new Error(`mvn test failed (exit ${mvnRun.status}):\n${mvnRun.output}\n${summary.join('\n')}`);
  // Each suite ran and none was skipped wholesale.
  const counts = summary.map((s) => /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/.exec(s)).filter((m) => m !== null);
  expect(counts.length).toBeGreaterThanOrEqual(4);
  expect(counts.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(25);
  for (const m of counts) expect([m[2], m[3]]).toEqual(['0', '0']);
}, 20 * 60_000);
