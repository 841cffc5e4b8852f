// A compiled class (JVMS chapter 4) read into the source model's declaration shape, so a DTO that
// lives in a dependency jar (a company's API artifact) is modelled as if its source were here.
// What a schema needs is read: names, access flags, generic signatures, runtime annotations,
// enum constants, record components, and parameter names (MethodParameters, else the debug
// LocalVariableTable). Method bodies never are. Anything malformed throws: the caller treats
// the class as unknown.

import type { Annotation, Expr, FieldDecl, MethodDecl, ParamDecl, SourceFile, TypeDecl, TypeParam, TypeRef } from '../source-model';
import { emptyTypeDecl } from '../source-model';

const MAGIC = 0xcafebabe;

const ACC = {
  PUBLIC: 0x0001,
  PRIVATE: 0x0002,
  PROTECTED: 0x0004,
  STATIC: 0x0008,
  FINAL: 0x0010,
  VOLATILE: 0x0040,
  BRIDGE: 0x0040,
  TRANSIENT: 0x0080,
  INTERFACE: 0x0200,
  ABSTRACT: 0x0400,
  SYNTHETIC: 0x1000,
  ANNOTATION: 0x2000,
  ENUM: 0x4000,
} as const;

type Constant = { tag: number; text?: string; value?: string; ref?: number };

/** A cursor over the class bytes. */
class Bytes {
  at = 0;
  constructor(readonly data: Buffer) {}
  u1(): number {
    return this.data.readUInt8(this.at++);
  }
  u2(): number {
    const v = this.data.readUInt16BE(this.at);
    this.at += 2;
    return v;
  }
  u4(): number {
    const v = this.data.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }
  skip(n: number): void {
    if (this.at + n > this.data.length) throw new RangeError('class file truncated');
    this.at += n;
  }
}

interface Attributes {
  signature?: string;
  annotations: Annotation[];
  /** Runtime (in)visible parameter annotations, by the attribute's parameter index. */
  paramAnnotations?: Annotation[][];
  /** MethodParameters' names, in order. */
  paramNames?: string[];
  /** LocalVariableTable: slot -> name. */
  locals?: Map<number, string>;
  inner?: Array<{ inner: string; outer?: string; flags: number }>;
  record?: Array<{ name: string; descriptor: string; signature?: string; annotations: Annotation[] }>;
}

/**
 * The declaration a class file describes. `file`: the synthetic source file it is put in (its
 * `path` names the jar entry, for messages); the type is pushed onto `file.types`.
 */
