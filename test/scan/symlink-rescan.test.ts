// Symlinked folders and files: a fresh scan lists each folder and file once, at its own path (a
// link to a folder the walk reads anyway is not followed, a link out of the project is, a loop or
// a link to a folder holding the project is not), says each link it does not follow, and a
// re-scan of changes under those links, or of the links themselves, gives what a fresh scan gives.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-symlink-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let cases = 0;
const J = 'src/main/java/com/acme/';
const controller = (pkg: string, name: string, path: string) =>
  `package ${pkg};\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ${name} {\n    @GetMapping("${path}")\n    public String get() { return ""; }\n}\n`;

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** A project with its own controller and, outside it, a shared source folder with another. */
function project(): { root: string; outside: string } {
  const base = join(tmp, `case-${++cases}`);
  const root = join(base, 'project');
  const outside = join(base, 'shared');
  write(root, `${J}OrderController.java`, controller('com.acme', 'OrderController', '/orders'));
  write(outside, 'com/acme/shared/SharedController.java', controller('com.acme.shared', 'SharedController', '/shared'));
  return { root, outside };
}

const listed = (s: Awaited<ReturnType<typeof scanned>>) => s.result().endpoints.map((e) => `${e.address} ${e.source.file}`);
const said = (s: Awaited<ReturnType<typeof scanned>>) => s.result().diagnostics.map((d) => `${d.file}: ${d.message.replace(/ to \/\S+,/, ' to <abs>,')}`);

describe('symlinked folders in a fresh scan', () => {
  it('lists each class once, at its own path; follows a link out of the project; says the links it does not follow', async () => {
    const { root, outside } = project();
    symlinkSync(join(root, 'src/main/java'), join(root, 'alias')); // into the project: read at its own path
    symlinkSync(join(outside, 'com/acme/shared'), join(root, `${J}shared`)); // out of the project: followed
    symlinkSync('../../../..', join(root, `${J}up`)); // back to the root: a loop
    symlinkSync('..', join(root, 'parent')); // a folder holding the project
    const scanner = await scanned(root);
    expect(listed(scanner)).toEqual([`GET /orders ${J}OrderController.java`, `GET /shared ${J}shared/SharedController.java`]);
    expect(said(scanner)).toEqual([
      'alias: symlink to src/main/java, a folder the scan reads at its own path: not followed, so its files are listed once',
      'parent: symlink to <abs>, a folder holding the project: not followed',
      expect.stringMatching(new RegExp(`^${J}up: symlink loop: ${J}up leads back to`)),
    ]);
  });
});

describe('a re-scan under or of a symlinked folder gives what a fresh scan gives', () => {
  it('an edit to a class a link inside the project also leads to', async () => {
    const { root } = project();
    symlinkSync(join(root, 'src/main/java'), join(root, 'alias'));
    const scanner = await scanned(root);
    editFile(root, `${J}OrderController.java`, '"/orders"', '"/orders/all"');
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}OrderController.java`, kind: 'changed' }]);
    expect(listed(scanner)).toEqual([`GET /orders/all ${J}OrderController.java`]);
    // The IDE may tell of the same edit through the link: nothing is listed under it.
    await rescanEqualsFreshScan(scanner, root, [{ path: 'alias/com/acme/OrderController.java', kind: 'changed' }]);
  });

  it('a class created in a folder outside the project, reported through the link', async () => {
    const { root, outside } = project();
    symlinkSync(join(outside, 'com/acme/shared'), join(root, `${J}shared`));
    const scanner = await scanned(root);
    write(outside, 'com/acme/shared/StockController.java', controller('com.acme.shared', 'StockController', '/stock'));
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}shared/StockController.java`, kind: 'created' }]);
    expect(listed(scanner)).toContain(`GET /stock ${J}shared/StockController.java`);
  });

  it('links created after the scan and reported whole, then deleted', async () => {
    const { root, outside } = project();
    symlinkSync('../../../..', join(outside, 'com/acme/shared/loop')); // a loop inside the folder linked in
    const scanner = await scanned(root);
    const links: Array<[string, string]> = [
      ['alias', join(root, 'src/main/java')],
      [`${J}shared`, join(outside, 'com/acme/shared')],
      [`${J}up`, '../../../..'],
      ['parent', '..'],
    ];
    for (const [link, target] of links) {
      symlinkSync(target, join(root, link));
      await rescanEqualsFreshScan(scanner, root, [{ path: link, kind: 'created' }]);
    }
    expect(said(scanner)).toHaveLength(4);
    expect(listed(scanner)).toHaveLength(2);
    for (const [link] of links) {
      unlinkSync(join(root, link));
      await rescanEqualsFreshScan(scanner, root, [{ path: link, kind: 'deleted' }]);
    }
    expect(said(scanner)).toEqual([]);
  });

  it('a link to a source file of the project, created and then broken', async () => {
    const { root } = project();
    const scanner = await scanned(root);
    symlinkSync('OrderController.java', join(root, `${J}Orders.java`));
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Orders.java`, kind: 'created' }]);
    expect(said(scanner)).toEqual([`${J}Orders.java: symlink to ${J}OrderController.java, a file the scan reads at its own path: not read again`]);
    rmSync(join(root, `${J}OrderController.java`));
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}OrderController.java`, kind: 'deleted' }, { path: `${J}Orders.java`, kind: 'changed' }]);
    expect(said(scanner)).toEqual([expect.stringMatching(/broken symlink/)]);
  });
});
