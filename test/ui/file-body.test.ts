// A raw-bytes request body (`@RequestBody byte[]`, an image upload) in Debian's Chromium against a
// real `apiscout ui` on a copy of the raw-byte-bodies fixture: the Body tab starts in the File
// (binary) mode with the endpoint's content type, Send puts the file's exact bytes (NUL, CR LF,
// 0xFF) on the wire of a server on 127.0.0.1, a missing file is said by its path with nothing
// sent, the path (never the bytes) survives a reload, and Copy as cURL of the edit, run by sh from
// another folder, sends the same bytes. Before, the editor had no such mode: Send sent an empty body.
// A file from outside the project is sent only after the user said yes to it; an optional file part
// starts off and goes on once given a file, as an optional query, header or form row does once given a value.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { launchChromium, poll, releaseChromium, resizeTo, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-mvc/raw-byte-bodies', import.meta.url));
const IMAGE = 'PUT /files/image';
/** A PNG signature (CR LF, SUB, LF), then NUL, 0xFF, a lone CR and every byte value. */
const BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0x41]), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

let tmp: string;
let dir: string;
let browser: Browser;
let ui: UiProcess;
let rpc: RpcClient;
let page: Page;
let server: Running;
let project: string;
let image: { id: string; address: string; path: string };
let upload: { id: string; address: string; path: string };
let notes: { id: string; address: string; path: string };
let note: { id: string; address: string; path: string };
const problems: string[] = [];
const wire: Array<{ method: string; url: string; contentType: string | undefined; trace?: string | string[]; body: Buffer }> = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-file-body-'));
  dir = path.join(tmp, 'files');
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'avatar.png'), BYTES);
  fs.writeFileSync(path.join(dir, 'scan.pdf'), '%PDF-1.7 scan');
  // An upload whose file parts are optional (`required = false`): each starts off, and goes on when given a file.
  fs.writeFileSync(
    path.join(dir, 'src/main/java/com/acme/files/UploadController.java'),
    [
      'package com.acme.files;',
      'import org.springframework.web.bind.annotation.*;',
      'import org.springframework.web.multipart.MultipartFile;',
      '@RestController',
      'public class UploadController {',
      '    @PostMapping(value = "/uploads", consumes = "multipart/form-data")',
      '    public String upload(@RequestParam String title, @RequestParam(required = false) MultipartFile attachment, @RequestPart(required = false) MultipartFile thumbnail) { return ""; }',
      '    @GetMapping("/notes")',
      '    public String notes(@RequestParam(required = false) String tag, @RequestParam(required = false) Integer limit, @RequestHeader(value = "X-Trace", required = false) String trace) { return ""; }',
      '    @PostMapping(value = "/notes", consumes = "application/x-www-form-urlencoded")',
      '    public String note(@RequestParam(required = false) String text, @RequestParam(required = false) String color) { return ""; }',
      '}',
    ].join('\n'),
  );
  server = await httpServer((req, res, body) => {
    wire.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], trace: req.headers['x-trace'], body });
    res.end('stored');
  });
  browser = await launchChromium();
  ui = new UiProcess(dir, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  rpc = await ui.rpc();
  project = (await rpc.request('project/open', { root: dir })).project;
  await rpc.request('project/wait', { project });
  const all: Array<{ id: string; address: string; path: string }> = [];
  for (const m of (await rpc.request('endpoints/tree', { project })).modules) for (const c of m.classes) for (const e of c.endpoints) all.push({ id: e.id, address: e.address, path: e.path });
  image = all.find((e) => e.address === IMAGE)!;
  upload = all.find((e) => e.address === 'POST /uploads')!;
  notes = all.find((e) => e.address === 'GET /notes')!;
  note = all.find((e) => e.address === 'POST /notes')!;
  page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light', permissions: ['clipboard-read', 'clipboard-write'] });
  page.setDefaultTimeout(UI_WAIT_MS);
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(await ui.url);
  await page.locator('.toolbar .count').filter({ hasText: `${all.length} endpoints` }).waitFor();
}, 60_000);

