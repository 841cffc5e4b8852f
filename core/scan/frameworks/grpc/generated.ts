// What gRPC's generated Java code tells, read from the source model only (so Kotlin sources
// work the same): which service a supertype like `GreeterGrpc.GreeterImplBase` stands for, and,
// when a generated `GreeterGrpc.java` is checked in, its service name and each method's type
// (`@RpcMethod(methodType = MethodType.SERVER_STREAMING)`, or the older descriptor fields).

import type { StreamingType } from '../../../model/endpoint';
import type { ProjectIndex, Scope } from '../../project-index';
import { findAnnotation, simpleName } from '../../source-model';
import type { Expr, TypeDecl, TypeRef } from '../../source-model';

/** A generated gRPC base a class extends or implements. */
export interface GrpcBinding {
  /** The service's simple name as the proto declares it: `Greeter`. */
  service: string;
  /** The generated outer class holding the descriptors: `GreeterGrpc`. */
  grpcClass: string;
  /** Java packages that class may be in, most likely first. */
  packages: string[];
  /** The supertype as written, for messages. */
  written: string;
}

/**
 * `GreeterGrpc.GreeterImplBase`, `GreeterGrpc.AsyncService`, `ReactorGreeterGrpc.GreeterImplBase`
 * (reactive-grpc), `MutinyGreeterGrpc.GreeterImplBase` (Quarkus), `SimpleGreeterGrpc.GreeterImplBase` (simple-grpc),
 * `GreeterGrpcKt.GreeterCoroutineImplBase` (grpc-kotlin): the service they
 * stand for, with the outer class qualified through the file's imports.
 */
export function bindingOf(ref: TypeRef, scope: Scope): GrpcBinding | undefined {
  const full = qualifyOuter(ref.name, scope);
  const segs = full.name.split('.');
  const inner = segs[segs.length - 1]!;
  const outer = segs[segs.length - 2];
  let service: string | undefined;
  if (outer) {
    const m = /^(\w+?)Grpc(Kt)?$/.exec(outer);
    if (!m) return undefined;
    if (inner === 'AsyncService' && !m[2]) service = /^(?:Reactor|Rx|Mutiny)?(\w+)$/.exec(m[1]!)![1];
    else service = [inner.replace(/CoroutineImplBase$/, ''), inner.replace(/ImplBase$/, '')].find((name) => name !== inner && servesUnderPrefix(m[1]!, name));
  }
  if (!service) return undefined;
  const packages = full.packages.length ? full.packages : [scope.file.pkg];
  return { service, grpcClass: `${service}Grpc`, packages, written: ref.name };
}

/**
 * Whether a generated outer class's base (`Greeter` of `GreeterGrpc`) holds the base of service
 * `name`: the same name, or the name behind a protoc plugin's capitalised prefix, which each
 * plugin picks (`ReactorGreeterGrpc`, `RxGreeterGrpc`, `MutinyGreeterGrpc`, simple-grpc's
 * `SimpleGreeterGrpc`); its inner base keeps the service's own name.
 */
function servesUnderPrefix(outerBase: string, name: string): boolean {
  if (!name || !outerBase.endsWith(name)) return false;
  const prefix = outerBase.slice(0, outerBase.length - name.length);
  return prefix === '' || (/^[A-Z][A-Za-z0-9]*$/.test(prefix) && /^[A-Z]/.test(name));
}

/**
 * Quarkus' Mutiny service interface (`implements Greeter`): generated into the proto's
 * `java_package` under the service's own name, so it is a binding only when a proto in the
 * project confirms both (`hasService(name, packages)`); any other interface is just an interface.
 */
export function serviceInterfaceBinding(ref: TypeRef, scope: Scope, hasService: (name: string, packages: string[]) => boolean): GrpcBinding | undefined {
  const full = qualifyOuter(ref.name, scope);
  if (full.name.includes('.') || !hasService(full.name, full.packages)) return undefined;
  return { service: full.name, grpcClass: `Mutiny${full.name}Grpc`, packages: full.packages, written: ref.name };
}

/** True when the simple name can only be a generated gRPC base: what makes a file worth parsing. */
/** The supertypes a gRPC service implementation names: generated bases and grpc-java's interfaces. */
export const GRPC_BASES = { names: ['AsyncService', 'BindableService'], suffixes: ['ImplBase'] } as const;

export function isGrpcBaseName(name: string): boolean {
  return GRPC_BASES.suffixes.some((s) => name.endsWith(s)) || GRPC_BASES.names.includes(name as (typeof GRPC_BASES.names)[number]);
}

/**
 * The written name with its outer class qualified: a fully qualified name keeps its package;
 * a nested type imported on its own (`import pkg.GreeterGrpc.GreeterImplBase`) gets its
 * import's name; otherwise the packages come from single-type imports of the outer class,
 * then on-demand imports, then the file's own package.
 */
