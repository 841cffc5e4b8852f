// Descriptions from comments and enum constants, as schemas carry them.

import type { JsonSchema } from '../../model/request';
import { parseDoc, plainText } from '../doc-comment';
import type { ProjectIndex, Scope } from '../project-index';
import type { TypeDecl } from '../source-model';
import { findAnnotation } from '../source-model';
import { stringAttr } from './attribute';

/** The main text of a Javadoc or line comment, markup removed, on one line. */
export function docText(doc: string | undefined): string | undefined {
  if (!doc) return undefined;
  const tagAt = doc.includes('@') ? doc.search(/^\s*@\w+/m) : -1;
  let main = tagAt < 0 ? doc : doc.slice(0, tagAt);
  if (/[{<&]/.test(main)) main = plainText(main); // most comments have no markup: skip the rewrites
  // Runs for every property of every object built: a one-line comment (single spaces only) is left as it is, not copied.
  return (COLLAPSIBLE.test(main) ? main.replace(/\s+/g, ' ') : main).trim() || undefined;
}

/** White space `docText` changes: a run of two, or anything but a space. */
const COLLAPSIBLE = /\s\s|[^\S ]/;

/** The documented constants of an enum schema, readable: `1 (ACTIVE): in use; 2 (LOCKED): locked`. */
export function enumListing(s: JsonSchema): string | undefined {
  const docs = s['x-enum-descriptions'] as Record<string, string> | undefined;
  if (!docs) return undefined;
  const names = (s['x-enum-varnames'] as string[] | undefined) ?? (s.enum as string[] | undefined) ?? [];
  const out: string[] = [];
  names.forEach((name, i) => {
    const text = docs[name];
    if (!text) return;
    const value = s.enum?.[i];
    const label = value === undefined || value === name ? name : `${String(value)} (${name})`;
    out.push(`${label}: ${text.replace(/[.。]$/, '')}`);
  });
  return out.length ? out.join('; ') : undefined;
}

/** A type's own description: `@Schema(description)`, `@ApiModel(description)`, else its Javadoc summary. */
export function typeDescription(index: ProjectIndex, decl: TypeDecl): string | undefined {
  const scope: Scope = { type: decl, file: decl.file };
  const declared =
    stringAttr(index, findAnnotation(decl.annotations, 'Schema'), 'description', scope) ||
    stringAttr(index, findAnnotation(decl.annotations, 'ApiModel'), 'description', scope);
  if (declared) return declared;
  if (!decl.doc) return undefined;
  let summary = SUMMARIES.get(decl);
  if (summary === undefined) SUMMARIES.set(decl, (summary = parseDoc(decl.doc).summary));
  return summary || undefined;
}

/** Javadoc summaries per declaration: syntax only, shared by every builder. */
const SUMMARIES = new WeakMap<TypeDecl, string>();
