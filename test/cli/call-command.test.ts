// `apiscout call` as a user runs it: the built bundle in a child process, against a real server on
// 127.0.0.1, on a small Spring project written by the test, with environments and config files.

import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import { RequestStateStore } from '../../core/store/request-state';
import type { Echo, Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';
import { runCli, type CliRun } from './run-cli';
import { writeFiles } from '../write-files';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const CONTROLLER = `package com.example.items;

import org.springframework.web.bind.annotation.*;
import org.springframework.web.multipart.MultipartFile;

@RestController
@RequestMapping("/items")
public class ItemController {
  /** Fetches an item */
  @GetMapping("/{id}")
  public Item get(@PathVariable long id, @RequestParam String view, @RequestHeader("X-Tenant") String tenant, @CookieValue("session") String session) { return null; }

  /** Creates an item */
  @PostMapping
  public Item create(@RequestBody Item item) { return null; }

  /** The item's picture */
  @GetMapping(value = "/{id}/picture", produces = "image/png")
  public byte[] picture(@PathVariable long id) { return null; }

  /** Attaches a file to the item */
  @PostMapping("/{id}/attachments")
  public void attach(@PathVariable long id, @RequestParam("file") MultipartFile file) {}

  /** Replaces the item's picture */
  @PutMapping(value = "/{id}/picture", consumes = "image/png")
  public void upload(@PathVariable long id, @RequestBody byte[] png) {}
}

class Item {
  public String name;
  public int stock;
}
`;

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-call-'));
  writeFiles(root, files);
  return root;
}

let server: Running;
/** Requests the server received: a refused file is refused before anything goes out. */
let hits = 0;
let dir: string;
let userDir: string;

function run(args: string[], cwd?: string): Promise<CliRun> {
  return runCli(['call', ...args], { APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '', https_proxy: '', HTTPS_PROXY: '' }, cwd);
}

/** The echo server's JSON from a call's output (everything after the blank line). */
function echoed(stdout: string): Echo {
  return JSON.parse(stdout.slice(stdout.indexOf('\n\n') + 2)) as Echo;
}

beforeAll(async () => {
  server = await httpServer((req, res, body) => {
    hits++;
    if (req.method === 'PUT' && req.url?.endsWith('/picture')) {
      // The bytes as received, unchanged by any text decoding on the way back.
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ contentType: req.headers['content-type'], base64: body.toString('base64') }));
      return;
    }
    if (req.url?.endsWith('/picture')) {
      res.setHeader('content-type', 'image/png');
      res.end(PNG);
      return;
    }
    echo(req, res, body);
  });
  dir = project({
    'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>items</artifactId></project>',
    'src/main/java/com/example/items/ItemController.java': CONTROLLER,
    'src/main/resources/application.properties': 'server.servlet.context-path=/shop\n',
    '.easy.api.config': 'tenant=acme-from-legacy-config\n',
  });
  userDir = mkdtempSync(join(tmpdir(), 'apiscout-call-user-'));
});
afterAll(() => server.close());

