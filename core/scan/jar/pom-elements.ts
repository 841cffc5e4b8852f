// The elements of a pom by where they stand, not by the first match anywhere: a pom's own
// `<groupId>` is the child of `<project>`, not a profile's plugin's or a dependency's; its
// `<properties>` are the project's, not a profile's.

/** A pom's text with its comments blanked out. */
export const withoutComments = (xml: string): string => xml.replace(/<!--[\s\S]*?(?:-->|$)/g, '');

/**
 * The inner text of the first `<tag>` element that is a child of `parent` (the inner text of an
 * element, or a whole document for its root: `child(child(pom, 'project'), 'groupId')`).
 */
export function child(parent: string | undefined, tag: string): string | undefined {
  if (parent === undefined) return undefined;
  let depth = 0;
  let start = -1;
  for (const m of parent.matchAll(TAG)) {
    const [all, closing, name, selfClosing] = m;
    if (selfClosing) {
      if (depth === 0 && name === tag && start < 0) return '';
      continue;
    }
    if (!closing) {
      if (depth === 0 && name === tag) start = m.index! + all!.length;
      depth++;
    } else {
      depth--;
      if (depth === 0 && name === tag && start >= 0) return parent.slice(start, m.index);
      if (depth < 0) return undefined; // more closed than opened: not a fragment of one element's children
    }
  }
  return undefined;
}

/** The inner text of each child element of `parent` by tag (the first of a tag), found in one pass. */
export function children(parent: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (parent === undefined) return out;
  let depth = 0;
  let open = '';
  let start = -1;
  for (const m of parent.matchAll(TAG)) {
    const [all, closing, name, selfClosing] = m;
    if (selfClosing) {
      if (depth === 0 && !out.has(name!)) out.set(name!, '');
      continue;
    }
    if (!closing) {
      if (depth === 0) {
        open = name!;
        start = m.index! + all!.length;
      }
      depth++;
    } else {
      depth--;
      if (depth === 0 && name === open && !out.has(open)) out.set(open, parent.slice(start, m.index));
      if (depth < 0) break;
    }
  }
  return out;
}

/** An element's tag: closing (`/`), its name, self-closing (`/`). */
const TAG = /<(\/?)([\w.:-]+)[^>]*?(\/?)>/g;

/** The trimmed text of an element holding only text, or undefined. */
export function textOf(inner: string | undefined): string | undefined {
  const text = inner?.trim();
  return text && !text.includes('<') ? text : undefined;
}

/** The trimmed text of a child element holding only text (`<version> 1.2 </version>`). */
export function childText(parent: string | undefined, tag: string): string | undefined {
  const inner = child(parent, tag)?.trim();
  return inner && !inner.includes('<') ? inner : undefined;
}

/** A `<properties>` element's inner text (the project's, not a profile's) as name -> value. */
export function pomProperties(properties: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of properties?.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g) ?? []) out.set(m[1]!, m[2]!);
  return out;
}
