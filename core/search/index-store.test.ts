// The retained index on disk: round trip, the state folder, and every way a file can be bad
// (corrupt, foreign, truncated, half-written, raced) without losing a usable index.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATE_GITIGNORE } from '../config/user-dir';
import type { Endpoint } from '../model/endpoint';
import { INDEX_VERSION, STATE_DIR, TREE_SECTION_FORMAT, indexFile, loadIndex, loadTreeSection, saveIndex } from './index-store';

function ep(i: number, extra: Partial<Endpoint> = {}): Endpoint {
  return {
    id: `app:com.acme.UserController#get${i}(Long):GET /users/${i}/{id}`,
    protocol: 'http',
    framework: 'spring-mvc',
    method: 'GET',
    path: `/users/${i}/{id}`,
    address: `GET /users/${i}/{id}`,
    name: `Get user ${i}`,
    description: i % 2 ? '' : 'Returns the user.',
    folder: 'app/users',
    className: 'com.acme.UserController',
    module: 'app',
    source: { file: 'app/src/main/java/com/acme/UserController.java', line: 10 + i, column: 17, member: `get${i}` },
    ...extra,
  };
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'apiscout-index-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const files = { 'app/src/main/java/com/acme/UserController.java': { hash: 'abc', deps: ['app/src/main/java/com/acme/UserDto.java'] } };

describe('saveIndex / loadIndex', () => {
  it('round-trips endpoints, optional and unknown fields, and per-file records', async () => {
    const endpoints = [
      ep(1),
      ep(2, { consumes: ['application/json'], produces: ['application/json'] }),
      { ...ep(3), method: 'gRPC', protocol: 'grpc' as const, framework: 'grpc' as const, streaming: 'B' as const, address: 'gRPC /pkg.Svc/Chat' },
      { ...ep(4), requestTemplate: { params: [{ name: 'id', in: 'path' }] } } as Endpoint,
      ep(5, { source: { file: 'a.java', line: 1, column: 1, member: 'm', endLine: 9 } as Endpoint['source'] }),
      ep(6, { name: '获取用户详情', description: 'émoji 🚀 and "quotes"' }),
    ];
    await saveIndex(root, { endpoints, files }, { createdBy: 'apiscout 0.1.0' });
    const { index, warning } = await loadIndex(root);
    expect(warning).toBeUndefined();
    expect(index!.endpoints).toEqual(endpoints);
    expect(index!.files).toEqual(files);
    expect(index).toMatchObject({ format: 'apiscout-index', version: INDEX_VERSION, createdBy: 'apiscout 0.1.0', root });
    expect(Date.parse(index!.savedAt)).not.toBeNaN();
  });

  it('writes pure ASCII, and still reads a file with raw UTF-8', async () => {
    const endpoints = [ep(1, { name: '获取用户详情 🚀' })];
    await saveIndex(root, { endpoints, files });
    const bytes = readFileSync(indexFile(root));
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const utf8 = JSON.stringify(JSON.parse(bytes.toString('latin1')));
    expect(utf8).toContain('获取用户详情 🚀');
    writeFileSync(indexFile(root), utf8, 'utf8');
    expect((await loadIndex(root)).index!.endpoints).toEqual(endpoints);
  });

  it('creates the state folder with a .gitignore of its own, and leaves an existing one alone', async () => {
    await saveIndex(root, { endpoints: [ep(1)], files: {} });
    expect(readFileSync(join(root, STATE_DIR, '.gitignore'), 'utf8')).toBe(STATE_GITIGNORE);
    writeFileSync(join(root, STATE_DIR, '.gitignore'), '# mine\n*\n');
    await saveIndex(root, { endpoints: [ep(2)], files: {} });
    expect(readFileSync(join(root, STATE_DIR, '.gitignore'), 'utf8')).toBe('# mine\n*\n');
  });

  it('reports no index, and no warning, before the first save', async () => {
    expect(await loadIndex(root)).toEqual({ index: null });
  });
});

describe('a bad index file is discarded with a warning naming it', () => {
  async function loadWith(content: string) {
    mkdirSync(join(root, STATE_DIR), { recursive: true });
    writeFileSync(indexFile(root), content);
    return loadIndex(root);
  }

  it.each([
    ['corrupt JSON', '{"format": "apiscout-index", nope', /not valid JSON/],
    ['not an object', '[1, 2, 3]', /not an apiscout index/],
    ['a foreign file', JSON.stringify({ format: 'something-else', version: 1 }), /not an apiscout index \(format "something-else"\)/],
    ['another version', JSON.stringify({ format: 'apiscout-index', version: 99, createdBy: 'apiscout 9.0.0', files: {} }), /index version 99, written by apiscout 9\.0\.0/],
    ['no files record', JSON.stringify({ format: 'apiscout-index', version: INDEX_VERSION }), /no files record/],
  ])('%s', async (_, content, reason) => {
    const { index, warning } = await loadWith(content);
    expect(index).toBeNull();
    expect(warning).toContain(indexFile(root));
    expect(warning).toMatch(reason);
  });

  it('a truncated file', async () => {
    await saveIndex(root, { endpoints: [ep(1), ep(2), ep(3)], files });
    const full = readFileSync(indexFile(root), 'utf8');
    const { index, warning } = await loadWith(full.slice(0, Math.floor(full.length * 0.6)));
    expect(index).toBeNull();
    expect(warning).toMatch(/not valid JSON/);
  });

  it('a table that does not add up', async () => {
    await saveIndex(root, { endpoints: [ep(1), ep(2)], files });
    const data = JSON.parse(readFileSync(indexFile(root), 'utf8'));
    const last = data.endpoints.cells.pop();
    expect((await loadWith(JSON.stringify(data))).warning).toMatch(/malformed endpoint table/);
    data.endpoints.cells.push(last);
    data.endpoints.cells[data.endpoints.columns.length] = 99999; // endpoint 1's id: no such string
    expect((await loadWith(JSON.stringify(data))).warning).toMatch(/malformed endpoint at position 1 \(id\)/);
  });

  it('is replaced by the next save', async () => {
    await loadWith('garbage');
    await saveIndex(root, { endpoints: [ep(1)], files });
    expect((await loadIndex(root)).index?.endpoints).toEqual([ep(1)]);
  });
});

describe('writes are atomic', () => {
  const temps = () => readdirSync(join(root, STATE_DIR)).filter((f) => f.endsWith('.tmp'));

  it('ignores a temp file left by an interrupted write, and keeps the last complete index', async () => {
    await saveIndex(root, { endpoints: [ep(1)], files });
    writeFileSync(join(root, STATE_DIR, 'index.json.4242.deadbeef.tmp'), '{"format":"apiscout-index","vers');
    expect((await loadIndex(root)).index?.endpoints).toEqual([ep(1)]);
  });

  it('removes stale temp files on save, but not a concurrent writer\'s fresh one', async () => {
    await saveIndex(root, { endpoints: [ep(1)], files });
    const stale = join(root, STATE_DIR, 'index.json.4242.deadbeef.tmp');
    const fresh = join(root, STATE_DIR, 'index.json.4343.cafebabe.tmp');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'y');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(stale, hourAgo, hourAgo);
    await saveIndex(root, { endpoints: [ep(2)], files });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('leaves one complete index when saves race', async () => {
    const versions = Array.from({ length: 12 }, (_, i) => Array.from({ length: 50 + i * 37 }, (_, k) => ep(k, { name: `v${i}` })));
    await Promise.all(versions.map((endpoints) => saveIndex(root, { endpoints, files })));
    const { index, warning } = await loadIndex(root);
    expect(warning).toBeUndefined();
    expect(versions).toContainEqual(index!.endpoints);
    expect(temps()).toEqual([]);
  });

  it('fails with a message naming the file, keeping the previous index, when the rename fails', async () => {
    await saveIndex(root, { endpoints: [ep(1)], files });
    // A directory where the index should be: the write succeeds, the rename cannot.
    const file = indexFile(root);
    rmSync(file);
    mkdirSync(join(file, 'blocker'), { recursive: true });
    await expect(saveIndex(root, { endpoints: [ep(2)], files })).rejects.toThrow(file);
    expect(temps()).toEqual([]);
  });
});

describe('the tree section', () => {
  // Opaque here: any JSON array (the explorer's packed tree in real use), non-ASCII and `<` included.
  const tree = JSON.stringify([['app', [['com.acme.UserController', 'a.java', 'http', 'spring-mvc', [['get(Long)', 'GET', '/users/{id}', '获取用户 🚀 <b>', 'app/users', 1, 2, 'get']]]]]]);

  it('reads the tree stored with the index, and the whole index still reads the same', async () => {
    const endpoints = [ep(1), ep(2, { name: 'é' })];
    await saveIndex(root, { endpoints, files }, { tree: { json: tree, version: 'v-1' } });
    const section = await loadTreeSection(root);
    expect(section).toMatchObject({ version: 'v-1', endpointCount: 2 });
    expect(JSON.parse(section!.json)).toEqual(JSON.parse(tree));
    const { index, warning } = await loadIndex(root);
    expect(warning).toBeUndefined();
    expect(index!.endpoints).toEqual(endpoints);
    expect(index!.files).toEqual(files);
    expect(section!.savedAt).toBe(index!.savedAt);
  });

  it('answers null, and the whole index is read as before, without a section or with another one', async () => {
    expect(await loadTreeSection(root)).toBeNull(); // no index at all
    await saveIndex(root, { endpoints: [ep(1)], files });
    expect(await loadTreeSection(root)).toBeNull();
    expect((await loadIndex(root)).index!.endpoints).toEqual([ep(1)]);
    // A section of a format this build does not know: skipped, the rest still read.
    await saveIndex(root, { endpoints: [ep(1)], files }, { tree: { json: tree, version: 'v' } });
    const file = indexFile(root);
    writeFileSync(file, readFileSync(file, 'utf8').replace(`"treeSection":{"format":${TREE_SECTION_FORMAT},`, `"treeSection":{"format":${TREE_SECTION_FORMAT + 1},`));
    expect(await loadTreeSection(root)).toBeNull();
    expect((await loadIndex(root)).index!.endpoints).toEqual([ep(1)]);
  });

  it('answers null for a truncated or foreign file, and for a section whose length does not fit', async () => {
    await saveIndex(root, { endpoints: [ep(1)], files }, { tree: { json: tree, version: 'v' } });
    const file = indexFile(root);
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, whole.indexOf(',"tree":') + 20));
    expect(await loadTreeSection(root)).toBeNull();
    writeFileSync(file, whole.replace(/"length":(\d+)/, (_m, n) => `"length":${Number(n) - 3}`));
    expect(await loadTreeSection(root)).toBeNull();
    writeFileSync(file, whole.replace('"format":"apiscout-index"', '"format":"other"'));
    expect(await loadTreeSection(root)).toBeNull();
  });
});
