// gRPC services: classes extending a generated `XxxGrpc.XxxImplBase` (or implementing
// `XxxGrpc.AsyncService`, or the reactive and Kotlin coroutine bases), found through their
// supertypes whatever annotations they carry; classes implementing `BindableService` or
// annotated `@GrpcService` / `@GRpcService`; and `@GrpcService` `@Bean` methods returning a
// generated base; anonymous classes of those bases created in any method (anonymous.ts).
// Each RPC the class overrides is one endpoint, `gRPC /package.Service/Method`,
// described by the .proto: streaming kind, message schemas and comments. Without a proto the
// generated `XxxGrpc.java` in the tree tells the streaming kinds; failing both, they are
// reported unknown, never guessed. The generated classes themselves are never endpoints.

import type { Endpoint } from '../../../model/endpoint';
import { methodChains } from '../../hierarchy';
import type { MethodChain } from '../../hierarchy';
import type { Scope } from '../../project-index';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { MethodDecl, TypeDecl, TypeRef } from '../../source-model';
import type { FrameworkScanner, ScanContext } from '../framework';
import { folderOf } from '../naming';
import { grpcEndpoint, streamingOf } from './endpoint';
import type { RpcDescription } from './endpoint';
import { bindingOf, isGeneratedGrpc, GRPC_BASES, javaMethodName, readGeneratedService, serviceInterfaceBinding } from './generated';
import type { GrpcBinding } from './generated';
import { wellKnownService } from './well-known';
import { anonymousServices } from './anonymous';
import { handBuiltRpcs } from './service-definition';
import { LIBRARY_SERVICE_MENTIONS, libraryRegistrations, starterRegistrations } from './library-services';
import type { HandBuiltRpc } from './service-definition';
import { libraryName } from '../../types/java-type';
import type { ProtoServiceInfo, ServiceMatch } from '../../proto/proto-index';
import { moduleDependencies } from '../../module-dependencies';

const SERVICE_ANNOTATIONS = ['GrpcService', 'GRpcService'];

/** Where a service's RPCs are described. */
type ServiceSource =
  | { kind: 'proto'; service: ProtoServiceInfo }
  | { kind: 'generated'; fullName: string; rpcs: RpcDescription[] }
  | { kind: 'unknown'; binding: GrpcBinding; ambiguous?: string };

/** A described service: its full name, its RPCs and the proto declaring it. */
interface KnownService {
  fullName: string;
  rpcs: RpcDescription[];
  protoFile?: string;
  importPaths?: string[];
}

function known(source: ServiceSource): KnownService | undefined {
  switch (source.kind) {
    case 'proto': {
      const rpcs = source.service.methods.map((m): RpcDescription => {
        const rpc: RpcDescription = { name: m.name, streaming: streamingOf(m.requestStream, m.responseStream), requestType: m.requestType, responseType: m.responseType };
        if (m.comment) rpc.comment = m.comment;
        if (m.request) rpc.request = m.request;
        if (m.response) rpc.response = m.response;
        return rpc;
      });
      return { fullName: source.service.fullName, rpcs, protoFile: source.service.file, importPaths: source.service.importPaths };
    }
    case 'generated':
      return { fullName: source.fullName, rpcs: source.rpcs };
    case 'unknown':
      return undefined;
  }
}

export function createGrpcScanner(): FrameworkScanner {
  return {
    id: 'grpc',

    // A service binds to the proto its module can see (bindingOf).
    readsModuleDependencies: true,

    // The application class: grpc-ecosystem's starter registers library services for it (library-services.ts).
    markers: () => [...SERVICE_ANNOTATIONS, 'SpringBootApplication'],

    // A library's service registered in code (ProtoReflectionService.newInstance()) extends nothing of the file's.
    mentionMarkers: () => LIBRARY_SERVICE_MENTIONS,

    superMarkers: () => GRPC_BASES,

    metaMarkers: () => [],

    learnAnnotation: () => false,

    wantsImplementations(type) {
      if (!isAbstract(type) || type.kind === 'annotation') return false;
      if (isGeneratedGrpc(type)) return /ImplBase$|^AsyncService$/.test(type.name);
      return directBindings(type).length > 0;
    },

    endpoints(type, ctx) {
      const out: Endpoint[] = anonymousServices(type, ctx).flatMap((anon) => serviceEndpoints(anon, ctx));
      out.push(...libraryEndpoints(type, ctx));
      if (type.kind === 'annotation' || type.kind === 'enum' || isGeneratedGrpc(type)) return out;
      if (!isAbstract(type)) out.push(...serviceEndpoints(type, ctx));
      out.push(...beanEndpoints(type, ctx));
      return out;
    },
  };
}

