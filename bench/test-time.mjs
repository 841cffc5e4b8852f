// How long `npm test` takes, and where the time goes (issue 19: under 10 minutes on a 2-core
// machine, quiet). Runs what `npm test` runs (scripts/test.mjs: the build when dist/ is older than
// the sources, the type-check beside it and then beside vitest, the whole vitest suite), with
// vitest's JSON report, from which it prints the slowest test files and how busy the forks were
// (the sum of file times over forks x wall).
//
//   node bench/test-time.mjs [--top N] [--no-build | --build] [--cpu] [-- test files...]
//   (no files: the whole suite, as npm test runs it; take the figure on a quiet machine)
//   --build: build even when dist/ is up to date (npm run build), as a clone whose install did not.
//   --no-build: vitest alone (no build, no type-check), e.g. to time a few files.
//   --cpu: also each file's CPU time (bench/file-cpu-setup.ts: its worker's and that of the
//   processes it waited for) and the whole run's, the figure a busy machine distorts least; the
//   slowest files are then ordered by CPU.
//   --keep: keep vitest's JSON report (and the CPU log) and print where they are.
//
// Exit code: npm test's (vitest's), after the figures.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { procStat } from './proc-stat.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const i = process.argv.indexOf('--top');
const TOP = i > 0 ? Number(process.argv[i + 1]) : 12;
const dashes = process.argv.indexOf('--');
const FILES = dashes > 0 ? process.argv.slice(dashes + 1) : [];
const flags = process.argv.slice(2, dashes > 0 ? dashes : undefined);
const BUILD = !flags.includes('--no-build');
const CPU = flags.includes('--cpu');

function timed(command, args) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (performance.now() - start) / 1000 }));
  });
}

const out = mkdtempSync(join(tmpdir(), 'apiscout-test-time-'));
const report = join(out, 'vitest.json');
const cpuLog = join(out, 'cpu.jsonl');
if (CPU) process.env.APISCOUT_TEST_CPU_LOG = cpuLog;
const vitestArgs = [...(CPU ? ['--config', 'bench/vitest-cpu.config.ts'] : []), '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...FILES];

/** CPU seconds of the processes this one waited for (user + system). */
const childCpuSeconds = () => procStat('self').childrenCpuMs / 1000;
const cpuBefore = childCpuSeconds();
// System node, as npm test's vitest (node_modules/.bin/node, if present, cannot load isolated-vm).
const test = BUILD
  ? await timed(process.execPath, [join(ROOT, 'scripts/test.mjs'), ...(flags.includes('--build') ? ['--build'] : []), ...vitestArgs])
  : await timed(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...vitestArgs]);

// As vitest.config.ts.
const forks = Number(process.env.APISCOUT_TEST_FORKS) || Math.max(2, availableParallelism());
const lines = [`${(BUILD ? 'npm test in all:' : 'vitest run:').padEnd(25)}${test.seconds.toFixed(1)} s (${(test.seconds / 60).toFixed(1)} min; goal for npm test: under 10 min)`];
if (CPU) lines.push(`${'CPU in all:'.padEnd(25)}${(childCpuSeconds() - cpuBefore).toFixed(1)} s (user + system of the processes waited for${BUILD ? ", build and type-check too" : ""}; not Chromium's renderers: see the files' sum)`);
try {
  const files = JSON.parse(readFileSync(report, 'utf8')).testResults.map((f) => ({ name: relative(ROOT, f.name), seconds: (f.endTime - f.startTime) / 1000, startedAt: f.startTime, endedAt: f.endTime }));
  const cpuOf = new Map();
  if (CPU) {
    for (const line of readFileSync(cpuLog, 'utf8').split('\n').filter(Boolean)) {
      const { file, ownMs, childMs } = JSON.parse(line);
      cpuOf.set(relative(ROOT, file), (ownMs + childMs) / 1000);
    }
  }
  const first = Math.min(...files.map((f) => f.startedAt));
  const vitestSeconds = (Math.max(...files.map((f) => f.endedAt)) - first) / 1000;
  const sum = files.reduce((n, f) => n + f.seconds, 0);
  lines.push(`${'first to last test file:'.padEnd(25)}${vitestSeconds.toFixed(1)} s`);
  lines.push(`test files: ${files.length}, their times summed ${sum.toFixed(0)} s; forks busy ${((100 * sum) / (forks * vitestSeconds)).toFixed(0)}% of ${forks} x that time`);
  if (CPU) {
    const cpuSum = [...cpuOf.values()].reduce((n, s) => n + s, 0);
    lines.push(`test files' CPU summed: ${cpuSum.toFixed(0)} s`);
    lines.push(`slowest ${TOP} by CPU (CPU s, wall s, started at s):`);
    for (const f of files.sort((a, b) => (cpuOf.get(b.name) ?? 0) - (cpuOf.get(a.name) ?? 0)).slice(0, TOP)) {
      lines.push(`  ${(cpuOf.get(f.name) ?? NaN).toFixed(1).padStart(6)}  ${f.seconds.toFixed(1).padStart(6)}  @${((f.startedAt - first) / 1000).toFixed(0).padStart(4)}  ${f.name}`);
    }
  } else {
    lines.push(`slowest ${TOP} (seconds, started at s):`);
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, TOP)) lines.push(`  ${f.seconds.toFixed(1).padStart(6)}  @${((f.startedAt - first) / 1000).toFixed(0).padStart(4)}  ${f.name}`);
  }
} catch (error) {
  lines.push(`(no vitest report: ${error.message})`);
}
process.stdout.write(`\n${lines.join('\n')}\n`);
if (flags.includes('--keep')) process.stdout.write(`reports kept in ${out}\n`);
else rmSync(out, { recursive: true, force: true });
process.exit(test.code);
