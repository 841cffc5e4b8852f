// Which scripts apply to a request, in which order, and the cURL export's pre-request scripts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../core/config/config-reader';
import { RequestScripts, runPreRequestScripts, scriptsFor } from './hooks';

const project = mkdtempSync(join(tmpdir(), 'apiscout-hooks-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(join(project, '.apiscout'));
writeFileSync(
  join(project, '.apiscout/config.properties'),
  [
    "http.call.before=js:request.addHeader('X-Order', 'project')",
    "http.call.before[folder:Orders]=js:request.addHeader('X-Order', 'folder')",
    "http.call.before[class:com.acme.OrderController]=js:request.addHeader('X-Order', 'class')",
    "http.call.before[endpoint:POST /orders]=js:request.addHeader('X-Order', 'endpoint'); request.setBody({ signed: true })",
    "http.call.after[class:OrderController]=js:logger.info('after', response.code())",
  ].join('\n'),
);
writeFileSync(join(project, '.easy.api.config'), "http.call.before[folder:Orders]=js:request.addHeader('X-Order', 'legacy folder')\n");

const config = readConfig({ projectDir: project });
const target = { folder: 'Orders', className: 'com.acme.OrderController', address: 'POST /orders', id: 'shop:com.acme.OrderController#create(Order) POST /orders' };
const request = { method: 'POST', url: 'http://127.0.0.1:1/orders', headers: [], body: '{}' };
const order = (headers: { name: string; value: string }[]) => headers.filter((h) => h.name === 'X-Order').map((h) => h.value);

describe('scriptsFor', () => {
  it('runs project, folder, class and endpoint scripts in that order; the apiscout config wins over legacy files', () => {
    const scripts = scriptsFor({ projectDir: project, config }, 'before', target);
    expect(scripts.map((s) => s.name)).toEqual([
      'http.call.before (.apiscout/config.properties)',
      'http.call.before[folder:Orders] (.apiscout/config.properties)',
      'http.call.before[class:com.acme.OrderController] (.apiscout/config.properties)',
      'http.call.before[endpoint:POST /orders] (.apiscout/config.properties)',
    ]);
    expect(scriptsFor({ projectDir: project, config }, 'after', target).map((s) => s.name)).toEqual(['http.call.after[class:OrderController] (.apiscout/config.properties)']);
    expect(scriptsFor({ projectDir: project, config }, 'before', { folder: 'Other' }).map((s) => s.name)).toEqual(['http.call.before (.apiscout/config.properties)']);
  });

  it('a project-level script in the settings replaces the config files\' one', () => {
    const scripts = scriptsFor({ projectDir: project, config, settings: { 'http.call.before': "groovy:```\nrequest.addHeader('X-Order', 'settings')\n```" } }, 'before', {});
    expect(scripts).toEqual([{ name: 'http.call.before (settings)', language: 'groovy', code: "request.addHeader('X-Order', 'settings')" }]);
  });
});

describe('RequestScripts', () => {
  it('threads the request through every level and runs after-scripts', async () => {
    const scripts = new RequestScripts({ projectDir: project, config, settings: { 'scripts.timeoutMs': 1000, 'scripts.memoryLimitMb': 16 } });
    try {
      const { request: sent } = await scripts.before(request, target);
      expect(order(sent.headers)).toEqual(['project', 'folder', 'class', 'endpoint']);
      expect(sent.body).toBe('{"signed":true}');
      const { logs } = await scripts.after(sent, { status: 201, headers: [], body: new Uint8Array() }, target);
      expect(logs.map((l) => l.text)).toEqual(['after 201']);
    } finally {
      scripts.dispose();
    }
  });
});

describe('runPreRequestScripts (cURL export)', () => {
  it('runs folder and class scripts for a batch, and the endpoint script too for a single endpoint', async () => {
    const [batch] = await runPreRequestScripts([{ request, target }], { projectDir: project, config }, { single: false });
    expect(order(batch!.request.headers)).toEqual(['folder', 'class']);
    const [single] = await runPreRequestScripts([{ request, target }], { projectDir: project, config }, { single: true });
    expect(order(single!.request.headers)).toEqual(['folder', 'class', 'endpoint']);
    expect(single!.request.body).toBe('{"signed":true}');
  });
});
