// Names, descriptions and folders of endpoints, shared by every framework (issue 2 rules):
// Swagger annotations first, then Javadoc, then the code's own names.

import { parseDoc, plainText } from '../doc-comment';
import type { ProjectIndex } from '../project-index';
import { findAnnotation } from '../source-model';
import type { TypeDecl } from '../source-model';
import type { MethodSite } from '../hierarchy';
import { stringValue, stringValues } from '../annotation-values';
import { swaggerAnnotation } from './swagger-meta';

export interface NameAndDescription {
  name: string;
  description: string;
}

export function nameAndDescription(index: ProjectIndex, chain: readonly MethodSite[]): NameAndDescription {
  let summary: string | undefined;
  let swaggerDescription: string | undefined;
  for (const { method, owner } of chain) {
    const scope = { type: owner, file: owner.file };
    const op = findAnnotation(method.annotations, 'Operation');
    // springfox finds `@ApiOperation` on an annotation the method carries too (swagger-meta.ts).
    const apiOp = swaggerAnnotation(index, method.annotations, scope, 'ApiOperation');
    summary ??= (op && nonEmpty(stringValue(index, op, ['summary'], scope))) || (apiOp && nonEmpty(stringValue(index, apiOp.annotation, ['value'], apiOp.scope))) || undefined;
    swaggerDescription ??=
      (op && nonEmpty(stringValue(index, op, ['description'], scope))) ||
      (apiOp && nonEmpty(stringValue(index, apiOp.annotation, ['notes'], apiOp.scope))) ||
      undefined;
  }
  const doc = parseDoc(chain.find((s) => s.method.doc && !/^\s*\{@inheritDoc\}\s*$/.test(s.method.doc))?.method.doc);
  const name = summary ?? (doc.summary || chain[0]!.method.name);
  return { name, description: swaggerDescription ?? doc.details };
}

/** `@Tag(name)` / `@Api(tags)` anywhere in the hierarchy, else the class Javadoc's first sentence, else the simple name. */
export function folderOf(index: ProjectIndex, type: TypeDecl): string {
  for (const t of [type, ...index.ancestors(type)]) {
    const scope = { type: t, file: t.file };
    const tag = findAnnotation(t.annotations, 'Tag');
    const tagName = tag && nonEmpty(stringValue(index, tag, ['name', 'value'], scope));
    if (tagName) return tagName;
    // `@Api` on the class, or on an annotation it carries (swagger-meta.ts).
    const api = swaggerAnnotation(index, t.annotations, scope, 'Api');
    const apiTag = api && (stringValues(index, api.annotation, ['tags'], api.scope) ?? []).find((s) => s.trim() !== '');
    if (apiTag) return apiTag;
    const apiValue = api && nonEmpty(stringValue(index, api.annotation, ['value'], api.scope));
    if (apiValue) return apiValue;
  }
  const summary = parseDoc(type.doc).summary;
  return summary ? plainText(summary) : type.name;
}

/**
 * What the class says about its folder: the description of the `@Tag` / `@Api` that names it
 * (`@Tag(name = "CmsPrefrenceAreaController", description = "商品优选管理")`), so the exports'
 * folders and tags read as the springdoc page does; '' when none does.
 */
export function folderDescriptionOf(index: ProjectIndex, type: TypeDecl, folder: string): string {
  for (const t of [type, ...index.ancestors(type)]) {
    const scope = { type: t, file: t.file };
    const tag = findAnnotation(t.annotations, 'Tag');
    if (tag && nonEmpty(stringValue(index, tag, ['name', 'value'], scope)) === folder) return nonEmpty(stringValue(index, tag, ['description'], scope)) ?? '';
    const found = swaggerAnnotation(index, t.annotations, scope, 'Api');
    if (!found) continue;
    const { annotation: api, scope: at } = found;
    const names = [...(stringValues(index, api, ['tags'], at) ?? []), stringValue(index, api, ['value'], at) ?? ''].map((n) => n.trim());
    if (names.includes(folder)) return nonEmpty(stringValue(index, api, ['description'], at)) ?? '';
  }
  return '';
}

function nonEmpty(s: string | undefined): string | undefined {
  return s && s.trim() !== '' ? s.trim() : undefined;
}