/** The gRPC bases a type names itself, each read in the scope javac reads its extends clause in. */
function directBindings(t: TypeDecl): GrpcBinding[] {
  const scope: Scope = t.outer ? { type: t.outer, file: t.file } : { file: t.file };
  const refs = t.superclass ? [t.superclass, ...t.interfaces] : t.interfaces;
  return refs.map((r) => bindingOf(r, scope)).filter((b): b is GrpcBinding => b !== undefined);
}

/** The Mutiny service interfaces (Quarkus) a type implements, each confirmed by a proto of the project. */
function serviceInterfaces(t: TypeDecl, ctx: ScanContext): GrpcBinding[] {
  const scope: Scope = t.outer ? { type: t.outer, file: t.file } : { file: t.file };
  const hasService = (name: string, packages: string[]) => {
    // A proto declaring the service later may make this interface a binding.
    ctx.index.noteMissing([name]);
    return ctx.protos.filesDeclaringService(name).some((m) => packages.includes(m.header.javaPackage ?? m.header.pkg));
  };
  return t.interfaces.map((r) => serviceInterfaceBinding(r, scope, hasService)).filter((b): b is GrpcBinding => b !== undefined);
}

function serviceEndpoints(type: TypeDecl, ctx: ScanContext): Endpoint[] {
  const lineage = [type, ...ctx.index.ancestors(type)];
  const bindings = dedupe(lineage.flatMap(directBindings));
  const marked = lineage.some((t) => findAnnotation(t.annotations, ...SERVICE_ANNOTATIONS) || t.interfaces.some((i) => simpleName(i.name) === 'BindableService'));
  // A method whose most specific declaration is generated code is not overridden: the base answers UNIMPLEMENTED.
  const chains = methodChains(ctx.index, type).filter((c) => !isGeneratedGrpc(c.site.owner) && !c.site.method.modifiers.includes('abstract'));
  if (bindings.length === 0) {
    if (!marked) return [];
    const bindService = type.methods.find((m) => m.name === 'bindService' && m.params.length === 0);
    const handBuilt = bindService && handBuiltRpcs(type, bindService, ctx);
    if (bindService && handBuilt) return handBuiltEndpoints(type, bindService, handBuilt, ctx);
    const interfaces = dedupe(lineage.flatMap((t) => serviceInterfaces(t, ctx)));
    if (interfaces.length) return interfaces.flatMap((b) => endpointsFor(type, describe(b, type, ctx), chains, ctx));
    // `implements BindableService` or `@GrpcService` alone: the methods must say which service.
    const guessed = serviceByMethods(type, chains, ctx);
    if (guessed) return endpointsFor(type, { kind: 'proto', service: guessed }, chains, ctx);
    // A BindableService without RPC-shaped methods delegates (reflection, health managers): nothing to say.
    const annotated = lineage.some((t) => findAnnotation(t.annotations, ...SERVICE_ANNOTATIONS));
    if (!annotated && !chains.some((c) => looksLikeRpc(c.site.method))) return [];
    ctx.diagnostics.push({
      file: type.file.path,
      line: type.line,
      message: `${type.name} is marked as a gRPC service but extends no generated base (XxxGrpc.XxxImplBase or XxxGrpc.AsyncService) and its methods match no service in the project's .proto files`,
    });
    return [];
  }
  const bound = bindings.flatMap((b) => endpointsFor(type, describe(b, type, ctx), chains, ctx));
  // Its own bindService() may register more by hand: grpc-java's PreSerializedServer replaces the
  // generated SayHello (an UNIMPLEMENTED default it does not override) with a handler of its own.
  const bindService = type.methods.find((m) => m.name === 'bindService' && m.params.length === 0);
  const handBuilt = bindService && handBuiltRpcs(type, bindService, ctx);
  if (!bindService || !handBuilt?.length) return bound;
  const listed = new Set(bound.map((e) => e.path));
  return [...bound, ...handBuiltEndpoints(type, bindService, handBuilt, ctx).filter((e) => !listed.has(e.path))];
}

