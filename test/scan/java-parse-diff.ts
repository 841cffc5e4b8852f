// Compares the two Java front-end paths on one text: the hand-written declaration parser and the
// tree-sitter reference (java-source.ts). Used by the differential tests and by trial runs over
// public code bases.

import { parseJava, setFastJavaParser } from '../../core/scan/java/java-source';
import { bailReason } from '../../core/scan/java/declaration-parser';
import type { SourceFile } from '../../core/scan/source-model';

export type Verdict = { kind: 'same' } | { kind: 'bail'; reason: string } | { kind: 'differ'; where: string } | { kind: 'fast-on-error'; errorLine: number };

/** The file as plain data: back-references become names, so two reads compare as JSON. */
export function plain(file: SourceFile): string {
  return JSON.stringify(file, (key, value: unknown) => {
    if (key === 'file') return (value as SourceFile).path;
    if (key === 'outer') return (value as { fqn: string }).fqn;
    return value;
  });
}

function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return a === b ? undefined : `${path}: ${JSON.stringify(a)?.slice(0, 200)} != ${JSON.stringify(b)?.slice(0, 200)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Reads `text` both ways. */
export function compareJava(text: string, path: string): Verdict {
  setFastJavaParser(false);
  let reference: { file: SourceFile; errorLine?: number };
  try {
    reference = parseJava(text, path, 'm');
  } catch (e) {
    // the reference refuses the file (nesting guard): the fast path runs after the same guard
    setFastJavaParser(true);
    return { kind: 'bail', reason: `reference throws: ${(e as Error).message}` };
  }
  setFastJavaParser(true);
  const fast = parseJava(text, path, 'm');
  if (fast.errorLine !== undefined && reference.errorLine !== undefined) return { kind: 'bail', reason: bailReason };
  if (fast.errorLine !== undefined || reference.errorLine !== undefined) {
    if (fast.errorLine === undefined) return { kind: 'fast-on-error', errorLine: reference.errorLine! };
    return { kind: 'differ', where: 'errorLine' };
  }
  const a = plain(fast.file);
  const b = plain(reference.file);
  if (a === b) {
    // identical output could still mean the fast path gave up on an error-free file
    return bailReason ? { kind: 'bail', reason: bailReason } : { kind: 'same' };
  }
  return { kind: 'differ', where: firstDifference(JSON.parse(a), JSON.parse(b)) ?? 'key order' };
}