export function readClassFile(data: Buffer, file: SourceFile): TypeDecl {
  const b = new Bytes(data);
  if (b.u4() !== MAGIC) throw new Error('not a class file');
  b.skip(4); // minor, major
  const pool = readPool(b);
  const utf8 = (i: number): string => {
    const c = pool[i];
    if (c?.tag !== 1 || c.text === undefined) throw new Error(`constant ${i} is not Utf8`);
    return c.text;
  };
  const className = (i: number): string => utf8(pool[i]!.ref!);
  const access = b.u2();
  const binary = className(b.u2());
  const superIndex = b.u2();
  const superName = superIndex ? className(superIndex) : undefined;
  const interfaces = Array.from({ length: b.u2() }, () => className(b.u2()));
  const fieldsRaw = Array.from({ length: b.u2() }, () => member(b, pool, utf8));
  const methodsRaw = Array.from({ length: b.u2() }, () => member(b, pool, utf8));
  const attrs = readAttributes(b, pool, utf8);

  const own = attrs.inner?.find((e) => e.inner === binary);
  const simple = binary.slice(binary.lastIndexOf('/') + 1).split('$').pop()!;
  const kind = access & ACC.ANNOTATION ? 'annotation' : access & ACC.INTERFACE ? 'interface' : access & ACC.ENUM ? 'enum' : attrs.record || superName === 'java/lang/Record' ? 'record' : 'class';
  const decl = emptyTypeDecl(kind, simple, dotted(binary), file, 1, 1);
  decl.modifiers = modifiers(own ? own.flags : access, kind !== 'interface' && kind !== 'annotation');
  decl.annotations = attrs.annotations;
  if (attrs.signature) {
    const sig = new Signature(attrs.signature);
    decl.typeParams = sig.typeParams();
    const supers: TypeRef[] = [];
    while (!sig.done()) supers.push(sig.type());
    const [sup, ...ifaces] = supers;
    if (sup && !ROOTS.has(sup.name)) decl.superclass = sup;
    decl.interfaces = kind === 'interface' ? ifaces.length ? ifaces : sup && sup.name !== 'java.lang.Object' ? [sup] : [] : ifaces;
  } else {
    if (superName && !ROOTS.has(dotted(superName))) decl.superclass = plain(dotted(superName));
    decl.interfaces = interfaces.map((i) => plain(dotted(i)));
  }
  if (kind === 'annotation') decl.interfaces = decl.interfaces.filter((i) => i.name !== 'java.lang.annotation.Annotation');

  for (const f of fieldsRaw) {
    if (f.access & ACC.SYNTHETIC) continue;
    if (f.access & ACC.ENUM) {
      decl.enumConstants.push({ name: f.name, args: [], annotations: f.attrs.annotations });
      continue;
    }
    const field: FieldDecl = { name: f.name, type: typeOf(f.attrs.signature ?? f.descriptor), modifiers: modifiers(f.access, false), annotations: f.attrs.annotations, line: 1 };
    decl.fields.push(field);
  }
  for (const m of methodsRaw) {
    if (m.access & (ACC.SYNTHETIC | ACC.BRIDGE) || m.name === '<clinit>') continue;
    const { typeParams, params: written, returnType } = methodSignature(m.attrs.signature ?? m.descriptor);
    // A non-static inner class's constructor takes its outer instance first; a generic signature leaves it out.
    const hidden = !m.attrs.signature && m.name === '<init>' && own && !(own.flags & ACC.STATIC) && kind === 'class' ? 1 : 0;
    const params = written.slice(hidden);
    // Names are the descriptor's, whose leading parameters a signature may leave out: they line up from the end.
    const names = descriptorNames(m);
    const named = names.slice(Math.max(0, names.length - params.length));
    // javac may leave a constructor's synthetic leading parameters out of the annotations too: they line up from the end.
    const annotated = m.attrs.paramAnnotations ?? [];
    const list: ParamDecl[] = params.map((type, i) => ({ name: named[i] || `arg${i}`, type, annotations: annotated[i - params.length + annotated.length] ?? [] }));
    if (m.name === '<init>') {
      decl.constructors.push(list);
      continue;
    }
    const method: MethodDecl = { name: m.name, modifiers: modifiers(m.access, true), annotations: m.attrs.annotations, typeParams, params: list, returnType, line: 1, column: 1 };
    decl.methods.push(method);
  }
  if (decl.constructors.every((c) => c.length === 0)) decl.constructors = [];
  for (const c of attrs.record ?? []) {
    decl.components.push({ name: c.name, type: typeOf(c.signature ?? c.descriptor), annotations: c.annotations });
  }
  file.types.push(decl);
  return decl;
}

const ROOTS = new Set(['java.lang.Object', 'java.lang.Enum', 'java.lang.Record']);

function dotted(binary: string): string {
  return binary.replace(/[/$]/g, '.');
}

function plain(name: string): TypeRef {
  return { name, args: [], dims: 0 };
}

function modifiers(flags: number, method: boolean): string[] {
  const out: string[] = [];
  if (flags & ACC.PUBLIC) out.push('public');
  if (flags & ACC.PRIVATE) out.push('private');
  if (flags & ACC.PROTECTED) out.push('protected');
  if (flags & ACC.STATIC) out.push('static');
  if (flags & ACC.FINAL) out.push('final');
  if (flags & ACC.ABSTRACT) out.push('abstract');
  if (!method && flags & ACC.TRANSIENT) out.push('transient');
  if (!method && flags & ACC.VOLATILE) out.push('volatile');
  return out;
}

