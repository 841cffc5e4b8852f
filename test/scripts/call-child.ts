// A separate process that sends one request to a loopback server with the project's scripts:
// before-scripts shape the request, after-scripts see the response. Prints the outcome as JSON.
// Used by token-flow.test.ts to prove localStorage crosses process boundaries.
import { readConfig } from '../../core/config/config-reader';
import { RequestScripts } from '../../scripts-sandbox/hooks';
import type { ScriptRequest } from '../../scripts-sandbox/exchange';
import type { ScriptTarget } from '../../scripts-sandbox/hooks';

const [projectDir, method, url, target] = process.argv.slice(2) as [string, string, string, string];
const scripts = new RequestScripts({ projectDir, config: readConfig({ projectDir }) });
try {
  const initial: ScriptRequest = { method, url, headers: [{ name: 'Accept', value: 'application/json' }], body: null };
  const { request, logs: beforeLogs } = await scripts.before(initial, JSON.parse(target) as ScriptTarget);
  const res = await fetch(request.url, { method: request.method, headers: request.headers.map((h) => [h.name, h.value] as [string, string]), body: request.body });
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = [...res.headers].map(([name, value]) => ({ name, value }));
  const { logs: afterLogs } = await scripts.after(request, { status: res.status, headers, body }, JSON.parse(target) as ScriptTarget);
  process.stdout.write(JSON.stringify({ status: res.status, sent: request, logs: [...beforeLogs, ...afterLogs].map((l) => `${l.level} ${l.text}`) }));
} finally {
  scripts.dispose();
}
