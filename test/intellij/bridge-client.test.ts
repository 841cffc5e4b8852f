// bridge-client's own test suite (JUnit 5, Maven) is part of `npm test`: it drives the sidecar
// bundle this build just wrote (dist/apiscout.mjs), so the Kotlin client and the sidecar are
// checked together on every run. Needs Maven and a JDK 17+ (.ci/run installs them).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../intellij-shell/bridge-client/', import.meta.url));

it('bridge-client passes its JUnit tests against the real sidecar (mvn test)', () => {
  const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const reports = path.join(MODULE, 'target/surefire-reports');
  // Reports of an earlier run must not stand in for this one.
  fs.rmSync(reports, { recursive: true, force: true });
  const run = spawnSync(mvn, ['-B', '-q', 'test'], { cwd: MODULE, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.error) throw new Error(`cannot run Maven (${run.error.message}): install Maven and a JDK 17 or newer (.ci/run does)`);
  const summary = fs.existsSync(reports)
    ? fs.readdirSync(reports).filter((f) => f.endsWith('.txt')).map((f) => fs.readFileSync(path.join(reports, f), 'utf8').split('\n').slice(0, 4).join('\n'))
    : [];
  if (run.status !== 0) throw new Error(`mvn test failed (exit ${run.status}):\n${run.stdout.slice(-8000)}\n${run.stderr.slice(-4000)}\n${summary.join('\n')}`);
  // Each suite ran and none was skipped wholesale.
  const counts = summary.map((s) => /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/.exec(s)).filter((m) => m !== null);
  expect(counts.length).toBeGreaterThanOrEqual(4);
  expect(counts.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(25);
  for (const m of counts) expect([m[2], m[3]]).toEqual(['0', '0']);
}, 20 * 60_000);