function readPool(b: Bytes): Constant[] {
  const count = b.u2();
  const pool: Constant[] = new Array(count);
  for (let i = 1; i < count; i++) {
    const tag = b.u1();
    switch (tag) {
      case 1: {
        const len = b.u2();
        pool[i] = { tag, text: modifiedUtf8(b.data, b.at, b.at + len) };
        b.skip(len);
        break;
      }
      case 3:
        pool[i] = { tag, value: String(b.data.readInt32BE(b.at)) };
        b.skip(4);
        break;
      case 4:
        pool[i] = { tag, value: String(b.data.readFloatBE(b.at)) };
        b.skip(4);
        break;
      case 5:
        pool[i] = { tag, value: String(b.data.readBigInt64BE(b.at)) };
        b.skip(8);
        i++; // a long takes two entries
        break;
      case 6:
        pool[i] = { tag, value: String(b.data.readDoubleBE(b.at)) };
        b.skip(8);
        i++;
        break;
      case 7:
      case 8:
      case 16:
      case 19:
      case 20:
        pool[i] = { tag, ref: b.u2() };
        break;
      case 9:
      case 10:
      case 11:
      case 12:
      case 17:
      case 18:
        pool[i] = { tag };
        b.skip(4);
        break;
      case 15:
        pool[i] = { tag };
        b.skip(3);
        break;
      default:
        throw new Error(`constant pool tag ${tag}`);
    }
  }
  return pool;
}

