// The script sandbox with real isolated-vm runs: every API member, the limits, escape attempts.
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ScriptError } from '../core/errors';
import { LocalStorageStore } from '../core/store/local-storage';
import type { ScriptRequest, ScriptResponse } from './exchange';
import { ScriptRunner } from './runner';
import type { RunEnvironment, StorageOp } from './runner';
import { saveBodyWithin } from './save-body';
import type { ScriptSource } from './script-source';

const runner = new ScriptRunner({ timeoutMs: 2_000, memoryLimitMb: 32 });
/** setTimeout's largest delay, less the runner's own 20 ms margin: a time limit no test run reaches. */
const NO_TIME_LIMIT_MS = 2 ** 31 - 1 - 20;
afterAll(() => runner.dispose());

const js = (code: string, name = 'test.js'): ScriptSource => ({ name, language: 'js', code });

function memoryStorage(initial: Record<string, unknown> = {}) {
  const values = { ...initial };
  const applied: StorageOp[][] = [];
  return {
    values,
    applied,
    read: () => ({ ...values }),
    apply(ops: StorageOp[]) {
      applied.push(ops);
      for (const o of ops) {
        if (o.op === 'set') values[o.key] = o.value;
        else delete values[o.key];
      }
    },
  };
}

const baseRequest = (): ScriptRequest => ({
  method: 'POST',
  url: 'http://127.0.0.1:8080/api/orders?page=1&sort=a%2Cb#top',
  headers: [
    { name: 'Accept', value: 'application/json' },
    { name: 'X-Trace', value: 'one' },
    { name: 'x-trace', value: 'two' },
  ],
  body: '{"item":"book","qty":1}',
});

const jsonResponse = (body: unknown, status = 200): ScriptResponse => ({
  status,
  headers: [
    { name: 'Content-Type', value: 'application/json; charset=utf-8' },
    { name: 'X-Request-Id', value: 'r-1' },
  ],
  body: new TextEncoder().encode(JSON.stringify(body)),
});

let env: RunEnvironment & { storage: ReturnType<typeof memoryStorage> };
beforeEach(() => {
  env = { storage: memoryStorage() };
});

async function before(code: string, request = baseRequest()) {
  return runner.runBefore(js(code), request, env);
}

async function failure(p: Promise<unknown>): Promise<ScriptError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ScriptError);
  return e as ScriptError;
}

describe('before-scripts', () => {
  it('read the method, URL, headers (case-insensitive, first wins), query and body', async () => {
    const { logs } = await before(`
      logger.info(request.method(), request.url());
      logger.info(request.header('x-TRACE'), request.header('missing'));
      logger.info(request.headers().length, request.query('sort'), request.query('nope'), request.queries().length);
      logger.info(request.body(), request.json().qty);
    `);
    expect(logs.map((l) => l.text)).toEqual([
      'POST http://127.0.0.1:8080/api/orders?page=1&sort=a%2Cb#top',
      'one null',
      '3 a,b null 2',
      '{"item":"book","qty":1} 1',
    ]);
    expect(logs[0]).toMatchObject({ level: 'info', script: 'test.js' });
  });

  it('change headers, query, method, URL and body, and hand back the changed request only', async () => {
    const original = baseRequest();
    const { request } = await before(
      `
      request.setHeader('x-trace', 'three');
      request.addHeader('X-Multi', 'a');
      request.addHeader('X-Multi', 'b');
      request.removeHeader('accept');
      request.setQuery('page', 2);
      request.setQuery('q', 'a b&c');
      request.removeQuery('sort');
      request.setMethod('put');
      request.setBody({ item: 'pen', qty: 3 });
    `,
      original,
    );
    expect(request).toEqual({
      method: 'PUT',
      url: 'http://127.0.0.1:8080/api/orders?page=2&q=a%20b%26c#top',
      headers: [
        { name: 'x-trace', value: 'three' },
        { name: 'X-Multi', value: 'a' },
        { name: 'X-Multi', value: 'b' },
      ],
      body: '{"item":"pen","qty":3}',
    });
    expect(original).toEqual(baseRequest());
    const replaced = await before(`request.setUrl('https://example.test/x'); request.setQuery('k', 'v'); request.setBody(null)`);
    expect(replaced.request.url).toBe('https://example.test/x?k=v');
    expect(replaced.request.body).toBeNull();
  });

  it('keep untouched query pairs spelled as they were, placeholders included', async () => {
    const { request } = await before(`request.setQuery('added', '1')`, { ...baseRequest(), url: 'http://h/p?token={{token}}&x=%41' });
    expect(request.url).toBe('http://h/p?token={{token}}&x=%41&added=1');
  });

  it('reject header injection and bad methods with the line that tried', async () => {
    const e = await failure(before(`\nrequest.setHeader('X-Evil', 'a\\r\\nHost: other')`));
    expect(e.message).toBe("test.js, line 2: TypeError: header X-Evil: the value must not contain line breaks");
    expect(e.line).toBe(2);
    expect((await failure(before(`request.setMethod('GET /x')`))).message).toContain('not an HTTP method');
  });
});

