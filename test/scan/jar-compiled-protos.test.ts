// gRPC services whose protos are in a dependency jar only compiled (apache/rocketmq's proxy and
// rocketmq-proto: generated classes, no .proto entries). The outer classes embed each file's
// descriptor as protoc writes it, `String[] descriptorData = {"\n\027..."}`; the jar is built here
// with javac from classes shaped that way (stubs for protobuf's runtime) and the real `zip` tool.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorProto } from '../../core/protobuf';
import { classDescriptorBytes } from '../../core/scan/proto/class-descriptor';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';
import { mavenRepoSetting } from './maven-jar';

const BILLING = {
  name: 'acme/billing/v1/billing.proto',
  package: 'acme.billing.v1',
  dependency: ['acme/common/v1/money.proto'],
  syntax: 'proto3',
  options: { javaPackage: 'com.acme.billing.v1', javaMultipleFiles: true },
  messageType: [
    {
      name: 'ChargeRequest',
      field: [
        { name: 'card_number', number: 1, label: 1, type: 9, jsonName: 'cardNumber' },
        { name: 'amount', number: 2, label: 1, type: 11, typeName: '.acme.common.v1.Money', jsonName: 'amount' },
        { name: 'tags', number: 3, label: 3, type: 11, typeName: '.acme.billing.v1.ChargeRequest.TagsEntry', jsonName: 'tags' },
        { name: 'token', number: 4, label: 1, type: 9, oneofIndex: 0, jsonName: 'token' },
        { name: 'wallet', number: 5, label: 1, type: 9, oneofIndex: 0, jsonName: 'wallet' },
        { name: 'note', number: 6, label: 1, type: 9, oneofIndex: 1, proto3Optional: true, jsonName: 'note' },
        { name: 'kind', number: 7, label: 1, type: 14, typeName: '.acme.billing.v1.ChargeRequest.Kind', jsonName: 'kind' },
      ],
      nestedType: [
        {
          name: 'TagsEntry',
          field: [
            { name: 'key', number: 1, label: 1, type: 9, jsonName: 'key' },
            { name: 'value', number: 2, label: 1, type: 5, jsonName: 'value' },
          ],
          options: { mapEntry: true },
        },
      ],
      enumType: [{ name: 'Kind', value: [{ name: 'KIND_UNSPECIFIED', number: 0 }, { name: 'CARD', number: 1 }] }],
      oneofDecl: [{ name: 'source' }, { name: '_note' }],
    },
  ],
  service: [
    {
      name: 'Billing',
      method: [
        { name: 'Charge', inputType: '.acme.billing.v1.ChargeRequest', outputType: '.acme.common.v1.Money' },
        { name: 'Refunds', inputType: '.acme.billing.v1.ChargeRequest', outputType: '.acme.common.v1.Money', serverStreaming: true },
        { name: 'Audit', inputType: '.acme.billing.v1.ChargeRequest', outputType: '.acme.common.v1.Money', clientStreaming: true, serverStreaming: true },
      ],
    },
  ],
};
const MONEY = {
  name: 'acme/common/v1/money.proto',
  package: 'acme.common.v1',
  syntax: 'proto3',
  options: { javaPackage: 'com.acme.common.v1', javaMultipleFiles: true },
  messageType: [
    {
      name: 'Money',
      field: [
        { name: 'currency', number: 1, label: 1, type: 9, jsonName: 'currency' },
        { name: 'units', number: 2, label: 1, type: 3, jsonName: 'units' },
      ],
    },
  ],
};

function descriptorBytes(file: object): Uint8Array {
  const type = descriptorProto().FileDescriptorProto;
  return type.encode(type.fromObject(file)).finish();
}

/** A Java string literal holding the bytes one char each, in octal escapes as protoc writes them. */
function literal(bytes: Uint8Array): string {
  return `"${[...bytes].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('')}"`;
}

/** An outer class as protoc shapes it: protobuf 4's version check first, then the descriptor in two parts. */
function outerClass(pkg: string, name: string, bytes: Uint8Array, deps: string[]): string {
  const half = Math.floor(bytes.length / 2);
  return `package ${pkg};
public final class ${name} {
  static {
    if (System.getProperty("gencode.check") != null) throw new IllegalStateException("gencode " + 4 + "${name}");
  }
  private static final com.google.protobuf.Descriptors.FileDescriptor descriptor;
  static {
    java.lang.String[] descriptorData = {
      ${literal(bytes.subarray(0, half))},
      ${literal(bytes.subarray(half))}
    };
    descriptor = com.google.protobuf.Descriptors.FileDescriptor.internalBuildGeneratedFileFrom(descriptorData,
        new com.google.protobuf.Descriptors.FileDescriptor[] { ${deps.map((d) => `${d}.getDescriptor()`).join(', ')} });
  }
  public static com.google.protobuf.Descriptors.FileDescriptor getDescriptor() { return descriptor; }
}
`;
}

