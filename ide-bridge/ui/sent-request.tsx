// The response panel's Request tab: the request as it was actually sent. Values that carry a
// secret variable's value, or credentials by name (Authorization, Cookie, X-Api-Key, access_token),
// show masked as the environment editor masks secrets, each with a reveal of its own: a developer
// sharing their screen does not show a token by opening the tab. Copy copies what is shown, and
// its label says whether that holds masked values or real secrets.

import { CopyButton } from './copy-button';
import { formatBytes, formatMs } from './numbers';
import type { GrpcReply, HttpReply } from './response-panel';
import { MASK, MaskedPairs, Pieces, pairRows, secretsOf, textOf, useReveal } from './secret-pieces';
import type { Piece } from './secret-pieces';

/** A URL's user info with a password; the password runs to the last `@` before the path, as URL parsers read it. */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)([^/\s]+)@/i;

/** The URL with the values of the masked query parameters as pieces of their own (the rest as sent, encoding kept). */
export function urlPieces(url: string, maskedQuery: readonly string[] | undefined, id: string): Piece[] {
  // A password in a URL's user info (a redirect's target; the request's own goes as Basic credentials) is masked like a secret.
  const user = USER_INFO.exec(url);
  if (user) return [user[1]!, { id: `${id}u`, value: user[2]!, prefix: '', what: 'the password in the URL' }, '@', ...urlPieces(url.slice(user[0].length), maskedQuery, id)];
  const q = url.indexOf('?');
  if (!maskedQuery?.length || q < 0) return [url];
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const pieces: Piece[] = [url.slice(0, q + 1)];
  query.split('&').forEach((pair, i) => {
    if (i > 0) pieces.push('&');
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: compare as written
    }
    if (eq < 0 || !maskedQuery.includes(decoded)) pieces.push(pair);
    else pieces.push(`${name}=`, { id: `${id}${i}`, value: pair.slice(eq + 1), prefix: '', what: `the value of query parameter ${decoded}` });
  });
  if (hash >= 0) pieces.push(url.slice(hash));
  return pieces;
}

/** The copy button's words: whether what it copies holds masked values, real secrets, or neither. */
export function copyLabel(total: number, hidden: number): { label: string; title: string } {
  if (total === 0) return { label: 'Copy', title: 'Copy the request line and headers' };
  if (hidden === total) return { label: 'Copy masked', title: `Copies ${MASK} for the ${total === 1 ? 'secret value' : `${total} secret values`}; Show one to copy it` };
  if (hidden === 0) return { label: 'Copy with secrets', title: `Copies the real ${total === 1 ? 'secret value' : `${total} secret values`} that ${total === 1 ? 'is' : 'are'} shown` };
  return { label: `Copy, ${hidden} masked`, title: `Copies the ${total - hidden} shown secret value${total - hidden === 1 ? '' : 's'} as sent and ${MASK} for the ${hidden} masked` };
}

function CopyShown({ text, total, hidden, onCopy }: { text(): string; total: number; hidden: number; onCopy(text: string): Promise<void> }) {
  const { label, title } = copyLabel(total, hidden);
  return (
    <div class="body-tools">
      <CopyButton
        label={label}
        done={`Copied${label.slice('Copy'.length)}`}
        status={total === 0 ? 'Copied' : total > hidden ? 'Copied, with real secret values' : 'Copied, secrets masked'}
        title={title}
        text={text}
        onCopy={onCopy}
      />
    </div>
  );
}

export function SentHttp({ sent, onCopy }: { sent: HttpReply['sent']; onCopy(text: string): Promise<void> }) {
  const reveal = useReveal();
  const url = urlPieces(sent.url, sent.maskedQuery, 'q');
  const headers = pairRows(sent.headers, sent.masked, 'h');
  const { total, hidden } = secretsOf([url, ...headers.map(([, p]) => p)], reveal.revealed);
  const text = () => [`${sent.method} ${textOf(url, reveal.revealed)}`, ...headers.map(([k, p]) => `${k}: ${textOf(p, reveal.revealed)}`)].join('\n');
  return (
    <div class="sent">
      <p class="sent-line">
        <code>
          {sent.method} <Pieces pieces={url} reveal={reveal} />
        </code>
        {sent.proxy ? <span class="muted"> via {sent.proxy}</span> : null}
      </p>
      {sent.redirects.length > 0 && (
        <ol class="redirects">
          {sent.redirects.map((r, i) => (
            <li key={i}>
              {r.status} <Pieces pieces={urlPieces(r.from, sent.maskedQuery, `r${i}f`)} reveal={reveal} /> →{' '}
              <Pieces pieces={urlPieces(r.to, sent.maskedQuery, `r${i}t`)} reveal={reveal} />
            </li>
          ))}
        </ol>
      )}
      <MaskedPairs rows={headers} label="Request headers" reveal={reveal} />
      <p class="muted">Body: {sent.bodySize.toLocaleString('en')} bytes</p>
      <CopyShown text={text} total={total} hidden={hidden} onCopy={onCopy} />
    </div>
  );
}

export function SentGrpc({ sent }: { sent: GrpcReply['sent'] }) {
  const reveal = useReveal();
  return (
    <div class="sent">
      <p class="sent-line">
        <code>
          {sent.target}
          {sent.path}
        </code>{' '}
        <span class="muted">
          {sent.security}, gRPC:{sent.kind}
        </span>
      </p>
      <MaskedPairs rows={pairRows(sent.metadata, sent.masked, 'm')} label="Metadata sent" reveal={reveal} />
      <ol class="messages">
        {sent.messages.map((m, i) => (
          <li key={i}>
            <span class="muted">
              +{formatMs(m.atMs)} · {formatBytes(m.size)}
            </span>
            <pre>{JSON.stringify(m.json, null, 2)}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
