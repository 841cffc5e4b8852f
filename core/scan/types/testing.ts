// Test support for the type engine: an index over in-memory Java sources, and type references
// written as Java text. Not part of the scanner.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../model/endpoint';
import type { JsonSchema } from '../../model/request';
import { describeFile, ProjectIndex } from '../project-index';
import type { Scope } from '../project-index';
import type { TypeRef } from '../source-model';
import { SchemaBuilder } from './type-schema';
import type { SchemaOptions } from './type-schema';
import type { Direction } from './retyping';

/** Builds an index over sources keyed by path (written to a temp dir: the index re-reads lazily). */
export function indexOf(files: Record<string, string>): ProjectIndex {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-types-'));
  const index = new ProjectIndex([]);
  for (const [path, text] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    index.add(describeFile(text, path, abs, 'm', path.endsWith('.kt') ? 'kotlin' : 'java'));
  }
  return index;
}

/** `Map<String, List<? extends Foo>>[]` -> TypeRef. */
export function typeRef(text: string): TypeRef {
  let i = 0;
  const s = text.replace(/\s+/g, ' ').trim();
  const skip = () => {
    while (s[i] === ' ') i++;
  };
  const parse = (): TypeRef => {
    skip();
    if (s[i] === '?') {
      i++;
      skip();
      const m = /^(extends|super)\b/.exec(s.slice(i));
      if (!m) return { name: '?', args: [], dims: 0 };
      i += m[0].length;
      return { name: '?', args: [], dims: 0, bound: { kind: m[1] as 'extends' | 'super', type: parse() } };
    }
    const m = /^[\w$.]+/.exec(s.slice(i))!;
    i += m[0].length;
    const ref: TypeRef = { name: m[0], args: [], dims: 0 };
    skip();
    if (s[i] === '<') {
      i++;
      for (;;) {
        ref.args.push(parse());
        skip();
        if (s[i++] === '>') break;
      }
    }
    skip();
    while (s.startsWith('[]', i)) {
      ref.dims++;
      i += 2;
      skip();
    }
    return ref;
  };
  return parse();
}

/** A schema builder over `files`, and `schema(type, at)` for a type written inside the type `at`. */
export function schemas(files: Record<string, string>, opts?: SchemaOptions) {
  const index = indexOf(files);
  const diagnostics: Diagnostic[] = [];
  const builder = new SchemaBuilder(index, diagnostics, opts);
  const scopeOf = (fqn: string): Scope => {
    const type = index.typeByFqn(fqn);
    if (!type) throw new Error(`no type ${fqn}`);
    return { type, file: type.file };
  };
  return {
    index,
    builder,
    diagnostics,
    scopeOf,
    schema: (type: string, at: string, direction?: Direction): JsonSchema => builder.schemaOf(typeRef(type), scopeOf(at), undefined, direction),
  };
}
