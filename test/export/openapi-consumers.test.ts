// The OpenAPI export of the sample shop and of every fixture project that serves HTTP, checked by
// the tools people feed it to: redocly's `recommended` ruleset (zero errors but for rules named
// here with the reason in the source) and openapi-generator, whose typescript-fetch and java
// clients must compile (tsc; javac against the classpath Maven resolves for the generated pom).

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';
import { edgeEndpoints, scanUnresolvedPlaceholders } from './fixtures';
import { removeDir, run } from './files';
import { generate, generatorJar, javaClasspath } from './openapi-generator';
import { QUICK_JVM } from '../quick-jvm';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const modules = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
const REDOCLY = modules('@redocly/cli/bin/cli.js');
const TSC = modules('typescript/bin/tsc');

/**
 * The sample and each fixture project with HTTP endpoints (grpc, grpc-call: no HTTP; bad-input:
 * unparseable on purpose), and the case that declares security and error responses on its own,
 * where the source-caused exemptions must not be needed.
 */
const PROJECTS = ['shop', 'spring-mvc', 'jax-rs', 'kotlin', 'actuator', 'spring-mvc/secured-api', 'jax-rs/secured-resources', 'spring-mvc/springfox-docket'];
const SECURED = ['spring-mvc/secured-api', 'jax-rs/secured-resources'];
/** springfox Dockets secure two of its applications: each is also exported on its own, as its docket documents it. */
const SPRINGFOX = 'spring-mvc/springfox-docket';
const SPRINGFOX_APPS = ['shop-admin', 'shop-portal'];
const fileName = (name: string) => name.replace(/\W/g, '-');
const UNRESOLVED = 'unresolved-placeholders';
/** Documents of hand-built or altered inputs, checked like the projects'. */
const EXTRA = ['edge', 'edge-3.1', UNRESOLVED];

/**
 * Rules whose findings come from what the source declares, not from the export.
 * Every other error of the recommended ruleset fails the test.
 */
const FROM_SOURCE: Record<string, string> = {
  'security-defined': 'these sources declare no security (no @SecurityScheme, @SecurityRequirement, @Api(authorizations) or Authorization header): operations are written without a requirement rather than with an invented one',
  'no-path-trailing-slash': 'the fixtures map paths such as `/tasks/` on purpose (path-joining cases), and the export keeps the path the application serves',
};

let dir: string;
const specs = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apiscout-openapi-consumers-'));
  for (const name of PROJECTS) {
    const scan = await scanProject(fixture(name));
    const file = join(dir, `${fileName(name)}.yaml`);
    writeFileSync(file, exportOpenApi(scan.endpoints, { title: name, modules: scan.modules }).files[0]!.content);
    specs.set(name, file);
    for (const app of name === SPRINGFOX ? SPRINGFOX_APPS : []) {
      const appFile = join(dir, `${fileName(name)}-${app}.yaml`);
      writeFileSync(appFile, exportOpenApi(scan.endpoints.filter((e) => e.module === app), { title: app, modules: scan.modules }).files[0]!.content);
      specs.set(`${name}:${app}`, appFile);
    }
  }
  writeFileSync(BAD(), 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: "get (2)"\n      responses: {"200": {description: ok}}\n');
  const edge = join(dir, 'edge.yaml');
  writeFileSync(edge, exportOpenApi(edgeEndpoints(), { title: 'edge' }).files[0]!.content);
  specs.set('edge', edge);
  // 3.1 writes some schemas its own way (raw bytes as `contentMediaType`).
  const edge31 = join(dir, 'edge-3.1.yaml');
  writeFileSync(edge31, exportOpenApi(edgeEndpoints(), { title: 'edge 3.1', openapi: { version: '3.1.0' } }).files[0]!.content);
  specs.set('edge-3.1', edge31);
  // Paths that keep `${key}` placeholders no configuration fills.
  const unresolved = join(dir, 'unresolved-placeholders.yaml');
  writeFileSync(unresolved, exportOpenApi((await scanUnresolvedPlaceholders()).endpoints, { title: 'unresolved placeholders' }).files[0]!.content);
  specs.set(UNRESOLVED, unresolved);
}, 300_000);
// The generated clients and their classes are thousands of files: removing them takes a while on a busy machine.
afterAll(() => removeDir(dir), 300_000);

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string; source: { ref: string } }[];
}