/** The RPCs a hand-built ServerServiceDefinition registers, at bindService(), described by their proto when there is one. */
function handBuiltEndpoints(type: TypeDecl, bindService: MethodDecl, rpcs: HandBuiltRpc[], ctx: ScanContext): Endpoint[] {
  const site = { method: bindService, owner: type };
  const folder = folderOf(ctx.index, type);
  return rpcs.map((r) => {
    // Named through a generated class: its proto, as for a class extending that class's base.
    const described = r.binding && known(describe(r.binding, type, ctx));
    if (described) return handBuiltEndpoint(type, site, r, described, folder, ctx);
    const simple = r.service.slice(r.service.lastIndexOf('.') + 1);
    ctx.index.noteMissing([simple]);
    const protos = ctx.protos
      .filesDeclaringService(simple)
      .map((f) => ctx.protos.service(f.path, simple))
      .filter((s): s is ProtoServiceInfo => s !== undefined && (!r.service.includes('.') || s.fullName === r.service));
    const proto = protos.length === 1 || (protos.length > 1 && r.service.includes('.')) ? protos[0] : undefined;
    if (proto) ctx.index.noteFiles(proto.files);
    return handBuiltEndpoint(type, site, r, proto ? known({ kind: 'proto', service: proto }) : undefined, folder, ctx);
  });
}

function handBuiltEndpoint(type: TypeDecl, site: { method: MethodDecl; owner: TypeDecl }, r: HandBuiltRpc, service: KnownService | undefined, folder: string, ctx: ScanContext): Endpoint {
  const described = service?.rpcs.find((d) => d.name === r.name);
  const rpc: RpcDescription = described ?? { name: r.name, streaming: r.streaming ?? 'unknown', requestType: '', responseType: '' };
  if (!described && !r.streaming) {
    ctx.diagnostics.push({ file: type.file.path, line: site.method.line, message: `${type.name}.bindService() registers ${r.service}/${r.name}, whose method type neither the source nor a .proto states: its streaming type is unknown` });
  }
  const fullName = service?.fullName ?? r.service;
  return grpcEndpoint(ctx, { type, site, chain: [site], service: fullName, rpc, folder, ...(service?.protoFile ? { protoFile: service.protoFile, importPaths: service.importPaths } : {}), requestModels: ctx.requestModels, methodDocs: false });
}

/** Finds the service description: the proto first, then a generated XxxGrpc.java, else unknown. */
function describe(binding: GrpcBinding, type: TypeDecl, ctx: ScanContext): ServiceSource {
  // Any proto declaring the service later may change the answer (a first one, or a closer one).
  ctx.index.noteMissing([binding.service]);
  const proto = findProtoService(binding, type.file.module, ctx);
  if (proto && 'ambiguous' in proto) {
    // Binding to either would list RPCs this class does not serve and drop the ones it does.
    const message = `${type.name} extends the generated base of service ${binding.service}, which protos of ${proto.modules.length} other modules declare in the same Java package (${proto.files.join(', ')}), and module ${type.file.module} depends on ${proto.visible ? 'more than one' : 'none'} of them: its RPCs are listed with streaming type unknown, bound to neither proto`;
    return { kind: 'unknown', binding, ambiguous: message };
  }
  if (proto) return { kind: 'proto', service: proto };
  const generated = readGeneratedService(ctx.index, binding);
  if (generated && generated.methods.length) {
    const rpcs = generated.methods.map((m): RpcDescription => ({
      name: m.name,
      streaming: m.streaming,
      requestType: m.requestType ?? '',
      responseType: m.responseType ?? '',
    }));
    if (rpcs.some((r) => r.streaming === 'unknown')) {
      ctx.diagnostics.push({ file: generated.type.file.path, line: generated.type.line, message: `${generated.type.name} does not state the method type of every RPC: those are reported with streaming type unknown` });
    }
    return { kind: 'generated', fullName: generated.fullName, rpcs };
  }
  const library = wellKnownService(binding);
  if (library) return { kind: 'generated', ...library };
  return { kind: 'unknown', binding };
}

interface AmbiguousProto {
  ambiguous: true;
  files: string[];
  modules: string[];
  /** Whether the module depends on several of them (else on none). */
  visible: boolean;
}

