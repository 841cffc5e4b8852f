// A BindableService whose bindService() builds its ServerServiceDefinition by hand:
//   ServerServiceDefinition.builder("pkg.Svc")
//       .addMethod(GreeterGrpc.getSayHelloMethod(), ServerCalls.asyncUnaryCall(...))
//       .addMethod(ECHO, ServerCalls.asyncBidiStreamingCall(...))
// with ECHO a `MethodDescriptor.newBuilder()...setFullMethodName(...)...setType(MethodType.X)`
// field, a local variable, or a constant of another class; a generated descriptor changed with
// `toBuilder(..)` (another marshaller: grpc-java's HelloJsonServer, PreSerializedServer) keeps its
// name and type. A helper given the descriptor and a `ServerCalls` handler (`replaceMethod(
// GreeterGrpc.bindService(this), desc, ServerCalls.asyncUnaryCall(this::m))`) registers it too.
// The parser skips method bodies, so the body and the descriptor fields are read from the text,
// as far as it says; what it does not say is a diagnostic, never a guess.

import type { StreamingType } from '../../../model/endpoint';
import type { MethodDecl, TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';
import { lineAt, maskStringsAndComments, matchingBrace } from './anonymous';
import { bindingOf } from './generated';
import type { GrpcBinding } from './generated';

export interface HandBuiltRpc {
  /** `pkg.Svc`. */
  service: string;
  /** As the proto names it: `SayHello`. */
  name: string;
  /** From setType or the ServerCalls handler; undefined when neither is readable. */
  streaming?: StreamingType;
  /** The generated class the name came from (`GreeterGrpc`), qualified where it was written: which proto describes it. */
  binding?: GrpcBinding;
}

const METHOD_TYPES: Record<string, StreamingType> = { UNARY: 'U', SERVER_STREAMING: 'S', CLIENT_STREAMING: 'C', BIDI_STREAMING: 'B' };
const CALLS: Record<string, StreamingType> = { Unary: 'U', ServerStreaming: 'S', ClientStreaming: 'C', BidiStreaming: 'B' };
/** A `ServerCalls` handler, also statically imported (`asyncUnaryCall(...)`). */
const HANDLER = /(?<![\w$])(?:ServerCalls\s*\.\s*)?async(Unary|ServerStreaming|ClientStreaming|BidiStreaming)Call\s*\(/g;
/** How many descriptors deep a name is followed (a local copying a field of another class...). */
const MAX_HOPS = 4;

/** A file's text, and the same with strings and comments blanked (offsets kept). */
interface Source {
  type: TypeDecl;
  text: string;
  code: string;
}

/**
 * The RPCs bindService() registers, or undefined when its body builds no definition with
 * addMethod nor hands a descriptor and a `ServerCalls` handler to a helper (the caller then falls
 * back to matching method names against the protos).
 */
export function handBuiltRpcs(type: TypeDecl, bindService: MethodDecl, ctx: ScanContext): HandBuiltRpc[] | undefined {
  const text = ctx.readProjectFile?.(type.file.path);
  if (text === undefined) return undefined;
  const code = maskStringsAndComments(text);
  const body = methodBody(code, bindService);
  if (!body) return undefined;
  const inBody = code.slice(body.from, body.to);
  const builder = /ServerServiceDefinition\s*\.\s*builder\s*\(/.exec(inBody);
  const registrations = registrationsIn(code, body);
  if (!(builder && inBody.includes('addMethod')) && registrations.length === 0) return undefined;
  const src: Source = { type, text, code };
  const say = (at: number, message: string) => ctx.diagnostics.push({ file: type.file.path, line: lineAt(code, at), message });
  const argAt = builder ? body.from + builder.index + builder[0].length : body.from;
  const named = builder ? serviceName(src, argAt) : undefined;
  const service = typeof named === 'string' ? named : named?.service;
  const out: HandBuiltRpc[] = [];
  for (const r of registrations) {
    const descriptor = text.slice(r.descriptor.from, r.descriptor.to).trim();
    const handler = text.slice(r.handler.from, r.handler.to);
    const fromHandler = /async(Unary|ServerStreaming|ClientStreaming|BidiStreaming)Call\b/.exec(handler)?.[1];
    const read = descriptorOf(descriptor, src, ctx, 0);
    // A full name the descriptor sets wins; a generated one's simple service name yields to the builder's.
    const svc = read?.fullService ?? service ?? read?.binding?.service;
    const streaming = read?.streaming ?? (fromHandler ? CALLS[fromHandler] : undefined);
    if (!read?.method || !svc) {
      say(r.at, `${type.name}.bindService() registers a method whose name cannot be read from the source (${oneLine(descriptor) || 'no descriptor'}): it is not listed`);
      continue;
    }
    const rpc: HandBuiltRpc = { service: svc, name: read.method };
    if (streaming) rpc.streaming = streaming;
    // The generated class the service's name came from says which proto it is.
    const binding = read.fullService ? undefined : typeof named === 'object' ? named : service === undefined ? read.binding : undefined;
    if (binding) rpc.binding = binding;
    out.push(rpc);
  }
  if (builder && !service && out.length === 0) say(argAt, `${type.name}.bindService() builds a service whose name cannot be read from the source`);
  return out;
}

type Range = { from: number; to: number };

/**
 * Where the body registers a method: each `.addMethod(descriptor, handler)` (a one-argument
 * addMethod is a ServiceDescriptor's or copies a ServerMethodDefinition), and each other call
 * taking a descriptor just before a `ServerCalls` handler. In source order.
 */
function registrationsIn(code: string, body: Range): Array<{ at: number; descriptor: Range; handler: Range }> {
  const out: Array<{ at: number; descriptor: Range; handler: Range }> = [];
  const calls = new Set<number>();
  const adds = /\.\s*addMethod\s*\(/g;
  adds.lastIndex = body.from;
  for (let m = adds.exec(code); m && m.index < body.to; m = adds.exec(code)) {
    const open = m.index + m[0].length - 1;
    calls.add(open);
    const args = splitArgs(code, open);
    if (args.length >= 2) out.push({ at: m.index, descriptor: args[0]!, handler: args[1]! });
  }
  const handlers = new RegExp(HANDLER.source, 'g');
  handlers.lastIndex = body.from;
  for (let m = handlers.exec(code); m && m.index < body.to; m = handlers.exec(code)) {
    const open = enclosingParen(code, m.index, body.from);
    if (open < 0 || calls.has(open)) continue;
    calls.add(open);
    const args = splitArgs(code, open);
    const at = args.findIndex((a) => a.from <= m!.index && m!.index < a.to);
    if (at >= 1) out.push({ at: open, descriptor: args[at - 1]!, handler: args[at]! });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The `(` of the call whose arguments hold `at`, not before `from`; -1 when none. */
function enclosingParen(code: string, at: number, from: number): number {
  let depth = 0;
  for (let i = at - 1; i >= from; i--) {
    const c = code[i];
    if (c === ')' || c === '}' || c === ']') depth++;
    else if (c === '{' || c === '[') {
      if (depth === 0) return -1;
      depth--;
    } else if (c === '(') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

interface Descriptor {
  /** The generated class of `GreeterGrpc.getSayHelloMethod()`, qualified where it was written. */
  binding?: GrpcBinding;
  /** A full service name the descriptor sets (`setFullMethodName("pkg.Svc/M")`). */
  fullService?: string;
  method?: string;
  streaming?: StreamingType;
}

/**
 * What a descriptor expression says: `XxxGrpc.getYyyMethod()`, a `MethodDescriptor.newBuilder()`
 * chain, a field or local of the file, or a constant of another class (`Client.Stub.METHOD`), each
 * maybe followed by `.toBuilder(..)...build()`, whose setters override what they set.
 */
function descriptorOf(expr: string, src: Source, ctx: ScanContext, hops: number): Descriptor | undefined {
  if (hops > MAX_HOPS) return undefined;
  let head: Descriptor | undefined;
  let rest = expr;
  const generated = /^(?:[\w$]+\.)*([\w$]+)Grpc\s*\.\s*get([\w$]+)Method\s*\(\s*\)/.exec(expr);
  const named = /^((?:[A-Za-z_$][\w$]*\s*\.\s*)*)([A-Za-z_$][\w$]*)(?=\s*(?:\.\s*toBuilder\s*\(|$))/.exec(expr);
  if (generated) {
    head = { method: generated[2]! };
    const binding = generatedBinding(expr.slice(0, expr.indexOf('Grpc') + 4), src);
    if (binding) head.binding = binding;
    rest = expr.slice(generated[0].length);
  } else if (/^MethodDescriptor\s*\.\s*(?:<[^>]*>\s*)?newBuilder/.test(expr)) {
    head = {};
  } else if (named) {
    const owner = named[1]!.replace(/\s+/g, '').replace(/\.$/, '');
    const at = owner && owner !== 'this' ? otherSource(owner, src, ctx) : src;
    const init = at && fieldInitializer(at.text, at.code, named[2]!);
    head = init !== undefined ? descriptorOf(init.trim(), at!, ctx, hops + 1) : undefined;
    rest = expr.slice(named[0].length);
    if (!head) return undefined;
  } else {
    return undefined;
  }
  const out = { ...head };
  const full = fullMethodName(rest);
  // A name set from what the text does not say (`setFullMethodName(other.getFullMethodName())`) is unknown.
  if (!full && /\b(?:setFullMethodName|generateFullMethodName)\s*\(/.test(rest)) return undefined;
  if (full) {
    out.method = full.method;
    if (full.service) out.fullService = full.service;
  }
  const type = /setType\s*\(\s*(?:[\w$]+\.)*(UNARY|SERVER_STREAMING|CLIENT_STREAMING|BIDI_STREAMING)\s*\)/.exec(rest)?.[1];
  if (type) out.streaming = METHOD_TYPES[type];
  return out;
}

/** The service of a generated outer class (`GreeterGrpc`, maybe qualified) as written in `src`'s file. */
function generatedBinding(written: string, src: Source): GrpcBinding | undefined {
  return bindingOf({ name: `${written.replace(/\s+/g, '')}.AsyncService`, args: [], dims: 0 }, { type: src.type, file: src.type.file });
}

/** The source of the class a qualified name starts with (`HelloJsonClient.HelloJsonStub`), when the project has it. */
function otherSource(owner: string, src: Source, ctx: ScanContext): Source | undefined {
  const type = ctx.index.resolveType(owner, { type: src.type, file: src.type.file });
  if (!type) return undefined;
  if (type.file.path === src.type.file.path) return { ...src, type };
  const text = ctx.readProjectFile?.(type.file.path);
  return text === undefined ? undefined : { type, text, code: maskStringsAndComments(text) };
}

/**
 * `"pkg.Svc"`, `SERVICE_NAME = "pkg.Svc"` in the file, or `XxxGrpc.SERVICE_NAME` /
 * `XxxGrpc.getServiceDescriptor().getName()` (the caller resolves `Xxx`). `at`: after the builder's `(`.
 */
function serviceName(src: Source, at: number): string | GrpcBinding | undefined {
  const { text, code } = src;
  const first = splitArgs(code, at - 1)[0];
  const arg = first ? text.slice(first.from, first.to).trim() : '';
  const literal = /^"([^"]+)"$/.exec(arg);
  if (literal) return literal[1];
  const generated = /^((?:[\w$]+\.)*[\w$]+Grpc)\s*\.\s*(?:SERVICE_NAME|getServiceDescriptor\s*\(\s*\)(?:\s*\.\s*getName\s*\(\s*\))?)$/.exec(arg);
  if (generated) return generatedBinding(generated[1]!, src);
  if (/^[A-Za-z_$][\w$]*$/.test(arg)) {
    const value = /^\s*"([^"]+)"\s*$/.exec(fieldInitializer(text, code, arg) ?? '');
    if (value) return value[1];
  }
  return undefined;
}

/** `generateFullMethodName("pkg.Svc", "Foo")` or `setFullMethodName("pkg.Svc/Foo")`. */
function fullMethodName(chain: string): { service?: string; method: string } | undefined {
  const set = /setFullMethodName\s*\(\s*"([^"/]+)\/([^"]+)"\s*\)/.exec(chain);
  if (set) return { service: set[1]!, method: set[2]! };
  const gen = /generateFullMethodName\s*\(\s*(?:"([^"]+)"|[\w$.]+)\s*,\s*"([^"]+)"\s*\)/.exec(chain);
  if (gen) return gen[1] ? { service: gen[1], method: gen[2]! } : { method: gen[2]! };
  return undefined;
}

/** The initializer text of `NAME = ...;` declared in the file. */
function fieldInitializer(text: string, code: string, name: string): string | undefined {
  const m = new RegExp(`[\\s>]${name.replace(/\$/g, '\\$')}\\s*=(?!=)`).exec(code);
  if (!m) return undefined;
  const from = m.index + m[0].length;
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === ';' && depth <= 0) return text.slice(from, i);
  }
  return undefined;
}

/** The arguments of the call whose `(` is at `open`, as ranges. */
function splitArgs(code: string, open: number): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (--depth === 0) {
        out.push({ from: start, to: i });
        return out;
      }
    } else if (c === ',' && depth === 1) {
      out.push({ from: start, to: i });
      start = i + 1;
    }
  }
  return out;
}

/** The body of a method declared at `m.line`: from its `{` to the matching `}`. */
function methodBody(code: string, m: MethodDecl): { from: number; to: number } | undefined {
  let at = 0;
  for (let line = 1; line < m.line && at >= 0; line++) at = code.indexOf('\n', at) + 1;
  const name = code.indexOf(`${m.name}`, at);
  if (name < 0) return undefined;
  const open = code.indexOf('{', name);
  if (open < 0) return undefined;
  const close = matchingBrace(code, open);
  return close < 0 ? undefined : { from: open, to: close };
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}
