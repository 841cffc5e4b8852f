// What a run of the built bundle loads. Heavy packages are loaded on first use (core/lazy-require.ts,
// core/protobuf.ts): the CLI's start and the sidecar's `hello` must not pay for a gRPC runtime, a
// WebSocket server, a script sandbox or a parser the run never uses. A preload lists, as the
// process exits, every package in Node's module cache.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'dist/apiscout.mjs');
const fixture = (name: string) => join(ROOT, 'test/fixtures', name);
const HEAVY = ['protobufjs', 'ws', 'isolated-vm', '@grpc/grpc-js', 'undici', 'tree-sitter', 'tree-sitter-java', 'tree-sitter-kotlin'];

let dir: string;
let preload: string;

beforeAll(() => {
  if (!existsSync(BUNDLE)) execFileSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: 'ignore' });
  dir = mkdtempSync(join(tmpdir(), 'apiscout-startup-'));
  preload = join(dir, 'report-packages.cjs');
  // The packages behind every cached CommonJS module, written to stderr on exit.
  writeFileSync(
    preload,
    String.raw`process.on('exit', () => {
      const names = new Set();
      for (const file of Object.keys(require('node:module')._cache)) {
        const m = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
        if (m) names.add(m[1].replace(/\\/g, '/'));
      }
      process.stderr.write('\n[packages] ' + JSON.stringify([...names]) + '\n');
      const own = Object.keys(require('node:module')._cache).filter((f) => !/node_modules/.test(f)).map((f) => f.split(/[\\/]/).pop());
      process.stderr.write('\n[own] ' + JSON.stringify(own) + '\n');
    });`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The heavy packages a run of the bundle with `args` loaded. */
function heavyLoaded(args: string[]): string[] {
  const r = spawnSync(process.execPath, ['--require', preload, BUNDLE, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, APISCOUT_PARSE_WORKER: '0' } });
  expect(r.status, r.stderr).toBe(0);
  const line = /\[packages\] (.*)/.exec(r.stderr);
  expect(line, r.stderr).not.toBeNull();
  return (JSON.parse(line![1]!) as string[]).filter((p) => HEAVY.includes(p)).sort();
}

it('starts without any of the heavy packages', () => {
  expect(heavyLoaded(['--version'])).toEqual([]);
});

it('a Java scan with no .proto loads the Java parser only', () => {
  // The Spring fixtures without their few Kotlin files: every Java pattern, one language.
  const javaOnly = join(dir, 'spring-mvc-java');
  cpSync(fixture('spring-mvc'), javaOnly, { recursive: true, filter: (src) => !src.endsWith('.kt') });
  expect(heavyLoaded(['scan', '--json', javaOnly])).toEqual(['tree-sitter', 'tree-sitter-java']);
});

it('a scan that meets .proto files loads protobufjs, and still no gRPC runtime', () => {
  const loaded = heavyLoaded(['scan', '--json', fixture('grpc')]);
  expect(loaded).toEqual(expect.arrayContaining(['protobufjs', 'tree-sitter']));
  expect(loaded).not.toContain('@grpc/grpc-js');
});

it('an export compiles the YAML parser only for a project with YAML config', () => {
  const project = join(dir, 'yaml-config');
  mkdirSync(join(project, 'src/main/java/demo'), { recursive: true });
  writeFileSync(
    join(project, 'src/main/java/demo/HelloController.java'),
    'package demo;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class HelloController {\n  @GetMapping("/hi") public String hi() { return "hi"; }\n}\n',
  );
  // The OpenAPI document's server is the host from server.port (8080 when nothing says).
  const exportOpenApi = () => {
    const r = spawnSync(process.execPath, ['--require', preload, BUNDLE, 'export', '--format', 'openapi', project], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, APISCOUT_PARSE_WORKER: '0' } });
    expect(r.status, r.stderr).toBe(0);
    const own = JSON.parse(/\[own\] (.*)/.exec(r.stderr)![1]!) as string[];
    return { yaml: own.includes('yaml.cjs'), server: /- url: "(.*)"/.exec(r.stdout)?.[1] };
  };
  expect(exportOpenApi()).toEqual({ yaml: false, server: 'http://localhost:8080' });
  mkdirSync(join(project, 'src/main/resources'), { recursive: true });
  writeFileSync(join(project, 'src/main/resources/application.yml'), 'server:\n  port: 9090\n');
  expect(exportOpenApi()).toEqual({ yaml: true, server: 'http://localhost:9090' });
});
