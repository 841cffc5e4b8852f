// A BindableService whose bindService() builds its ServerServiceDefinition by hand:
//   ServerServiceDefinition.builder("pkg.Svc")
//       .addMethod(GreeterGrpc.getSayHelloMethod(), ServerCalls.asyncUnaryCall(...))
//       .addMethod(ECHO, ServerCalls.asyncBidiStreamingCall(...))
// with ECHO a `MethodDescriptor.newBuilder()...setFullMethodName(...)...setType(MethodType.X)`
// field. The parser skips method bodies, so the body and the descriptor fields are read from the
// text, as far as it says; what it does not say is a diagnostic, never a guess.

import type { StreamingType } from '../../../model/endpoint';
import type { MethodDecl, TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';
import { lineAt, maskStringsAndComments, matchingBrace } from './anonymous';

export interface HandBuiltRpc {
  /** `pkg.Svc`. */
  service: string;
  /** As the proto names it: `SayHello`. */
  name: string;
  /** From setType or the ServerCalls handler; undefined when neither is readable. */
  streaming?: StreamingType;
}

const METHOD_TYPES: Record<string, StreamingType> = { UNARY: 'U', SERVER_STREAMING: 'S', CLIENT_STREAMING: 'C', BIDI_STREAMING: 'B' };
const CALLS: Record<string, StreamingType> = { Unary: 'U', ServerStreaming: 'S', ClientStreaming: 'C', BidiStreaming: 'B' };

/**
 * The RPCs bindService() registers, or undefined when its body builds no definition with
 * addMethod (the caller then falls back to matching method names against the protos).
 */
export function handBuiltRpcs(type: TypeDecl, bindService: MethodDecl, ctx: ScanContext): HandBuiltRpc[] | undefined {
  const text = ctx.readProjectFile?.(type.file.path);
  if (text === undefined || !text.includes('ServerServiceDefinition.builder')) return undefined;
  const code = maskStringsAndComments(text);
  const body = methodBody(code, bindService);
  if (!body) return undefined;
  const builder = /ServerServiceDefinition\s*\.\s*builder\s*\(/.exec(code.slice(body.from, body.to));
  if (!builder || !code.slice(body.from, body.to).includes('addMethod')) return undefined;
  const say = (at: number, message: string) => ctx.diagnostics.push({ file: type.file.path, line: lineAt(code, at), message });
  const argAt = body.from + builder.index + builder[0].length;
  const service = serviceName(text, code, argAt);
  const out: HandBuiltRpc[] = [];
  const adds = /\.\s*addMethod\s*\(/g;
  adds.lastIndex = body.from;
  for (let m = adds.exec(code); m && m.index < body.to; m = adds.exec(code)) {
    const open = m.index + m[0].length - 1;
    const [descriptor = '', handler = ''] = splitArgs(code, open).map((a) => text.slice(a.from, a.to).trim());
    const fromHandler = /ServerCalls\s*\.\s*async(Unary|ServerStreaming|ClientStreaming|BidiStreaming)Call\b/.exec(handler)?.[1];
    let name: string | undefined;
    let svc = service;
    let streaming = fromHandler ? CALLS[fromHandler] : undefined;
    const generated = /^(?:[\w$]+\.)*([\w$]+)Grpc\s*\.\s*get([\w$]+)Method\s*\(\s*\)$/.exec(descriptor);
    if (generated) {
      name = generated[2]!;
      svc ??= generated[1]!;
    } else if (/^[A-Za-z_$][\w$]*$/.test(descriptor) || /MethodDescriptor\s*\.\s*(?:<[^>]*>\s*)?newBuilder/.test(descriptor)) {
      const chain = /^[A-Za-z_$][\w$]*$/.test(descriptor) ? fieldInitializer(text, code, descriptor) : descriptor;
      const full = chain && fullMethodName(chain);
      if (full) {
        svc = full.service ?? svc;
        name = full.method;
      }
      const type = chain && /setType\s*\(\s*(?:[\w$]+\.)*(UNARY|SERVER_STREAMING|CLIENT_STREAMING|BIDI_STREAMING)\s*\)/.exec(chain)?.[1];
      if (type) streaming = METHOD_TYPES[type];
    }
    if (!name || !svc) {
      say(m.index, `${type.name}.bindService() registers a method whose name cannot be read from the source (${oneLine(descriptor) || 'no descriptor'}): it is not listed`);
      continue;
    }
    out.push(streaming ? { service: svc, name, streaming } : { service: svc, name });
  }
  if (!service && out.length === 0) say(argAt, `${type.name}.bindService() builds a service whose name cannot be read from the source`);
  return out;
}

/** `"pkg.Svc"`, `SERVICE_NAME = "pkg.Svc"` in the file, or `XxxGrpc.SERVICE_NAME` (the caller resolves `Xxx`). */
function serviceName(text: string, code: string, at: number): string | undefined {
  const arg = text.slice(at, code.indexOf(')', at)).trim();
  const literal = /^"([^"]+)"$/.exec(arg);
  if (literal) return literal[1];
  const generated = /^(?:[\w$]+\.)*([\w$]+)Grpc\s*\.\s*SERVICE_NAME$/.exec(arg);
  if (generated) return generated[1];
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
