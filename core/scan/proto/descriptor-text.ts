// A FileDescriptorProto written back as .proto text, so a proto known only from its compiled
// descriptor (class-descriptor.ts) is read like any other: package, imports, java_package,
// messages with their maps and oneofs, enums and services with their streaming kinds. Types are
// written fully qualified (`.pkg.Msg`), as the descriptor holds them. Comments are not in a
// descriptor, nor are options other than the Java ones the scanner matches services by.

import { descriptorProto } from '../../protobuf';

interface FieldD {
  name: string;
  number: number;
  label?: number;
  type?: number;
  typeName?: string;
  oneofIndex?: number;
  jsonName?: string;
  proto3Optional?: boolean;
}
interface MessageD {
  name: string;
  field?: FieldD[];
  nestedType?: MessageD[];
  enumType?: EnumD[];
  oneofDecl?: Array<{ name: string }>;
  options?: { mapEntry?: boolean };
}
interface EnumD {
  name: string;
  value?: Array<{ name: string; number: number }>;
  options?: { allowAlias?: boolean };
}
interface FileD {
  name?: string;
  package?: string;
  dependency?: string[];
  messageType?: MessageD[];
  enumType?: EnumD[];
  service?: Array<{ name: string; method?: Array<{ name: string; inputType: string; outputType: string; clientStreaming?: boolean; serverStreaming?: boolean }> }>;
  options?: { javaPackage?: string; javaOuterClassname?: string; javaMultipleFiles?: boolean };
  syntax?: string;
}

/** FieldDescriptorProto.Type numbers -> the scalar's name in .proto text. */
const SCALARS: Record<number, string> = {
  1: 'double', 2: 'float', 3: 'int64', 4: 'uint64', 5: 'int32', 6: 'fixed64', 7: 'fixed32', 8: 'bool', 9: 'string',
  12: 'bytes', 13: 'uint32', 15: 'sfixed32', 16: 'sfixed64', 17: 'sint32', 18: 'sint64',
};
const LABEL_REQUIRED = 2;
const LABEL_REPEATED = 3;

/** The file's import path and its text; undefined for bytes that are not a named FileDescriptorProto. */
export function descriptorAsProto(bytes: Uint8Array): { path: string; text: string } | undefined {
  let file: FileD;
  try {
    file = descriptorProto().FileDescriptorProto.decode(bytes) as unknown as FileD;
  } catch {
    return undefined;
  }
  if (!file.name?.endsWith('.proto')) return undefined;
  return { path: file.name, text: fileText(file) };
}

function fileText(file: FileD): string {
  const proto2 = file.syntax !== 'proto3';
  const out = [`// Rebuilt from the descriptor compiled into the generated Java classes: the jar ships no ${file.name}.`, `syntax = "${proto2 ? 'proto2' : 'proto3'}";`];
  if (file.package) out.push(`package ${file.package};`);
  for (const d of file.dependency ?? []) out.push(`import ${JSON.stringify(d)};`);
  const o = file.options;
  if (o?.javaPackage) out.push(`option java_package = ${JSON.stringify(o.javaPackage)};`);
  if (o?.javaOuterClassname) out.push(`option java_outer_classname = ${JSON.stringify(o.javaOuterClassname)};`);
  if (o?.javaMultipleFiles) out.push('option java_multiple_files = true;');
  for (const e of file.enumType ?? []) enumText(e, '', out);
  for (const m of file.messageType ?? []) messageText(m, '', proto2, out);
  for (const s of file.service ?? []) {
    out.push(`service ${s.name} {`);
    for (const m of s.method ?? []) {
      out.push(`  rpc ${m.name} (${m.clientStreaming ? 'stream ' : ''}${m.inputType}) returns (${m.serverStreaming ? 'stream ' : ''}${m.outputType});`);
    }
    out.push('}');
  }
  return `${out.join('\n')}\n`;
}

function enumText(e: EnumD, indent: string, out: string[]): void {
  out.push(`${indent}enum ${e.name} {`);
  if (e.options?.allowAlias) out.push(`${indent}  option allow_alias = true;`);
  for (const v of e.value ?? []) out.push(`${indent}  ${v.name} = ${v.number};`);
  out.push(`${indent}}`);
}

function messageText(m: MessageD, indent: string, proto2: boolean, out: string[]): void {
  const inner = `${indent}  `;
  // Map fields point at a synthetic nested `XxxEntry` message, which the text writes as map<K, V>.
  const entries = new Map((m.nestedType ?? []).filter((n) => n.options?.mapEntry).map((n) => [n.name, n]));
  out.push(`${indent}message ${m.name} {`);
  for (const e of m.enumType ?? []) enumText(e, inner, out);
  for (const n of m.nestedType ?? []) if (!n.options?.mapEntry) messageText(n, inner, proto2, out);
  // A decoded message answers its defaults from the prototype (oneofIndex 0): only set ones count.
  const fields = (m.field ?? []).map((f) => (Object.hasOwn(f, 'oneofIndex') ? f : { ...f, oneofIndex: undefined }));
  const written = new Set<number>();
  for (const f of fields) {
    if (f.oneofIndex !== undefined && !f.proto3Optional) {
      if (written.has(f.oneofIndex)) continue;
      written.add(f.oneofIndex);
      out.push(`${inner}oneof ${m.oneofDecl?.[f.oneofIndex]?.name ?? `choice_${f.oneofIndex}`} {`);
      for (const g of fields) if (g.oneofIndex === f.oneofIndex) out.push(`${inner}  ${fieldText(g, entries, false, proto2)}`);
      out.push(`${inner}}`);
      continue;
    }
    out.push(`${inner}${fieldText(f, entries, true, proto2)}`);
  }
  out.push(`${indent}}`);
}

function fieldText(f: FieldD, entries: ReadonlyMap<string, MessageD>, labelled: boolean, proto2: boolean): string {
  const entry = f.label === LABEL_REPEATED && f.typeName ? entries.get(f.typeName.slice(f.typeName.lastIndexOf('.') + 1)) : undefined;
  let type: string;
  let label = '';
  if (entry) {
    const [k, v] = [entry.field?.find((x) => x.number === 1), entry.field?.find((x) => x.number === 2)];
    type = `map<${k ? typeOf(k) : 'string'}, ${v ? typeOf(v) : 'bytes'}>`;
  } else {
    type = typeOf(f);
    if (f.label === LABEL_REPEATED) label = 'repeated ';
    else if (labelled && f.proto3Optional) label = 'optional ';
    else if (labelled && proto2) label = f.label === LABEL_REQUIRED ? 'required ' : 'optional ';
  }
  const json = f.jsonName && f.jsonName !== lowerCamel(f.name) ? ` [json_name = ${JSON.stringify(f.jsonName)}]` : '';
  return `${label}${type} ${f.name} = ${f.number}${json};`;
}

function typeOf(f: FieldD): string {
  return (f.type !== undefined && SCALARS[f.type]) || f.typeName || 'bytes';
}

/** protoc's default JSON name: underscores dropped, the next letter upper-cased. */
function lowerCamel(name: string): string {
  return name.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}
