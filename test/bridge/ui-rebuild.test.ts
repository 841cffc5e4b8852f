// The UI server serves the web app as it is on disk: `npm run build` while a sidecar runs gives the
// next reload the new page with its new scripts (a page read at start named chunks the rebuild had
// deleted, and came with an app.js it did not match), and app.js's ETag follows its bytes.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer } from '../../ide-bridge/ui-server';
import type { UiServer } from '../../ide-bridge/ui-server';

let dir: string;
let server: UiServer;
const logged: string[] = [];

/** What `npm run build` leaves: a page naming its script and one hashed chunk. */
function build(chunk: string, app: string): void {
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>\n<html lang="en"><head><script type="module" src="app.js"></script><!-- ${chunk} --></head><body><div id="app"></div></body></html>\n`);
  fs.writeFileSync(path.join(dir, 'app.js'), `import('./${chunk}');\n${app}\n`);
  fs.writeFileSync(path.join(dir, chunk), `export const built = ${JSON.stringify(chunk)};\n`);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-ui-rebuild-'));
  build('details.AAAAAAAA.js', '// first build');
  server = await startUiServer({ hub: () => new Promise(() => {}), assetsDir: dir, log: (m) => logged.push(m) });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (name: string, headers: Record<string, string> = {}) => fetch(`${server.url}${name}`, { headers });

describe('the web app after a rebuild while the server runs', () => {
  it('serves the new page, its new chunk and the new app.js at the next request; the old chunk is gone', async () => {
    expect(await (await get('')).text()).toContain('details.AAAAAAAA.js');
    const first = await get('app.js');
    expect(await first.text()).toContain('first build');
    const etag = first.headers.get('etag')!;
    expect((await get('details.AAAAAAAA.js')).status).toBe(200);

    build('details.BBBBBBBB.js', '// second build, a longer one');
    const page = await get('');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('details.BBBBBBBB.js');
    // The browser's copy of app.js is stale: its ETag no longer matches, the new bytes come.
    const app = await get('app.js', { 'If-None-Match': etag });
    expect(app.status).toBe(200);
    expect(app.headers.get('etag')).not.toBe(etag);
    expect(await app.text()).toContain("import('./details.BBBBBBBB.js')");
    const chunk = await get('details.BBBBBBBB.js');
    expect([chunk.status, chunk.headers.get('cache-control')]).toEqual([200, 'max-age=31536000, immutable']);
    expect((await get('details.AAAAAAAA.js')).status).toBe(404);
    // Unchanged, it is still a 304.
    expect((await get('app.js', { 'If-None-Match': app.headers.get('etag')! })).status).toBe(304);
  });

  it('serves only plain names of files in the folder, and says how to build when the page is missing', async () => {
    fs.mkdirSync(path.join(dir, 'sub.js'));
    fs.writeFileSync(path.join(dir, '.hidden.js'), 'x');
    fs.writeFileSync(path.join(path.dirname(dir), 'outside.js'), 'x');
    try {
      for (const name of ['sub.js', '.hidden.js', 'notes.txt']) expect((await get(name)).status, name).toBe(404);
      // fetch takes the dots out of the URL: what is left lacks the token.
      for (const name of ['..', '%2e%2e/outside.js']) expect([403, 404], name).toContain((await get(name)).status);
      fs.rmSync(path.join(dir, 'index.html'));
      const missing = await get('');
      expect(missing.status).toBe(500);
      expect(await missing.text()).toContain('npm run build');
    } finally {
      fs.rmSync(path.join(path.dirname(dir), 'outside.js'));
    }
  });
});
