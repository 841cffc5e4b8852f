// Values read out of text that is never parsed into the source model: the code of a
// WebMvcConfigurer or a servlet registration (path-prefixes.ts, servlet-mounts.ts), build
// files naming OpenAPI specs (openapi-generated/build-config.ts), web.xml, and Spring's
// `${key:default}` placeholders over application.yml/properties. One reader for all of them,
// so comments, strings, brackets and placeholders are handled the same way everywhere.

/** Comments become spaces, so offsets (and lines) stay where they were; strings are kept. Java, Kotlin, Groovy. */
export function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = skipString(text, i);
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2;
      const stop = end <= 1 || end < 0 ? text.length : end;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** XML comments become spaces, keeping lines. */
export function blankXmlComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
}

/** The trimmed text of the first `<name>…</name>` in an XML fragment. */
export function xmlChild(body: string, name: string): string | undefined {
  return new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(body)?.[1];
}

/** The index of the bracket closing the `(`, `{` or `[` at `open`; -1 when unbalanced. Strings are skipped. */
export function matching(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") i = skipString(code, i);
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') if (--depth === 0) return i;
  }
  return -1;
}

/** The index of the quote ending the string literal starting at `i`. */
export function skipString(code: string, i: number): number {
  const q = code[i]!;
  for (let j = i + 1; j < code.length; j++) {
    if (code[j] === '\\') j++;
    else if (code[j] === q) return j;
  }
  return code.length;
}

/** Splits at `sep` outside parentheses, braces, brackets and strings; parts trimmed, empty ones dropped. */
export function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = skipString(text, i);
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      out.push(text.slice(start, i));
      i += sep.length - 1;
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** The 1-based line of offset `at`. */
export function lineOf(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Spring's `${key:default}` placeholders in a value (`/api`, `${app.prefix:/api}`,
 * `${base}/v1`) filled from the application properties; undefined when one has neither a
 * value nor a default.
 */
export function resolvePlaceholders(text: string, property: (key: string) => string | undefined, depth = 0): string | undefined {
  if (!text.includes('${')) return text;
  if (depth > 8) return undefined;
  let out = '';
  let at = 0;
  for (let start = text.indexOf('${'); start >= 0; start = text.indexOf('${', at)) {
    const end = placeholderEnd(text, start);
    if (end < 0) break;
    // A default may hold placeholders of its own, as Spring's do: `${server.error.path:${error.path:/error}}`.
    const inner = text.slice(start + 2, end);
    const colon = topLevelColon(inner);
    const key = colon < 0 ? inner : inner.slice(0, colon);
    const v = property(key.trim());
    const value = v !== undefined ? resolvePlaceholders(v, property, depth + 1) : colon < 0 ? undefined : resolvePlaceholders(inner.slice(colon + 1), property, depth + 1);
    if (value === undefined) return undefined;
    out += text.slice(at, start) + value;
    at = end + 1;
  }
  return out + text.slice(at);
}

/** The `}` closing the placeholder that opens at `start`, past nested `${...}` (-1 when unclosed). */
function placeholderEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start + 2; i < text.length; i++) {
    if (text.startsWith('${', i)) {
      depth++;
      i++;
    } else if (text.charCodeAt(i) === 0x7d && depth-- === 0) return i;
  }
  return -1;
}

/** The `:` between a placeholder's key and its default, outside nested placeholders (-1 when none). */
function topLevelColon(inner: string): number {
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner.startsWith('${', i)) {
      depth++;
      i++;
    } else if (inner.charCodeAt(i) === 0x7d) depth--;
    else if (inner.charCodeAt(i) === 0x3a && depth === 0) return i;
  }
  return -1;
}
