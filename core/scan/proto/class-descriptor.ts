// The FileDescriptorProto that protoc's Java output compiles into a proto file's outer class: its
// static initializer builds `String[] descriptorData = {"\n\027apache/...", ...}` (each char one
// byte of the serialized descriptor) and hands it to `internalBuildGeneratedFileFrom`. A jar that
// ships the generated classes without their .proto files (rocketmq-proto) still describes its
// services and messages this way. Only what that initializer needs is read: the constant pool,
// the methods' `Code` attributes, and the straight-line instructions before the array is built.

const MAGIC = 0xcafebabe;
const BUILDER = 'internalBuildGeneratedFileFrom';

interface Pool {
  utf8: Map<number, string>;
  /** CONSTANT_String index -> its Utf8 index. */
  strings: Map<number, number>;
  /** CONSTANT_Class index -> its Utf8 index. */
  classes: Map<number, number>;
}

/** The serialized descriptor a generated outer class embeds, or undefined for any other class. */
export function classDescriptorBytes(data: Buffer): Buffer | undefined {
  try {
    return readDescriptor(data);
  } catch {
    return undefined; // truncated or not a class file: as if it embedded nothing
  }
}

function readDescriptor(data: Buffer): Buffer | undefined {
  if (data.length < 10 || data.readUInt32BE(0) !== MAGIC) return undefined;
  let at = 8;
  const count = data.readUInt16BE(at);
  at += 2;
  const pool: Pool = { utf8: new Map(), strings: new Map(), classes: new Map() };
  for (let i = 1; i < count; i++) {
    const tag = data[at]!;
    at += 1;
    switch (tag) {
      case 1: {
        const len = data.readUInt16BE(at);
        pool.utf8.set(i, modifiedUtf8(data, at + 2, at + 2 + len));
        at += 2 + len;
        break;
      }
      case 7: pool.classes.set(i, data.readUInt16BE(at)); at += 2; break;
      case 8: pool.strings.set(i, data.readUInt16BE(at)); at += 2; break;
      case 16: case 19: case 20: at += 2; break;
      case 15: at += 3; break;
      case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: at += 4; break;
      case 5: case 6: at += 8; i++; break; // longs and doubles take two slots
      default: return undefined;
    }
  }
  // Cheap rejection of every class that does not build a file descriptor.
  if (![...pool.utf8.values()].includes(BUILDER)) return undefined;
  at += 6; // access flags, this class, super class
  at += 2 + 2 * data.readUInt16BE(at); // interfaces
  at = skipMembers(data, at); // fields
  const methods = data.readUInt16BE(at);
  at += 2;
  for (let m = 0; m < methods; m++) {
    const name = pool.utf8.get(data.readUInt16BE(at + 2));
    const attributes = data.readUInt16BE(at + 6);
    at += 8;
    for (let a = 0; a < attributes; a++) {
      const attr = pool.utf8.get(data.readUInt16BE(at));
      const len = data.readUInt32BE(at + 2);
      if (name === '<clinit>' && attr === 'Code') {
        const codeLength = data.readUInt32BE(at + 10);
        return descriptorData(data.subarray(at + 14, at + 14 + codeLength), pool);
      }
      at += 6 + len;
    }
  }
  return undefined;
}

function skipMembers(data: Buffer, at: number): number {
  const n = data.readUInt16BE(at);
  at += 2;
  for (let i = 0; i < n; i++) {
    const attributes = data.readUInt16BE(at + 6);
    at += 8;
    for (let a = 0; a < attributes; a++) at += 6 + data.readUInt32BE(at + 2);
  }
  return at;
}

/**
 * The strings stored into the first `new String[]` of the initializer whose content starts like a
 * FileDescriptorProto (field 1, the file's name), joined as bytes. The instructions before it
 * (protobuf 4's gencode version check) are stepped over; a switch or `wide` ends the search.
 */
function descriptorData(code: Buffer, pool: Pool): Buffer | undefined {
  let at = 0;
  while (at < code.length) {
    const op = code[at]!;
    if (op === 0xbd && pool.utf8.get(pool.classes.get(code.readUInt16BE(at + 1)) ?? -1) === 'java/lang/String') {
      const parts: string[] = [];
      at += 3;
      // dup, index (iconst/bipush/sipush), ldc "part", aastore; repeated.
      for (;;) {
        const o = code[at];
        if (o === 0x59 || o === 0x53 || (o !== undefined && o >= 0x03 && o <= 0x08)) at += 1;
        else if (o === 0x10) at += 2;
        else if (o === 0x11) at += 3;
        else if (o === 0x12 || o === 0x13) {
          const index = o === 0x12 ? code[at + 1]! : code.readUInt16BE(at + 1);
          const text = pool.utf8.get(pool.strings.get(index) ?? -1);
          if (text === undefined) break;
          parts.push(text);
          at += o === 0x12 ? 2 : 3;
        } else break;
      }
      const joined = parts.join('');
      if (joined.charCodeAt(0) === 0x0a && ![...joined].some((c) => c.charCodeAt(0) > 0xff)) return Buffer.from(joined, 'latin1');
      continue;
    }
    const len = instructionLength(op);
    if (!len) return undefined;
    at += len;
  }
  return undefined;
}

/** Length of an instruction with a fixed size; 0 for the variable ones (switches, wide) and unknown opcodes. */
function instructionLength(op: number): number {
  if (op === 0x10 || op === 0x12 || op === 0xbc || op === 0xa9) return 2; // bipush, ldc, newarray, ret
  if ((op >= 0x15 && op <= 0x19) || (op >= 0x36 && op <= 0x3a)) return 2; // loads and stores with an index
  if (op === 0x11 || op === 0x13 || op === 0x14 || op === 0x84) return 3; // sipush, ldc_w, ldc2_w, iinc
  if ((op >= 0x99 && op <= 0xa8) || op === 0xc6 || op === 0xc7) return 3; // branches
  if ((op >= 0xb2 && op <= 0xb8) || op === 0xbb || op === 0xbd || op === 0xc0 || op === 0xc1) return 3; // fields, invokes, new, casts
  if (op === 0xb9 || op === 0xba || op === 0xc8 || op === 0xc9) return 5; // invokeinterface, invokedynamic, goto_w, jsr_w
  if (op === 0xc5) return 4; // multianewarray
  if (op === 0xaa || op === 0xab || op === 0xc4 || op > 0xc9) return 0;
  return 1;
}

/** The class file's "modified UTF-8": NUL as two bytes, supplementary characters as surrogate pairs. */
function modifiedUtf8(data: Buffer, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; ) {
    const b = data[i]!;
    let c: number;
    if (b < 0x80) {
      c = b;
      i += 1;
    } else if ((b & 0xe0) === 0xc0) {
      c = ((b & 0x1f) << 6) | (data[i + 1]! & 0x3f);
      i += 2;
    } else {
      c = ((b & 0x0f) << 12) | ((data[i + 1]! & 0x3f) << 6) | (data[i + 2]! & 0x3f);
      i += 3;
    }
    out += String.fromCharCode(c);
  }
  return out;
}
