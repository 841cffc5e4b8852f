// The IDE's file chooser for a file a request sends, in Debian's Chromium against the real
// sidecar started as the IDE starts it (`serve --stdio`, this test as its host). A page cannot
// learn a chosen file's path, so where the IDE hosts the page (`?host=intellij`) a `…` button
// beside the body file and each file part asks the IDE (host/chooseFile -> ide/chooseFile): a
// file inside the project comes back relative (a saved request stays portable), one outside
// absolute and already agreed to (Send does not ask about it again), a cancel changes nothing.
// Before, the path was typed. A plain browser page shows no button.
// An IDE that never answers does not hold the page: asking again (another page) ends the earlier
// wait, a page that closes ends its own (the IDE is told to cancel: its dialog closes), and past
// the sidecar's limit (APISCOUT_CHOOSER_LIMIT_MS, ten minutes by default, two seconds here) the
// button comes back with a note saying so; the IDE is told to cancel.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SidecarClient } from '../bridge/sidecar-client';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import type { HostParamsOf, HostResultOf } from '../../ide-bridge/protocol';
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { launchChromium, poll, releaseChromium, resizeTo, screenshotPath, UI_WAIT_MS } from './ui-harness';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-mvc/raw-byte-bodies', import.meta.url));

let tmp: string;
let dir: string;
let browser: Browser;
let host: SidecarClient;
let uiUrl: string;
let server: Running;
const wire: Buffer[] = [];
const asked: HostParamsOf<'ide/chooseFile'>[] = [];
/** Per ask (as in `asked`): whether the sidecar cancelled it. */
const cancelled: boolean[] = [];
/** What the IDE's chooser answers next: NEVER for an IDE that never answers. */
let answer: () => HostResultOf<'ide/chooseFile'> | typeof NEVER = () => ({ path: null });
const NEVER = Symbol('never');

