// One Maven build of intellij-shell per test run. bridge-client's JUnit tests and the plugin's
// compile gate and zip used to start Maven each, one after the other: a JVM and a Kotlin compiler
// each time. Now `mvn test` of the intellij-shell reactor does both in one JVM (platform-api, then
// bridge-client compiled and tested, then the plugin against bridge-client's classes), and the two
// test files read its outcome: the first to get here runs it, the other finds it recorded for this
// run (vitest.config.ts provides the run's id). The state store's file lock keeps two test processes from building into the same
// target/ folders: keyed by the checkout, in the temp folder, and a lock left by a killed test run
// is broken.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { withFileLock } from '../../core/store/json-file';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unique to each vitest run (vitest.config.ts). */
    testRun: string;
  }
}

export const SHELL = fileURLToPath(new URL('../../intellij-shell/', import.meta.url));
const LOCKED = path.join(os.tmpdir(), `apiscout-intellij-shell-${createHash('sha256').update(SHELL).digest('hex').slice(0, 16)}`);
/** The outcome of this run's build, beside the lock. */
const RECORD = `${LOCKED}.build.json`;

export interface ShellBuild {
  /** Maven's exit status (null: it could not start, `error` says why). */
  status: number | null;
  output: string;
  error?: string;
}

/** Runs `build` while no other test process builds intellij-shell with Maven. */
export function withMavenLock<T>(build: () => Promise<T>): Promise<T> {
  // A build on a busy machine takes minutes: wait as long as the test's own limit allows.
  return withFileLock(LOCKED, build, { timeoutMs: 30 * 60_000 });
}

/** Runs a command without blocking the worker (vitest's own messages keep flowing meanwhile). */
export function run(command: string, args: string[], cwd: string): Promise<{ status: number | null; output: string; error?: Error }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output = (output + d).slice(-30_000)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output = (output + d).slice(-30_000)));
    child.on('error', (error) => resolve({ status: null, output, error }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * `mvn test` of the intellij-shell reactor, once per test run: afterwards plugin/target/classes holds
 * the compiled plugin and bridge-client/target/surefire-reports its JUnit results. A failing JUnit
 * test does not fail the build (the reports say it; bridge-client.test.ts reads them), so a status
 * other than 0 is a compile error, which both test files report. Reactor order: platform-api,
 * bridge-client (compiled once, with the plugin's gate: api-version 1.9, -Werror; then tested), the
 * plugin's adapters against its classes. `--fail-at-end`: bridge-client is still
 * tested when platform-api does not compile.
 */
export function shellBuild(): Promise<ShellBuild> {
  const testRun = inject('testRun');
  return withMavenLock(async () => {
    try {
      const recorded = JSON.parse(fs.readFileSync(RECORD, 'utf8')) as ShellBuild & { testRun: string };
      if (recorded.testRun === testRun) return recorded;
    } catch {
      // none yet for this run
    }
    // Reports of an earlier run must not stand in for this one.
    fs.rmSync(path.join(SHELL, 'bridge-client/target/surefire-reports'), { recursive: true, force: true });
    const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
    const args = ['-B', '-q', '--fail-at-end', '-Dmaven.test.failure.ignore=true', 'test'];
    // Offline when the local Maven repository has everything; a fresh machine downloads on the retry.
    let build = await run(mvn, ['-o', ...args], SHELL);
    if (build.status !== 0 && !build.error && /offline mode|has not been downloaded/.test(build.output)) build = await run(mvn, args, SHELL);
    const outcome: ShellBuild = build.error
      ? { status: null, output: build.output, error: `cannot run Maven (${build.error.message}): install Maven and a JDK 17 or newer (.ci/run does)` }
      : { status: build.status, output: build.output };
    fs.writeFileSync(RECORD, JSON.stringify({ ...outcome, testRun }));
    return outcome;
  });
}
