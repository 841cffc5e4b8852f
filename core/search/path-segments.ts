// How endpoint paths divide into segments, and what kind of pattern each segment is.

export interface RawSegment {
  /** Segment text without its leading slash; may be empty (`//`, trailing `/`, root `/`). */
  text: string;
  /** Offset of the segment's leading `/` in the path. */
  slash: number;
}

/**
 * Splits at the slashes outside `{...}`, so a template that kept a regex containing `/` (the
 * scanner normalises `{id:\d+}` to `{id}`, but other sources may not) stays one segment.
 */
export function splitPath(path: string): RawSegment[] {
  const segs: RawSegment[] = [];
  let depth = 0;
  let slash = path.startsWith('/') ? 0 : -1;
  for (let i = slash + 1; i <= path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && depth > 0) depth--;
    else if ((c === 47 && depth === 0) || i === path.length) {
      segs.push({ text: path.slice(slash + 1, i), slash });
      slash = i;
    }
  }
  return segs;
}

/**
 * Offset of the leading `/` of segment k as `splitPath` numbers them (counting only non-empty
 * segments when `nonEmpty`), or -1. Allocation-free, for highlighting.
 */
export function segmentSlash(path: string, k: number, nonEmpty: boolean): number {
  let depth = 0;
  let slash = path.startsWith('/') ? 0 : -1;
  for (let i = slash + 1; i <= path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && depth > 0) depth--;
    else if ((c === 47 && depth === 0) || i === path.length) {
      if (!nonEmpty || i > slash + 1) {
        if (k === 0) return slash;
        k--;
      }
      slash = i;
    }
  }
  return -1;
}

// Plain numbers rather than an enum: they live in a Uint8Array per dictionary piece.
/** Literal text. */
export const SEG_LITERAL = 0;
/** `{id}`: any one non-empty segment. */
export const SEG_TEMPLATE = 1;
/** `*`: any one segment. */
export const SEG_STAR = 2;
/** `**` or `{*rest}`: zero or more segments. */
export const SEG_ANY_DEPTH = 3;
/** Literal text mixed with templates or globs, e.g. `{name}.json`, `v{version}`, `*.txt`. */
export const SEG_PATTERN = 4;

export function segmentKind(text: string): number {
  if (text === '**' || /^\{\*[^}]*\}$/.test(text)) return SEG_ANY_DEPTH;
  if (text === '*') return SEG_STAR;
  if (/^\{[^{}]*\}$/.test(text)) return SEG_TEMPLATE;
  if (text.includes('{') || text.includes('*')) return SEG_PATTERN;
  return SEG_LITERAL;
}

/** A case-insensitive matcher for a Pattern segment; `{x}` and `*` stand for any text. */
export function patternRegExp(text: string): RegExp {
  let src = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '{') {
      const close = text.indexOf('}', i);
      if (close < 0) {
        src += '\\{';
        continue;
      }
      src += '.+?';
      i = close;
    } else if (c === '*') {
      src += '.*?';
    } else {
      src += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${src}$`, 'i');
}
