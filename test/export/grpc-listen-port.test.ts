// Where Send, Copy as cURL and the exports send a gRPC request when no environment names a
// grpcHost: the port the module's gRPC server listens on, its starter deciding the key and the
// default (LogNet's grpc.port and 6565, Quarkus' quarkus.grpc.server.port and 9000,
// grpc-ecosystem's grpc.server.port and 9090). Before, every project went to grpc.server.port/9090.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRequest, loadCallContext } from '../../core/call/endpoint-call';
import { exportCurl } from '../../core/export/curl';
import { exportHttpClient } from '../../core/export/http-client';
import { exportSetup } from '../../core/export/setup';
import type { ModuleSummary, ScanResult } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, copyFixture, editFile } from '../scan/fixture-case';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-grpc-port-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const userDir = join(tmp, 'user');

function write(root: string, files: Record<string, string>): string {
  writeFiles(root, files);
  return root;
}

/** Send's default target and the `.http` and cURL exports' gRPC host for the module's RPC. */
function targets(projectDir: string, scan: ScanResult, module: string): { send: string; http: string; curl: string } {
  const endpoint = scan.endpoints.find((e) => e.protocol === 'grpc' && e.module === module)!;
  const summary = scan.modules.find((m) => m.name === module);
  const draft = defaultRequest(loadCallContext({ projectDir, userDir, endpoint, module: summary }));
  const { options } = exportSetup({ projectDir, userDir, environment: null, modules: scan.modules, endpoints: [endpoint] });
  const http = exportHttpClient([endpoint], options).files[0]!.content;
  const curl = exportCurl([endpoint], options).files[0]!.content;
  return { send: draft.host, http: /^@grpcHost = (.*)$/m.exec(http)?.[1] ?? http, curl: / (localhost:\d+) /.exec(curl)?.[1] ?? curl };
}

const at = (host: string) => ({ send: host, http: host, curl: host });

