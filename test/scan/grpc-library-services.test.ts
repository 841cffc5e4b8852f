// gRPC services of grpc-services registered in code (ProtoReflectionService.newInstance(), a
// HealthStatusManager's getHealthService()): described by the protos inside the grpc-services jar
// the pom names, read from a temp Maven repository (APISCOUT_MAVEN_REPO) built with the real `zip`
// tool; without the jar they are listed by name and a diagnostic says the proto is not available.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';
import { mavenRepoSetting, writeJar } from './maven-jar';
import { writeFiles } from '../write-files';

/** A Spring Boot application class in `com.acme.stock`, under `dir` (a module's folder, or the root). */
function writeStockApplication(app: string, dir = ''): void {
  writeFiles(app, { [`${dir}src/main/java/com/acme/stock/StockApplication.java`]: 'package com.acme.stock;\n@org.springframework.boot.autoconfigure.SpringBootApplication\npublic class StockApplication {\n    public static void main(String[] args) {}\n}\n' });
}

// The published interfaces' shape (grpc/grpc-proto), written out for the test.
const HEALTH = `syntax = "proto3";
package grpc.health.v1;
option java_package = "io.grpc.health.v1";
option java_multiple_files = true;

message HealthCheckRequest {
  string service = 1;
}

message HealthCheckResponse {
  enum ServingStatus {
    UNKNOWN = 0;
    SERVING = 1;
    NOT_SERVING = 2;
    SERVICE_UNKNOWN = 3;
  }
  ServingStatus status = 1;
}

service Health {
  rpc Check(HealthCheckRequest) returns (HealthCheckResponse);
  rpc Watch(HealthCheckRequest) returns (stream HealthCheckResponse);
}
`;
const REFLECTION = `syntax = "proto3";
package grpc.reflection.v1alpha;
option java_package = "io.grpc.reflection.v1alpha";
option java_multiple_files = true;

service ServerReflection {
  rpc ServerReflectionInfo(stream ServerReflectionRequest) returns (stream ServerReflectionResponse);
}

message ServerReflectionRequest {
  string host = 1;
  oneof message_request {
    string file_by_filename = 3;
    string list_services = 7;
  }
}

message ServerReflectionResponse {
  string valid_host = 1;
}
`;

const SERVER = `package com.acme.inventory;

import io.grpc.ServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;

public class InventoryServer {
    public static void main(String[] args) throws Exception {
        HealthStatusManager health = new HealthStatusManager();
        ServerBuilder.forPort(50051)
            .addService(health.getHealthService())
            .addService(ProtoReflectionService.newInstance())
            .build().start().awaitTermination();
    }
}
`;

const pom = (deps: string) =>
  `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>inventory</artifactId><version>1</version><dependencies>${deps}</dependencies></project>`;