/**
 * The proto service a binding names: in its Java package when several services share the name;
 * then the module's own proto, else the one in a module it depends on. Copies of one service in
 * several modules are common (examples, shared APIs, two services that happen to share a name
 * and package); when neither rule picks one module, the binding is ambiguous.
 */
function findProtoService(binding: GrpcBinding, module: string, ctx: ScanContext): ProtoServiceInfo | AmbiguousProto | undefined {
  const matches = ctx.protos.filesDeclaringService(binding.service);
  if (matches.length === 0) return undefined;
  const javaPackage = (h: { javaPackage?: string; pkg: string }) => h.javaPackage ?? h.pkg;
  const rank = (m: ServiceMatch) => {
    const i = binding.packages.indexOf(javaPackage(m.header));
    return i < 0 ? binding.packages.length : i;
  };
  const top = Math.min(...matches.map(rank));
  const best = matches.filter((m) => rank(m) === top).sort((a, b) => (a.path < b.path ? -1 : 1));
  const own = best.filter((m) => m.module === module);
  let chosen = own;
  let visible = false;
  if (chosen.length === 0) {
    const deps = moduleDependencies(module, ctx.modules, ctx.readProjectFile);
    const seen = best.filter((m) => deps.has(m.module));
    visible = seen.length > 0;
    chosen = visible ? seen : best;
  }
  const modules = [...new Set(chosen.map((m) => m.module))];
  if (modules.length > 1) return { ambiguous: true, files: chosen.map((m) => m.path), modules, visible };
  const service = ctx.protos.service(chosen[0]!.path, binding.service);
  if (service) ctx.index.noteFiles(service.files);
  return service;
}

/**
 * A service whose RPCs a class without a generated base implements: every RPC-shaped method
 * names one of its RPCs, and the message classes the methods take are in its Java package
 * (copies of one proto in several modules: the class's own module wins). Only a single best
 * match counts.
 */
function serviceByMethods(type: TypeDecl, chains: MethodChain[], ctx: ScanContext): ProtoServiceInfo | undefined {
  const rpcShaped = chains.filter((c) => looksLikeRpc(c.site.method));
  const names = new Set(rpcShaped.map((c) => c.site.method.name));
  if (names.size === 0) return undefined;
  const messagePackages = new Set(
    rpcShaped.flatMap((c) => {
      const scope: Scope = { type: c.site.owner, file: c.site.owner.file };
      return c.site.method.params.map((p) => libraryName(p.type.name, scope)).filter((n) => n.includes('.')).map((n) => n.slice(0, n.lastIndexOf('.')));
    }),
  );
  let best: { service: ProtoServiceInfo; score: number } | undefined;
  let tie = false;
  for (const path of ctx.protos.paths()) {
    const header = ctx.protos.header(path);
    for (const name of header?.services ?? []) {
      const service = ctx.protos.service(path, name);
      if (!service) continue;
      const rpcNames = new Set(service.methods.map((m) => javaMethodName(m.name)));
      if (![...names].every((n) => rpcNames.has(n))) continue;
      const score = 1 + Number(messagePackages.has(service.javaPackage)) * 2 + Number(path.startsWith(moduleDirOf(type, ctx)));
      if (best && best.score === score) tie = true;
      else if (!best || score > best.score) {
        best = { service, score };
        tie = false;
      }
    }
  }
  if (!best || tie) return undefined;
  ctx.index.noteFiles(best.service.files);
  return best.service;
}

function moduleDirOf(type: TypeDecl, ctx: ScanContext): string {
  const dir = ctx.modules.find((m) => m.name === type.file.module)?.dir ?? '';
  return dir ? `${dir}/` : '';
}

/**
 * `void m(Req, StreamObserver<Res>)`, `StreamObserver<Req> m(StreamObserver<Res>)`, or a
 * grpc-kotlin override: `suspend fun m(req: Req): Res`, `fun m(req: Req): Flow<Res>`, or a Mutiny one.
 */
function looksLikeRpc(m: MethodDecl): boolean {
  if (m.modifiers.includes('static') || m.returnType === null) return false;
  const last = m.params[m.params.length - 1];
  if ((last !== undefined && simpleName(last.type.name) === 'StreamObserver') || simpleName(m.returnType.name) === 'StreamObserver') return true;
  if (m.params.length !== 1) return false;
  // Quarkus' Mutiny stubs: `Uni<Res> m(Req)`, `Multi<Res> m(Req)`, `Uni<Res> m(Multi<Req>)`.
  if (/^(Uni|Multi)$/.test(simpleName(m.returnType.name))) return true;
  return m.modifiers.includes('override') && (m.modifiers.includes('suspend') || simpleName(m.returnType.name) === 'Flow');
}

