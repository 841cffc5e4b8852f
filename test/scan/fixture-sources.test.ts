// The fixtures themselves must be right before they can judge the scanner: every Java file is
// valid Java (except the ones a case declares broken), and every expected.json points at files
// and lines that exist.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'tree-sitter';
import Java from 'tree-sitter-java';
import { describe, expect, it } from 'vitest';
import { parseKotlin } from '../../core/scan/kotlin/kotlin-source';
import { FIXTURES, javaFilesUnder, loadExpected } from './fixture-case';

/** Folders under test/fixtures holding an expected.json, relative, forward slashes. */
function caseDirs(dir = FIXTURES, prefix = ''): string[] {
  const out: string[] = [];
  if (prefix && existsSync(join(dir, 'expected.json'))) out.push(prefix);
  for (const name of readdirSync(dir)) {
    const sub = join(dir, name);
    if (statSync(sub).isDirectory()) out.push(...caseDirs(sub, prefix ? `${prefix}/${name}` : name));
  }
  return out;
}

const cases = caseDirs();
// A diagnostic about what a valid file means (a gRPC service without its proto) says so in
// `messageContains`; one without it, or one naming a syntax error or a declaration that does not
// parse, is about a file broken on purpose.
const declaredBroken = new Set(
  cases.flatMap((c) => (loadExpected(join(FIXTURES, c)).diagnostics ?? []).filter((d) => d.messageContains === undefined || /syntax|does not parse/i.test(d.messageContains)).map((d) => `${c}/${d.file}`)),
);

const parser = new Parser();
parser.setLanguage(Java);

function firstError(tree: Parser.Tree): string | undefined {
  const visit = (n: Parser.SyntaxNode): string | undefined => {
    if (n.type === 'ERROR' || n.isMissing) return `${n.isMissing ? 'missing ' : ''}${n.type} at line ${n.startPosition.row + 1}`;
    if (!n.hasError) return undefined;
    for (const c of n.children) {
      const found = visit(c);
      if (found) return found;
    }
    return undefined;
  };
  return visit(tree.rootNode);
}

describe('fixture Java sources parse with tree-sitter-java', () => {
  const files = javaFilesUnder(FIXTURES);

  it('finds the fixture sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.filter((f) => !declaredBroken.has(f)))('%s', (file) => {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    const tree = parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2 + 1024) });
    expect(firstError(tree)).toBeUndefined();
  });

  it.each([...declaredBroken].filter((f) => f.endsWith('.java')).sort())('%s is broken on purpose', (file) => {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    expect(parser.parse(text).rootNode.hasError).toBe(true);
  });
});

/** Every .kt file under a folder, relative to it, forward slashes. */
function kotlinFilesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, name)).isDirectory()) out.push(...kotlinFilesUnder(join(dir, name), rel));
    else if (name.endsWith('.kt')) out.push(rel);
  }
  return out.sort();
}

describe('fixture Kotlin sources parse with tree-sitter-kotlin', () => {
  const files = kotlinFilesUnder(FIXTURES);

  it('finds the fixture sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.filter((f) => !declaredBroken.has(f)))('%s', (file) => {
    const { errorLine } = parseKotlin(readFileSync(join(FIXTURES, file), 'utf8'), file, 'm');
    expect(errorLine).toBeUndefined();
  });

  it.each(files.filter((f) => declaredBroken.has(f)))('%s is broken on purpose', (file) => {
    const { errorLine } = parseKotlin(readFileSync(join(FIXTURES, file), 'utf8'), file, 'm');
    expect(errorLine).toBeDefined();
  });
});

describe('expected.json files point at real sources', () => {
  it.each(cases)('%s', (c) => {
    const dir = join(FIXTURES, c);
    const expected = loadExpected(dir);
    const problems: string[] = [];
    for (const e of expected.endpoints) {
      if (e.line !== undefined && e.file === undefined) problems.push(`${e.member}: line without file`);
      if (e.file === undefined) continue;
      const abs = join(dir, e.file);
      if (!existsSync(abs)) {
        problems.push(`${e.member}: ${e.file} does not exist`);
        continue;
      }
      const lines = readFileSync(abs, 'utf8').split(/\r?\n/);
      const declares = (l: string | undefined) => l !== undefined && new RegExp(`\\b${e.member}\\s*\\(`).test(l);
      if (e.line !== undefined ? !declares(lines[e.line - 1]) : !lines.some(declares)) {
        problems.push(`${e.member}: not declared at ${e.file}:${e.line ?? '?'}`);
      }
    }
    for (const d of expected.diagnostics ?? []) {
      if (!existsSync(join(dir, d.file))) problems.push(`diagnostic file ${d.file} does not exist`);
    }
    expect(problems).toEqual([]);
  });
});