/** The host's side of ide/chooseFile: records the ask and whether it is cancelled. */
function chooser(asks: HostParamsOf<'ide/chooseFile'>[], cancels: boolean[], next: () => HostResultOf<'ide/chooseFile'> | typeof NEVER) {
  return (params: HostParamsOf<'ide/chooseFile'>, token: CancellationToken): Promise<HostResultOf<'ide/chooseFile'>> => {
    const i = asks.push(params) - 1;
    cancels[i] = false;
    token.onCancellationRequested(() => (cancels[i] = true));
    const a = next();
    return a === NEVER ? new Promise(() => {}) : Promise.resolve(a);
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-chooser-'));
  dir = path.join(tmp, 'files');
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'samples'));
  fs.writeFileSync(path.join(dir, 'samples', 'avatar.png'), 'inside bytes');
  fs.writeFileSync(path.join(tmp, 'outside.bin'), 'outside bytes');
  fs.writeFileSync(
    path.join(dir, 'src/main/java/com/acme/files/UploadController.java'),
    [
      'package com.acme.files;',
      'import org.springframework.web.bind.annotation.*;',
      'import org.springframework.web.multipart.MultipartFile;',
      '@RestController',
      'public class UploadController {',
      '    @PostMapping(value = "/uploads", consumes = "multipart/form-data")',
      '    public String upload(@RequestParam String title, @RequestParam(required = false) MultipartFile attachment) { return ""; }',
      '}',
    ].join('\n'),
  );
  server = await httpServer((_req, res, body) => {
    wire.push(body);
    res.end('stored');
  });
  host = new SidecarClient(['serve', '--stdio'], { ...process.env, APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  host.connection.onRequest('ide/chooseFile', chooser(asked, cancelled, () => answer()));
  uiUrl = (await host.request('hello', { client: 'test-ide' })).uiUrl!;
  const { project } = await host.request('project/open', { root: dir });
  await host.request('project/wait', { project });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await releaseChromium(browser);
  if (host) expect(await host.close()).toBe(0);
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function pageAt(url: string): Promise<Page & { problems: string[] }> {
  const page = (await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' })) as Page & { problems: string[] };
  page.problems = [];
  page.setDefaultTimeout(UI_WAIT_MS);
  page.on('pageerror', (e) => page.problems.push(e.message));
  await page.goto(url);
  await page.locator('.toolbar .count').waitFor();
  return page;
}

async function open(page: Page, address: string): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(address);
  await poll(() => page.locator('#results .row').first().textContent()).toContain(address.split(' ')[1]);
  await search.press('Enter');
  await poll(() => page.locator('.request-editor input.path-field').inputValue()).toContain(address.split(' ')[1]);
}

const inIde = (url: string) => `${url}${url.includes('?') ? '&' : '?'}host=intellij&theme=light`;

describe('choosing a file to send with the IDE\'s chooser', () => {
  it('fills the body file: relative inside the project, absolute outside and sent without asking again; a cancel keeps the path', async () => {
    const page = await pageAt(inIde(uiUrl));
    try {
      await open(page, 'PUT /files/image');
      const editor = page.locator('.request-editor');
      await editor.getByLabel('Host').fill(server.url);
      const field = editor.getByLabel('Body file', { exact: true });
      const button = editor.getByRole('button', { name: 'Choose the body file' });

      answer = () => ({ path: path.join(dir, 'samples', 'avatar.png') });
      await button.click();
      await poll(() => field.inputValue()).toBe('samples/avatar.png');
      expect(asked).toEqual([{ title: 'Choose the file to send', directory: dir }]);

      const outside = path.join(tmp, 'outside.bin');
      answer = () => ({ path: outside });
      await button.click();
      await poll(() => field.inputValue()).toBe(outside);
      await page.screenshot({ path: screenshotPath('ide-file-chooser-1400') });
      // Chosen in the IDE's own dialog: no "outside the project" question, the bytes go out.
      const before = wire.length;
      await editor.getByRole('button', { name: 'Send' }).click();
      await poll(() => wire.length).toBe(before + 1);
      expect(wire.at(-1)!.toString()).toBe('outside bytes');
      expect(await page.getByRole('dialog', { name: 'Send a file from outside the project' }).count()).toBe(0);

      // Cancelled: the path stays as it was.
      answer = () => ({ path: null });
      await button.click();
      await poll(() => asked.length).toBe(3);
      await poll(() => button.isEnabled()).toBe(true);
      expect(await field.inputValue()).toBe(outside);

      // At the narrowest tool window the button still sits beside the field, inside the editor.
      await resizeTo(page, 300, 800);
      const [f, b, e] = await Promise.all([field.boundingBox(), button.boundingBox(), editor.boundingBox()]);
      expect(b!.x).toBeGreaterThanOrEqual(f!.x + f!.width - 1);
      expect(b!.x + b!.width).toBeLessThanOrEqual(e!.x + e!.width + 1);
      await page.screenshot({ path: screenshotPath('ide-file-chooser-300') });
      expect(page.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('fills a multipart file part, and an optional one (off at first) turns on', async () => {
    const page = await pageAt(inIde(uiUrl));
    try {
      await open(page, 'POST /uploads');
      const editor = page.locator('.request-editor');
      await editor.getByRole('tab', { name: /^Form/ }).click();
      const name = 'Choose the file for attachment';
      const row = editor.locator('tr').filter({ has: page.getByRole('button', { name }) });
      expect(await row.locator('input[type=checkbox]').first().isChecked()).toBe(false);
      answer = () => ({ path: path.join(dir, 'samples', 'avatar.png') });
      await row.getByRole('button', { name }).click();
      await poll(() => row.locator('input.param-value').inputValue()).toBe('samples/avatar.png');
      expect(await row.locator('input[type=checkbox]').first().isChecked()).toBe(true);
      expect(page.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('an IDE that never answers: another page asking ends the earlier wait, whose button comes back, and the new answer fills the field', async () => {
    const first = await pageAt(inIde(uiUrl));
    const second = await pageAt(inIde(uiUrl));
    try {
      await open(first, 'PUT /files/image');
      const before = asked.length;
      answer = () => NEVER;
      const waiting = first.locator('.request-editor').getByRole('button', { name: 'Choose the body file' });
      await waiting.click();
      await poll(() => asked.length).toBe(before + 1);
      expect(await waiting.isDisabled()).toBe(true);

      await open(second, 'PUT /files/image');
      const editor = second.locator('.request-editor');
      answer = () => ({ path: path.join(dir, 'samples', 'avatar.png') });
      await editor.getByRole('button', { name: 'Choose the body file' }).click();
      await poll(() => editor.getByLabel('Body file', { exact: true }).inputValue()).toBe('samples/avatar.png');
      expect(asked.length).toBe(before + 2);
      // The stale ask was cancelled at the IDE, answered to its page as a cancel; the answered one was not.
      await poll(() => cancelled[before]).toBe(true);
      await poll(() => waiting.isEnabled()).toBe(true);
      expect(cancelled[before + 1]).toBe(false);
      expect(first.problems).toEqual([]);
      expect(second.problems).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('an IDE that never answers: closing the page cancels its ask at the IDE, nothing else asked', async () => {
    const page = await pageAt(inIde(uiUrl));
    const before = asked.length;
    try {
      await open(page, 'PUT /files/image');
      answer = () => NEVER;
      await page.locator('.request-editor').getByRole('button', { name: 'Choose the body file' }).click();
      await poll(() => asked.length).toBe(before + 1);
      expect(cancelled[before]).toBe(false);
      expect(page.problems).toEqual([]);
    } finally {
      await page.close();
    }
    // Its socket closed: the dialog it asked for was left open for the sidecar's ten-minute limit.
    await poll(() => cancelled[before]).toBe(true);
    expect(asked.length).toBe(before + 1);
  });

  it('a plain browser page offers no chooser: the path is typed', async () => {
    const page = await pageAt(uiUrl);
    try {
      await open(page, 'PUT /files/image');
      await page.locator('.request-editor').getByRole('tab', { name: 'Body' }).click();
      await page.locator('.request-editor').getByLabel('Body file', { exact: true }).waitFor();
      expect(await page.locator('.choose-file').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('an IDE whose chooser never answers, past the sidecar\'s limit', () => {
  let slowHost: SidecarClient;
  let slowUrl: string;
  const slowAsked: HostParamsOf<'ide/chooseFile'>[] = [];
  const slowCancelled: boolean[] = [];

  beforeAll(async () => {
    const dir2 = path.join(tmp, 'files-2');
    fs.cpSync(dir, dir2, { recursive: true, filter: (f) => !f.includes(`${path.sep}.apiscout`) });
    slowHost = new SidecarClient(['serve', '--stdio'], { ...process.env, APISCOUT_CONFIG_DIR: path.join(tmp, 'user-2'), APISCOUT_CHOOSER_LIMIT_MS: '2000' });
    slowHost.connection.onRequest('ide/chooseFile', chooser(slowAsked, slowCancelled, () => NEVER));
    slowUrl = (await slowHost.request('hello', { client: 'test-ide' })).uiUrl!;
    const { project } = await slowHost.request('project/open', { root: dir2 });
    await slowHost.request('project/wait', { project });
  }, 60_000);

  afterAll(async () => {
    if (slowHost) expect(await slowHost.close()).toBe(0);
  });

  it('gives the button back with a note saying the IDE did not answer, and cancels the IDE\'s request', async () => {
    const page = await pageAt(inIde(slowUrl));
    try {
      await open(page, 'PUT /files/image');
      const editor = page.locator('.request-editor');
      const field = editor.getByLabel('Body file', { exact: true });
      const typed = await field.inputValue();
      const button = editor.getByRole('button', { name: 'Choose the body file' });
      await button.click();
      await poll(() => slowAsked.length).toBe(1);
      await poll(() => page.locator('.details-errors').textContent()).toContain('Could not choose a file: the IDE did not answer within 2 seconds (type the path, or press … to ask again)');
      await poll(() => button.isEnabled()).toBe(true);
      expect(slowCancelled).toEqual([true]);
      expect(await field.inputValue()).toBe(typed);
      // The field still takes a typed path.
      await field.fill('samples/avatar.png');
      expect(await field.inputValue()).toBe('samples/avatar.png');
      expect(page.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
