// bridge-client's own test suite (JUnit 5, Maven) is part of `npm test`: it drives the sidecar
// bundle this build just wrote (dist/apiscout.mjs), so the Kotlin client and the sidecar are
// checked together on every run. Needs Maven and a JDK 17+ (.ci/run installs them). Maven runs
// once for this file and plugin-package.test.ts (shell-build.ts).

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SHELL, shellBuild } from './shell-build';

const REPORTS = path.join(SHELL, 'bridge-client/target/surefire-reports');

it('bridge-client passes its JUnit tests against the real sidecar (mvn test)', async () => {
  const build = await shellBuild();
  if (build.error) throw new Error(build.error);
  const summary = fs.existsSync(REPORTS)
    ? fs.readdirSync(REPORTS).filter((f) => f.endsWith('.txt')).map((f) => fs.readFileSync(path.join(REPORTS, f), 'utf8'))
    : [];
  if (build.status !== 0) throw new Error(`mvn test failed (exit ${build.status}):\n${build.output}\n${summary.map((s) => s.split('\n').slice(0, 4).join('\n')).join('\n')}`);
  // Each suite ran and none was skipped wholesale.
  const counts = summary.map((s) => /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/.exec(s)).filter((m) => m !== null);
  expect(counts.length).toBeGreaterThanOrEqual(4);
  expect(counts.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(25);
  // A failing JUnit test does not fail the Maven build (the plugin's gate is read from the same
  // run): its suite's report, with the failure, is the message.
  const failed = summary.filter((s) => !/Failures: 0, Errors: 0,/.test(s));
  expect(failed.map((s) => s.slice(0, 6000))).toEqual([]);
}, 20 * 60_000);
