// One bad file never stops a scan (DESIGN.md, Scanning): it becomes a diagnostic naming the file,
// and everything else is still found. Binary, huge and linked files don't belong in git, so each
// test copies the clean fixture test/fixtures/bad-input/base to a temporary folder and adds its
// bad input there.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, type ExpectedEndpoint, expectEndpoints, expectWellFormed, loadExpected } from './fixture-case';

const BASE = join(FIXTURES, 'bad-input', 'base');
const PKG = 'src/main/java/com/acme/badinput';
const baseEndpoints = loadExpected(BASE).endpoints;
const TIMEOUT = 30_000;

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function copyOfBase(): string {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-bad-input-'));
  roots.push(root);
  cpSync(BASE, root, { recursive: true });
  rmSync(join(root, 'expected.json'));
  return root;
}

function put(root: string, rel: string, content: string | Buffer): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}

function controller(pkg: string, cls: string, path: string): string {
  return `package ${pkg};

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ${cls} {

    @GetMapping("${path}")
    public String handle() {
        return "${cls}";
    }
}
`;
}

/** Scans and checks the invariants every result must keep, however bad the input. */
async function scan(root: string, ignoreFiles: string[] = []): Promise<ScanResult> {
  const result = await scanProject(root);
  expectWellFormed(result, root, (e) => (e.className.endsWith('Resource') ? 'jax-rs' : 'spring-mvc'), new Set(ignoreFiles));
  return result;
}

function diagnosticsFor(result: ScanResult, file: string): Diagnostic[] {
  return result.diagnostics.filter((d) => d.file === file);
}

function expectDiagnostic(result: ScanResult, file: string, message?: RegExp): Diagnostic {
  const found = diagnosticsFor(result, file);
  expect(found, `a diagnostic for ${file} among ${JSON.stringify(result.diagnostics)}`).not.toEqual([]);
  if (message) {
    expect(
      found.some((d) => message.test(d.message)),
      `a message matching ${message} among ${JSON.stringify(found)}`,
    ).toBe(true);
  }
  return found[0]!;
}

function expectOnly(result: ScanResult, expected: ExpectedEndpoint[], ignoreFiles: string[] = []): void {
  const ignored = new Set(ignoreFiles);
  expectEndpoints(
    result.endpoints.filter((e) => !ignored.has(e.source?.file)),
    expected,
  );
}

const BROKEN = `${PKG}/DraftController.java`;
const BROKEN_TEXT = `package com.acme.badinput;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class DraftController {

    @GetMapping("/drafts/{id}")
    public String get(@PathVariable String id {
        return id;
    }
}
`;

/** A compiled class accidentally saved as .java: binary, but it mentions the annotations. */
const CLASS_BYTES = Buffer.concat([
  Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x41, 0x00, 0x2a, 0x01, 0x00, 0x22]),
  Buffer.from('com/acme/badinput/LegacyController'),
  Buffer.from([0x01, 0x00, 0x38]),
  Buffer.from('Lorg/springframework/web/bind/annotation/RestController;'),
  Buffer.alloc(48, 0),
  Buffer.from([0x01, 0x00, 0x07]),
  Buffer.from('/legacy'),
  Buffer.from([0x00, 0x21, 0x00, 0x02, 0x00, 0x03, 0xff, 0xfe, 0x00, 0x00]),
]);

function hugeController(): string {
  const head = controller('com.acme.badinput', 'GeneratedCatalogController', '/generated/catalog');
  const line = `// ${'0123456789abcdef'.repeat(8)}\n`;
  return head + line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
}

