// The benchmark's synthetic code base must be valid Java with the mix it claims: every file
// parses without errors, and the controllers and mappings in the source match its manifest.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'tree-sitter';
import Java from 'tree-sitter-java';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkProject } from '../core/scan/files';
import { detectModules } from '../core/scan/modules';
import { scanProject } from '../core/scan/scan';
import protobuf from 'protobufjs';

const GENERATOR = fileURLToPath(new URL('../bench/gen-codebase.mjs', import.meta.url));
const SPRING = new Set(['RequestMapping', 'GetMapping', 'PostMapping', 'PutMapping', 'DeleteMapping', 'PatchMapping']);
const JAXRS_VERBS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

interface Manifest {
  files: number;
  endpoints: number;
  bytes: number;
  modules: string[];
  java: { files: number; controllers: number; resources: number; mappings: number; endpoints: number };
  kotlin: { files: number; controllers: number; resources: number; mappings: number; endpoints: number };
}

let tmp: string;

function generate(dir: string, ...args: string[]): Manifest {
  const out = execFileSync(process.execPath, [GENERATOR, dir, ...args], { encoding: 'utf8' });
  const manifest = JSON.parse(out) as Manifest;
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'bench-manifest.json'), 'utf8'))).toEqual(manifest);
  return manifest;
}

function sourceFiles(dir: string, ext: string): string[] {
  return walkProject(dir, { extensions: [ext] }).files.map((f) => f.abs);
}

function annotationNames(node: Parser.SyntaxNode): string[] {
  const modifiers = node.children.find((c) => c.type === 'modifiers');
  return (modifiers?.namedChildren ?? [])
    .filter((a) => a.type === 'annotation' || a.type === 'marker_annotation')
    .map((a) => a.childForFieldName('name')?.text ?? '');
}

/** Top-level classes of one file, with the annotations of the class and of each method. */
function classesOf(root: Parser.SyntaxNode): { annotations: string[]; methods: string[][] }[] {
  return root.namedChildren
    .filter((n) => n.type === 'class_declaration')
    .map((cls) => ({
      annotations: annotationNames(cls),
      methods: (cls.childForFieldName('body')?.namedChildren ?? []).filter((m) => m.type === 'method_declaration').map(annotationNames),
    }));
}

