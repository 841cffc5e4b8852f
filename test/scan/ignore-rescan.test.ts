// A re-scan of reported files takes in what the walk of a fresh scan would: nothing from a folder
// a .gitignore (nested ones too) or .git/info/exclude names, from build output or from a test
// source set, whatever the watcher reports. An edit to an ignore file itself brings files in or
// takes them out as a fresh scan would; so does a folder reported whole (deleted, moved, copied in).

import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { FileChange } from '../../core/scan/project-scanner';
import { copyFixture } from './fixture-case';
import { tempFolder } from './store-cases';
import { rescanEqualsFreshScan, scanned, view } from './rescan-parity';

const tmp = tempFolder('apiscout-ignore-');
const J = 'src/main/java/com/acme/orders/';
const G = 'src/main/groovy/com/acme/orders/';

const javaController = (name: string) =>
  `package com.acme.orders;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class ${name} {\n  @GetMapping("/${name.toLowerCase()}")\n  public String get() { return "x"; }\n}\n`;
const kotlinController = (name: string) =>
  `package com.acme.orders\n\nimport org.springframework.web.bind.annotation.*\n\n@RestController\nclass ${name} {\n  @GetMapping("/${name.toLowerCase()}")\n  fun get(): String = "x"\n}\n`;
const groovyController = (name: string) =>
  `package com.acme.orders\n\nimport org.springframework.web.bind.annotation.*\n\n@RestController\nclass ${name} {\n  @GetMapping("/${name.toLowerCase()}")\n  String get() { "x" }\n}\n`;
/** Unbalanced: the scan reports it wherever the walk finds it. */
const brokenProto = 'syntax = "proto3";\npackage acme;\nmessage Order {\n';

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const paths = (r: ScanResult) => r.endpoints.map((e) => e.path).sort();
/** The files under admin/ the scan reports on: its broken proto and its Groovy controller. */
const adminProblems = (r: ScanResult) => r.diagnostics.map((d) => d.file).filter((f) => f.startsWith('admin/')).sort();

/** Writes each file and reports it as created. */
function created(root: string, files: Record<string, string>): FileChange[] {
  for (const [rel, text] of Object.entries(files)) write(root, rel, text);
  return Object.keys(files).map((path) => ({ path, kind: 'created' }));
}

describe('a re-scan honours what the walk skips', () => {
  it('files created or changed in ignored folders, build output and test source sets stay out', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'skipped');
    write(root, '.gitignore', 'sandbox/\n*Scratch.kt\n');
    write(root, 'lib/.gitignore', 'generated/\n');
    write(root, '.git/info/exclude', 'local/\n');
    const scanner = await scanned(root);
    expect(paths(scanner.result())).toEqual(['/ping']);

    let fresh = await rescanEqualsFreshScan(scanner, root, created(root, {
      [`sandbox/${J}Sandbox.java`]: javaController('Sandbox'),
      [`${J}OrderScratch.kt`]: kotlinController('OrderScratch'),
      [`lib/generated/${J}Gen.java`]: javaController('Gen'),
      [`local/${J}Local.java`]: javaController('Local'),
      [`target/classes/${J.replace('src/main/java/', '')}Copied.java`]: javaController('Copied'),
      'src/test/java/com/acme/orders/TestController.java': javaController('TestController'),
      'src/test/kotlin/com/acme/orders/KtTestController.kt': kotlinController('KtTestController'),
      [`sandbox/${G}SandboxGroovy.groovy`]: groovyController('SandboxGroovy'),
      'sandbox/src/main/proto/orders.proto': brokenProto,
    }));
    expect(paths(fresh)).toEqual(['/ping']);

    // A watcher may report a file as changed only: the same answer.
    write(root, `sandbox/${J}Sandbox.java`, javaController('Sandbox2'));
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `sandbox/${J}Sandbox.java`, kind: 'changed' }]);
    expect(paths(fresh)).toEqual(['/ping']);

    // Beside them, a file the walk reaches is taken in.
    fresh = await rescanEqualsFreshScan(scanner, root, created(root, { [`lib/${J}Lib.java`]: javaController('Lib') }));
    expect(paths(fresh)).toEqual(['/lib', '/ping']);
  });

  it('with tests included, a test source set is read as the walk reads it', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'tests');
    const scanner = new ProjectScanner(root, { parseWorker: false, includeTests: true });
    await scanner.scan();
    scanner.rescan(created(root, { 'src/test/java/com/acme/orders/TestController.java': javaController('TestController') }));
    const fresh = new ProjectScanner(root, { parseWorker: false, includeTests: true });
    await fresh.scan();
    expect(view(scanner.result())).toEqual(view(fresh.result()));
    expect(paths(fresh.result())).toEqual(['/ping', '/testcontroller']);
  });
});

