// Child process for the kill-mid-write test: saves request edits as fast as it can and prints
// `saved N` after each save has returned. The parent kills it with SIGKILL at some point.

import { RequestStateStore } from '../../core/store/request-state';

const [projectDir, label] = process.argv.slice(2) as [string, string];
const store = new RequestStateStore({ projectDir });
// A large body makes each write take long enough for a kill to land inside one.
const body = JSON.stringify({ filler: 'x'.repeat(1_000_000) });
for (let i = 0; ; i++) {
  await store.save(`${label}-${i}`, { method: 'POST', host: 'http://localhost:8080', path: `/items/${i}`, pathParams: [], query: [], cookies: [], headers: [], form: [], bodyMode: 'json', body });
  await store.rememberHost(`http://host-${label}-${i}`);
  process.stdout.write(`saved ${i}\n`);
}