describe('library gRPC services registered in code', () => {
  let repo: string;
  let root: string;
  const restoreMavenRepo = mavenRepoSetting();

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'apiscout-m2-'));
    writeJar(repo, 'io.grpc', 'grpc-services', '1.60.0', { 'grpc/health/v1/health.proto': HEALTH, 'grpc/reflection/v1alpha/reflection.proto': REFLECTION });
    root = mkdtempSync(join(tmpdir(), 'apiscout-grpc-library-'));
    mkdirSync(join(root, 'src/main/java/com/acme/inventory'), { recursive: true });
    writeFileSync(join(root, 'src/main/java/com/acme/inventory/InventoryServer.java'), SERVER);
    process.env.APISCOUT_MAVEN_REPO = repo;
  });

  afterAll(() => {
    restoreMavenRepo();
    rmSync(repo, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('are described by the protos of the grpc-services jar the pom names', async () => {
    writeFileSync(join(root, 'pom.xml'), pom('<dependency><groupId>io.grpc</groupId><artifactId>grpc-services</artifactId><version>1.60.0</version></dependency>'));
    const result = await scanProject(root);
    const grpc = result.endpoints.filter((e) => e.protocol === 'grpc');
    expect(grpc.map((e) => `${e.path} ${e.streaming} ${e.source?.member} ${e.grpc?.protoFile}`).sort()).toEqual([
      '/grpc.health.v1.Health/Check U main grpc/health/v1/health.proto',
      '/grpc.health.v1.Health/Watch S main grpc/health/v1/health.proto',
      '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo B main grpc/reflection/v1alpha/reflection.proto',
    ]);
    const check = grpc.find((e) => e.path.endsWith('/Check'))!;
    expect(Object.keys(check.request?.body?.schema.properties ?? {})).toEqual(['service']);
    expect(Object.keys(check.response?.schema?.properties ?? {})).toEqual(['status']);
    expect(result.diagnostics.filter((d) => d.message.includes('proto is not available'))).toEqual([]);
  });

  it('are listed by name, with a diagnostic, when no jar holds their protos', async () => {
    writeFileSync(join(root, 'pom.xml'), pom(''));
    const result = await scanProject(root);
    expect(result.endpoints.filter((e) => e.protocol === 'grpc').map((e) => `${e.path} ${e.streaming} ${e.grpc?.protoFile}`).sort()).toEqual([
      '/grpc.health.v1.Health/Check U undefined',
      '/grpc.health.v1.Health/Watch S undefined',
      '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo B undefined',
    ]);
    expect(result.diagnostics.map((d) => `${d.line} ${d.message.slice(0, d.message.indexOf(','))}`)).toEqual([
      '11 HealthStatusManager.getHealthService() registers grpc.health.v1.Health',
      '12 ProtoReflectionService.newInstance() registers grpc.reflection.v1alpha.ServerReflection',
    ]);
  });

  it("are read in Kotlin, where the health service is the manager's property (health.healthService)", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-library-kt-'));
    try {
      mkdirSync(join(app, 'src/main/kotlin/com/acme/stock'), { recursive: true });
      writeFileSync(
        join(app, 'src/main/kotlin/com/acme/stock/StockServer.kt'),
        `package com.acme.stock

import io.grpc.ServerBuilder
import io.grpc.protobuf.services.HealthStatusManager
import io.grpc.protobuf.services.ProtoReflectionService

fun main() {
    val health = HealthStatusManager()
    ServerBuilder.forPort(50051)
        .addService(health.healthService)
        .addService(ProtoReflectionService.newInstance())
        .build().start().awaitTermination()
}
`,
      );
      const result = await scanProject(app);
      expect(result.endpoints.filter((e) => e.protocol === 'grpc').map((e) => e.path).sort()).toEqual([
        '/grpc.health.v1.Health/Check',
        '/grpc.health.v1.Health/Watch',
        '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo',
      ]);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("leave out a starter's service its config turns off, and a jar the build names describes the other", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-starter-'));
    try {
      mkdirSync(join(app, 'src/main/resources'), { recursive: true });
      writeStockApplication(app);
      writeFileSync(join(app, 'src/main/resources/application.properties'), 'grpc.server.reflection-service-enabled=false\n');
      writeFileSync(
        join(app, 'pom.xml'),
        pom(
          '<dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId></dependency>' +
            '<dependency><groupId>io.grpc</groupId><artifactId>grpc-services</artifactId><version>1.60.0</version></dependency>',
        ),
      );
      const result = await scanProject(app);
      expect(result.endpoints.filter((e) => e.protocol === 'grpc').map((e) => `${e.path} ${e.source?.member} ${e.grpc?.protoFile}`)).toEqual([
        '/grpc.health.v1.Health/Check main grpc/health/v1/health.proto',
        '/grpc.health.v1.Health/Watch main grpc/health/v1/health.proto',
      ]);
      writeFileSync(join(app, 'src/main/resources/application.properties'), 'grpc.server.health-service-enabled=false\n');
      const other = await scanProject(app);
      expect(other.endpoints.filter((e) => e.protocol === 'grpc').map((e) => e.path)).toEqual(['/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo']);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("are not a starter's where the build only manages its version or names it in a comment", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-client-'));
    try {
      mkdirSync(join(app, 'client/src/main/java/com/acme/client'), { recursive: true });
      writeFileSync(
        join(app, 'client/src/main/java/com/acme/client/ClientApplication.java'),
        'package com.acme.client;\n@org.springframework.boot.autoconfigure.SpringBootApplication\npublic class ClientApplication {\n    public static void main(String[] args) {}\n}\n',
      );
      writeFileSync(
        join(app, 'pom.xml'),
        '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>client</module></modules>' +
          '<dependencyManagement><dependencies><dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId><version>3.1.0.RELEASE</version></dependency></dependencies></dependencyManagement></project>',
      );
      writeFileSync(
        join(app, 'client/pom.xml'),
        '<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>client</artifactId>' +
          '<dependencies><dependency><groupId>net.devh</groupId><artifactId>grpc-client-spring-boot-starter</artifactId></dependency></dependencies></project>',
      );
      const managed = await scanProject(app);
      expect(managed.endpoints.filter((e) => e.protocol === 'grpc')).toEqual([]);
      // The same parent naming it among its dependencies: every module builds with it.
      writeFileSync(join(app, 'pom.xml'), readFileSync(join(app, 'pom.xml'), 'utf8').replace(/<\/?dependencyManagement>/g, ''));
      const inherited = await scanProject(app);
      expect(inherited.endpoints.filter((e) => e.protocol === 'grpc').map((e) => e.path)).toContain('/grpc.health.v1.Health/Check');
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("are re-scanned with the build: a pom edit adding or removing the starter gives what a fresh scan gives", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-starter-rescan-'));
    const starter = '<dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId></dependency>';
    try {
      writeStockApplication(app);
      writeFileSync(join(app, 'pom.xml'), pom(starter));
      const scanner = await scanned(app);
      expect(scanner.result().endpoints.map((e) => e.path)).toContain('/grpc.health.v1.Health/Check');
      // The default server library either way: only the services it registers tell the builds apart.
      writeFileSync(join(app, 'pom.xml'), pom(''));
      const without = await rescanEqualsFreshScan(scanner, app, [{ path: 'pom.xml', kind: 'changed' }]);
      expect(without.endpoints).toEqual([]);
      writeFileSync(join(app, 'pom.xml'), pom(starter));
      const back = await rescanEqualsFreshScan(scanner, app, [{ path: 'pom.xml', kind: 'changed' }]);
      expect(back.endpoints.map((e) => e.path)).toContain('/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo');
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
  it("are credited to the @Bean calling the helper that registers them, listed once where a module's bean serves the starter's service too, as a re-scan follows", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-starter-bean-'));
    const CONFIG = 'src/main/java/com/acme/stock/GrpcConfig.java';
    try {
      writeStockApplication(app);
      writeFileSync(
        join(app, CONFIG),
        `package com.acme.stock;

import io.grpc.BindableService;
import io.grpc.ServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import net.devh.boot.grpc.server.serverfactory.GrpcServerConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class GrpcConfig {
    @Bean
    public GrpcServerConfigurer libraryServices(HealthStatusManager health) {
        return builder -> addLibraryServices(builder, health);
    }

    private void addLibraryServices(ServerBuilder<?> builder, HealthStatusManager health) {
        builder.addService(health.getHealthService());
    }

    @Bean
    public BindableService reflection() {
        return ProtoReflectionServiceV1.newInstance();
    }
}
`,
      );
      writeFileSync(join(app, 'pom.xml'), pom('<dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId></dependency>'));
      const scanner = await scanned(app);
      const listed = (endpoints: readonly { path: string; source?: { member?: string } }[]) => endpoints.map((e) => `${e.path} ${e.source?.member}`).sort();
      // The module's health bean is listed, not the starter's second one, which a diagnostic names;
      // v1 reflection is another service than the starter's v1alpha one: both are served.
      expect(listed(scanner.result().endpoints)).toEqual([
        '/grpc.health.v1.Health/Check libraryServices',
        '/grpc.health.v1.Health/Watch libraryServices',
        '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo reflection',
        '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo main',
      ]);
      expect(scanner.result().diagnostics.filter((d) => d.message.includes(' too, ')).map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
        `${CONFIG}:19 grpc-spring-boot-starter registers grpc.health.v1.Health too, and a server with two implementations of one service does not start: set grpc.server.health-service-enabled=false to keep this one`,
      ]);
      // The bean serving v1alpha reflection itself: the starter's is not listed beside it.
      writeFileSync(join(app, CONFIG), readFileSync(join(app, CONFIG), 'utf8').replace(/ProtoReflectionServiceV1/g, 'ProtoReflectionService'));
      const v1alpha = await rescanEqualsFreshScan(scanner, app, [{ path: CONFIG, kind: 'changed' }]);
      expect(listed(v1alpha.endpoints).filter((e) => e.includes('Reflection'))).toEqual(['/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo reflection']);
      // Without the reflection bean, the starter's reflection service is back, at the main method.
      writeFileSync(join(app, CONFIG), readFileSync(join(app, CONFIG), 'utf8').replace(/ {4}@Bean\n {4}public BindableService reflection\(\) \{[\s\S]*?\n {4}\}\n/, ''));
      const after = await rescanEqualsFreshScan(scanner, app, [{ path: CONFIG, kind: 'changed' }]);
      expect(listed(after.endpoints)).toEqual([
        '/grpc.health.v1.Health/Check libraryServices',
        '/grpc.health.v1.Health/Watch libraryServices',
        '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo main',
      ]);
      // A configuration appearing later replaces the starter's health service too.
      const text = readFileSync(join(app, CONFIG), 'utf8');
      rmSync(join(app, CONFIG));
      const none = await rescanEqualsFreshScan(scanner, app, [{ path: CONFIG, kind: 'deleted' }]);
      expect(listed(none.endpoints).map((e) => e.split(' ')[1])).toEqual(['main', 'main', 'main']);
      writeFileSync(join(app, CONFIG), text);
      const created = await rescanEqualsFreshScan(scanner, app, [{ path: CONFIG, kind: 'created' }]);
      expect(listed(created.endpoints)).toEqual(listed(after.endpoints));
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
  it("are described by a grpc-services jar reached only transitively: through a module it builds against, or a starter's pom", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-transitive-'));
    const starterDir = join(repo, 'net/devh/grpc-server-spring-boot-starter/3.1.0.RELEASE');
    try {
      writeJar(repo, 'net.devh', 'grpc-server-spring-boot-starter', '3.1.0.RELEASE', { 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n' });
      writeFileSync(
        join(starterDir, 'grpc-server-spring-boot-starter-3.1.0.RELEASE.pom'),
        '<project><modelVersion>4.0.0</modelVersion><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId><version>3.1.0.RELEASE</version><dependencies>' +
          '<dependency><groupId>io.grpc</groupId><artifactId>grpc-services</artifactId><version>1.60.0</version><scope>compile</scope></dependency>' +
          '<dependency><groupId>io.grpc</groupId><artifactId>grpc-testing</artifactId><version>1.60.0</version><scope>test</scope></dependency>' +
          '</dependencies></project>',
      );
      writeStockApplication(app, 'server/');
      const module = (name: string, deps: string) =>
        `<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>${name}</artifactId><dependencies>${deps}</dependencies></project>`;
      writeFileSync(join(app, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>grpc-common</module><module>server</module></modules></project>');
      mkdirSync(join(app, 'grpc-common'), { recursive: true });
      writeFileSync(join(app, 'grpc-common/pom.xml'), module('grpc-common', '<dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId><version>3.1.0.RELEASE</version></dependency>'));
      writeFileSync(join(app, 'server/pom.xml'), module('server', '<dependency><groupId>com.acme</groupId><artifactId>grpc-common</artifactId><version>1</version></dependency>'));
      const result = await scanProject(app);
      expect(result.endpoints.filter((e) => e.protocol === 'grpc').map((e) => `${e.path} ${e.module} ${e.grpc?.protoFile}`).sort()).toEqual([
        '/grpc.health.v1.Health/Check server grpc/health/v1/health.proto',
        '/grpc.health.v1.Health/Watch server grpc/health/v1/health.proto',
        '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo server grpc/reflection/v1alpha/reflection.proto',
      ]);
      expect(result.diagnostics).toEqual([]);
    } finally {
      rmSync(app, { recursive: true, force: true });
      rmSync(join(repo, 'net'), { recursive: true, force: true });
    }
  });
  it("are listed once, the module's, where a @GrpcService class of the module implements the starter's service", async () => {
    const app = mkdtempSync(join(tmpdir(), 'apiscout-grpc-own-health-'));
    const HEALTH_CLASS = 'src/main/java/com/acme/stock/StockHealth.java';
    try {
      writeStockApplication(app);
      writeFileSync(
        join(app, HEALTH_CLASS),
        `package com.acme.stock;

import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;
import net.devh.boot.grpc.server.service.GrpcService;

@GrpcService
public class StockHealth extends HealthGrpc.HealthImplBase {
    @Override
    public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> out) {
        out.onNext(HealthCheckResponse.newBuilder().setStatus(HealthCheckResponse.ServingStatus.SERVING).build());
        out.onCompleted();
    }
}
`,
      );
      writeFileSync(join(app, 'pom.xml'), pom('<dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId></dependency>'));
      const scanner = await scanned(app);
      const listed = (endpoints: readonly { path: string; source?: { member?: string } }[]) => endpoints.map((e) => `${e.path} ${e.source?.member}`).sort();
      expect(listed(scanner.result().endpoints)).toEqual(['/grpc.health.v1.Health/Check check', '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo main']);
      expect(scanner.result().diagnostics.filter((d) => d.message.includes(' too, ')).map((d) => `${d.file}:${d.line}`)).toEqual([`${HEALTH_CLASS}:10`]);
      // Without the annotation it is no bean: the starter's health service is back beside it.
      writeFileSync(join(app, HEALTH_CLASS), readFileSync(join(app, HEALTH_CLASS), 'utf8').replace('@GrpcService\n', ''));
      const plain = await rescanEqualsFreshScan(scanner, app, [{ path: HEALTH_CLASS, kind: 'changed' }]);
      expect(listed(plain.endpoints)).toContain('/grpc.health.v1.Health/Watch main');
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
});