function qualifyOuter(written: string, scope: Scope): { name: string; packages: string[] } {
  const segs = written.split('.');
  const first = segs[0]!;
  if (/^[a-z]/.test(first)) {
    const i = segs.findIndex((s) => /^[A-Z]/.test(s));
    return { name: segs.slice(i < 0 ? 0 : i).join('.'), packages: i > 0 ? [segs.slice(0, i).join('.')] : [] };
  }
  const imports = scope.file.imports.filter((imp) => !imp.isStatic || !imp.wildcard);
  const single = imports.find((imp) => !imp.wildcard && (imp.alias ?? simpleName(imp.name)) === first);
  if (single) {
    const isegs = single.name.split('.');
    const i = isegs.findIndex((s) => /^[A-Z]/.test(s));
    const pkg = i > 0 ? isegs.slice(0, i).join('.') : '';
    // `import pkg.GreeterGrpc.GreeterImplBase` then `extends GreeterImplBase`.
    const typePath = [...isegs.slice(i < 0 ? isegs.length : i), ...segs.slice(1)].join('.');
    return { name: typePath, packages: [pkg] };
  }
  const packages: string[] = [];
  for (const imp of scope.file.imports) {
    if (!imp.wildcard || imp.isStatic) continue;
    const last = simpleName(imp.name);
    // `import pkg.GreeterGrpc.*` names the outer class; `import pkg.*` a package.
    if (/^[A-Z]/.test(last) && segs.length === 1) return { name: `${last}.${first}`, packages: [imp.name.slice(0, imp.name.length - last.length - 1)] };
    if (!/^[A-Z]/.test(last)) packages.push(imp.name);
  }
  packages.unshift(scope.file.pkg);
  return { name: written, packages: [...new Set(packages)] };
}

/** Code generated by protoc-gen-grpc-java (or checked in from it): never an implementation. */
export function isGeneratedGrpc(t: TypeDecl): boolean {
  for (let cur: TypeDecl | undefined = t; cur; cur = cur.outer) {
    if (findAnnotation(cur.annotations, 'GrpcGenerated')) return true;
    if (!cur.outer && /Grpc(Kt)?$/.test(cur.name) && (findAnnotation(cur.annotations, 'Generated') || cur.fields.some((f) => f.name === 'SERVICE_NAME'))) return true;
  }
  return false;
}

export interface GeneratedMethod {
  name: string;
  streaming: StreamingType;
  requestType?: string;
  responseType?: string;
}

export interface GeneratedService {
  /** `package.Service` from SERVICE_NAME. */
  fullName: string;
  methods: GeneratedMethod[];
  type: TypeDecl;
}

const METHOD_TYPES: Record<string, StreamingType> = {
  UNARY: 'U',
  SERVER_STREAMING: 'S',
  CLIENT_STREAMING: 'C',
  BIDI_STREAMING: 'B',
};

/** Reads a generated `XxxGrpc` class in the source tree; undefined when it says nothing usable. */
export function readGeneratedService(index: ProjectIndex, binding: GrpcBinding): GeneratedService | undefined {
  for (const pkg of binding.packages) {
    const type = index.typeByFqn(pkg ? `${pkg}.${binding.grpcClass}` : binding.grpcClass);
    if (!type) continue;
    const scope = { type, file: type.file };
    const serviceField = type.fields.find((f) => f.name === 'SERVICE_NAME');
    const evaluated = serviceField?.initializer ? index.evalString(serviceField.initializer, scope) : undefined;
    const fullName = evaluated && 'value' in evaluated ? evaluated.value : undefined;
    if (!fullName) continue;
    const methods: GeneratedMethod[] = [];
    // grpc-java 1.10+: each descriptor getter carries @RpcMethod with everything needed.
    for (const m of type.methods) {
      const rpc = findAnnotation(m.annotations, 'RpcMethod');
      if (!rpc) continue;
      const full = rpc.args.fullMethodName ? index.evalString(rpc.args.fullMethodName, scope) : undefined;
      const name = full && 'value' in full ? full.value.slice(full.value.lastIndexOf('/') + 1) : undefined;
      if (!name) continue;
      const method: GeneratedMethod = { name, streaming: methodType(rpc.args.methodType) };
      const req = classOf(rpc.args.requestType);
      const res = classOf(rpc.args.responseType);
      if (req) method.requestType = req;
      if (res) method.responseType = res;
      methods.push(method);
    }
    // Older generated code: `METHOD_SAY_HELLO = MethodDescriptor.create(MethodType.UNARY, generateFullMethodName("pkg.Svc", "SayHello"), ...)`.
    if (methods.length === 0) {
      for (const f of type.fields) {
        if (f.initializer?.kind !== 'other' || !f.name.startsWith('METHOD_')) continue;
        const text = f.initializer.text;
        const name = /generateFullMethodName\s*\([^,]+,\s*"([^"]+)"\s*\)/.exec(text)?.[1];
        const kind = /MethodType\s*\.\s*(UNARY|SERVER_STREAMING|CLIENT_STREAMING|BIDI_STREAMING)/.exec(text)?.[1];
        if (name) methods.push({ name, streaming: kind ? METHOD_TYPES[kind]! : 'unknown' });
      }
    }
    return { fullName, methods, type };
  }
  return undefined;
}

function methodType(expr: Expr | undefined): StreamingType {
  if (expr?.kind !== 'name') return 'unknown';
  return METHOD_TYPES[simpleName(expr.name)] ?? 'unknown';
}

function classOf(expr: Expr | undefined): string | undefined {
  return expr?.kind === 'class' ? expr.type.name : undefined;
}

const JAVA_KEYWORDS = new Set(
  ('abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if ' +
    'implements import instanceof int interface long native new package private protected public return short static strictfp super switch ' +
    'synchronized this throw throws transient try void volatile while true false null').split(' '),
);

/** The Java method name protoc-gen-grpc-java gives an RPC: lower camel case, `_` after a keyword. */
export function javaMethodName(rpc: string): string {
  let out = '';
  let upper = false;
  for (const c of rpc) {
    if (c === '_') upper = true;
    else if (upper) {
      out += c.toUpperCase();
      upper = false;
    } else out += c;
  }
  out = out.charAt(0).toLowerCase() + out.slice(1);
  return JAVA_KEYWORDS.has(out) ? `${out}_` : out;
}
