// Incremental re-scan benchmark: one full scan of a code base, then repeated re-scans of single
// changed files of different kinds, each with its dependents. Run it with
//   npx vite-node bench/rescan.bench.ts [DIR] [--runs 20]
// Without DIR it uses the cached 10,000-file code base of bench/scan.mjs (run that first).

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ProjectScanner } from '../core/scan/project-scanner';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 20;
const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? defaultDir();

function defaultDir(): string {
  const out = join(import.meta.dirname, 'out');
  const gen = readdirSync(out).find((d) => d.startsWith('gen-10000-k0'));
  if (!gen) throw new Error('no generated code base in bench/out: run `node bench/scan.mjs` first');
  return join(out, gen);
}

function findFile(pattern: RegExp, content?: RegExp): string {
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (pattern.test(e.name) && (!content || content.test(readFileSync(p, 'utf8')))) return relative(dir, p);
    }
  }
  throw new Error(`no file matches ${pattern}`);
}

const scanner = new ProjectScanner(dir);
let t = performance.now();
const full = await scanner.scan();
console.log(`full scan: ${full.endpoints.length} endpoints, ${full.stats.filesRead} files in ${Math.round(performance.now() - t)} ms (in-process)`);

const cases: Array<{ kind: string; path: string; edit: (text: string) => string }> = [
  { kind: 'controller body', path: findFile(/Controller\.java$/, /@RestController/), edit: (s) => s.replace(/}\s*$/, '  // edited\n}\n') },
  { kind: 'constant used in paths', path: findFile(/^ApiPaths\.java$/), edit: (s) => s.replace(/"\/([a-z])/, '"/x$1') },
  { kind: 'abstract base controller', path: findFile(/^AbstractCrudController\.java$/), edit: (s) => s.replace('@GetMapping("/{id}")', '@GetMapping("/{id}/x")') },
  { kind: 'unrelated service', path: findFile(/Service\.java$/, /^(?![\s\S]*@RestController)/), edit: (s) => `${s}\n// edited\n` },
];

const rows: string[][] = [['change', 'roots recomputed', 'endpoints changed', 'p50 ms', 'max ms']];
for (const c of cases) {
  const abs = join(dir, c.path);
  const original = readFileSync(abs, 'utf8');
  const times: number[] = [];
  let roots = 0;
  let changed = 0;
  try {
    for (let i = 0; i < runs; i++) {
      writeFileSync(abs, i % 2 === 0 ? c.edit(original) : original);
      t = performance.now();
      const r = scanner.rescan([{ path: c.path, kind: 'changed' }]);
      times.push(performance.now() - t);
      roots = Math.max(roots, r.rootsRecomputed);
      changed = Math.max(changed, r.added.length + r.removed.length + r.updated.length);
    }
  } finally {
    writeFileSync(abs, original);
    scanner.rescan([{ path: c.path, kind: 'changed' }]);
  }
  times.sort((a, b) => a - b);
  rows.push([c.kind, String(roots), String(changed), times[Math.floor(times.length / 2)]!.toFixed(1), times.at(-1)!.toFixed(1)]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
