// Groovy controllers are not read (apiscout reads Java and Kotlin), but the scan says so, once per
// module: a fresh scan, a scan answered from the stored result and a re-scan after a Groovy file
// appears, changes or goes away all give the same diagnostics.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { declaresEndpoints, groovyDiagnostics, inTestSourceSet } from '../../core/scan/groovy-sources';
import { copyFixture, editFile } from './fixture-case';
import { scanInThread, storeIn, tempFolder } from './store-cases';
import { rescanEqualsFreshScan, scanned, view } from './rescan-parity';

const tmp = tempFolder('apiscout-groovy-');
const G = 'src/main/groovy/com/acme/orders/';

const controller = (name: string) =>
  `package com.acme.orders\n\nimport org.springframework.web.bind.annotation.*\n\n@RestController\nclass ${name} {\n  @GetMapping("/${name.toLowerCase()}")\n  String get() { "x" }\n}\n`;

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const groovyWarnings = (r: Pick<ScanResult, 'diagnostics'>) => r.diagnostics.filter((d) => d.message.includes('Groovy'));

describe('which Groovy sources declare endpoints', () => {
  const yes = (text: string) => declaresEndpoints(Buffer.from(text));
  it('Spring stereotypes and mappings, JAX-RS @Path with its import', () => {
    expect(yes('@RestController\nclass A {}')).toBe(true);
    expect(yes('@Controller class A {}')).toBe(true);
    expect(yes('@RequestMapping("/a") class A {}')).toBe(true);
    expect(yes('import javax.ws.rs.Path\n@Path("/a") class A {}')).toBe(true);
    expect(yes('@org.springframework.web.bind.annotation.RestController class A {}')).toBe(true);
    expect(yes('@javax.ws.rs.Path("/a") class A {}')).toBe(true);
  });
  it('not an advice, a path variable, a Retrofit or Feign client, or a plain class', () => {
    expect(yes('@ControllerAdvice class A {}')).toBe(false);
    expect(yes('class A { def a(@PathVariable String id) {} }')).toBe(false);
    expect(yes('import retrofit.http.Path\ninterface C { Map item(@Path("id") String id) }')).toBe(false);
    expect(yes('@FeignClient("x")\n@RequestMapping("/a") interface C {}')).toBe(false);
    expect(yes('@Service class A {}')).toBe(false);
    expect(yes('import org.springframework.stereotype.Controller\nclass RequestMapping {}')).toBe(false);
    expect(yes('@ResponseBody\nController controller')).toBe(false);
  });
  it('a test source set is told by its path', () => {
    expect(inTestSourceSet('web/src/functionalTest/groovy/A.groovy')).toBe(true);
    expect(inTestSourceSet('src/test/java/A.groovy')).toBe(true);
    expect(inTestSourceSet('web/src/main/groovy/A.groovy')).toBe(false);
    expect(inTestSourceSet('src/jvmMain/groovy/A.groovy')).toBe(false);
  });
  it('one diagnostic per module, on its first file, naming three files and how many more', () => {
    const files = ['b/src/main/groovy/E.groovy', 'a/src/main/groovy/D.groovy', 'a/src/main/groovy/C.groovy', 'a/src/main/groovy/B.groovy', 'a/src/main/groovy/A.groovy'];
    const got = groovyDiagnostics(files, (p) => p.split('/')[0]!);
    expect(got).toEqual([
      { file: 'a/src/main/groovy/A.groovy', message: '4 Groovy sources in module a declare controllers (A.groovy, B.groovy, C.groovy and 1 more): apiscout reads Java and Kotlin only, so their endpoints are not listed' },
      { file: 'b/src/main/groovy/E.groovy', message: 'a Groovy source in module b declares a controller: apiscout reads Java and Kotlin only, so its endpoints are not listed' },
    ]);
  });
});