describe('apiscout call', () => {
  it('sends every parameter location and prints status, headers and the pretty JSON body', async () => {
    const r = await run(['GET /items/{id}', dir, '--host', server.url, '--param', 'id=7', '--param', 'view=full', '--param', 'session=abc', '--header', 'X-Tenant: {{tenant}}']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HTTP 200 OK {2}\d+ ms · \d+ bytes · application\/json\n/);
    expect(r.stdout).toContain('\ncontent-type: application/json\n');
    expect(r.stdout).toContain('{\n  "method": "GET",');
    const got = echoed(r.stdout);
    expect(got.url).toBe('/shop/items/7?view=full');
    expect(got.headers['x-tenant']).toBe('acme-from-legacy-config');
    expect(got.headers.cookie).toBe('session=abc');
    expect(new RequestStateStore({ projectDir: dir }).hosts()[0]).toBe(server.url);
  });

  it('starts from the last host used, and takes environment variables (secrets included) before the config', async () => {
    await new RequestStateStore({ projectDir: dir }).rememberHost(server.url);
    const store = new EnvironmentStore({ projectDir: dir, userDir });
    await store.create('dev', [
      { key: 'tenant', value: 'tenant-from-env' },
      { key: 'token', value: 'sekret-token', secret: true },
    ]);
    const r = await run(['POST /items', dir, '--env', 'dev', '--header', 'Authorization: Bearer {{token}}', '--header', 'X-Tenant: ${tenant}', '--body', '{"name": "{{tenant}}", "stock": 3}']);
    expect(r.code).toBe(0);
    const got = echoed(r.stdout);
    expect(got.url).toBe('/shop/items');
    expect(got.headers.authorization).toBe('Bearer sekret-token');
    expect(JSON.parse(got.body)).toEqual({ name: 'tenant-from-env', stock: 3 });
    expect(readFileSync(join(dir, '.apiscout/environments.json'), 'utf8')).not.toContain('sekret-token');
    // --verbose goes to CI logs: the request as sent shows the secret masked (the echoed body is the server's).
    const verbose = await run(['POST /items', dir, '--env', 'dev', '--header', 'Authorization: Bearer {{token}}', '--verbose']);
    const sent = verbose.stdout.split('\n').filter((l) => l.startsWith('> '));
    expect(sent).toContain('> Authorization: Bearer ••••••••');
    expect(sent.join('\n')).not.toContain('sekret-token');
  });

  it('reads the body from a file and warns about placeholders without a value', async () => {
    const file = join(dir, 'item.json');
    writeFileSync(file, '{"name": "{{nobody}}", "stock": 1}');
    const r = await run(['POST /items', dir, '--host', server.url, '--body', `@${file}`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(echoed(r.stdout).body)).toEqual({ name: '{{nobody}}', stock: 1 });
    expect(r.stderr).toContain("warning: no value for the placeholder 'nobody'");
  });

  it("sends a host's user info as Basic credentials, which --verbose and a failure's message mask", async () => {
    const withUser = server.url.replace('://', '://bob:pw-S3CRET@');
    const verbose = await run(['GET /items/{id}', dir, '--host', withUser, '--param', 'id=1', '--verbose']);
    expect(verbose.stdout).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/shop\/items\/1/m);
    expect(verbose.stdout).toMatch(/^> Authorization: Basic ••••••••$/m);
    // The server got them.
    const plain = await run(['GET /items/{id}', dir, '--host', withUser, '--param', 'id=1']);
    expect(echoed(plain.stdout).headers.authorization).toBe(`Basic ${Buffer.from('bob:pw-S3CRET').toString('base64')}`);
    const failed = await run(['GET /items/{id}', dir, '--host', 'http://bob:pw-S3CRET@127.0.0.1:1', '--param', 'id=1', '--timeout', '1']);
    expect(failed.code).toBe(1);
    expect(verbose.stdout + verbose.stderr + failed.stdout + failed.stderr).not.toContain('pw-S3CRET');
  });

  it('starts from saved edits, and --reset goes back to the source', async () => {
    const getItem = 'GET /items/{id}';
    const verbose = await run([getItem, dir, '--host', server.url, '--param', 'id=1', '--param', 'view=v', '--param', 'session=s', '--header', 'X-Tenant: t', '--verbose']);
    // The cookie went out (the echo says so); the verbose lines, bound for CI logs, show its name only.
    expect(verbose.stdout).toMatch(new RegExp(`^> GET ${server.url}/shop/items/1\\?view=v\n> Host: 127\\.0\\.0\\.1:\\d+\n(> .*\n)*> Cookie: session=••••••••\n`));
    expect(verbose.stdout).toContain('"cookie": "session=s"');
    const state = new RequestStateStore({ projectDir: dir });
    const { ProjectScanner } = await import('../../core/scan/project-scanner');
    const endpoint = (await new ProjectScanner(dir).scan()).endpoints.find((e) => e.address === 'GET /items/{id}')!;
    await state.save(endpoint.id, {
      method: 'GET',
      host: server.url,
      path: '/shop/items/{id}',
      pathParams: [{ name: 'id', value: '99' }],
      query: [{ name: 'view', value: 'saved' }],
      cookies: [],
      headers: [{ name: 'X-Saved', value: 'yes' }],
      form: [],
      bodyMode: 'none',
      body: '',
    });
    const saved = echoed((await run([getItem, dir])).stdout);
    expect(saved.url).toBe('/shop/items/99?view=saved');
    expect(saved.headers['x-saved']).toBe('yes');
    const reset = await run([getItem, dir, '--reset', '--param', 'id=5']);
    expect(echoed(reset.stdout).headers['x-saved']).toBeUndefined();
    expect(state.load(endpoint.id)).toBeUndefined();
  });

  it('Reset to Default rebuilds the body from a fresh read of the source, so a new DTO field appears', async () => {
    const local = project({
      'pom.xml': '<project><artifactId>items</artifactId></project>',
      'src/main/java/com/example/items/ItemController.java': CONTROLLER,
    });
    const state = new RequestStateStore({ projectDir: local });
    const { ProjectScanner } = await import('../../core/scan/project-scanner');
    const { defaultDraft } = await import('../../core/call/request-builder');
    const before = (await new ProjectScanner(local).scan()).endpoints.find((e) => e.address === 'POST /items')!;
    // The editor saved the request as the source was then, with an edit.
    await state.save(before.id, { ...defaultDraft(before, { host: server.url }), headers: [{ name: 'X-Edited', value: '1' }] });
    const javaFile = join(local, 'src/main/java/com/example/items/ItemController.java');
    writeFileSync(javaFile, CONTROLLER.replace('public int stock;', 'public int stock;\n  public String colour;'));
    const edited = echoed((await run(['POST /items', local])).stdout);
    expect(edited.headers['x-edited']).toBe('1');
    expect(Object.keys(JSON.parse(edited.body) as object)).toEqual(['name', 'stock']);
    const reset = echoed((await run(['POST /items', local, '--reset', '--host', server.url])).stdout);
    expect(reset.headers['x-edited']).toBeUndefined();
    expect(Object.keys(JSON.parse(reset.body) as object)).toEqual(['name', 'stock', 'colour']);
  });

  it('runs a configured http.call.before script (more in call-scripts.test.ts)', async () => {
    const local = project({
      'pom.xml': '<project><artifactId>items</artifactId></project>',
      'src/main/java/com/example/items/ItemController.java': CONTROLLER,
      '.apiscout/config.properties': 'http.call.before=groovy:```\nrequest.setHeader("X-Sig", "1")\n```\n',
    });
    const r = await run(['POST /items', local, '--host', server.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(echoed(r.stdout).headers['x-sig']).toBe('1');
  });

  it('prints only metadata for a binary body, and saves it with --out', async () => {
    const r = await run(['GET /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`[binary body: image/png, ${PNG.length} bytes; save it with --out FILE]`);
    expect(r.stdout).not.toContain('PNG');
    const out = join(dir, 'picture.png');
    const saved = await run(['GET /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1', '--out', out]);
    expect(saved.stdout).toContain(`[body saved to ${out}: ${PNG.length} bytes]`);
    expect(readFileSync(out).equals(PNG)).toBe(true);
  });

  it('sends a raw-bytes body from --body @FILE as the file\'s exact bytes, and asks for one when none is given', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from([0x00, 0x0d, 0x0a, 0xff, 0x0d])]);
    const file = join(dir, 'new-picture.png');
    writeFileSync(file, bytes);
    const r = await run(['PUT /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1', '--body', `@${file}`]);
    expect(r.code, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2)) as { contentType: string; base64: string };
    expect(got.contentType).toBe('image/png');
    expect(Buffer.from(got.base64, 'base64').equals(bytes)).toBe(true);
    const none = await run(['PUT /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('this endpoint takes raw bytes as its body: give the file to send with --body @FILE');
    const missing = await run(['PUT /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1', '--body', '@no-such.png']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`cannot read the body file: ${join(process.cwd(), 'no-such.png')} (ENOENT)`);
  });

  it('reads a saved request\'s relative file body from the project folder, as Send does, wherever it runs', async () => {
    const bytes = Buffer.from([0x00, 0xff, 0x0d, 0x0a, 0x0d]);
    writeFileSync(join(dir, 'saved-picture.png'), bytes);
    const { ProjectScanner } = await import('../../core/scan/project-scanner');
    const endpoint = (await new ProjectScanner(dir).scan()).endpoints.find((e) => e.address === 'PUT /items/{id}/picture')!;
    const state = new RequestStateStore({ projectDir: dir });
    await state.save(endpoint.id, {
      method: 'PUT',
      host: server.url,
      path: '/shop/items/{id}/picture',
      pathParams: [{ name: 'id', value: '3' }],
      query: [],
      cookies: [],
      headers: [],
      form: [],
      bodyMode: 'file',
      body: '',
      contentType: 'image/png',
      bodyFile: 'saved-picture.png',
    });
    try {
      // This test's working folder is not the project: the saved path is the project's.
      expect(process.cwd()).not.toBe(dir);
      const r = await run(['PUT /items/{id}/picture', dir]);
      expect(r.code, r.stderr).toBe(0);
      const got = JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2)) as { base64: string };
      expect(Buffer.from(got.base64, 'base64').equals(bytes)).toBe(true);
    } finally {
      await state.reset(endpoint.id);
    }
  });

  it('refuses a saved request\'s file from outside the project (../, absolute, a link leading out) unless --allow-file names it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'apiscout-call-outside-'));
    const secret = join(outside, 'id_rsa');
    writeFileSync(secret, 'PRIVATE KEY\n');
    symlinkSync(secret, join(dir, 'key-link.png'));
    const { ProjectScanner } = await import('../../core/scan/project-scanner');
    const endpoints = (await new ProjectScanner(dir).scan()).endpoints;
    const picture = endpoints.find((e) => e.address === 'PUT /items/{id}/picture')!;
    const attach = endpoints.find((e) => e.address === 'POST /items/{id}/attachments')!;
    const state = new RequestStateStore({ projectDir: dir });
    const fileBody = (bodyFile: string) =>
      state.save(picture.id, { method: 'PUT', host: server.url, path: '/shop/items/{id}/picture', pathParams: [{ name: 'id', value: '3' }], query: [], cookies: [], headers: [], form: [], bodyMode: 'file', body: '', contentType: 'image/png', bodyFile });
    try {
      for (const [bodyFile, named, via] of [
        [secret, secret, ''],
        [join('..', relative(dirname(dir), secret)), secret, ''],
        ['key-link.png', join(dir, 'key-link.png'), ` (a link to ${secret})`],
      ] as const) {
        await fileBody(bodyFile);
        const before = hits;
        const r = await run(['PUT /items/{id}/picture', dir]);
        expect(r.code, bodyFile).toBe(2);
        expect(r.stderr).toContain(`apiscout call: the body file ${named}${via} is outside the project folder ${dir}, and a saved request may name any file: nothing was sent; to send it, add --allow-file ${secret}`);
        expect(r.stdout).toBe('');
        expect(hits).toBe(before);
      }
      // Allowed by where it really is, or by the link that leads there.
      for (const allow of [secret, join(dir, 'key-link.png')]) {
        const r = await run(['PUT /items/{id}/picture', dir, '--allow-file', allow]);
        expect(r.code, r.stderr).toBe(0);
        expect(Buffer.from((JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2)) as { base64: string }).base64, 'base64').toString()).toBe('PRIVATE KEY\n');
      }
      // A saved file part is held to the same rule.
      await state.save(attach.id, { method: 'POST', host: server.url, path: '/shop/items/{id}/attachments', pathParams: [{ name: 'id', value: '3' }], query: [], cookies: [], headers: [], form: [{ name: 'file', value: secret, file: true }], bodyMode: 'multipart', body: '' });
      const before = hits;
      const part = await run(['POST /items/{id}/attachments', dir]);
      expect(part.code).toBe(2);
      expect(part.stderr).toContain(`the file of form part 'file' ${secret} is outside the project folder ${dir}`);
      expect(hits).toBe(before);
      const allowed = await run(['POST /items/{id}/attachments', dir, '--allow-file', secret]);
      expect(allowed.code, allowed.stderr).toBe(0);
      expect(echoed(allowed.stdout).body).toContain('PRIVATE KEY');
    } finally {
      await state.reset(picture.id);
      await state.reset(attach.id);
      rmSync(join(dir, 'key-link.png'));
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('reads a --param K=@FILE file part and a --body @FILE from the folder it runs in', async () => {
    const here = mkdtempSync(join(tmpdir(), 'apiscout-call-cwd-'));
    try {
      writeFileSync(join(here, 'note.txt'), 'attached from here\n');
      writeFileSync(join(here, 'pic.png'), PNG);
      const part = await run(['POST /items/{id}/attachments', dir, '--host', server.url, '--param', 'id=1', '--param', 'file=@note.txt'], here);
      expect(part.code, part.stderr).toBe(0);
      expect(echoed(part.stdout).body).toMatch(/name="file"; filename="note.txt"\r\n[^]*attached from here\n/);
      const body = await run(['PUT /items/{id}/picture', dir, '--host', server.url, '--param', 'id=1', '--body', '@pic.png'], here);
      expect(body.code, body.stderr).toBe(0);
      expect(Buffer.from((JSON.parse(body.stdout.slice(body.stdout.indexOf('\n\n') + 2)) as { base64: string }).base64, 'base64').equals(PNG)).toBe(true);
    } finally {
      rmSync(here, { recursive: true, force: true });
    }
  });

  it('says which endpoint it calls when modules share the address, and calls the one an id names quietly', async () => {
    const controller = (pkg: string) => `package ${pkg};\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class BrandController {\n  @PostMapping("/brand/create")\n  public String create() { return ""; }\n}\n`;
    const twin = project({
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>mall</artifactId><packaging>pom</packaging><modules><module>admin</module><module>demo</module></modules></project>',
      'admin/pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>admin</artifactId></project>',
      'admin/src/main/java/com/acme/admin/BrandController.java': controller('com.acme.admin'),
      'demo/pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>demo</artifactId></project>',
      'demo/src/main/java/com/acme/demo/BrandController.java': controller('com.acme.demo'),
    });
    try {
      const r = await run(['POST /brand/create', twin, '--host', server.url]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^note: 2 endpoints are POST \/brand\/create; calling com\.acme\.(admin|demo)\.BrandController in (admin|demo) \(pass another's id, from apiscout search --json, to call it\)$/m);
      const id = `demo:com.acme.demo.BrandController#create() POST /brand/create`;
      const byId = await run([id, twin, '--host', server.url]);
      expect(byId.code, byId.stderr).toBe(0);
      expect(byId.stderr).not.toContain('note:');
    } finally {
      rmSync(twin, { recursive: true, force: true });
    }
  });

  it('exits 1 when no response arrives and 2 on bad input', async () => {
    const refused = await run(['POST /items', dir, '--host', 'http://127.0.0.1:1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('apiscout call: connection refused by 127.0.0.1:1');
    const env = await run(['POST /items', dir, '--env', 'qa']);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain("no environment named 'qa' (known: dev)");
    expect((await run(['POST /items', dir, '--header', 'nocolon'])).code).toBe(2);
    expect((await run(['POST /items', dir, '--body', '@/no/such.json'])).stderr).toContain('cannot read the body file /no/such.json (ENOENT)');
    expect(existsSync(join(dir, '.apiscout/requests.json'))).toBe(true);
  });
});
