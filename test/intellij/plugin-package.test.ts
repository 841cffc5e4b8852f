// The IntelliJ plugin's compile gate and its zip (npm run package:intellij). The plugin's adapters
// and bridge-client are compiled by Maven against intellij-shell/platform-api, the declarations of
// the IntelliJ Platform 2024.2 API they use: a symbol without a declaration, a wrong signature or a
// deprecated-for-removal call (every warning is an error) fails here. The zip is then unpacked and
// checked as IntelliJ would load it, and its sidecar is started from the unpacked tree.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SidecarClient } from '../bridge/sidecar-client';
import { run, shellBuild } from './shell-build';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHELL = path.join(ROOT, 'intellij-shell');
const META_INF = path.join(SHELL, 'plugin/src/main/resources/META-INF');
const CLASS_ATTRIBUTES = ['class', 'implementation', 'implementationClass', 'factoryClass', 'instance', 'serviceImplementation', 'provider'];

let tmp: string;
let unpacked: string;
let jarDir: string;
let zip: string;

/** Every file under dir, relative, with forward slashes. */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

beforeAll(async () => {
  // Compiles (the gate: a compiler error or warning ends the run here with Maven's output), in the
  // Maven run bridge-client's tests share (shell-build.ts), then packs what it compiled.
  const build = await shellBuild();
  if (build.error) throw new Error(build.error);
  if (build.status !== 0) throw new Error(`the plugin does not compile against the declared platform API (mvn exit ${build.status}):\n${build.output}`);
  const packed = await run(process.execPath, [path.join(ROOT, 'scripts/package-intellij.mjs'), '--no-compile'], ROOT);
  if (packed.error || packed.status !== 0) throw new Error(`npm run package:intellij -- --no-compile failed (exit ${packed.status}):\n${packed.output}`);
  const version = /<version>([^<]+)<\/version>/.exec(fs.readFileSync(path.join(META_INF, 'plugin.xml'), 'utf8'))![1]!;
  zip = path.join(ROOT, 'dist', `apiscout-intellij-${version}.zip`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-plugin-zip-'));
  unpacked = path.join(tmp, 'plugins');
  jarDir = path.join(tmp, 'jar');
  fs.mkdirSync(unpacked);
  fs.mkdirSync(jarDir);
  // Not execFileSync: a worker blocked for over a minute misses vitest's RPC deadline on a busy machine.
  for (const [archive, cwd] of [[zip, unpacked], [path.join(unpacked, 'apiscout/lib/apiscout.jar'), jarDir]] as const) {
    const unjar = await run('jar', ['xf', archive], cwd);
    if (unjar.error || unjar.status !== 0) throw new Error(`jar xf ${archive} failed (exit ${unjar.status}):\n${unjar.output}`);
  }
}, 30 * 60_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the IntelliJ plugin zip', () => {
  it('is laid out as IntelliJ installs from disk, with the version of plugin.xml and gradle.properties', () => {
    const gradleVersion = /^pluginVersion=(.+)$/m.exec(fs.readFileSync(path.join(SHELL, 'plugin/gradle.properties'), 'utf8'))![1];
    expect(path.basename(zip)).toBe(`apiscout-intellij-${gradleVersion}.zip`);
    expect(fs.readdirSync(unpacked)).toEqual(['apiscout']);
    expect(fs.readdirSync(path.join(unpacked, 'apiscout')).sort()).toEqual(['lib', 'sidecar']);
    expect(fs.readdirSync(path.join(unpacked, 'apiscout/lib'))).toEqual(['apiscout.jar']);
    // Where bridge-client's SidecarBundle looks under the plugin's directory first.
    expect(fs.readFileSync(path.join(SHELL, 'bridge-client/src/main/kotlin/dev/apiscout/bridge/SidecarBundle.kt'), 'utf8')).toContain('"sidecar/dist/$FILE_NAME"');
    // The sidecar's dist is the build's, without source maps (and no earlier zip packed inside this one).
    const built = fs.readdirSync(path.join(ROOT, 'dist')).filter((f) => !f.endsWith('.map') && !f.endsWith('.zip')).sort();
    expect(fs.readdirSync(path.join(unpacked, 'apiscout/sidecar/dist')).sort()).toEqual(built);
    for (const f of ['sidecar/dist/apiscout.mjs', 'sidecar/dist/ui/index.html', 'sidecar/package.json', 'sidecar/node_modules/tree-sitter/package.json']) {
      expect(fs.existsSync(path.join(unpacked, 'apiscout', f)), f).toBe(true);
    }
  });

  it('carries the source plugin.xml and its config files unchanged, with since-build 242.21829 or later', () => {
    for (const f of ['plugin.xml', 'apiscout-java.xml', 'apiscout-kotlin.xml']) {
      expect(fs.readFileSync(path.join(jarDir, 'META-INF', f), 'utf8'), f).toBe(fs.readFileSync(path.join(META_INF, f), 'utf8'));
    }
    const since = /<idea-version since-build="(\d+)\.(\d+)"/.exec(fs.readFileSync(path.join(META_INF, 'plugin.xml'), 'utf8'));
    expect(since).not.toBeNull();
    // supportsKotlinPluginMode (apiscout-kotlin.xml) is read from 242.21829 on.
    expect(Number(since![1]) * 1e6 + Number(since![2])).toBeGreaterThanOrEqual(242 * 1e6 + 21829);
    expect(fs.existsSync(path.join(jarDir, 'icons/apiscout.svg'))).toBe(true);
  });

  it('holds every class its descriptors name, and no platform or Kotlin library class', () => {
    const inJar = files(jarDir);
    const named = ['plugin.xml', 'apiscout-java.xml', 'apiscout-kotlin.xml'].flatMap((f) => {
      const text = fs.readFileSync(path.join(META_INF, f), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      return [...text.matchAll(/\s([\w-]+)="([\w.$]+)"/g)].filter((m) => CLASS_ATTRIBUTES.includes(m[1]!)).map((m) => m[2]!);
    });
    expect(named.length).toBeGreaterThanOrEqual(12);
    expect(named.filter((c) => !inJar.includes(`${c.replace(/\./g, '/')}.class`))).toEqual([]);
    const classes = inJar.filter((f) => f.endsWith('.class'));
    // The adapters and bridge-client, compiled together.
    expect(classes).toEqual(expect.arrayContaining(['dev/apiscout/intellij/SidecarService.class', 'dev/apiscout/bridge/Sidecar.class', 'dev/apiscout/bridge/ide/ExplorerPage.class']));
    expect(classes.filter((c) => !c.startsWith('dev/apiscout/'))).toEqual([]);
    expect(inJar.filter((f) => /^(kotlin|kotlinx|com\/intellij|org\/jetbrains|org\/intellij|org\/cef)\//.test(f))).toEqual([]);
  });

  it('starts its sidecar from the unpacked tree, which answers hello and serves the explorer', async () => {
    const bundle = path.join(unpacked, 'apiscout/sidecar/dist/apiscout.mjs');
    const config = fs.mkdtempSync(path.join(tmp, 'config-'));
    const client = new SidecarClient(['serve', '--stdio'], { ...process.env, APISCOUT_CONFIG_DIR: config }, bundle);
    try {
      const hello = await client.request('hello', { client: 'plugin-zip-test' });
      expect(hello.serverVersion).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
      expect(hello.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const page = await fetch(hello.uiUrl!);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(fs.readFileSync(path.join(unpacked, 'apiscout/sidecar/dist/ui/index.html'), 'utf8'));
      // The native parsers load from the unpacked node_modules: a scan finds the fixture's endpoints.
      // On a copy: the sidecar keeps its index inside the project.
      const project = path.join(tmp, 'kotlin');
      fs.cpSync(path.join(ROOT, 'test/fixtures/kotlin'), project, { recursive: true });
      const opened = await client.request('project/open', { root: project });
      const ready = await client.request('project/wait', { project: opened.project });
      expect(ready.endpointCount).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 120_000);
});