describe("a gRPC request's default target", () => {
  it("is LogNet's grpc.port, else its 6565, when the module builds with LogNet's grpc-spring-boot-starter", async () => {
    const root = join(FIXTURES, 'grpc/lognet-starter');
    const scan = await scanProject(root);
    expect(scan.modules.find((m) => m.name === 'greeter')?.listen).toEqual({ port: '8081', grpcPort: '7565' });
    expect(targets(root, scan, 'greeter')).toEqual(at('localhost:7565'));
    // echo sets no grpc.port and names the starter only through its parent pom.
    expect(targets(root, scan, 'echo')).toEqual(at('localhost:6565'));
    // An export of both modules' RPCs: no one module's port, but each module's methods go to its own.
    const { options } = exportSetup({ projectDir: root, userDir, environment: null, modules: scan.modules, endpoints: scan.endpoints });
    expect(options.defaultGrpcHost).toBe('localhost:9090');
    expect(options.moduleGrpcHosts).toEqual({ greeter: 'localhost:7565', echo: 'localhost:6565' });
    const grpc = scan.endpoints.filter((e) => e.protocol === 'grpc');
    const http = exportHttpClient(grpc, options).files[0]!.content;
    expect(http).toMatch(/^@echoGrpcHost = localhost:6565\n@greeterGrpcHost = localhost:7565$/m);
    const curl = exportCurl(grpc, { ...options, curl: { multiline: false } }).files[0]!.content;
    for (const e of grpc) {
      const own = e.module === 'greeter' ? { variable: 'greeterGrpcHost', port: 7565 } : { variable: 'echoGrpcHost', port: 6565 };
      expect(http).toContain(`GRPC {{${own.variable}}}${e.path}`);
      expect(curl).toContain(` localhost:${own.port} ${e.path.slice(1)}`);
    }
    // A grpcHost the user gave (a gateway in front of both) stays the one target.
    const env = { name: 'gw', variables: [{ key: 'grpcHost', value: 'gw.example.com:443' }] };
    expect(exportHttpClient(grpc, { ...options, environment: env, environments: [env] }).files[0]!.content).not.toContain('GrpcHost');
  });

  it("is grpc-ecosystem's grpc.server.port, else 9090, when no other starter is in the build", async () => {
    const root = write(join(tmp, 'ecosystem'), {
      'pom.xml': '<project><artifactId>shop</artifactId><dependencies><dependency><groupId>net.devh</groupId><artifactId>grpc-server-spring-boot-starter</artifactId></dependency></dependencies></project>',
      'src/main/proto/echo.proto': 'syntax = "proto3";\npackage acme.v1;\noption java_package = "com.acme.grpc";\nmessage Ping { string text = 1; }\nservice Echo { rpc Say (Ping) returns (Ping); }\n',
      'src/main/java/com/acme/EchoService.java': 'package com.acme;\nimport com.acme.grpc.EchoGrpc;\nimport com.acme.grpc.Ping;\nimport io.grpc.stub.StreamObserver;\nimport net.devh.boot.grpc.server.service.GrpcService;\n@GrpcService\npublic class EchoService extends EchoGrpc.EchoImplBase {\n  @Override public void say(Ping request, StreamObserver<Ping> response) {}\n}\n',
      'src/main/resources/application.yml': 'spring:\n  application:\n    name: shop\n',
    });
    expect(targets(root, await scanProject(root), 'shop')).toEqual(at('localhost:9090'));
    write(root, { 'src/main/resources/application.yml': 'grpc:\n  server:\n    port: 9191\n' });
    expect(targets(root, await scanProject(root), 'shop')).toEqual(at('localhost:9191'));
  });

  it("is Quarkus' quarkus.grpc.server.port, else its 9000, or the HTTP port when gRPC shares the HTTP server", async () => {
    const root = write(join(tmp, 'quarkus'), {
      'pom.xml': '<project><artifactId>hello</artifactId><dependencies><dependency><groupId>io.quarkus</groupId><artifactId>quarkus-grpc</artifactId></dependency></dependencies></project>',
      'src/main/proto/hello.proto': 'syntax = "proto3";\npackage hello;\noption java_package = "com.acme.hello";\nmessage HelloRequest { string name = 1; }\nservice Greeter { rpc SayHello (HelloRequest) returns (HelloRequest); }\n',
      'src/main/java/com/acme/HelloService.java': 'package com.acme;\nimport com.acme.hello.GreeterGrpc;\nimport com.acme.hello.HelloRequest;\nimport io.grpc.stub.StreamObserver;\nimport io.quarkus.grpc.GrpcService;\n@GrpcService\npublic class HelloService extends GreeterGrpc.GreeterImplBase {\n  @Override public void sayHello(HelloRequest request, StreamObserver<HelloRequest> response) {}\n}\n',
      'src/main/resources/application.properties': 'quarkus.grpc.server.enable-reflection-service=true\n',
    });
    expect(targets(root, await scanProject(root), 'hello')).toEqual(at('localhost:9000'));
    write(root, { 'src/main/resources/application.properties': 'quarkus.http.port=8181\nquarkus.grpc.server.use-separate-server=false\n' });
    expect(targets(root, await scanProject(root), 'hello')).toEqual(at('localhost:8181'));
    write(root, { 'src/main/resources/application.properties': '%dev.quarkus.grpc.server.port=9292\n' });
    expect(targets(root, await scanProject(root), 'hello')).toEqual(at('localhost:9292'));
  });

  it("follows a pom edit that adds or drops the starter on a re-scan, as a fresh scan gives it", async () => {
    const root = copyFixture('grpc/lognet-starter', tmp, 'lognet-rescan');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const grpcPorts = (modules: readonly ModuleSummary[]) => modules.map((m) => [m.name, m.listen?.grpcPort]);
    expect(grpcPorts(scanner.result().modules)).toEqual([['echo', '6565'], ['greeter', '7565']]);
    editFile(root, 'pom.xml', '<groupId>io.github.lognet</groupId>', '<groupId>net.devh</groupId>');
    scanner.rescan([{ path: 'pom.xml', kind: 'changed' }]);
    const fresh = await new ProjectScanner(root, { parseWorker: false }).scan();
    // greeter still names LogNet in its own pom; echo is back to grpc-ecosystem's 9090.
    expect(grpcPorts(scanner.result().modules)).toEqual([['echo', undefined], ['greeter', '7565']]);
    expect(scanner.result().modules).toEqual(fresh.modules);
  });
});
