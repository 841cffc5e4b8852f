// The hand-written Java declaration parser must read every file exactly as the tree-sitter path
// does, or give up on it: on every fixture and on a generated code base, each file's SourceFile
// from the fast path deep-equals the reference's, or the fast path bailed. The bail rates are
// bounded so the fast path is shown to be used, and the bail list is printed.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compareJava } from './java-parse-diff';
import type { Verdict } from './java-parse-diff';
import { FIXTURES } from './fixture-case';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const GENERATOR = join(REPO, 'bench', 'gen-codebase.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'apiscout-java-parser-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function javaFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...javaFiles(p));
    else if (e.name.endsWith('.java')) out.push(p);
  }
  return out;
}

function compareAll(root: string): { total: number; bails: string[]; wrong: string[] } {
  const bails: string[] = [];
  const wrong: string[] = [];
  const files = javaFiles(root);
  for (const f of files) {
    const v: Verdict = compareJava(readFileSync(f, 'utf8'), relative(root, f));
    if (v.kind === 'bail') bails.push(`${relative(root, f)}: ${v.reason}`);
    else if (v.kind === 'differ') wrong.push(`${relative(root, f)}: ${v.where}`);
    else if (v.kind === 'fast-on-error') wrong.push(`${relative(root, f)}: read fast, but tree-sitter reports an error on line ${v.errorLine}`);
  }
  return { total: files.length, bails, wrong };
}

describe('the declaration parser against tree-sitter', () => {
  it('reads every fixture as tree-sitter does, most of them without tree-sitter', () => {
    const { total, bails, wrong } = compareAll(FIXTURES);
    console.log(`fixtures: ${total} Java files, ${bails.length} left to tree-sitter:\n  ${bails.join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(total).toBeGreaterThan(200);
    // broken files, bodies the skeleton keeps: a handful, never most
    expect(bails.length).toBeLessThan(total * 0.02);
  });

  it('never reads a file tree-sitter finds an error in: 1,500 random one-character edits of the fixtures', () => {
    const files = javaFiles(FIXTURES);
    let seed = 1;
    const random = (n: number): number => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 * n);
    const marks = ['', '{', '}', '(', ')', ';', ',', '<', '>', '@', '"', "'", '/', '*', '.', '=', ' ', 'x', '[', ']', '-', '+', '?', ':', '&', '\n'];
    const counts = { same: 0, bail: 0 };
    const wrong: string[] = [];
    for (let k = 0; k < 1500; k++) {
      const f = files[random(files.length)]!;
      const text = readFileSync(f, 'utf8');
      const at = random(text.length);
      const edited = text.slice(0, at) + marks[random(marks.length)]! + text.slice(at + random(2));
      const v = compareJava(edited, relative(FIXTURES, f));
      if (v.kind === 'same' || v.kind === 'bail') counts[v.kind]++;
      else wrong.push(`${relative(FIXTURES, f)} edited at ${at}: ${v.kind === 'differ' ? v.where : `error on line ${v.errorLine} not seen`}`);
    }
    console.log(`edits: ${JSON.stringify(counts)}`);
    expect(wrong).toEqual([]);
    // most edits break the file (left to tree-sitter); many still parse and are read fast
    expect(counts.same).toBeGreaterThan(300);
  });

  it('reads a generated code base of 1,500 files without tree-sitter, exactly as tree-sitter does', async () => {
    const dir = join(tmp, 'gen');
    await promisify(execFile)(process.execPath, [GENERATOR, dir, '--files', '1500', '--seed', '11'], { encoding: 'utf8' });
    const { total, bails, wrong } = compareAll(dir);
    console.log(`generated: ${total} Java files, ${bails.length} left to tree-sitter:\n  ${bails.join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(total).toBeGreaterThan(1000);
    expect(bails).toEqual([]);
  }, 300_000);
});