/** Each document's findings, from one redocly run over all of them (starting the CLI costs more than linting a document). */
async function lintAll(files: string[]): Promise<Map<string, Problem[]>> {
  // No config file and telemetry off: the CLI needs no network.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const out = await run(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', '--max-problems', '100000', ...files], { cwd: dir, env, timeoutMs: 300_000 });
  const start = out.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly printed no report (exit ${out.status}): ${out.stderr}`);
  // One JSON report per document, one after the other.
  const reports = out.stdout.slice(start).split(/(?<=\n\})(?=\{)/).map((r) => JSON.parse(r) as { problems: Problem[] });
  const byFile = new Map<string, Problem[]>();
  for (const p of reports.flatMap((r) => r.problems)) {
    // The report names each document relative to the working directory.
    const file = resolve(dir, p.location[0]?.source.ref ?? '');
    byFile.set(file, [...(byFile.get(file) ?? []), p]);
  }
  // Every document has findings (at least the warnings on the license and the local server):
  // one without any was not linted at all.
  expect(files.filter((f) => !byFile.has(f))).toEqual([]);
  return byFile;
}

let report: Promise<Map<string, Problem[]>> | undefined;
const BAD = () => join(dir, 'bad.yaml');

async function lint(file: string): Promise<Problem[]> {
  report ??= lintAll([BAD(), ...specs.values()]);
  return (await report).get(file)!;
}

describe('OpenAPI export read by redocly (recommended)', () => {
  it('the linter reports an error on a document that breaks a rule (so passing means something)', async () => {
    expect((await lint(BAD())).map((p) => p.ruleId)).toContain('operation-operationId-url-safe');
  }, 300_000);

  for (const name of [...PROJECTS, ...EXTRA]) {
    it(`${name}: no errors but those the source causes`, async () => {
      const errors = (await lint(specs.get(name)!)).filter((p) => p.severity === 'error' && !(p.ruleId in FROM_SOURCE));
      expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    }, 300_000);
  }

  for (const secured of SECURED) {
    it(`${secured}: declared security and error responses leave no security-defined or operation-4xx-response finding`, async () => {
      const problems = await lint(specs.get(secured)!);
      const found = problems.filter((p) => p.ruleId === 'security-defined' || p.ruleId === 'operation-4xx-response');
      expect(found.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
      // Every other error is already checked above; warnings left: info-license, server on localhost, tag-description.
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    }, 120_000);
  }

  it('springfox Docket: the applications it secures leave no security-defined finding but on the controller outside its base package', async () => {
    const found = async (app: string) => (await lint(specs.get(`${SPRINGFOX}:${app}`)!)).filter((p) => p.ruleId === 'security-defined').map((p) => p.location[0]?.pointer);
    expect(await found('shop-portal')).toEqual([]);
    expect(await found('shop-admin')).toEqual(['#/paths/~1debug~1state/get']);
  }, 120_000);

  it('declares the security an Authorization header shows, so security-defined holds there', async () => {
    const problems = await lint(specs.get('edge')!);
    const bearer = problems.filter((p) => p.ruleId === 'security-defined' && p.location[0]?.pointer.includes('~1edge~1items~1{id}'));
    expect(bearer).toEqual([]);
  }, 120_000);
});

function filesUnder(root: string, suffix: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(suffix)) out.push(p);
    }
  };
  walk(root);
  return out.sort();
}

describe('OpenAPI export read by openapi-generator', () => {
  it('generates typescript-fetch and java clients for every project, and both compile', async () => {
    const jar = await generatorJar();
    const out = join(dir, 'generated');
    mkdirSync(out);
    // The 3.1 copy of edge is for the linter: the generators read it as they read 3.0's.
    const names = [...PROJECTS, ...EXTRA].filter((name) => name !== 'edge-3.1');
    const gen = await generate(
      jar,
      out,
      names.flatMap((name) => [
        { generatorName: 'typescript-fetch' as const, inputSpec: specs.get(name)!, outputDir: join(out, 'ts', fileName(name)) },
        { generatorName: 'java' as const, inputSpec: specs.get(name)!, outputDir: join(out, 'java', fileName(name)), javaPackage: `org.apiscout.check.${name.replace(/\W/g, '')}` },
      ]),
    );
    expect(gen.status, `${gen.stdout.slice(-6000)}\n${gen.stderr.slice(-6000)}`).toBe(0);

    const ts = names.flatMap((name) => filesUnder(join(out, 'ts', fileName(name)), '.ts'));
    expect(ts.length).toBeGreaterThan(names.length);
    const tsc = await run(process.execPath, [TSC, '--noEmit', '--strict', '--target', 'es2020', '--lib', 'es2020,dom', '--module', 'esnext', '--moduleResolution', 'node', '--skipLibCheck', ...ts], { timeoutMs: 600_000 });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);

    // The poms differ only where a spec needs more (multipart adds httpmime): one Maven run per distinct pom.
    const byPom = new Map<string, string>();
    for (const name of names) byPom.set(readFileSync(join(out, 'java', fileName(name), 'pom.xml'), 'utf8'), join(out, 'java', fileName(name)));
    const entries = new Set<string>();
    for (const project of byPom.values()) for (const entry of (await javaClasspath(project)).split(delimiter)) entries.add(entry);
    const classpath = [...entries].join(delimiter);
    const java = names.flatMap((name) => filesUnder(join(out, 'java', fileName(name), 'src', 'main', 'java'), '.java'));
    const argfile = join(out, 'javac-sources.txt');
    writeFileSync(argfile, java.map((f) => `"${f}"`).join('\n'));
    const javac = await run('javac', [...QUICK_JVM.map((f) => `-J${f}`), '-nowarn', '-encoding', 'UTF-8', '-d', join(out, 'classes'), '-cp', classpath, `@${argfile}`], { timeoutMs: 900_000 });
    expect(javac.status, javac.stdout.slice(-6000) + javac.stderr.slice(-6000)).toBe(0);
  }, 1_800_000);
});
