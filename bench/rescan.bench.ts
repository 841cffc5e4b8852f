// Incremental re-scan benchmark: one full scan of a code base, then repeated re-scans of single
// changed files of different kinds, each with its dependents. Run it with
//   npx vite-node bench/rescan.bench.ts [DIR] [--runs 20]
// Without DIR it uses the cached 10,000-file code base of bench/scan.mjs (run that first). The
// edits are written into DIR (and undone): give it a copy. Source cases need files of the kinds
// the generated code base has; the pom cases edit the first module pom with dependencies.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectArtifactId } from '../core/scan/modules';
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

function findFile(pattern: RegExp, content?: RegExp, not?: string): string {
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (pattern.test(e.name) && relative(dir, p) !== not && (!content || content.test(readFileSync(p, 'utf8')))) return relative(dir, p);
    }
  }
  throw new Error(`no file matches ${pattern}`);
}

const scanner = new ProjectScanner(dir);
let t = performance.now();
const full = await scanner.scan();
console.log(`full scan: ${full.endpoints.length} endpoints, ${full.stats.filesRead} files in ${Math.round(performance.now() - t)} ms (in-process)`);

type Case = { kind: string; path: string; edit: (text: string) => string };
const cases: Case[] = [
  ...optional('controller body', () => findFile(/Controller\.java$/, /@RestController/), (s) => s.replace(/}\s*$/, '  // edited\n}\n')),
  ...optional('constant used in paths', () => findFile(/^ApiPaths\.java$/), (s) => s.replace(/"\/([a-z])/, '"/x$1')),
  ...optional('abstract base controller', () => findFile(/^AbstractCrudController\.java$/), (s) => s.replace('@GetMapping("/{id}")', '@GetMapping("/{id}/x")')),
  ...optional('unrelated service', () => findFile(/Service\.java$/, /^(?![\s\S]*@RestController)/), (s) => `${s}\n// edited\n`),
  // Build files: a version bump, a test dependency and a comment change nothing a scan reads; a dependency on another module does.
  ...pomCases(),
];

/** A case on a file of the kind the generated code base has, when this code base has one. */
function optional(kind: string, find: () => string, edit: Case['edit']): Case[] {
  try {
    return [{ kind, path: find(), edit }];
  } catch {
    return [];
  }
}

function pomCases(): Case[] {
  let pom: string;
  try {
    pom = findFile(/^pom\.xml$/, /<parent>[\s\S]*<\/dependencies>/);
  } catch {
    return []; // a code base without module poms
  }
  const other = findFile(/^pom\.xml$/, /<parent>/, pom);
  const otherName = projectArtifactId(readFileSync(join(dir, other), 'utf8')) ?? 'other';
  console.log(`pom edits on ${pom}; the module dependency on ${otherName}`);
  const addDependency = (s: string, dep: string) => s.replace('</dependencies>', `  ${dep}\n  </dependencies>`);
  return [
    { kind: 'pom: version bump', path: pom, edit: (s) => s.replace(/<version>([^<]*)<\/version>/, '<version>$1.1</version>') },
    { kind: 'pom: test dependency', path: pom, edit: (s) => addDependency(s, '<dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><scope>test</scope></dependency>') },
    { kind: 'pom: comment', path: pom, edit: (s) => s.replace('</project>', '  <!-- edited -->\n</project>') },
    { kind: 'pom: module dependency', path: pom, edit: (s) => addDependency(s, `<dependency><groupId>com.acme</groupId><artifactId>${otherName}</artifactId></dependency>`) },
  ];
}

const rows: string[][] = [['change', 'roots recomputed', 'endpoints changed', 'files parsed', 'p50 ms', 'max ms']];
for (const c of cases) {
  const abs = join(dir, c.path);
  const original = readFileSync(abs, 'utf8');
  const times: number[] = [];
  let roots = 0;
  let changed = 0;
  let parsed = 0;
  try {
    for (let i = 0; i < runs; i++) {
      writeFileSync(abs, i % 2 === 0 ? c.edit(original) : original);
      const parsedBefore = scanner.result().stats.filesParsed;
      t = performance.now();
      const r = scanner.rescan([{ path: c.path, kind: 'changed' }]);
      times.push(performance.now() - t);
      parsed = Math.max(parsed, scanner.result().stats.filesParsed - parsedBefore);
      roots = Math.max(roots, r.rootsRecomputed);
      changed = Math.max(changed, r.added.length + r.removed.length + r.updated.length);
    }
  } finally {
    writeFileSync(abs, original);
    scanner.rescan([{ path: c.path, kind: 'changed' }]);
  }
  times.sort((a, b) => a - b);
  rows.push([c.kind, String(roots), String(changed), String(parsed), times[Math.floor(times.length / 2)]!.toFixed(1), times.at(-1)!.toFixed(1)]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
