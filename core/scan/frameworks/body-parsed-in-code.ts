// A handler that takes its body as a String and parses it itself (Zeppelin's
// `GSON.fromJson(message, CredentialRequest.class)`, fastjson's `JSON.parseObject(body, X.class)`,
// Jackson's `mapper.readValue(body, X.class)`) expects that class as JSON: without this the body
// is only "a string" and the explorer offers no fields. Read from the method's text, as declared.

import { readFileSync } from 'node:fs';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import type { TypeRef } from '../source-model';
import { blankComments, matching } from '../config-text';

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
  const body = methodBody(blankComments(text).replace(/::class\.java\b/g, '.class'), site.method.line, site.method.name);
  if (!body) return undefined;
  const call = new RegExp(`\\b(?:${PARSE_CALLS.join('|')})\\s*\\(\\s*${name}\\s*,\\s*([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)\\.class\\s*\\)`, 'g');
  const types = new Set([...body.matchAll(call)].map((m) => m[1]!));
  if (types.size !== 1) return undefined;
  return { name: [...types][0]!, args: [], dims: 0 };
}

/** The text of the block of the method named `name` declared on 1-based `line`. */
function methodBody(code: string, line: number, name: string): string | undefined {
  let at = 0;
  for (let l = 1; l < line && at >= 0; l++) at = code.indexOf('\n', at) + 1 || -1;
  if (at < 0) return undefined;
  const decl = new RegExp(`\\b${name}\\s*\\(`, 'g');
  decl.lastIndex = at;
  const m = decl.exec(code);
  if (!m) return undefined;
  const close = matching(code, m.index + m[0].length - 1);
  if (close < 0) return undefined;
  const open = code.indexOf('{', close);
  // An abstract or interface method has no block: a `;` comes first.
  const semi = code.indexOf(';', close);
  if (open < 0 || (semi >= 0 && semi < open)) return undefined;
  const end = matching(code, open);
  return code.slice(open, end < 0 ? code.length : end);
}