describe('after-scripts', () => {
  it('see the code, text body, headers, size in bytes and the request as sent', async () => {
    const body = { token: 'tök€n', items: [1, 2] };
    const response = jsonResponse(body, 201);
    const size = (response.body as Uint8Array).byteLength;
    const { logs } = await runner.runAfter(
      js(`
      logger.info(response.code(), response.body(), response.bytes());
      logger.info(response.header('x-request-id'), response.headers().length, response.contentType());
      logger.info(pm.response.responseSize, response.body().length, pm.response.code, pm.response.json().token);
      logger.info(response.json().items.length, json.parse(response.body()).token, json.stringify({a: 1}));
      logger.info(request.method(), request.url());
    `),
      baseRequest(),
      response,
      env,
    );
    const text = JSON.stringify(body);
    expect(logs.map((l) => l.text)).toEqual([
      `201 ${text} null`,
      'r-1 2 application/json; charset=utf-8',
      `${size} ${text.length} 201 tök€n`,
      '2 tök€n {"a":1}',
      'POST http://127.0.0.1:8080/api/orders?page=1&sort=a%2Cb#top',
    ]);
    expect(size).toBeGreaterThan(text.length);
  });

  it('read a text body in its declared charset, and as UTF-8 when the charset is unknown', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café" in ISO-8859-1
    const read = async (contentType: string, body: Uint8Array) =>
      (await runner.runAfter(js(`logger.info(response.body())`), baseRequest(), { status: 200, headers: [{ name: 'Content-Type', value: contentType }], body }, env)).logs[0]!.text;
    expect(await read('text/plain; charset="ISO-8859-1"', latin1)).toBe('café');
    expect(await read('text/plain; charset=no-such-charset', new TextEncoder().encode('café'))).toBe('café');
  });

  it('get raw bytes for a binary response', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 1]);
    const { logs } = await runner.runAfter(
      js(`const b = response.bytes(); logger.info(b.length, b[0], b[5], pm.response.responseSize, b instanceof Uint8Array)`),
      baseRequest(),
      { status: 200, headers: [{ name: 'Content-Type', value: 'image/png' }], body: png },
      env,
    );
    expect(logs[0]!.text).toBe('7 137 255 7 true');
  });

  it('cannot change the request that was already sent', async () => {
    const e = await failure(runner.runAfter(js(`request.setHeader('a', 'b')`), baseRequest(), jsonResponse({}), env));
    expect(e.message).toContain('the request was already sent');
  });

  describe('saveBody', () => {
    const project = mkdtempSync(join(tmpdir(), 'apiscout-save-'));
    const outside = mkdtempSync(join(tmpdir(), 'apiscout-outside-'));
    afterAll(() => {
      rmSync(project, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    });

    it('writes inside the project, creating folders, and returns false when there is nothing to save', async () => {
      const saveEnv = { ...env, saveBody: saveBodyWithin(project) };
      const result = await runner.runAfter(js(`logger.info(response.saveBody('out/body.json'))`), baseRequest(), jsonResponse({ ok: true }), saveEnv);
      expect(result.logs[0]!.text).toBe('true');
      expect(readFileSync(join(project, 'out/body.json'), 'utf8')).toBe('{"ok":true}');
      expect(result.saved).toHaveLength(1);
      const empty = await runner.runAfter(js(`logger.info(response.saveBody('out/empty.bin'))`), baseRequest(), { status: 204, headers: [], body: new Uint8Array() }, saveEnv);
      expect(empty.logs[0]!.text).toBe('false');
      expect(existsSync(join(project, 'out/empty.bin'))).toBe(false);
    });

    it('refuses paths outside the project (.., absolute, through a symlink) unless allowed', async () => {
      symlinkSync(outside, join(project, 'link'));
      for (const path of ['../escape.txt', join(outside, 'abs.txt'), 'link/via-link.txt']) {
        const e = await failure(runner.runAfter(js(`response.saveBody(${JSON.stringify(path)})`), baseRequest(), jsonResponse(1), { ...env, saveBody: saveBodyWithin(project) }));
        expect(e.message).toContain('outside the project folder');
        expect(e.line).toBe(1);
      }
      await runner.runAfter(js(`response.saveBody(${JSON.stringify(join(outside, 'ok.txt'))})`), baseRequest(), jsonResponse(1), { ...env, saveBody: saveBodyWithin(project, [outside]) });
      expect(readFileSync(join(outside, 'ok.txt'), 'utf8')).toBe('1');
    });

    it('never writes into .git/ or .apiscout/', async () => {
      for (const [path, folder] of [['.git/hooks/pre-commit', '.git'], ['.apiscout/scripts/local-storage.json', '.apiscout'], ['./.git/config', '.git']] as const) {
        const e = await failure(runner.runAfter(js(`response.saveBody(${JSON.stringify(path)})`), baseRequest(), jsonResponse(1), { ...env, saveBody: saveBodyWithin(project) }));
        expect(e.message).toContain(`is inside or names ${folder}, which scripts may not write`);
        expect(existsSync(join(project, path))).toBe(false);
      }
    });

    it('never writes through a .git at any depth, a root .git file, links or the user folder (issue 23)', async () => {
      const userFolder = join(project, 'home-config');
      const save = saveBodyWithin(project, [], userFolder);
      writeFileSync(join(project, '.git'), 'gitdir: ../real.git\n');
      mkdirSync(join(project, 'nested/.git'), { recursive: true });
      writeFileSync(join(project, 'victim.txt'), 'keep');
      symlinkSync(join(project, 'victim.txt'), join(project, 'link.txt'));
      linkSync(join(project, 'victim.txt'), join(project, 'hard.txt'));
      symlinkSync(join(project, 'nested/.git'), join(project, 'innocent'));
      const cases: [string, string][] = [
        ['nested/.git/config', 'names .git'],
        ['deep/er/.GIT/hooks/pre-commit', 'names .GIT'],
        ['.git', 'names .git'],
        ['innocent/config', 'names .git'],
        ['sub/.apiscout/x.json', 'names .apiscout'],
        ['link.txt', 'is a symbolic link'],
        ['hard.txt', 'is a hard link'],
        ['home-config/settings.json', "inside apiscout's user folder"],
      ];
      for (const [path, why] of cases) {
        const e = await failure(runner.runAfter(js(`response.saveBody(${JSON.stringify(path)})`), baseRequest(), jsonResponse(1), { ...env, saveBody: save }));
        expect(e.message).toContain(why);
      }
      expect(readFileSync(join(project, '.git'), 'utf8')).toBe('gitdir: ../real.git\n');
      expect(readFileSync(join(project, 'victim.txt'), 'utf8')).toBe('keep');
      expect(existsSync(join(project, 'nested/.git/config'))).toBe(false);
      expect(existsSync(join(userFolder, 'settings.json'))).toBe(false);
    });
  });
});