/** Java's modified UTF-8: as UTF-8, but NUL is two bytes and supplementary characters are surrogate pairs. */
function modifiedUtf8(data: Buffer, from: number, to: number): string {
  let ascii = true;
  for (let i = from; i < to; i++) if (data[i]! & 0x80) ascii = false;
  if (ascii) return data.toString('latin1', from, to);
  let out = '';
  for (let i = from; i < to; ) {
    const a = data[i++]!;
    if (a < 0x80) out += String.fromCharCode(a);
    else if ((a & 0xe0) === 0xc0) out += String.fromCharCode(((a & 0x1f) << 6) | (data[i++]! & 0x3f));
    else {
      const c2 = data[i++]!;
      const c3 = data[i++]!;
      out += String.fromCharCode(((a & 0x0f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f));
    }
  }
  return out;
}

interface RawMember {
  access: number;
  name: string;
  descriptor: string;
  attrs: Attributes;
}

function member(b: Bytes, pool: Constant[], utf8: (i: number) => string): RawMember {
  const access = b.u2();
  const name = utf8(b.u2());
  const descriptor = utf8(b.u2());
  return { access, name, descriptor, attrs: readAttributes(b, pool, utf8) };
}

function readAttributes(b: Bytes, pool: Constant[], utf8: (i: number) => string): Attributes {
  const out: Attributes = { annotations: [] };
  const count = b.u2();
  for (let i = 0; i < count; i++) {
    const name = utf8(b.u2());
    const length = b.u4();
    const end = b.at + length;
    if (end > b.data.length) throw new RangeError('class file truncated');
    switch (name) {
      case 'Signature':
        out.signature = utf8(b.u2());
        break;
      case 'RuntimeVisibleAnnotations':
      case 'RuntimeInvisibleAnnotations': {
        const n = b.u2();
        for (let k = 0; k < n; k++) out.annotations.push(annotation(b, pool, utf8));
        break;
      }
      case 'RuntimeVisibleParameterAnnotations':
      case 'RuntimeInvisibleParameterAnnotations': {
        const n = b.u1();
        const byParam = (out.paramAnnotations ??= []);
        for (let k = 0; k < n; k++) {
          const list = (byParam[k] ??= []);
          for (let a = b.u2(); a > 0; a--) list.push(annotation(b, pool, utf8));
        }
        break;
      }
      case 'MethodParameters': {
        const n = b.u1();
        out.paramNames = [];
        for (let k = 0; k < n; k++) {
          const at = b.u2();
          b.u2(); // flags
          out.paramNames.push(at ? utf8(at) : '');
        }
        break;
      }
      case 'Code': {
        b.skip(4); // max_stack, max_locals
        b.skip(b.u4()); // the code itself
        b.skip(b.u2() * 8); // exception table
        const nested = readAttributes(b, pool, utf8);
        if (nested.locals) out.locals = nested.locals;
        break;
      }
      case 'LocalVariableTable': {
        const n = b.u2();
        out.locals = new Map();
        for (let k = 0; k < n; k++) {
          const start = b.u2();
          b.u2(); // length
          const local = utf8(b.u2());
          b.u2(); // descriptor
          const slot = b.u2();
          // Parameters are live from the first instruction.
          if (start === 0 && !out.locals.has(slot)) out.locals.set(slot, local);
        }
        break;
      }
      case 'InnerClasses': {
        const n = b.u2();
        out.inner = [];
        for (let k = 0; k < n; k++) {
          const inner = b.u2();
          const outer = b.u2();
          b.u2(); // simple name
          const flags = b.u2();
          if (!inner) continue;
          out.inner.push({ inner: utf8(pool[inner]!.ref!), outer: outer ? utf8(pool[outer]!.ref!) : undefined, flags });
        }
        break;
      }
      case 'Record': {
        const n = b.u2();
        out.record = [];
        for (let k = 0; k < n; k++) {
          const component = utf8(b.u2());
          const descriptor = utf8(b.u2());
          const attrs = readAttributes(b, pool, utf8);
          out.record.push({ name: component, descriptor, signature: attrs.signature, annotations: attrs.annotations });
        }
        break;
      }
    }
    b.at = end;
  }
  return out;
}

function annotation(b: Bytes, pool: Constant[], utf8: (i: number) => string): Annotation {
  const type = typeOf(utf8(b.u2()));
  const args: Record<string, Expr> = {};
  const n = b.u2();
  for (let i = 0; i < n; i++) {
    const key = utf8(b.u2());
    args[key] = elementValue(b, pool, utf8);
  }
  return { name: type.name, args, line: 1 };
}

function elementValue(b: Bytes, pool: Constant[], utf8: (i: number) => string): Expr {
  const tag = String.fromCharCode(b.u1());
  switch (tag) {
    case 's':
      return { kind: 'string', value: utf8(b.u2()) };
    case 'Z':
      return { kind: 'literal', value: pool[b.u2()]!.value === '0' ? 'false' : 'true' };
    case 'C':
      return { kind: 'literal', value: `'${String.fromCharCode(Number(pool[b.u2()]!.value))}'` };
    case 'B':
    case 'S':
    case 'I':
    case 'J':
    case 'F':
    case 'D':
      return { kind: 'literal', value: pool[b.u2()]!.value ?? '0' };
    case 'e': {
      const enumType = typeOf(utf8(b.u2())).name;
      const constant = utf8(b.u2());
      // As source writes it with the enum imported: `Access.WRITE_ONLY`, `JsonInclude.Include.NON_NULL`.
      const simple = enumType.split('.').filter((s) => /^[A-Z]/.test(s)).join('.');
      return { kind: 'name', name: `${simple}.${constant}` };
    }
    case 'c':
      return { kind: 'class', type: typeOf(utf8(b.u2())) };
    case '@':
      return { kind: 'annotation', annotation: annotation(b, pool, utf8) };
    case '[':
      return { kind: 'array', items: Array.from({ length: b.u2() }, () => elementValue(b, pool, utf8)) };
    default:
      throw new Error(`annotation element tag ${tag}`);
  }
}

/** A name per descriptor parameter ('' unknown): MethodParameters, else the LocalVariableTable's slots (after `this`; long and double take two). */
function descriptorNames(m: RawMember): string[] {
  const { params } = new Signature(m.descriptor).method();
  if (m.attrs.paramNames?.length === params.length) return m.attrs.paramNames;
  const locals = m.attrs.locals;
  if (!locals) return [];
  const out: string[] = [];
  let slot = m.access & ACC.STATIC ? 0 : 1;
  for (const p of params) {
    out.push(locals.get(slot) ?? '');
    slot += p.dims === 0 && (p.name === 'long' || p.name === 'double') ? 2 : 1;
  }
  return out;
}

function typeOf(signature: string): TypeRef {
  return new Signature(signature).type();
}

function methodSignature(signature: string): { typeParams: TypeParam[]; params: TypeRef[]; returnType: TypeRef } {
  const sig = new Signature(signature);
  const typeParams = sig.typeParams();
  const { params, returnType } = sig.method();
  return { typeParams, params, returnType };
}

const PRIMITIVE: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean', V: 'void' };

/** A reader of descriptors and generic signatures (JVMS 4.3, 4.7.9.1). */
class Signature {
  private at = 0;
  constructor(private readonly s: string) {}

  done(): boolean {
    return this.at >= this.s.length;
  }

  /** The next character; past the end a malformed signature throws (every loop here stops on a character). */
  private peek(): string {
    if (this.at >= this.s.length) throw new Error(`signature ${this.s}: ends early`);
    return this.s[this.at]!;
  }

  /** Where `c` next occurs; a signature without it is malformed. */
  private find(c: string): number {
    const at = this.s.indexOf(c, this.at);
    if (at < 0) throw new Error(`signature ${this.s}: no ${c} after ${this.at}`);
    return at;
  }

  private expect(c: string): void {
    if (this.s[this.at] !== c) throw new Error(`signature ${this.s}: expected ${c} at ${this.at}`);
    this.at++;
  }

  /** `<T:Ljava/lang/Object;U::Ljava/lang/Comparable<TU;>;>`, or nothing. */
  typeParams(): TypeParam[] {
    if (this.done() || this.peek() !== '<') return [];
    this.at++;
    const out: TypeParam[] = [];
    while (this.peek() !== '>') {
      const colon = this.find(':');
      const name = this.s.slice(this.at, colon);
      this.at = colon;
      const bounds: TypeRef[] = [];
      while (this.peek() === ':') {
        this.at++;
        if (this.peek() === ':') continue; // no class bound, an interface bound follows
        const bound = this.type();
        if (bound.name !== 'java.lang.Object') bounds.push(bound);
      }
      out.push({ name, bounds });
    }
    this.at++;
    return out;
  }

  method(): { params: TypeRef[]; returnType: TypeRef } {
    this.expect('(');
    const params: TypeRef[] = [];
    while (this.peek() !== ')') params.push(this.type());
    this.at++;
    return { params, returnType: this.type() };
  }

  type(): TypeRef {
    let dims = 0;
    while (this.peek() === '[') {
      dims++;
      this.at++;
    }
    const c = this.peek();
    this.at++;
    if (PRIMITIVE[c]) return { name: PRIMITIVE[c]!, args: [], dims };
    if (c === 'T') {
      const end = this.find(';');
      const name = this.s.slice(this.at, end);
      this.at = end + 1;
      return { name, args: [], dims };
    }
    if (c !== 'L') throw new Error(`signature ${this.s}: type at ${this.at - 1}`);
    // `Lpkg/Outer<TT;>.Inner<TU;>;`: the name grows by each `.Inner`; the innermost arguments are the type's.
    let name = '';
    let args: TypeRef[] = [];
    for (;;) {
      const start = this.at;
      while (!'<;.'.includes(this.peek())) this.at++;
      name += this.s.slice(start, this.at);
      args = [];
      if (this.peek() === '<') {
        this.at++;
        while (this.peek() !== '>') args.push(this.typeArg());
        this.at++;
      }
      if (this.peek() === '.') {
        name += '$';
        this.at++;
        continue;
      }
      this.expect(';');
      break;
    }
    return { name: dotted(name), args, dims };
  }

  private typeArg(): TypeRef {
    const c = this.peek();
    if (c === '*') {
      this.at++;
      return { name: '?', args: [], dims: 0 };
    }
    if (c === '+' || c === '-') {
      this.at++;
      return { name: '?', args: [], dims: 0, bound: { kind: c === '+' ? 'extends' : 'super', type: this.type() } };
    }
    return this.type();
  }
}
