// A stand-in sidecar for the client's failure paths: it speaks just enough of the protocol and
// then misbehaves the way its mode says. Usage: node fake-sidecar.mjs serve --stdio <mode>
//   garbage      answers hello with text that is not a frame
//   bad-json     says hello, then answers the next request with a frame that is not JSON
//   bad-result   says hello, answers endpoints/tree with a result of the wrong shape
//   hang         says hello, never answers project/wait; reports each $/cancelRequest as an
//                index/changed notification whose project is "cancelled:<id>"
const mode = process.argv[4] ?? 'hang';
let buffer = Buffer.alloc(0);
let hellos = 0;

const send = (message) => {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
};
const hello = (id) => send({ jsonrpc: '2.0', id, result: { protocolVersion: 1, serverVersion: 'fake', uiUrl: null } });

function handle(m) {
  process.stderr.write(`fake ${mode} got ${m.method}\n`);
  if (m.method === 'hello') {
    hellos++;
    if (mode === 'garbage') return process.stdout.write('hello world, this is not JSON-RPC\n');
    return hello(m.id);
  }
  if (m.method === 'shutdown') return send({ jsonrpc: '2.0', id: m.id, result: {} });
  if (m.method === 'exit') return process.exit(0);
  if (mode === 'bad-json') return process.stdout.write('Content-Length: 9\r\n\r\n{not json');
  if (mode === 'bad-result' && m.method === 'endpoints/tree') return send({ jsonrpc: '2.0', id: m.id, result: { modules: 'nope' } });
  if (m.method === '$/cancelRequest') {
    return send({ jsonrpc: '2.0', method: 'index/changed', params: { project: `cancelled:${m.params.id}`, endpointCount: 0, added: [], removed: [], updated: [] } });
  }
  if (m.method === 'project/wait') return; // never answered
  send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: `fake sidecar: no ${m.method}` } });
}

process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
    if (buffer.length < end + 4 + length) return;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    handle(JSON.parse(body));
  }
});
process.stdin.on('end', () => process.exit(hellos > 0 ? 1 : 2));
