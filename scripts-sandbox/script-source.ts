// Script property values (spec §2.6): `groovy:` or `js:` followed by a triple-backtick block.
// The config reader has usually dropped the fences already; both spellings are accepted here.

import { ScriptError } from '../core/errors';

export type ScriptLanguage = 'js' | 'groovy';

export interface ScriptSource {
  /** Names the script in errors and logs, e.g. `http.call.after (.apiscout/config.properties)`. */
  name: string;
  language: ScriptLanguage;
  /** The code, fences removed; line 1 is the first line of code. */
  code: string;
}

/**
 * Reads a property value. No prefix means JavaScript. An empty script is `undefined`: setting a
 * property to `js:` with nothing after it turns the hook off rather than failing every call.
 */
export function parseScriptProperty(value: string, name: string): ScriptSource | undefined {
  let rest = value.replace(/^\s+/, '');
  let language: ScriptLanguage = 'js';
  const prefix = /^(groovy|js|javascript):/i.exec(rest);
  if (prefix) {
    language = prefix[1]!.toLowerCase() === 'groovy' ? 'groovy' : 'js';
    rest = rest.slice(prefix[0].length);
  }
  const fenced = /^[ \t]*```[^\n`]*\n?([\s\S]*?)\n?[ \t]*```[ \t]*$/.exec(rest);
  if (fenced) rest = fenced[1]!;
  else if (rest.trimStart().startsWith('```')) throw new ScriptError(`${name}: the code block opened with \`\`\` is never closed`, name, 1);
  else rest = rest.replace(/^[ \t]*\r?\n/, '');
  if (rest.trim() === '') return undefined;
  return { name, language, code: rest.replace(/\r\n/g, '\n') };
}