afterAll(async () => {
  await page?.close();
  rpc?.close();
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function openImage(target = image): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(target.address);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(target.id);
  await search.press('Enter');
  await poll(() => page.locator('.request-editor input.path-field').inputValue()).toContain(target.path);
}

const editor = () => page.locator('.request-editor');

describe('a raw-bytes body sent from a file', () => {
  it('starts in the File mode with the endpoint\'s content type, and Send puts the file\'s exact bytes on the wire', async () => {
    await openImage();
    // The Body tab is the first one shown for a body of raw bytes.
    await poll(() => editor().getByRole('tab', { name: 'Body' }).getAttribute('aria-selected')).toBe('true');
    expect(await editor().getByRole('radio', { name: 'File', exact: true }).isChecked()).toBe(true);
    expect(await editor().getByLabel('Body content type').inputValue()).toBe('image/png');
    // A long type shows whole at 1400 px: the box was 20 characters wide ("application/x-www-form-u").
    const type = editor().getByLabel('Body content type');
    await type.fill('application/x-www-form-urlencoded');
    expect(await type.evaluate((i: HTMLInputElement) => i.scrollWidth <= i.clientWidth)).toBe(true);
    await type.fill('image/png');
    await editor().getByLabel('Host').fill(server.url);
    // A relative path is read from the project folder, as a file part's.
    await editor().getByLabel('Body file').fill('avatar.png');
    await page.screenshot({ path: screenshotPath('file-body-1400') });
    const before = wire.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => page.locator('.response-panel .status').textContent()).toBe('200 OK');
    expect(wire.length).toBe(before + 1);
    const got = wire.at(-1)!;
    expect(got).toMatchObject({ method: 'PUT', url: '/files/image', contentType: 'image/png' });
    expect(got.body.equals(BYTES)).toBe(true);
  });

  it('says a missing file by its path and sends nothing', async () => {
    const before = wire.length;
    await editor().getByLabel('Body file').fill('missing.png');
    await page.keyboard.press('ControlOrMeta+Enter');
    const failure = page.locator('.response-panel .call-failure');
    await poll(() => failure.textContent()).toBe(`Not sent: cannot read the body file: ${path.join(dir, 'missing.png')} (ENOENT)`);
    expect(wire.length).toBe(before);
    await editor().getByLabel('Body file').fill('avatar.png');
  });

  it('keeps the file\'s path (never its bytes) through a reload, and Copy as cURL of the edit, run by sh from another folder, sends the same bytes', async () => {
    await poll(async () => (await rpc.request('request/get', { project, id: image.id })).draft).toMatchObject({ bodyMode: 'file', bodyFile: 'avatar.png', contentType: 'image/png' });
    const saved = fs.readFileSync(path.join(dir, '.apiscout', 'requests.json'), 'utf8');
    expect(saved).toContain('"bodyFile": "avatar.png"');
    expect(saved).not.toContain('PNG');
    await page.reload();
    await page.locator('.toolbar .count').waitFor();
    await openImage();
    await poll(() => editor().getByLabel('Body file').inputValue()).toBe('avatar.png');
    expect(await editor().getByRole('radio', { name: 'File', exact: true }).isChecked()).toBe(true);

    // After the reload the list may still be redrawn (the models' arrival) and its order change: the image's row is found by its key.
    const hit = page.locator(`#results .row[data-key="${image.id}"]`);
    await hit.waitFor();
    await hit.click({ button: 'right' });
    await page.getByRole('menu', { name: 'Endpoint actions' }).getByRole('menuitem', { name: 'Copy as cURL', exact: true }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl [\s\S]*\/files\/image/);
    const command = await page.evaluate(() => navigator.clipboard.readText());
    // The path Send read it from, the project folder's file: the command runs from any folder.
    expect(command).toContain(`--data-binary @${path.join(dir, 'avatar.png')}`);
    const before = wire.length;
    const code = await new Promise<number | null>((resolve) => {
      spawn('sh', ['-c', `${command} -s -o /dev/null`], { cwd: os.tmpdir(), stdio: 'ignore', env: { ...process.env, http_proxy: '', HTTP_PROXY: '' } }).on('close', resolve);
    });
    expect(code).toBe(0);
    await poll(() => wire.length).toBe(before + 1);
    expect(wire.at(-1)).toMatchObject({ method: 'PUT', url: '/files/image', contentType: 'image/png' });
    expect(wire.at(-1)!.body.equals(BYTES)).toBe(true);
  });

  it('asks before it sends a file from outside the project (../, a link leading out), naming it; a yes holds for that file until the page reloads', async () => {
    const outside = path.join(tmp, 'outside.bin');
    const other = path.join(tmp, 'other.bin');
    fs.writeFileSync(outside, 'outside bytes');
    fs.writeFileSync(other, 'other bytes');
    fs.symlinkSync(other, path.join(dir, 'link.bin'));
    const question = page.getByRole('dialog', { name: 'Send a file from outside the project' });
    const before = wire.length;
    await editor().getByLabel('Body file').fill('../outside.bin');
    await page.keyboard.press('ControlOrMeta+Enter');
    await question.waitFor();
    expect(await question.locator('.file-path').first().textContent()).toBe(outside);
    expect(await question.textContent()).toContain(`outside the project folder ${dir}`);
    await page.screenshot({ path: screenshotPath('file-body-outside-1400') });
    // Cancel (the button with the focus): nothing goes out, and the panel says why.
    expect(await question.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await poll(() => page.locator('.response-panel .call-failure').textContent()).toBe(`Not sent: the body file ${outside} is outside the project folder ${dir}`);
    expect(wire.length).toBe(before);
    // Asked again on the next Send; a yes sends it, and the one after goes out unasked.
    await page.keyboard.press('ControlOrMeta+Enter');
    await question.getByRole('button', { name: 'Send the file' }).click();
    await poll(() => wire.length).toBe(before + 1);
    expect(wire.at(-1)!.body.toString()).toBe('outside bytes');
    await poll(() => page.locator('.response-panel .status').textContent()).toBe('200 OK');
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => wire.length).toBe(before + 2);
    expect(await question.count()).toBe(0);
    // A link in the project that leads out is asked about by where it leads, at the narrowest width too.
    await resizeTo(page, 300, 700);
    await editor().getByLabel('Body file').fill('link.bin');
    await page.keyboard.press('ControlOrMeta+Enter');
    await question.waitFor();
    expect(await question.textContent()).toContain(`a link to ${other}`);
    const box = (await question.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(300);
    await page.screenshot({ path: screenshotPath('file-body-outside-300') });
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(wire.length).toBe(before + 2);
    await page.setViewportSize({ width: 1400, height: 900 });
    await editor().getByLabel('Body file').fill('avatar.png');
  });

  it('fits the tool window\'s narrowest width', async () => {
    await resizeTo(page, 300, 700);
    const input = editor().getByLabel('Body file');
    await input.scrollIntoViewIfNeeded();
    const box = (await input.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(300);
    await page.screenshot({ path: screenshotPath('file-body-300') });
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(problems).toEqual([]);
  });
});

describe('an optional file part', () => {
  it('sends an optional file part once it is given a file: its row, off until then, goes on', async () => {
    await openImage(upload);
    await editor().getByLabel('Host').fill(server.url);
    await editor().getByRole('tab', { name: /^Form/ }).click();
    const on = (name: string) => editor().getByLabel(`Send ${name}`);
    expect(await on('attachment').isChecked()).toBe(false);
    expect(await on('thumbnail').isChecked()).toBe(false);
    await editor().getByLabel('Value of attachment').fill('scan.pdf');
    expect(await on('attachment').isChecked()).toBe(true);
    expect(await on('thumbnail').isChecked()).toBe(false);
    const before = wire.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => wire.length).toBe(before + 1);
    const got = wire.at(-1)!;
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.body.toString()).toMatch(/name="attachment"; filename="scan.pdf"\r\nContent-Type: [^\r]*\r\n\r\n%PDF-1.7 scan\r\n/);
    expect(got.body.toString()).toMatch(/name="title"\r\n\r\ntitle\r\n/);
    expect(got.body.toString()).not.toContain('thumbnail');
    expect(problems).toEqual([]);
  });
});

