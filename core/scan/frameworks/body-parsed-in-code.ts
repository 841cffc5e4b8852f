// A handler that takes its body as a String and parses it itself (Zeppelin's
// `GSON.fromJson(message, CredentialRequest.class)`, fastjson's `JSON.parseObject(body, X.class)`,
// Jackson's `mapper.readValue(body, X.class)`) expects that class as JSON: without this the body
// is only "a string" and the explorer offers no fields. Read from the method's text, as declared.

import { readFileSync } from 'node:fs';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import type { TypeRef } from '../source-model';
import { blankComments } from '../config-text';
import { bodyRange } from '../method-body';

/** JSON libraries' parse calls taking the text first and a class literal second. */
const PARSE_CALLS = ['fromJson', 'readValue', 'parseObject', 'toBean', 'jsonToObject', 'fromJSON'];

/** The class `site`'s body parses its String parameter `name` into, when it does so once or always into the same class. */
export function bodyParsedInCode(index: ProjectIndex, site: MethodSite, name: string): TypeRef | undefined {
  const abs = index.files.get(site.owner.file.path)?.abs;
  if (!abs) return undefined;
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
  const range = bodyRange(text, site.method, site.owner.file.path.endsWith('.kt'));
  if (!range) return undefined;
  const body = blankComments(text.slice(range.from, range.to)).replace(/::class\.java\b/g, '.class');
  const call = new RegExp(`\\b(?:${PARSE_CALLS.join('|')})\\s*\\(\\s*${name}\\s*,\\s*([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)\\.class\\s*\\)`, 'g');
  const types = new Set([...body.matchAll(call)].map((m) => m[1]!));
  if (types.size !== 1) return undefined;
  return { name: [...types][0]!, args: [], dims: 0 };
}
