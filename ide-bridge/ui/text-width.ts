// A text's width in em, estimated without laying it out: a wide (CJK, full-width) character takes
// about 1em, any other at most about 0.65em in the explorer's sans-serif fonts (a capital W more,
// most letters much less), so the estimate errs wide. Search rows keep a short name's own width
// rather than a fixed room beside it (app.css: .row.result .name).

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/** About how wide `text` is, in em, counted up to `limit` (a longer text is at least that wide). */
export function widthEm(text: string, limit = 8): number {
  let em = 0;
  for (const ch of text) {
    em += WIDE.test(ch) ? 1 : 0.65;
    if (em >= limit) return limit;
  }
  return Math.ceil(em * 10) / 10;
}
