// Text with secret parts that show masked until the user reveals each one: the Request tab's
// headers and URL, the Response tab's Set-Cookie and credential headers, script log lines. The
// real values arrive with the reply and stay in this page's memory; only a reveal puts one on
// screen (a developer sharing their screen does not show a token by opening a tab).

import { useState } from 'preact/hooks';

/** What a masked value shows: the same length whatever the secret's, so its length is not told. */
export const MASK = '••••••••';

/**
 * A piece of text: shown as is, or masked until revealed (`id` keys its reveal; `what` names it
 * for a screen reader; `prefix` and `suffix` stay readable around the secret).
 */
export type Piece = string | { id: string; value: string; prefix: string; suffix?: string; what: string };

/** An authorization scheme stays readable: "Bearer ••••••••" says which kind of credential it is. */
const SCHEME = /^(Bearer|Basic|Digest|Token|ApiKey|Negotiate|NTLM|AWS4-HMAC-SHA256)\s+/i;

/** The header's value as a masked piece: a cookie keeps its name and attributes, an authorization its scheme. */
export function maskedValue(id: string, name: string, value: string, what: string): Piece {
  if (/^set-cookie2?$/i.test(name)) {
    const eq = value.indexOf('=');
    const semi = value.indexOf(';');
    if (eq > 0 && (semi < 0 || eq < semi)) {
      const end = semi < 0 ? value.length : semi;
      return { id, value: value.slice(eq + 1, end), prefix: value.slice(0, eq + 1), suffix: value.slice(end), what };
    }
  }
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  return { id, value: value.slice(scheme.length), prefix: scheme, what };
}

/** The text of pieces as shown: masked ones as MASK unless revealed. */
export function textOf(pieces: Piece[], revealed: ReadonlySet<string>): string {
  return pieces.map((p) => (typeof p === 'string' ? p : p.prefix + (revealed.has(p.id) ? p.value : MASK) + (p.suffix ?? ''))).join('');
}

export interface Reveal {
  revealed: ReadonlySet<string>;
  toggle(id: string): void;
}

export function useReveal(): Reveal {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  return {
    revealed,
    toggle: (id) =>
      setRevealed((r) => {
        const next = new Set(r);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
}

/** `hint`: the reveal button's tooltip, saying whose value it shows. */
export function Pieces({ pieces, reveal, hint = 'Show the value that was sent' }: { pieces: Piece[]; reveal: Reveal; hint?: string }) {
  return (
    <>
      {pieces.map((p, i) => {
        if (typeof p === 'string') return p;
        const shown = reveal.revealed.has(p.id);
        return (
          <span key={i} class={shown ? 'secret-value shown' : 'secret-value'}>
            {p.prefix}
            {shown ? p.value : <span class="mask" aria-label={`${p.what}, masked`}>{MASK}</span>}
            {p.suffix}
            <button type="button" class="reveal" aria-pressed={shown} aria-label={shown ? `Hide ${p.what}` : `Reveal ${p.what}`} title={shown ? 'Mask it again' : hint} onClick={() => reveal.toggle(p.id)}>
              {shown ? 'Hide' : 'Show'}
            </button>
          </span>
        );
      })}
    </>
  );
}

/** A header or metadata table whose masked entries hide their values. */
export function MaskedPairs({ rows, label, reveal, hint }: { rows: Array<[string, Piece[]]>; label: string; reveal: Reveal; hint?: string }) {
  if (!rows.length) return <p class="muted">None.</p>;
  return (
    <table class="headers" aria-label={label}>
      <tbody>
        {rows.map(([k, pieces], i) => (
          <tr key={i}>
            <th>{k}</th>
            <td>
              <Pieces pieces={pieces} reveal={reveal} {...(hint ? { hint } : {})} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows of a header table, the values of the `masked` names (lower case) as masked pieces. */
export function pairRows(pairs: [string, string][], masked: readonly string[] | undefined, id: string): Array<[string, Piece[]]> {
  const names = new Set(masked ?? []);
  return pairs.map(([k, v], i) => [k, names.has(k.toLowerCase()) && v !== '' ? [maskedValue(`${id}${i}`, k, v, `the value of ${k}`)] : [v]]);
}

/** The masked pieces of a view: how many there are, and how many are shown. */
export function secretsOf(all: Piece[][], revealed: ReadonlySet<string>): { total: number; hidden: number } {
  const ids = all.flat().flatMap((p) => (typeof p === 'string' ? [] : [p.id]));
  return { total: ids.length, hidden: ids.filter((id) => !revealed.has(id)).length };
}