function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const f of walkProject(dir, { extensions: ['.java', '.kt', '.xml', '.json'] }).files) {
    hash.update(f.path).update(fs.readFileSync(f.abs));
  }
  return hash.digest('hex');
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-gen-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('bench/gen-codebase.mjs', () => {
  it('writes 200 Java files that tree-sitter-java parses cleanly, with the mix the manifest states', () => {
    const dir = path.join(tmp, 'java');
    const manifest = generate(dir, '--files', '200', '--seed', '7');
    const files = sourceFiles(dir, '.java');
    expect(files).toHaveLength(200);
    expect(manifest.files).toBe(200);
    expect(manifest.kotlin.files).toBe(0);

    const parser = new Parser();
    parser.setLanguage(Java);
    let controllers = 0;
    let resources = 0;
    let mappings = 0;
    let bytes = 0;
    const broken: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      bytes += Buffer.byteLength(text);
      // The Node binding's default buffer is 32 KiB; larger inputs need an explicit size.
      const tree = parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2 + 1024) });
      if (tree.rootNode.hasError) broken.push(path.relative(dir, file));
      for (const cls of classesOf(tree.rootNode)) {
        if (cls.annotations.includes('RestController')) {
          controllers++;
          mappings += cls.methods.filter((m) => m.some((a) => SPRING.has(a))).length;
        } else if (cls.annotations.includes('Path')) {
          resources++;
          mappings += cls.methods.filter((m) => m.some((a) => JAXRS_VERBS.has(a))).length;
        }
      }
    }
    expect(broken).toEqual([]);
    expect(bytes).toBe(manifest.bytes);
    // About 8% controllers with 3-8 mappings each and 2% JAX-RS resources.
    expect(controllers).toBe(16);
    expect(resources).toBe(4);
    expect({ controllers, resources, mappings }).toEqual({
      controllers: manifest.java.controllers,
      resources: manifest.java.resources,
      mappings: manifest.java.mappings,
    });
    expect(mappings).toBeGreaterThanOrEqual(16 * 3 + 4 * 3);
    // Inherited base mappings and path arrays make more endpoints than mapping annotations.
    expect(manifest.java.endpoints).toBeGreaterThan(mappings);
    const avgKb = bytes / files.length / 1024;
    expect(avgKb).toBeGreaterThan(2.5);
    expect(avgKb).toBeLessThan(6);
  });

  it('uses path constants, a base controller, generics and enums', () => {
    const dir = path.join(tmp, 'java');
    const all = sourceFiles(dir, '.java').map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    expect(all).toMatch(/@RequestMapping\(ApiPaths\.V1 \+ "\/[a-z-]+"\)/);
    expect(all).toMatch(/extends AbstractCrudController<\w+Dto, Long>/);
    expect(all).toMatch(/public class Result<T>/);
    expect(all).toMatch(/public enum \w+Status \{/);
    expect(all).toMatch(/@Path\("\/rs\/[a-z-]+"\)/);
  });

  it('lays the files out as Maven modules with their own artifactIds', () => {
    const dir = path.join(tmp, 'java');
    const walk = walkProject(dir, { extensions: ['.java'] });
    const modules = detectModules(dir, walk.buildFiles);
    expect(modules.map((m) => [m.dir, m.name, m.build])).toEqual([
      ['', 'acme-platform', 'maven'],
      ['catalog-service', 'catalog-service', 'maven'],
      ['order-service', 'order-service', 'maven'],
    ]);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    generate(path.join(tmp, 'again'), '--files', '200', '--seed', '7');
    generate(path.join(tmp, 'other'), '--files', '200', '--seed', '8');
    expect(digest(path.join(tmp, 'again'))).toBe(digest(path.join(tmp, 'java')));
    expect(digest(path.join(tmp, 'other'))).not.toBe(digest(path.join(tmp, 'java')));
  });

  it('writes a share of Kotlin files under src/main/kotlin, Java still parsing cleanly', () => {
    const dir = path.join(tmp, 'kotlin');
    const manifest = generate(dir, '--files', '200', '--kotlin-share', '0.3');
    const kt = sourceFiles(dir, '.kt');
    const java = sourceFiles(dir, '.java');
    expect(kt.length + java.length).toBe(200);
    expect(kt.length).toBe(manifest.kotlin.files);
    expect(kt.length).toBeGreaterThan(30);
    expect(kt.every((f) => f.includes(`${path.sep}src${path.sep}main${path.sep}kotlin${path.sep}`))).toBe(true);
    expect(manifest.kotlin.controllers).toBeGreaterThan(0);

    const parser = new Parser();
    parser.setLanguage(Java);
    for (const file of java) {
      const text = fs.readFileSync(file, 'utf8');
      expect(parser.parse(text, undefined, { bufferSize: text.length * 2 + 1024 }).rootNode.hasError, file).toBe(false);
    }
    // No Kotlin grammar here: check at least that brackets balance outside strings and comments.
    for (const file of kt) expect(unbalanced(fs.readFileSync(file, 'utf8')), file).toBe('');
  });

  it('adds gRPC services with valid protos and actuator endpoints with --grpc-actuator', async () => {
    const dir = path.join(tmp, 'grpc');
    const manifest = generate(dir, '--files', '200', '--seed', '7', '--grpc-actuator') as Manifest & {
      grpc: { services: number; protos: number; endpoints: number };
      actuator: { classes: number; endpoints: number };
    };
    expect(sourceFiles(dir, '.java')).toHaveLength(200);
    expect(manifest.grpc.services).toBeGreaterThan(0);
    expect(manifest.actuator.classes).toBeGreaterThan(0);
    const protos = sourceFiles(dir, '.proto');
    expect(protos).toHaveLength(manifest.grpc.protos);
    for (const file of protos) expect(() => protobuf.parse(fs.readFileSync(file, 'utf8')), file).not.toThrow();
    const parser = new Parser();
    parser.setLanguage(Java);
    for (const file of sourceFiles(dir, '.java')) {
      const text = fs.readFileSync(file, 'utf8');
      expect(parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2 + 1024) }).rootNode.hasError, file).toBe(false);
    }
    // The scanner finds exactly what the manifest promises, each streaming kind once per service.
    const { endpoints, diagnostics } = await scanProject(dir, { actuator: true, requestModels: false });
    expect(diagnostics).toEqual([]);
    expect(endpoints).toHaveLength(manifest.endpoints + manifest.actuator.endpoints);
    const grpc = endpoints.filter((e) => e.protocol === 'grpc');
    expect(grpc).toHaveLength(manifest.grpc.endpoints);
    expect(['U', 'S', 'C', 'B'].map((k) => grpc.filter((e) => e.streaming === k).length)).toEqual(Array(4).fill(manifest.grpc.services));
    expect(endpoints.filter((e) => e.framework === 'actuator')).toHaveLength(manifest.actuator.endpoints);
  });

  it('with --shape wide, lays out domain trees of layer modules with resources, build output and nested .gitignore files', async () => {
    const dir = path.join(tmp, 'wide');
    const manifest = generate(dir, '--files', '600', '--seed', '7', '--shape', 'wide') as Manifest & { otherFiles: number };
    const walk = walkProject(dir, { extensions: ['.java'] });
    expect(walk.files).toHaveLength(600);
    const modules = detectModules(dir, walk.buildFiles);
    expect(modules.map((m) => m.dir)).toContain('order/order-web');
    expect(modules.map((m) => m.dir)).toContain('order/order-core');
    expect(modules.map((m) => m.dir)).toContain('catalog/catalog-web');
    expect(modules.filter((m) => m.dir.includes('/')).length).toBe(4);
    expect(fs.existsSync(path.join(dir, 'order', 'order-web', '.gitignore'))).toBe(true);
    // About one other file per two sources, and build output the walk never enters.
    expect(manifest.otherFiles).toBeGreaterThan(300);
    expect(fs.readdirSync(path.join(dir, 'order', 'order-web', 'target'))).not.toHaveLength(0);
    // Mostly DTOs with getters and setters: fewer endpoints per file than the flat shape.
    const dtos = walk.files.filter((f) => f.path.includes('/dto/'));
    expect(dtos.length).toBeGreaterThan(600 * 0.4);
    expect(fs.readFileSync(dtos.find((f) => f.path.endsWith('Dto.java'))!.abs, 'utf8')).toMatch(/public void set\w+\(/);
    const { endpoints, diagnostics } = await scanProject(dir, { requestModels: false });
    expect(diagnostics).toEqual([]);
    expect(endpoints).toHaveLength(manifest.endpoints);
    expect(manifest.endpoints / 600).toBeLessThan(0.6);
  });

  it('refuses to overwrite a folder it did not write', () => {
    const dir = path.join(tmp, 'foreign');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    expect(() => execFileSync(process.execPath, [GENERATOR, dir, '--files', '100'], { stdio: 'pipe' })).toThrow(/refusing/);
    expect(fs.readFileSync(path.join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

/** '' when (), [], {} balance in code outside strings and comments; else where they do not. */
function unbalanced(src: string): string {
  const code = src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/"(\\.|[^"\\])*"/g, '""')
    .replace(/'(\\.|[^'\\])'/g, "''");
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const [i, c] of [...code].entries()) {
    if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return `unexpected ${c} at ${i}`;
  }
  return stack.length ? `unclosed ${stack.join('')}` : '';
}
