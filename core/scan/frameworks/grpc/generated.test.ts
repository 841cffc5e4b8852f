import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJava } from '../../java/java-source';
import { scanProject } from '../../scan';
import { bindingOf, javaMethodName } from './generated';

function supertypeBinding(source: string) {
  const { file } = parseJava(source, 'src/main/java/com/acme/Impl.java', 'm');
  const t = file.types[0]!;
  return bindingOf(t.superclass ?? t.interfaces[0]!, { file });
}

describe('bindingOf', () => {
  it('qualifies the generated outer class through imports, or takes a fully qualified name as written', () => {
    expect(supertypeBinding('package com.acme; import io.x.GreeterGrpc; class Impl extends GreeterGrpc.GreeterImplBase {}')).toEqual({
      service: 'Greeter',
      grpcClass: 'GreeterGrpc',
      packages: ['io.x'],
      written: 'GreeterGrpc.GreeterImplBase',
    });
    expect(supertypeBinding('package com.acme; import io.x.GreeterGrpc.GreeterImplBase; class Impl extends GreeterImplBase {}')).toMatchObject({ service: 'Greeter', packages: ['io.x'] });
    expect(supertypeBinding('package com.acme; class Impl extends io.x.v1.GreeterGrpc.GreeterImplBase {}')).toMatchObject({ service: 'Greeter', packages: ['io.x.v1'] });
    expect(supertypeBinding('package com.acme; import io.x.GreeterGrpc.*; class Impl extends GreeterImplBase {}')).toMatchObject({ service: 'Greeter', packages: ['io.x'] });
    // Not imported: the same package first, then packages imported on demand.
    expect(supertypeBinding('package com.acme; import io.y.*; class Impl extends GreeterGrpc.GreeterImplBase {}')).toMatchObject({ packages: ['com.acme', 'io.y'] });
  });

  it('knows the AsyncService interface, reactive-grpc and grpc-kotlin bases', () => {
    expect(supertypeBinding('package a; import io.x.GreeterGrpc; class Impl implements GreeterGrpc.AsyncService {}')).toMatchObject({ service: 'Greeter', grpcClass: 'GreeterGrpc' });
    expect(supertypeBinding('package a; import io.x.ReactorGreeterGrpc; class Impl extends ReactorGreeterGrpc.GreeterImplBase {}')).toMatchObject({ service: 'Greeter', grpcClass: 'GreeterGrpc' });
    expect(supertypeBinding('package a; import io.x.RxGreeterGrpc; class Impl extends RxGreeterGrpc.GreeterImplBase {}')).toMatchObject({ service: 'Greeter' });
    expect(supertypeBinding('package a; import io.x.GreeterGrpcKt; class Impl extends GreeterGrpcKt.GreeterCoroutineImplBase {}')).toMatchObject({ service: 'Greeter', grpcClass: 'GreeterGrpc' });
  });

  it("takes any protoc plugin's prefix on the outer class, the inner base naming the service (simple-grpc)", () => {
    expect(supertypeBinding('package a; import org.signal.chat.account.SimpleAccountsGrpc; class Impl extends SimpleAccountsGrpc.AccountsImplBase {}')).toEqual({
      service: 'Accounts',
      grpcClass: 'AccountsGrpc',
      packages: ['org.signal.chat.account'],
      written: 'SimpleAccountsGrpc.AccountsImplBase',
    });
    expect(supertypeBinding('package a; import x.SimpleAccountsAnonymousGrpc; class Impl extends SimpleAccountsAnonymousGrpc.AccountsAnonymousImplBase {}')).toMatchObject({ service: 'AccountsAnonymous' });
    // The prefix is a whole word: `countsImplBase` is no base of SimpleAccountsGrpc.
    expect(supertypeBinding('package a; class Impl extends SimpleAccountsGrpc.countsImplBase {}')).toBeUndefined();
  });

  it('rejects look-alikes', () => {
    expect(supertypeBinding('package a; class Impl extends SomeImplBase {}')).toBeUndefined();
    expect(supertypeBinding('package a; class Impl extends GreeterGrpc.OtherImplBase {}')).toBeUndefined();
    expect(supertypeBinding('package a; class Impl extends Outer.GreeterImplBase {}')).toBeUndefined();
    expect(supertypeBinding('package a; class Impl implements GreeterGrpcKt.AsyncService {}')).toBeUndefined();
  });
});

describe('javaMethodName', () => {
  it('follows protoc-gen-grpc-java: lower camel case, underscores dropped, keywords suffixed', () => {
    expect(javaMethodName('SayHello')).toBe('sayHello');
    expect(javaMethodName('get_feature')).toBe('getFeature');
    expect(javaMethodName('secured_Methods_With_UnderScoRes')).toBe('securedMethodsWithUnderScoRes');
    expect(javaMethodName('Import')).toBe('import_');
  });
});

describe('generated classes without @RpcMethod', () => {
  it('reads the method types from the descriptor fields of older grpc-java output', async () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-legacy-grpc-'));
    const write = (p: string, text: string) => {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    };
    write(
      'src/main/java/io/legacy/RouteGrpc.java',
      `package io.legacy;
import static io.grpc.MethodDescriptor.generateFullMethodName;
@javax.annotation.Generated("by gRPC proto compiler (version 1.4.0)")
public final class RouteGrpc {
  public static final String SERVICE_NAME = "legacy.Route";
  public static final io.grpc.MethodDescriptor<io.legacy.Point, io.legacy.Feature> METHOD_GET_FEATURE =
      io.grpc.MethodDescriptor.create(io.grpc.MethodDescriptor.MethodType.UNARY, generateFullMethodName("legacy.Route", "GetFeature"), null, null);
  public static final io.grpc.MethodDescriptor<io.legacy.Point, io.legacy.Feature> METHOD_ROUTE_CHAT =
      io.grpc.MethodDescriptor.create(io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING, generateFullMethodName("legacy.Route", "RouteChat"), null, null);
  public static abstract class RouteImplBase implements io.grpc.BindableService {
    public void getFeature(Point request, io.grpc.stub.StreamObserver<Feature> responseObserver) {}
    public io.grpc.stub.StreamObserver<Point> routeChat(io.grpc.stub.StreamObserver<Feature> responseObserver) { return null; }
  }
}`,
    );
    write(
      'src/main/java/io/legacy/RouteService.java',
      `package io.legacy;
import io.grpc.stub.StreamObserver;
public class RouteService extends RouteGrpc.RouteImplBase {
  @Override public void getFeature(Point request, StreamObserver<Feature> responseObserver) {}
  @Override public StreamObserver<Point> routeChat(StreamObserver<Feature> responseObserver) { return null; }
}`,
    );
    const { endpoints, diagnostics } = await scanProject(root);
    expect(endpoints.map((e) => `${e.address} ${e.streaming} ${e.className}`)).toEqual([
      'gRPC /legacy.Route/GetFeature U io.legacy.RouteService',
      'gRPC /legacy.Route/RouteChat B io.legacy.RouteService',
    ]);
    expect(diagnostics).toEqual([]);
  });
});