/** Java's `@Override` or Kotlin's `override` on any declaration of the method. */
function overrides(c: MethodChain): boolean {
  return c.chain.some((s) => s.method.modifiers.includes('override') || findAnnotation(s.method.annotations, 'Override') !== undefined);
}

/** One endpoint per RPC the class implements (`chains` holds only its own, non-generated methods). */
function endpointsFor(type: TypeDecl, source: ServiceSource, chains: MethodChain[], ctx: ScanContext): Endpoint[] {
  const folder = folderFor(type, source, ctx);
  const service = known(source);
  if (!service) return source.kind === 'unknown' ? unknownEndpoints(type, chains, ctx, source.binding, folder, source.ambiguous) : [];
  const byName = new Map<string, MethodChain[]>();
  for (const c of chains) {
    const list = byName.get(c.site.method.name) ?? [];
    list.push(c);
    byName.set(c.site.method.name, list);
  }
  const out: Endpoint[] = [];
  for (const rpc of service.rpcs) {
    const chain = pickOverride(byName.get(javaMethodName(rpc.name)) ?? []);
    if (!chain) continue;
    out.push(grpcEndpoint(ctx, { type, site: chain.site, chain: chain.chain, service: service.fullName, rpc, folder, ...(service.protoFile ? { protoFile: service.protoFile, importPaths: service.importPaths } : {}), requestModels: ctx.requestModels }));
  }
  return out;
}

/** Among same-named methods, the one shaped like the RPC implementation. */
function pickOverride(chains: MethodChain[]): MethodChain | undefined {
  const candidates = chains.filter((c) => c.site.method.params.length >= 1 && c.site.method.params.length <= 2);
  return candidates.find((c) => looksLikeRpc(c.site.method)) ?? candidates[0];
}

/** Neither a proto nor a generated class: the overriding methods shaped like RPCs, streaming unknown. */
function unknownEndpoints(type: TypeDecl, chains: MethodChain[], ctx: ScanContext, binding: GrpcBinding, folder: string, ambiguous?: string): Endpoint[] {
  const rpcs = chains.filter((c) => overrides(c) && looksLikeRpc(c.site.method));
  if (rpcs.length === 0 && !ambiguous) return [];
  ctx.diagnostics.push({
    file: type.file.path,
    line: type.line,
    message: ambiguous ?? `no .proto declares service ${binding.service} and no generated ${binding.grpcClass}.java is in the tree: its RPCs are listed with streaming type unknown and without a package in their paths`,
  });
  return rpcs.map((c) => {
    const m = c.site.method;
    const scope: Scope = { type: c.site.owner, file: c.site.owner.file };
    const messageName = (ref: TypeRef | undefined) => (ref ? libraryName(ref.name, scope) : '');
    const { request, response } = messagesOf(m);
    return grpcEndpoint(ctx, {
      type,
      site: c.site,
      chain: c.chain,
      service: binding.service,
      rpc: { name: m.name.charAt(0).toUpperCase() + m.name.slice(1), streaming: 'unknown', requestType: messageName(request), responseType: messageName(response) },
      folder,
      requestModels: ctx.requestModels,
    });
  });
}

/**
 * The message types of an RPC implementation. Java: `m(Req, StreamObserver<Res>)` or
 * `StreamObserver<Req> m(StreamObserver<Res>)`; Kotlin: `m(Req): Res`, with `Flow<...>` for streams.
 */
function messagesOf(m: MethodDecl): { request?: TypeRef | undefined; response?: TypeRef | undefined } {
  const ret = m.returnType ?? undefined;
  const unwrap = (t: TypeRef | undefined) => (t && ['StreamObserver', 'Flow'].includes(simpleName(t.name)) ? t.args[0] : t);
  const observer = m.params.find((p) => simpleName(p.type.name) === 'StreamObserver');
  if (observer) return { request: m.params[0] === observer ? unwrap(ret) : m.params[0]!.type, response: observer.type.args[0] };
  return { request: unwrap(m.params[0]?.type), response: unwrap(ret) };
}

