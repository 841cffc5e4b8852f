// The credential hint under the request line, in Debian's Chromium against a real `apiscout ui` on
// a copy of the secured-api fixture: a secured endpoint says which variable Send takes its
// credential from and where it goes, that nothing is added while the active environment lacks
// it, that a header the user types is sent instead, that an unticked row means none is sent, and
// that a variable only the config files define counts, as Send counts it. The value never shows.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, poll, releaseChromium, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

const SECURED = fileURLToPath(new URL('../fixtures/spring-mvc/secured-api', import.meta.url));

let tmp: string;
let browser: Browser;
let ui: UiProcess;
let rpc: RpcClient;
let page: Page;
let project: string;
const problems: string[] = [];
const ids = new Map<string, string>();

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-credential-line-'));
  const root = path.join(tmp, 'secured-api');
  fs.cpSync(SECURED, root, { recursive: true });
  // The API key only the config files define: Send reads them after the environment, so the hint must too.
  fs.mkdirSync(path.join(root, '.apiscout'), { recursive: true });
  fs.writeFileSync(path.join(root, '.apiscout', 'config.properties'), 'apiKey=from-config-K3Y\n');
  // A Digest scheme, which Send answers from its two variables: the hint names them rather than offering a bearer token.
  fs.writeFileSync(
    path.join(root, 'src/main/java/com/acme/secured/LegacyController.java'),
    [
      'package com.acme.secured;',
      'import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;',
      'import io.swagger.v3.oas.annotations.security.SecurityRequirement;',
      'import io.swagger.v3.oas.annotations.security.SecurityScheme;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/legacy")',
      '@SecurityScheme(name = "digestAuth", type = SecuritySchemeType.HTTP, scheme = "digest")',
      'public class LegacyController {',
      '    @GetMapping("/ping")',
      '    @SecurityRequirement(name = "digestAuth")',
      '    public String ping() { return "pong"; }',
      '}',
      '',
    ].join('\n'),
  );
  ui = new UiProcess(root, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  rpc = await ui.rpc();
  project = (await rpc.request('project/open', { root })).project;
  await rpc.request('project/wait', { project });
  for (const m of (await rpc.request('endpoints/tree', { project })).modules) for (const c of m.classes) for (const e of c.endpoints) ids.set(e.address, e.id);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 800 }, colorScheme: 'light' });
  page.setDefaultTimeout(UI_WAIT_MS);
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(await ui.url);
}, 120_000);

afterAll(async () => {
  rpc?.close();
  await page?.close();
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(address: string): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(address);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(address));
  await search.press('Enter');
  await page.locator('.request-editor').waitFor();
}

describe('the credential line', () => {
  it('names the variable Send uses, says when it is not defined, and yields to a header the user sets', async () => {
    expect(ids.has('GET /accounts/{id}')).toBe(true);
    const line = page.locator('.request-editor .credential-line');
    await open('GET /accounts/{id}');
    await poll(() => line.textContent()).toBe('Credential: {{bearerToken}} not defined, so no header Authorization is added (security scheme bearerAuth)');

    await rpc.request('env/save', { project, environment: { name: 'local', variables: [{ key: 'bearerToken', value: 'tok-S3CRET', secret: true }] } });
    await rpc.request('env/select', { project, name: 'local' });
    await page.reload();
    await open('GET /accounts/{id}');
    await poll(() => line.textContent()).toBe('Credential: {{bearerToken}} sent as the header Authorization (security scheme bearerAuth)');
    await page.screenshot({ path: screenshotPath('credential-line') });

    // A header the user writes is sent instead (the draft as saved, as the editor shows it).
    const { draft } = await rpc.request('request/get', { project, id: ids.get('GET /accounts/{id}')! });
    if ('protocol' in draft) throw new Error('an HTTP draft expected');
    await rpc.request('request/save', { project, id: ids.get('GET /accounts/{id}')!, draft: { ...draft, headers: [...draft.headers, { name: 'Authorization', value: 'Bearer mine' }] } });
    await page.reload();
    await open('GET /accounts/{id}');
    await poll(() => line.textContent()).toBe("Credential: the request's own header Authorization is sent (security scheme bearerAuth would use {{bearerToken}})");

    // A public endpoint has no line; nothing on the page shows the secret.
    await open('GET /accounts/health');
    await page.locator('.request-editor .request-line').waitFor();
    expect(await line.count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('tok-S3CRET');
    expect(problems).toEqual([]);
  });

  it('says none is sent when the user unticked the Authorization row', async () => {
    const id = ids.get('GET /accounts/{id}')!;
    const { draft } = await rpc.request('request/get', { project, id });
    if ('protocol' in draft) throw new Error('an HTTP draft expected');
    const headers = [...draft.headers.filter((h) => h.name.toLowerCase() !== 'authorization'), { name: 'Authorization', value: 'Bearer mine', enabled: false }];
    await rpc.request('request/save', { project, id, draft: { ...draft, headers } });
    await page.reload();
    await open('GET /accounts/{id}');
    await poll(() => page.locator('.request-editor .credential-line').textContent()).toBe('Credential: the header Authorization is unticked, so none is sent (security scheme bearerAuth would use {{bearerToken}})');
    expect(await page.locator('.request-editor .credential-line.declined').count()).toBe(1);
  });

  it('reads the config files after the active environment, as Send does', async () => {
    const id = ids.get('GET /reports/latest')!;
    expect((await rpc.request('request/get', { project, id })).credentialConfig).toEqual(['apiKey']);
    await open('GET /reports/latest');
    await poll(() => page.locator('.request-editor .credential-line').textContent()).toBe('Credential: {{apiKey}} sent as the header X-API-Key (security scheme apiKey)');
    expect(await page.locator('body').textContent()).not.toContain('from-config-K3Y');
    // An empty value in the active environment hides the config's, in the hint as in Send's lookup.
    await rpc.request('env/save', { project, environment: { name: 'local', variables: [{ key: 'bearerToken', value: 'tok-S3CRET', secret: true }, { key: 'apiKey', value: '' }] } });
    await page.reload();
    await open('GET /reports/latest');
    await poll(() => page.locator('.request-editor .credential-line').textContent()).toBe('Credential: {{apiKey}} not defined, so no header X-API-Key is added (security scheme apiKey)');
    expect(problems).toEqual([]);
  });

  it('names the Digest scheme\'s two variables, which Send answers the challenge with, never offering a bearer token for it', async () => {
    expect(ids.has('GET /legacy/ping')).toBe(true);
    await open('GET /legacy/ping');
    const line = page.locator('.request-editor .credential-line');
    await poll(() => line.textContent()).toBe('Credential: {{digestUser}} and {{digestPassword}} not defined, so no header Authorization is added (security scheme digestAuth)');
    expect(await page.locator('.request-editor .credential-line.missing').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