describe('a re-scan after an ignore file changes', () => {
  it('a rule added takes files out, a rule removed brings them back, as a fresh scan', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'edited');
    write(root, `admin/${J}AdminController.java`, javaController('AdminController'));
    write(root, `admin/${G}AdminGroovy.groovy`, groovyController('AdminGroovy'));
    write(root, 'admin/src/main/proto/admin.proto', brokenProto);
    write(root, `${J}DraftController.java`, javaController('DraftController'));
    const scanner = await scanned(root);
    expect(paths(scanner.result())).toEqual(['/admincontroller', '/draftcontroller', '/ping']);
    expect(adminProblems(scanner.result())).toEqual([`admin/${G}AdminGroovy.groovy`, 'admin/src/main/proto/admin.proto']);

    write(root, '.gitignore', 'admin/\n');
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: '.gitignore', kind: 'created' }]);
    expect(paths(fresh)).toEqual(['/draftcontroller', '/ping']);
    expect(adminProblems(fresh)).toEqual([]);

    // A nested file with a rule on file names.
    write(root, 'src/.gitignore', 'Draft*.java\n');
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'src/.gitignore', kind: 'created' }]);
    expect(paths(fresh)).toEqual(['/ping']);

    write(root, '.gitignore', '# nothing ignored\n');
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: '.gitignore', kind: 'changed' }]);
    expect(paths(fresh)).toEqual(['/admincontroller', '/ping']);

    rmSync(join(root, 'src/.gitignore'));
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'src/.gitignore', kind: 'deleted' }]);
    expect(paths(fresh)).toEqual(['/admincontroller', '/draftcontroller', '/ping']);

    write(root, '.git/info/exclude', 'admin/\n');
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: '.git/info/exclude', kind: 'changed' }]);
    expect(paths(fresh)).toEqual(['/draftcontroller', '/ping']);
  });

  it('a module whose folder becomes ignored is no module any more, and comes back', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'module');
    write(root, 'pom.xml', '<project><artifactId>orders</artifactId></project>\n');
    write(root, 'admin/pom.xml', '<project><artifactId>orders-admin</artifactId></project>\n');
    write(root, `admin/${J}AdminController.java`, javaController('AdminController'));
    const scanner = await scanned(root);
    expect(scanner.result().modules.map((m) => m.name).sort()).toEqual(['orders', 'orders-admin']);

    write(root, '.gitignore', 'admin/\n');
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: '.gitignore', kind: 'created' }]);
    expect(fresh.modules.map((m) => m.name)).toEqual(['orders']);

    rmSync(join(root, '.gitignore'));
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: '.gitignore', kind: 'deleted' }]);
    expect(fresh.modules.map((m) => m.name).sort()).toEqual(['orders', 'orders-admin']);
  });
});

describe('a re-scan of a folder reported whole', () => {
  it('a folder deleted, copied in or moved (one event for the folder) gives what a fresh scan gives', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'folders');
    write(root, '.gitignore', 'drafts/\n');
    write(root, `${J}admin/AdminController.java`, javaController('AdminController').replace('package com.acme.orders;', 'package com.acme.orders.admin;'));
    const scanner = await scanned(root);
    expect(paths(scanner.result())).toEqual(['/admincontroller', '/ping']);

    // Moved: the old folder deleted, the new one created.
    renameSync(join(root, `${J}admin`), join(root, `${J}staff`));
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}admin`, kind: 'deleted' }, { path: `${J}staff`, kind: 'created' }]);
    expect(fresh.endpoints.map((e) => e.source.file)).toContain(`${J}staff/AdminController.java`);

    rmSync(join(root, `${J}staff`), { recursive: true });
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}staff`, kind: 'deleted' }]);
    expect(paths(fresh)).toEqual(['/ping']);

    // Copied in with a folder the .gitignore names, and a test source set.
    write(root, `billing/${J}BillingController.java`, javaController('BillingController'));
    write(root, `billing/${J}drafts/DraftController.java`, javaController('DraftController'));
    write(root, 'billing/src/test/java/com/acme/orders/TestController.java', javaController('TestController'));
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'billing', kind: 'created' }]);
    expect(paths(fresh)).toEqual(['/billingcontroller', '/ping']);
  });
});