/** `@GrpcService @Bean` methods returning a generated base: every RPC of the service, at the bean method. */
function beanEndpoints(type: TypeDecl, ctx: ScanContext): Endpoint[] {
  const out: Endpoint[] = [];
  for (const m of type.methods) {
    if (!findAnnotation(m.annotations, ...SERVICE_ANNOTATIONS) || !m.returnType) continue;
    const scope: Scope = { type, file: type.file };
    // A class of the project serves its own endpoints wherever it is created.
    if (ctx.index.resolveType(m.returnType.name, scope)) continue;
    const binding = bindingOf(m.returnType, scope);
    if (!binding) {
      // `return ProtoReflectionService.newInstance()`: listed as the library's service (libraryEndpoints).
      if (libraryRegistrations(type.file.types[0]!, ctx).some((r) => r.method === m)) continue;
      ctx.diagnostics.push({ file: type.file.path, line: m.line, message: `@GrpcService method ${m.name}() returns ${m.returnType.name}, which does not tell which gRPC service it serves: its RPCs are not listed; declaring the generated base (a *Grpc.*ImplBase) as the return type lists them` });
      continue;
    }
    const source = describe(binding, type, ctx);
    const service = known(source);
    if (!service) {
      const ambiguous = source.kind === 'unknown' ? source.ambiguous : undefined;
      ctx.diagnostics.push({ file: type.file.path, line: m.line, message: ambiguous ?? `no .proto declares service ${binding.service} and no generated ${binding.grpcClass}.java is in the tree: the RPCs of @GrpcService method ${m.name}() are unknown` });
      continue;
    }
    const folder = folderFor(type, source, ctx);
    const site = { method: m, owner: type };
    for (const rpc of service.rpcs) {
      out.push(grpcEndpoint(ctx, { type, site, chain: [site], service: service.fullName, rpc, folder, ...(service.protoFile ? { protoFile: service.protoFile, importPaths: service.importPaths } : {}), requestModels: ctx.requestModels, methodDocs: false }));
    }
  }
  return out;
}

/**
 * The library services the file's code registers (library-services.ts), at the method registering
 * each: described by the library's proto where a dependency jar of the module holds it, else by
 * their published names and streaming kinds, with a diagnostic saying the proto is not available.
 */
function libraryEndpoints(type: TypeDecl, ctx: ScanContext): Endpoint[] {
  const out: Endpoint[] = [];
  for (const r of [...libraryRegistrations(type, ctx), ...starterRegistrations(type, ctx)]) {
    let service = known(describe(r.binding, r.owner, ctx));
    // A proto of the project's own sharing the simple name (acme.health.Health) is not the library's.
    if (!service?.protoFile || service.fullName !== r.fullName) {
      const library = wellKnownService(r.binding);
      if (!library) continue;
      service = library;
      ctx.diagnostics.push({
        file: r.owner.file.path,
        line: r.line,
        message: `${r.written} registers ${r.fullName}, whose proto is not available (no dependency jar the module's build names, in the local Maven repository or Gradle cache, holds it): its RPCs are listed without their messages`,
      });
    }
    const site = { method: r.method, owner: r.owner };
    const folder = folderOf(ctx.index, r.owner);
    for (const rpc of service.rpcs) {
      out.push(grpcEndpoint(ctx, { type: r.owner, site, chain: [site], service: service.fullName, rpc, folder, ...(service.protoFile ? { protoFile: service.protoFile, importPaths: service.importPaths } : {}), requestModels: ctx.requestModels, methodDocs: false }));
    }
  }
  return out;
}

/** The class's own folder (`@Tag`, Javadoc), else the service's proto comment, else the class name. */
function folderFor(type: TypeDecl, source: ServiceSource, ctx: ScanContext): string {
  const folder = folderOf(ctx.index, type);
  if (folder !== type.name || source.kind !== 'proto' || !source.service.comment) return folder;
  return firstSentence(source.service.comment) || folder;
}

function firstSentence(text: string): string {
  const line = text.trim().split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ');
  const m = /^(.*?[.!?])(\s|$)/.exec(line);
  return (m ? m[1]! : line).replace(/\.$/, '').trim();
}

function dedupe(bindings: GrpcBinding[]): GrpcBinding[] {
  const seen = new Set<string>();
  return bindings.filter((b) => {
    const key = `${b.service}|${b.packages[0] ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
