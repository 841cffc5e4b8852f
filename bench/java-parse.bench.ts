// Java parse cost per path, in one process: every .java file under DIR read through parseJava
// with the hand-written declaration parser first (tree-sitter only where it gives up) and through
// tree-sitter alone, alternating, CPU time per round (user + system), plus how many files the
// fast path left to tree-sitter. Run it with
//   npx vite-node bench/java-parse.bench.ts DIR [--rounds 3] [--list FILE]
// --list: only the files FILE names (one path under DIR a line), e.g. the files a cold scan parses
// (the paths in its scan-cache.bin's header).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bailReason } from '../core/scan/java/declaration-parser';
import { parseJava, setFastJavaParser } from '../core/scan/java/java-source';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) throw new Error('usage: npx vite-node bench/java-parse.bench.ts DIR [--rounds 3] [--list FILE]');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;

function* javaFiles(d: string): Generator<string> {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.git' && e.name !== 'node_modules' && e.name !== '.apiscout') yield* javaFiles(p);
    } else if (e.name.endsWith('.java')) yield p;
  }
}

const listAt = args.indexOf('--list');
const paths = listAt >= 0 ? readFileSync(args[listAt + 1]!, 'utf8').split('\n').filter(Boolean).map((p) => join(dir, p)) : [...javaFiles(dir)];
const texts = paths.map((f) => readFileSync(f, 'utf8'));
const cpu: Record<'fast' | 'tree-sitter', number[]> = { fast: [], 'tree-sitter': [] };
let bails = 0;
for (let r = 0; r < rounds; r++) {
  for (const path of ['tree-sitter', 'fast'] as const) {
    setFastJavaParser(path === 'fast');
    const t0 = process.cpuUsage();
    for (const t of texts) {
      try {
        parseJava(t, 'A.java', 'm');
      } catch {
        // a file the nesting guard refuses: the same for both paths
      }
      if (path === 'fast' && r === 0 && bailReason) bails++;
    }
    const u = process.cpuUsage(t0);
    cpu[path].push((u.user + u.system) / 1000);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fast = median(cpu.fast);
const tree = median(cpu['tree-sitter']);
console.log(`${texts.length} Java files under ${dir}, ${rounds} rounds, CPU medians:`);
console.log(`  tree-sitter path     ${tree.toFixed(0)} ms`);
console.log(`  declaration parser   ${fast.toFixed(0)} ms (${(tree / fast).toFixed(2)}x less), ${bails} files left to tree-sitter`);
console.log('  (both include the skeleton and the nesting guard every parse runs)');
