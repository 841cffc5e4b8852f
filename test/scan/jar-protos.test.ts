// gRPC services whose .proto is not in the tree but inside a dependency jar of the local Maven
// repository: the jar is built here with the real `zip` tool (deflated entries), in a temp
// repository named by APISCOUT_MAVEN_REPO, and only the dependency the pom declares is read.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { mavenRepoSetting, writeJar } from './maven-jar';
import { scanInThread, storeIn } from './store-cases';

const BILLING = `syntax = "proto3";
package acme.billing.v1;
import "acme/common/v1/money.proto";
option java_package = "com.acme.billing.v1";
option java_multiple_files = true;

// Charges cards.
service Billing {
  // Charges once.
  rpc Charge(ChargeRequest) returns (acme.common.v1.Money);
  rpc Refunds(ChargeRequest) returns (stream acme.common.v1.Money);
  rpc Audit(stream ChargeRequest) returns (stream acme.common.v1.Money);
}

message ChargeRequest {
  string card = 1;
  acme.common.v1.Money amount = 2;
}
`;
const MONEY = `syntax = "proto3";
package acme.common.v1;
message Money {
  string currency = 1;
  int64 units = 2;
}
`;
const LEDGER = (rpc: string) => `syntax = "proto3";
package acme.ledger;
service Ledger {
  rpc ${rpc}(Entry) returns (stream Entry);
}
message Entry {}
`;

const SERVICE = `package com.acme.shop;

import com.acme.billing.v1.BillingGrpc;
import com.acme.billing.v1.ChargeRequest;
import com.acme.common.v1.Money;
import io.grpc.stub.StreamObserver;

class LedgerService extends com.acme.ledger.LedgerGrpc.LedgerImplBase {
    @Override
    public void post(com.acme.ledger.Entry entry, StreamObserver<com.acme.ledger.Entry> out) {
    }
}

public class BillingService extends BillingGrpc.BillingImplBase {
    @Override
    public void charge(ChargeRequest request, StreamObserver<Money> out) {
    }

    @Override
    public StreamObserver<ChargeRequest> audit(StreamObserver<Money> out) {
        return null;
    }
}
`;

function pom(deps: string): string {
  return `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1</version>
  <properties><billing.version>1.2.0</billing.version></properties>
  <dependencies>${deps}</dependencies></project>`;
}