describe('bad input never stops a scan', () => {
  it('the clean base scans as expected', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const result = await scan(root);
    expectOnly(result, baseEndpoints);
    expect(result.diagnostics).toEqual([]);
  });

  it('a Java file that does not parse gives a diagnostic with its line; the other files are still scanned', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    put(root, BROKEN, BROKEN_TEXT);
    const result = await scan(root, [BROKEN]);
    const d = expectDiagnostic(result, BROKEN);
    expect(d.line, 'line of the first syntax error').toBe(10);
    expectOnly(result, baseEndpoints, [BROKEN]);
  });

  it('a brace mistake that pulls one handler into another gives a diagnostic with its line', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const file = `${PKG}/BraceController.java`;
    put(
      root,
      file,
      controller('com.acme.badinput', 'BraceController', '/brace/a')
        .replace('public String handle() {', 'public String handle() {{')
        .replace(/\n}\n$/, '\n    @GetMapping("/brace/b")\n    public String other() {\n        return "b";\n    }}\n}\n'),
    );
    const result = await scan(root, [file]);
    const d = expectDiagnostic(result, file, /^syntax error/);
    expect(d.line, "the line of the swallowed handler").toBe(14);
    expectOnly(result, baseEndpoints, [file]);
  });

  it('a brace mistake that pulls a package-private handler into another gives a diagnostic with its line', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const file = `${PKG}/PackagePrivateBraceController.java`;
    put(
      root,
      file,
      controller('com.acme.badinput', 'PackagePrivateBraceController', '/pp/a')
        .replace('public String handle() {', 'public String handle() {{')
        .replace(/\n}\n$/, '\n    @GetMapping("/pp/b")\n    String other() {\n        return "b";\n    }}\n}\n'),
    );
    const result = await scan(root, [file]);
    const d = expectDiagnostic(result, file, /^syntax error/);
    expect(d.line, 'the line of the swallowed handler').toBe(14);
    expectOnly(result, baseEndpoints, [file]);
  });

  it('an unterminated comment swallowing the rest of a file gives a diagnostic', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const file = `${PKG}/NotesController.java`;
    put(root, file, controller('com.acme.badinput', 'NotesController', '/notes').replace('@RestController', '/* TODO: re-enable\n@RestController'));
    const result = await scan(root, [file]);
    const d = expectDiagnostic(result, file);
    expect(typeof d.line === 'number' && d.line >= 1, `a line number in ${JSON.stringify(d)}`).toBe(true);
    expectOnly(result, baseEndpoints, [file]);
  });

  it('a binary file named .java gives a diagnostic', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const file = `${PKG}/LegacyController.java`;
    put(root, file, CLASS_BYTES);
    const result = await scan(root);
    expectDiagnostic(result, file, /binary|not (a )?text|nul|encoding|utf/i);
    expectOnly(result, baseEndpoints);
  });

  it('a .java file over 2 MB gives a diagnostic and is not scanned', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const file = `${PKG}/GeneratedCatalogController.java`;
    put(root, file, hugeController());
    const result = await scan(root);
    expectDiagnostic(result, file, /MB|large|size|big|limit|bytes/i);
    expectOnly(result, baseEndpoints);
  });

  it('a directory symlink pointing to its own ancestor gives a diagnostic and the scan finishes', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const link = `${PKG}/loop`;
    symlinkSync('../..', join(root, link), 'dir'); // -> src/main/java/com
    const result = await scan(root);
    expectDiagnostic(result, link, /loop|cycle|link|recurs|visited/i);
    expectOnly(result, baseEndpoints);
  });

  it('a dangling symlink Gone.java gives a diagnostic', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    const link = `${PKG}/Gone.java`;
    symlinkSync('Removed.java', join(root, link));
    const result = await scan(root);
    expectDiagnostic(result, link, /link|exist|missing|ENOENT|not found|dangling|broken|target/i);
    expectOnly(result, baseEndpoints);
  });

  it('.gitignored folders are not scanned, at the root and in a nested .gitignore', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    try {
      execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
    } catch {
      // No git here: the .gitignore files must be honoured all the same.
    }
    put(root, '.gitignore', '/generated/\n*.log\n');
    put(root, 'generated/src/main/java/com/acme/gen/GeneratedController.java', controller('com.acme.gen', 'GeneratedController', '/generated'));
    put(root, `${PKG}/.gitignore`, 'scratch/\n');
    put(root, `${PKG}/scratch/ScratchController.java`, controller('com.acme.badinput.scratch', 'ScratchController', '/scratch'));
    // Broken on purpose: an ignored file must not even be read, so it cannot give a diagnostic.
    put(root, `${PKG}/scratch/Half.java`, BROKEN_TEXT);
    const result = await scan(root);
    expectOnly(result, baseEndpoints);
    expect(result.diagnostics).toEqual([]);
  });

  it('target/ and build/ output folders are not scanned', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    put(
      root,
      'target/generated-sources/annotations/com/acme/badinput/GeneratedController.java',
      controller('com.acme.badinput', 'GeneratedController', '/target-generated'),
    );
    put(root, 'target/classes/com/acme/badinput/CatalogController.java', controller('com.acme.badinput', 'CatalogController', '/stale-copy'));
    put(
      root,
      'build/generated/sources/annotationProcessor/java/main/com/acme/badinput/ProcessorController.java',
      controller('com.acme.badinput', 'ProcessorController', '/build-generated'),
    );
    put(root, 'build/tmp/Broken.java', BROKEN_TEXT);
    const result = await scan(root);
    expectOnly(result, baseEndpoints);
    expect(result.diagnostics).toEqual([]);
  });

  it('a Java package named build under src/ is source, not build output', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    put(root, `${PKG}/build/BuildStatusController.java`, controller('com.acme.badinput.build', 'BuildStatusController', '/build-status'));
    const result = await scan(root);
    expectOnly(result, [
      ...baseEndpoints,
      { method: 'GET', path: '/build-status', className: 'com.acme.badinput.build.BuildStatusController', member: 'handle' },
    ]);
  });

  it('all of it at once', { timeout: TIMEOUT }, async () => {
    const root = copyOfBase();
    put(root, BROKEN, BROKEN_TEXT);
    put(root, `${PKG}/LegacyController.java`, CLASS_BYTES);
    put(root, `${PKG}/GeneratedCatalogController.java`, hugeController());
    symlinkSync('../..', join(root, `${PKG}/loop`), 'dir');
    symlinkSync('Removed.java', join(root, `${PKG}/Gone.java`));
    const result = await scan(root, [BROKEN]);
    for (const file of [BROKEN, `${PKG}/LegacyController.java`, `${PKG}/GeneratedCatalogController.java`, `${PKG}/loop`, `${PKG}/Gone.java`]) {
      expectDiagnostic(result, file);
    }
    expectOnly(result, baseEndpoints, [BROKEN]);
  });
});