describe('localStorage', () => {
  it('set, get, remove and keys within a run, written out once the run succeeds', async () => {
    env.storage.values.old = 'x';
    const { logs } = await before(`
      localStorage.set('token', 'abc');
      localStorage.set('obj', { a: [1] });
      const o = localStorage.get('obj'); o.a.push(2);
      logger.info(localStorage.get('token'), localStorage.get('obj').a.length, localStorage.get('old'), localStorage.get('none'));
      localStorage.remove('old');
      logger.info(localStorage.keys().join(','));
    `);
    expect(logs.map((l) => l.text)).toEqual(['abc 1 x null', 'token,obj']);
    expect(env.storage.values).toEqual({ token: 'abc', obj: { a: [1] } });
  });

  it('drops the writes of a run that fails', async () => {
    await failure(before(`localStorage.set('token', 'half'); throw new Error('later')`));
    expect(env.storage.applied).toEqual([]);
  });

  it('carries a token from one response to the next request (spec §5.2), on disk', async () => {
    const project = mkdtempSync(join(tmpdir(), 'apiscout-ls-'));
    try {
      const storage = new LocalStorageStore({ projectDir: project });
      const diskEnv = { storage };
      await runner.runAfter(js(`localStorage.set('token', response.json().access_token)`), baseRequest(), jsonResponse({ access_token: 's3cr3t' }), diskEnv);
      const { request } = await runner.runBefore(js(`request.setHeader('Authorization', 'Bearer ' + localStorage.get('token'))`), baseRequest(), diskEnv);
      expect(request.headers).toContainEqual({ name: 'Authorization', value: 'Bearer s3cr3t' });
      expect(statSync(storage.path).mode & 0o777).toBe(0o600);
      // Kept in the user folder: nothing of it is in the project tree.
      expect(storage.path.startsWith(process.env.APISCOUT_CONFIG_DIR!)).toBe(true);
      expect(existsSync(join(project, '.apiscout'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('reads the file earlier versions kept in the project, and moves it out on the first write', async () => {
    const project = mkdtempSync(join(tmpdir(), 'apiscout-ls-'));
    try {
      const storage = new LocalStorageStore({ projectDir: project });
      mkdirSync(join(project, '.apiscout/scripts'), { recursive: true });
      writeFileSync(storage.legacyPath, JSON.stringify({ version: 1, values: { token: 'old-tok' } }));
      expect(storage.read()).toEqual({ token: 'old-tok' });
      await storage.apply([{ op: 'set', key: 'user', value: 'ann' }]);
      expect(existsSync(storage.legacyPath)).toBe(false);
      expect(new LocalStorageStore({ projectDir: project }).read()).toEqual({ token: 'old-tok', user: 'ann' });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('failures and limits', () => {
  it('a throw names the script and line, and keeps the logs written before it', async () => {
    const e = await failure(runner.runBefore(js(`logger.warn('about to fail');\n\nnull.boom`, 'http.call.before (config.properties)'), baseRequest(), env));
    expect(e.message).toBe("http.call.before (config.properties), line 3: TypeError: Cannot read properties of null (reading 'boom')");
    expect(e.script).toBe('http.call.before (config.properties)');
    expect(e.logs).toEqual([{ level: 'warn', text: 'about to fail', script: 'http.call.before (config.properties)' }]);
  });

  it('a syntax error names its line', async () => {
    const e = await failure(before(`const a = 1;\nconst b = ;`));
    expect(e.message).toMatch(/^test\.js, line 2: SyntaxError: Unexpected token ';'$/);
  });

  it('a thrown non-error value is reported as thrown', async () => {
    expect((await failure(before(`throw 'plain'`))).message).toBe('test.js: threw plain');
  });

  it('an endless loop, a memory bomb and deep recursion each fail that run; the next run works', async () => {
    const loop = await failure(before(`while (true) {}`));
    expect(loop.message).toBe('test.js: did not finish within 2000 ms (an endless loop?)');
    expect((await before(`request.setHeader('after', 'loop')`)).request.headers).toContainEqual({ name: 'after', value: 'loop' });

    // The bomb's and the recursion's runner has no time limit a run can reach (the longest delay a
    // Node timer keeps, 24.8 days): only the memory or the stack limit can end them, however slowly
    // a loaded machine gets there.
    const roomy = new ScriptRunner({ timeoutMs: NO_TIME_LIMIT_MS, memoryLimitMb: 32 });
    const untimed = (code: string) => roomy.runBefore(js(code), baseRequest(), env);
    try {
      const bomb = await failure(untimed(`const a = []; while (true) a.push(new Array(100000).fill('x'))`));
      expect(bomb.message).toBe('test.js: ran out of memory (limit 32 MB)');
      expect((await untimed(`request.setHeader('after', 'bomb')`)).request.headers).toContainEqual({ name: 'after', value: 'bomb' });

      const deep = await failure(untimed(`function f(n) { return f(n + 1) + 1 }\nf(0)`));
      expect(deep.message).toBe('test.js, line 1: RangeError: Maximum call stack size exceeded');
      expect((await untimed(`request.setHeader('after', 'recursion')`)).request.headers).toContainEqual({ name: 'after', value: 'recursion' });
    } finally {
      roomy.dispose();
    }
    expect(env.storage.applied).toEqual([]);
    // Three runs that each end only at a limit: the test's own timeout guards against a hang, not a clock.
  }, 600_000);

  it('a run never sees the globals another run left behind', async () => {
    await before(`globalThis.leak = 1; Array.prototype.evil = 1; var v = 2`);
    const { logs } = await before(`logger.info(typeof leak, typeof [].evil, typeof v)`);
    expect(logs[0]!.text).toBe('undefined undefined undefined');
  });
});

describe('escape attempts stay inside', () => {
  const attempts: Record<string, string> = {
    'process global': `logger.info(typeof process, typeof require, typeof module, typeof Buffer)`,
    'timers and network': `logger.info(typeof setTimeout, typeof setInterval, typeof fetch, typeof XMLHttpRequest, typeof WebSocket)`,
    'Function constructor': `logger.info(typeof Function('return this')().process)`,
    'constructor chain': `logger.info(this.constructor.constructor('return typeof process')())`,
    'API objects are frozen and their functions leak nothing': `
      const leaks = [request.header.constructor('return typeof process')(), Object.isFrozen(request), Object.isFrozen(localStorage)];
      logger.info(leaks.join(' '))`,
    'host callbacks are gone': `logger.info(typeof $in, typeof $log, typeof $save, typeof $text, typeof $bytes)`,
    'import()': `logger.info(typeof globalThis.import)`,
  };
  for (const [label, code] of Object.entries(attempts)) {
    it(label, async () => {
      const { logs } = await before(code);
      expect(logs[0]!.text.split(' ').every((word) => ['undefined', 'true'].includes(word))).toBe(true);
    });
  }

  it('dynamic import and replacing the API fail as errors', async () => {
    expect((await failure(before(`import('fs')`))).message).toMatch(/test\.js/);
    await failure(before(`'use strict'; request = { };`));
  });

  it('prototype pollution stays in the run, and a __proto__ key is plain data', async () => {
    const project = mkdtempSync(join(tmpdir(), 'apiscout-proto-'));
    try {
      const diskEnv = { storage: new LocalStorageStore({ projectDir: project }) };
      await runner.runBefore(js(`Object.prototype.polluted = 1; localStorage.set('__proto__', { polluted: true }); localStorage.set('constructor', 'x')`), baseRequest(), diskEnv);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const { logs } = await runner.runBefore(js(`logger.info(json.stringify(localStorage.get('__proto__')), localStorage.get('constructor'), typeof ({}).polluted)`), baseRequest(), diskEnv);
      expect(logs[0]!.text).toBe('{"polluted":true} x undefined');
      expect(Object.keys(diskEnv.storage.read())).toEqual(['__proto__', 'constructor']);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('a script that overrides JSON and prototypes cannot smuggle out a malformed request', async () => {
    const e = await failure(before(`request.setHeader('a','b'); Array.prototype.map = function () { return [{ name: 'bad name', value: 'x' }] }`));
    expect(e.message).toContain('not a header name');
  });
});
