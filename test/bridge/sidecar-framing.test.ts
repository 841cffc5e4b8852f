// The sidecar's framing under hostile input (issue 23): after a malformed or oversized frame it
// says so on stderr, naming the limit, and answers the next valid requests; an announced body of
// 2 GiB is refused from its header instead of being buffered. The real sidecar process.
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_HEADER_BYTES } from '../../ide-bridge/framed-reader';
import { SidecarClient } from './sidecar-client';

const client = new SidecarClient(['serve', '--stdio', '--no-ui']);
afterAll(() => client.close());

async function stillAnswers(): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await client.request('hello', { client: `after-${i}` })).protocolVersion).toBeGreaterThan(0);
}

async function stderrSays(text: string): Promise<void> {
  for (let i = 0; i < 600 && !client.stderr.join('').includes(text); i++) await new Promise((r) => setTimeout(r, 50));
  expect(client.stderr.join('')).toContain(text);
}

describe('sidecar framing', () => {
  const bad: [string, string | Buffer, string][] = [
    ['Content-Length: abc', 'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":900,"method":"hello"}', "Content-Length 'abc', not a length"],
    ['Content-Length: -5', 'Content-Length: -5\r\n\r\n', "Content-Length '-5', not a length"],
    ['a missing length', 'X-Whatever: 1\r\n\r\n{}', 'no Content-Length'],
    ['an 8 MB header line', Buffer.alloc(8 * 1024 * 1024, 'h'), `a header longer than ${MAX_HEADER_BYTES} bytes`],
    ['Content-Length: 2^31', `Content-Length: ${2 ** 31}\r\n\r\n${'x'.repeat(1024 * 1024)}`, `over the limit of ${MAX_BODY_BYTES} bytes`],
  ];
  it('logs a malformed sync/token message without its token', async () => {
    const body = JSON.stringify({ id: 77, method: 'sync/token', params: { token: 'PMAK-not-for-logs-1234' } });
    client.process.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    await stderrSays('invalid message: method "sync/token"');
    expect(client.stderr.join('')).not.toContain('PMAK-not-for-logs-1234');
    await stillAnswers();
  }, 120_000);

  for (const [label, frame, said] of bad) {
    it(`recovers after ${label}, saying so on stderr`, async () => {
      await stillAnswers();
      client.process.stdin.write(frame);
      // An 8 MB line never ends its header: the next frame's own header is where reading resumes.
      if (label === 'an 8 MB header line') client.process.stdin.write('\r\n');
      await stderrSays(said);
      await stillAnswers();
    }, 120_000);
  }
});