const SOURCES: Record<string, string> = {
  'com/google/protobuf/Descriptors.java': `package com.google.protobuf;
public final class Descriptors {
  public static final class FileDescriptor {
    public static FileDescriptor internalBuildGeneratedFileFrom(String[] parts, FileDescriptor[] deps) { return new FileDescriptor(); }
  }
}
`,
  'com/acme/billing/v1/BillingProto.java': outerClass('com.acme.billing.v1', 'BillingProto', descriptorBytes(BILLING), ['com.acme.common.v1.MoneyProto']),
  'com/acme/common/v1/MoneyProto.java': outerClass('com.acme.common.v1', 'MoneyProto', descriptorBytes(MONEY), []),
  'com/acme/billing/v1/ChargeRequest.java': `package com.acme.billing.v1;
public final class ChargeRequest { static final String[] NAMES = { "\\nCardNumber", "Amount" }; }
`,
  'com/acme/billing/v1/BillingGrpc.java': `package com.acme.billing.v1;
public final class BillingGrpc {
  public static final String SERVICE_NAME = "acme.billing.v1.Billing";
  public static abstract class BillingImplBase {}
}
`,
};

const SERVICE = `package com.acme.shop;

import com.acme.billing.v1.BillingGrpc;
import com.acme.billing.v1.ChargeRequest;
import com.acme.common.v1.Money;
import io.grpc.stub.StreamObserver;

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

describe('protos compiled into a jar of generated gRPC classes', () => {
  let work: string;
  let classes: string;
  const restoreMavenRepo = mavenRepoSetting();

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'apiscout-compiled-protos-'));
    const src = join(work, 'src');
    classes = join(work, 'classes');
    writeFiles(src, SOURCES);
    execFileSync('javac', ['-nowarn', '-d', classes, ...Object.keys(SOURCES).map((n) => join(src, n))], { stdio: 'pipe' });
    // The jar holds the generated classes only: no .proto, no protobuf runtime.
    const repo = join(work, 'm2');
    const dir = join(repo, 'com/acme/billing-api/1.0');
    mkdirSync(dir, { recursive: true });
    execFileSync('zip', ['-q', '-r', join(dir, 'billing-api-1.0.jar'), 'com/acme'], { cwd: classes });
    const project = join(work, 'project');
    mkdirSync(join(project, 'src/main/java/com/acme/shop'), { recursive: true });
    writeFileSync(join(project, 'src/main/java/com/acme/shop/BillingService.java'), SERVICE);
    writeFileSync(
      join(project, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1</version>
  <dependencies><dependency><groupId>com.acme</groupId><artifactId>billing-api</artifactId><version>1.0</version></dependency></dependencies></project>`,
    );
    process.env.APISCOUT_MAVEN_REPO = repo;
  });

  afterAll(() => {
    restoreMavenRepo();
    rmSync(work, { recursive: true, force: true });
  });

  it('reads the descriptor an outer class embeds, and nothing from other classes', () => {
    const bytes = classDescriptorBytes(readFileSync(join(classes, 'com/acme/billing/v1/BillingProto.class')));
    expect(bytes && Buffer.from(bytes).equals(Buffer.from(descriptorBytes(BILLING)))).toBe(true);
    for (const other of ['com/acme/billing/v1/ChargeRequest.class', 'com/acme/billing/v1/BillingGrpc.class', 'com/google/protobuf/Descriptors$FileDescriptor.class']) {
      expect(classDescriptorBytes(readFileSync(join(classes, other)))).toBeUndefined();
    }
    expect(classDescriptorBytes(Buffer.from('not a class file'))).toBeUndefined();
  });

  it("describes the service by the jar's compiled protos: package in the path, streaming kinds, messages across files", async () => {
    const result = await scanProject(join(work, 'project'));
    const grpc = result.endpoints.filter((e) => e.protocol === 'grpc');
    expect(grpc.map((e) => `${e.path} ${e.streaming} ${e.source.member}`).sort()).toEqual([
      '/acme.billing.v1.Billing/Audit B audit',
      '/acme.billing.v1.Billing/Charge U charge',
    ]);
    expect(result.diagnostics).toEqual([]);
    const charge = grpc.find((e) => e.source.member === 'charge')!;
    expect(charge.grpc).toMatchObject({ service: 'acme.billing.v1.Billing', requestType: 'acme.billing.v1.ChargeRequest', responseType: 'acme.common.v1.Money' });
    const request = charge.request!.body!.schema;
    expect(Object.keys(request.properties ?? {})).toEqual(['cardNumber', 'amount', 'tags', 'token', 'wallet', 'note', 'kind']);
    expect(request.properties!.tags).toMatchObject({ type: 'object', additionalProperties: { type: 'integer' } });
    expect(request.properties!.kind!.enum).toEqual(['KIND_UNSPECIFIED', 'CARD']);
    expect(Object.keys(charge.response!.schema!.properties ?? {})).toEqual(['currency', 'units']);
  });
});