describe('Groovy controllers in a scan', () => {
  it('a re-scan after a Groovy file appears, changes, moves or goes away gives what a fresh scan gives', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'rescan');
    const scanner = await scanned(root);
    expect(groovyWarnings(scanner.result())).toHaveLength(1);
    expect(groovyWarnings(scanner.result())[0]!.message).toMatch(/^2 Groovy sources in module .* \(OrderController\.groovy, ReportController\.groovy\)/);

    write(root, `${G}AdminController.groovy`, controller('AdminController'));
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${G}AdminController.groovy`, kind: 'created' }]);
    expect(groovyWarnings(fresh)[0]).toMatchObject({ file: `${G}AdminController.groovy` });
    expect(groovyWarnings(fresh)[0]!.message).toMatch(/^3 Groovy sources/);

    // A service that becomes a controller, and a controller that stops being one.
    editFile(root, `${G}OrderService.groovy`, '@Service', '@RestController');
    editFile(root, `${G}ReportController.groovy`, '@Controller\n@RequestMapping("/reports")', '@Deprecated');
    editFile(root, `${G}ReportController.groovy`, '@RequestMapping("/daily")', '@Deprecated');
    fresh = await rescanEqualsFreshScan(scanner, root, [
      { path: `${G}OrderService.groovy`, kind: 'changed' },
      { path: `${G}ReportController.groovy`, kind: 'changed' },
    ]);
    expect(groovyWarnings(fresh)[0]!.message).toMatch(/^3 Groovy sources .*\(AdminController\.groovy, OrderController\.groovy, OrderService\.groovy\)/);

    // Where the walk never looks: build output and a test source set.
    write(root, `build/classes/${G}Copied.groovy`, controller('Copied'));
    write(root, 'src/test/groovy/com/acme/orders/TestController.groovy', controller('TestController'));
    fresh = await rescanEqualsFreshScan(scanner, root, [
      { path: `build/classes/${G}Copied.groovy`, kind: 'created' },
      { path: 'src/test/groovy/com/acme/orders/TestController.groovy', kind: 'created' },
    ]);
    expect(groovyWarnings(fresh)[0]!.message).toMatch(/^3 Groovy sources/);

    for (const name of ['AdminController', 'OrderService']) rmSync(join(root, `${G}${name}.groovy`));
    fresh = await rescanEqualsFreshScan(scanner, root, [
      { path: `${G}AdminController.groovy`, kind: 'deleted' },
      { path: `${G}OrderService.groovy`, kind: 'deleted' },
    ]);
    expect(groovyWarnings(fresh)).toEqual([{ file: `${G}OrderController.groovy`, message: expect.stringMatching(/^a Groovy source in module .* declares a controller/) }]);

    rmSync(join(root, `${G}OrderController.groovy`));
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${G}OrderController.groovy`, kind: 'deleted' }]);
    expect(groovyWarnings(fresh)).toEqual([]);
    // The Java endpoint was there all along.
    expect(fresh.endpoints.map((e) => e.path)).toEqual(['/ping']);
  });

  it('a module of its own gets its own diagnostic, also after a re-scan that creates its build file', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'modules');
    write(root, 'pom.xml', '<project><artifactId>orders</artifactId></project>\n');
    write(root, `admin/${G}AdminController.groovy`, controller('AdminController'));
    const scanner = await scanned(root);
    expect(groovyWarnings(scanner.result()).map((d) => d.file)).toEqual([`admin/${G}AdminController.groovy`]);
    expect(groovyWarnings(scanner.result())[0]!.message).toMatch(/^3 Groovy sources in module orders/);
    write(root, 'admin/pom.xml', '<project><artifactId>orders-admin</artifactId></project>\n');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'admin/pom.xml', kind: 'created' }]);
    expect(groovyWarnings(fresh).map((d) => d.message.replace(/ declares? .*/, ''))).toEqual(['a Groovy source in module orders-admin', '2 Groovy sources in module orders']);
  });

  it('a warm scan gives the same diagnostics, and notices a Groovy controller added or removed', async () => {
    const root = copyFixture('spring-mvc/groovy-controllers', tmp.path, 'warm');
    const { cache, warnings } = storeIn(join(tmp.path, 'warm-state'));
    const warm = { cache, reuseResult: true };
    const agree = async () => {
      const without = await scanInThread(root);
      const stored = await scanInThread(root, warm);
      expect(view(stored)).toEqual(view(without));
      return stored;
    };
    await scanInThread(root, warm);
    let r = await agree();
    expect(r.stats.storedResult).toBe(true);
    expect(groovyWarnings(r)[0]!.message).toMatch(/^2 Groovy sources/);

    write(root, `${G}AdminController.groovy`, controller('AdminController'));
    r = await agree();
    expect(r.stats.storedResult).toBeFalsy();
    expect(groovyWarnings(r)[0]!.message).toMatch(/^3 Groovy sources/);
    expect((await agree()).stats.storedResult).toBe(true);

    rmSync(join(root, `${G}AdminController.groovy`));
    r = await agree();
    expect(r.stats.storedResult).toBeFalsy();
    expect(groovyWarnings(r)[0]!.message).toMatch(/^2 Groovy sources/);
    expect(warnings).toEqual([]);
  });
});