describe('protos inside dependency jars', () => {
  let repo: string;
  let root: string;
  const restoreMavenRepo = mavenRepoSetting();

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'apiscout-m2-'));
    writeJar(repo, 'com.acme', 'billing-api', '1.2.0', { 'acme/billing/v1/billing.proto': BILLING, 'acme/common/v1/money.proto': MONEY, 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n' });
    // A managed version (no <version>): the newest the repository holds is read.
    writeJar(repo, 'com.acme', 'ledger-api', '2.0', { 'acme/ledger/ledger.proto': LEDGER('Old') });
    writeJar(repo, 'com.acme', 'ledger-api', '10.0', { 'acme/ledger/ledger.proto': LEDGER('Post') });
    root = mkdtempSync(join(tmpdir(), 'apiscout-jar-protos-'));
    mkdirSync(join(root, 'src/main/java/com/acme/shop'), { recursive: true });
    writeFileSync(join(root, 'src/main/java/com/acme/shop/BillingService.java'), SERVICE);
    process.env.APISCOUT_MAVEN_REPO = repo;
  });

  afterAll(() => {
    restoreMavenRepo();
    rmSync(repo, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('describes a service from the proto in a declared dependency jar, imports included', async () => {
    writeFileSync(
      join(root, 'pom.xml'),
      pom(
        '<dependency><groupId>com.acme</groupId><artifactId>billing-api</artifactId><version>${billing.version}</version></dependency>' +
          '<dependency><groupId>com.acme</groupId><artifactId>ledger-api</artifactId></dependency>',
      ),
    );
    const result = await scanProject(root);
    const grpc = result.endpoints.filter((e) => e.protocol === 'grpc');
    expect(grpc.map((e) => `${e.method} ${e.path} ${e.streaming} ${e.source?.member}`).sort()).toEqual([
      'gRPC /acme.billing.v1.Billing/Audit B audit',
      'gRPC /acme.billing.v1.Billing/Charge U charge',
      'gRPC /acme.ledger.Ledger/Post S post',
    ]);
    const charge = grpc.find((e) => e.path.endsWith('/Charge'))!;
    expect(charge.name).toBe('Charges once');
    expect(charge.grpc?.responseType).toBe('acme.common.v1.Money');
    expect(Object.keys(charge.request?.body?.schema.properties ?? {})).toEqual(['card', 'amount']);
    expect(Object.keys(charge.response?.schema?.properties ?? {})).toEqual(['currency', 'units']);
  });

  it('a re-scan after the pom names another version of a proto jar reads that version\'s protos', async () => {
    const ledger = (version: string) => pom(`<dependency><groupId>com.acme</groupId><artifactId>ledger-api</artifactId><version>${version}</version></dependency>`);
    writeFileSync(join(root, 'pom.xml'), ledger('10.0'));
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const post = () => scanner.endpoints.find((e) => e.source.member === 'post')?.path;
    expect(post()).toBe('/acme.ledger.Ledger/Post');
    writeFileSync(join(root, 'pom.xml'), ledger('2.0')); // its Ledger has no Post
    scanner.rescan([{ path: 'pom.xml', kind: 'changed' }]);
    const fresh = await new ProjectScanner(root, { parseWorker: false }).scan();
    expect(scanner.endpoints).toEqual(fresh.endpoints);
    expect(scanner.diagnostics()).toEqual(fresh.diagnostics);
    expect(post()).not.toBe('/acme.ledger.Ledger/Post');
  });

  it('reads no jar the build file does not declare', async () => {
    // billing-api is in the repository but the pom does not name it; junit is named but not there.
    writeFileSync(join(root, 'pom.xml'), pom('<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13</version></dependency>'));
    const result = await scanProject(root);
    const grpc = result.endpoints.filter((e) => e.protocol === 'grpc');
    expect(grpc.map((e) => `${e.path} ${e.streaming}`).sort()).toEqual(['/Billing/Audit unknown', '/Billing/Charge unknown', '/Ledger/Post unknown']);
  });
});

// grpc-spring's warm scan computed everything again: its health service extends a library base
// whose proto no project file declares, the look into the jar caches made the scan volatile, and
// no result was stored. The looks are journalled now (places found empty, jars by their stat).
describe('a stored result of a scan that looked into the jar caches', () => {
  const restoreMavenRepo = mavenRepoSetting();
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'apiscout-jar-store-'));
  });
  afterAll(() => {
    restoreMavenRepo();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers while the caches hold what they held, and computes again when a declared jar appears or changes', async () => {
    const repo = join(work, 'm2');
    mkdirSync(repo);
    process.env.APISCOUT_MAVEN_REPO = repo;
    const root = join(work, 'project');
    mkdirSync(join(root, 'src/main/java/com/acme/shop'), { recursive: true });
    writeFileSync(join(root, 'src/main/java/com/acme/shop/BillingService.java'), SERVICE);
    writeFileSync(
      join(root, 'pom.xml'),
      pom(
        '<dependency><groupId>com.acme</groupId><artifactId>billing-api</artifactId><version>${billing.version}</version></dependency>' +
          '<dependency><groupId>com.acme</groupId><artifactId>ledger-api</artifactId></dependency>',
      ),
    );
    const { cache, warnings } = storeIn(join(work, 'state'));
    const scan = async () => {
      const r = await scanInThread(root, { cache, reuseResult: true });
      const paths = r.endpoints.map((e) => `${e.path} ${e.streaming}`).sort();
      return { stored: r.stats.storedResult === true, paths };
    };

    // Neither jar is in the repository: the services are known by name only, and that is stored.
    const empty = ['/Billing/Audit unknown', '/Billing/Charge unknown', '/Ledger/Post unknown'];
    expect(await scan()).toEqual({ stored: false, paths: empty });
    expect(await scan()).toEqual({ stored: true, paths: empty });

    // The declared billing jar arrives (a download, a build): computed again, then stored.
    writeJar(repo, 'com.acme', 'billing-api', '1.2.0', { 'acme/billing/v1/billing.proto': BILLING, 'acme/common/v1/money.proto': MONEY });
    const billing = ['/Ledger/Post unknown', '/acme.billing.v1.Billing/Audit B', '/acme.billing.v1.Billing/Charge U'];
    expect(await scan()).toEqual({ stored: false, paths: billing });
    expect(await scan()).toEqual({ stored: true, paths: billing });

    // A managed version: a new version folder is a new newest version (2.0's Ledger has no `post`).
    writeJar(repo, 'com.acme', 'ledger-api', '2.0', { 'acme/ledger/ledger.proto': LEDGER('Old') });
    expect(await scan()).toEqual({ stored: false, paths: billing.slice(1) });
    writeJar(repo, 'com.acme', 'ledger-api', '10.0', { 'acme/ledger/ledger.proto': LEDGER('Post') });
    expect(await scan()).toEqual({ stored: false, paths: [...billing.slice(1), '/acme.ledger.Ledger/Post S'].sort() });
    expect((await scan()).stored).toBe(true);

    // The jar replaced in place (a snapshot rebuilt): its stat changed, so it is read again.
    rmSync(join(repo, 'com/acme/billing-api/1.2.0'), { recursive: true });
    writeJar(repo, 'com.acme', 'billing-api', '1.2.0', { 'acme/billing/v1/billing.proto': BILLING.replace('rpc Charge', 'rpc Pay'), 'acme/common/v1/money.proto': MONEY });
    const after = await scan();
    expect(after.stored).toBe(false);
    expect(after.paths).toContain('/acme.billing.v1.Billing/Audit B');
    expect(after.paths).not.toContain('/acme.billing.v1.Billing/Charge U');
    expect(warnings).toEqual([]);
  });
});