describe('optional query, header and form rows', () => {
  // Only a file part went on when given a value: a tag typed into its unchecked row stayed unsent.
  it('go on when the user types a value into them, and only those', async () => {
    const on = (name: string) => editor().getByLabel(`Send ${name}`);
    await openImage(notes);
    await editor().getByLabel('Host').fill(server.url);
    await editor().getByRole('tab', { name: /^Params/ }).click();
    expect(await on('tag').isChecked()).toBe(false);
    expect(await on('limit').isChecked()).toBe(false);
    await editor().getByLabel('Value of tag').fill('urgent');
    expect(await on('tag').isChecked()).toBe(true);
    expect(await on('limit').isChecked()).toBe(false);
    await editor().getByRole('tab', { name: /^Headers/ }).click();
    expect(await on('X-Trace').isChecked()).toBe(false);
    await editor().getByLabel('Value of X-Trace').fill('t-1');
    expect(await on('X-Trace').isChecked()).toBe(true);
    let before = wire.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => wire.length).toBe(before + 1);
    expect(wire.at(-1)!.url).toBe('/notes?tag=urgent');
    expect(wire.at(-1)!.trace).toBe('t-1');

    await openImage(note);
    await editor().getByLabel('Host').fill(server.url);
    await editor().getByRole('tab', { name: /^Form/ }).click();
    expect(await on('text').isChecked()).toBe(false);
    await editor().getByLabel('Value of text').fill('hello');
    expect(await on('text').isChecked()).toBe(true);
    expect(await on('color').isChecked()).toBe(false);
    before = wire.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => wire.length).toBe(before + 1);
    expect(wire.at(-1)!.body.toString()).toBe('text=hello');
    expect(problems).toEqual([]);
  });
});
