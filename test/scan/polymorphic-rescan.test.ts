// The branches of a CLASS / MINIMAL_CLASS base and of a Kotlin sealed class without a listing
// are the subclasses found in the source (core/scan/types/polymorphism.ts): a re-scan after a
// subclass file is added, edited or deleted equals a fresh scan of the same tree.

import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { FileChange } from '../../core/scan/project-scanner';
import { FIXTURES } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-poly-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The body schema of each endpoint, by address. */
const bodies = (endpoints: readonly Endpoint[]) => Object.fromEntries(endpoints.map((e) => [`${e.address} ${e.source.member}`, JSON.stringify(e.request?.body?.schema ?? null)]));

function tree(fixture: string): { root: string; write: (p: string, text: string) => void; remove: (p: string) => void } {
  const root = mkdtempSync(join(tmp, 'case-'));
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  return { root, write: (p, text) => writeFileSync(join(root, p), text), remove: (p) => unlinkSync(join(root, p)) };
}

async function rescanMatchesFreshScan(scanner: ProjectScanner, root: string, changes: FileChange[]): Promise<Endpoint[]> {
  scanner.rescan(changes);
  const fresh = await new ProjectScanner(root, { parseWorker: false }).scan();
  expect(bodies(scanner.endpoints)).toEqual(bodies(fresh.endpoints));
  expect(scanner.endpoints).toEqual(fresh.endpoints);
  return fresh.endpoints;
}

describe('a re-scan of polymorphic bodies whose subtypes are found in the source', () => {
  const J = 'src/main/java/com/acme/poly/';

  it('follows a new, an edited and a deleted subclass of a CLASS and a MINIMAL_CLASS base', async () => {
    const { root, write, remove } = tree('spring-mvc/polymorphic-bodies');
    // Another root earlier by path uses the same bases (directly and inside a DTO), so the
    // fixture's controller meets their schemas in the schema cache.
    write(`${J}Checkout.java`, `package com.acme.poly;
import org.springframework.web.bind.annotation.*;
@RestController
public class Checkout {
    public static class Order { public Payment payment; public Animal pet; }
    @PostMapping("/checkout")
    public void checkout(@RequestBody Order order) { }
}`);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const before = bodies(scanner.endpoints);
    expect(before['POST /payments pay']).not.toContain('WirePayment');

    write(`${J}WirePayment.java`, 'package com.acme.poly;\npublic class WirePayment extends Payment { public String iban; }\n');
    write(`${J}Horse.java`, 'package com.acme.poly;\npublic class Horse extends Animal { public int speed; }\n');
    let now = bodies(
      await rescanMatchesFreshScan(scanner, root, [
        { path: `${J}WirePayment.java`, kind: 'created' },
        { path: `${J}Horse.java`, kind: 'created' },
      ]),
    );
    for (const key of ['POST /payments pay', 'POST /checkout checkout']) expect(now[key]).toContain('com.acme.poly.WirePayment');
    for (const key of ['POST /animals animal', 'POST /checkout checkout']) expect(now[key]).toContain('.Horse');

    // No longer a subclass: the branch goes.
    write(`${J}WirePayment.java`, 'package com.acme.poly;\npublic class WirePayment { public String iban; }\n');
    now = bodies(await rescanMatchesFreshScan(scanner, root, [{ path: `${J}WirePayment.java`, kind: 'changed' }]));
    expect(now['POST /payments pay']).not.toContain('WirePayment');

    // A subclass again, then deleted.
    write(`${J}WirePayment.java`, 'package com.acme.poly;\npublic class WirePayment extends Payment { public String iban; }\n');
    now = bodies(await rescanMatchesFreshScan(scanner, root, [{ path: `${J}WirePayment.java`, kind: 'changed' }]));
    expect(now['POST /payments pay']).toContain('WirePayment');
    remove(`${J}WirePayment.java`);
    remove(`${J}Horse.java`);
    now = bodies(
      await rescanMatchesFreshScan(scanner, root, [
        { path: `${J}WirePayment.java`, kind: 'deleted' },
        { path: `${J}Horse.java`, kind: 'deleted' },
      ]),
    );
    expect(now).toEqual(before);
  });

  it('follows a new and a deleted subclass of a Kotlin sealed class', async () => {
    const K = 'src/main/kotlin/com/acme/kt/poly/';
    const { root, write, remove } = tree('kotlin/spring-mvc/polymorphic-bodies');
    write(`${K}Checkout.kt`, `package com.acme.kt.poly
import org.springframework.web.bind.annotation.*
@RestController
class Checkout {
    @PostMapping("/checkout")
    fun checkout(@RequestBody payment: Payment) {}
}`);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const before = bodies(scanner.endpoints);

    write(`${K}Crypto.kt`, 'package com.acme.kt.poly\n\ndata class Crypto(override val amount: Long, val wallet: String) : Payment()\n');
    const now = bodies(await rescanMatchesFreshScan(scanner, root, [{ path: `${K}Crypto.kt`, kind: 'created' }]));
    for (const key of ['POST /payments pay', 'POST /checkout checkout']) expect(now[key]).toContain('wallet');

    remove(`${K}Crypto.kt`);
    expect(bodies(await rescanMatchesFreshScan(scanner, root, [{ path: `${K}Crypto.kt`, kind: 'deleted' }]))).toEqual(before);
  });
});
