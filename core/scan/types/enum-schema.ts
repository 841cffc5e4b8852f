// Enums as they go over the wire: their constant names, or the values a `@JsonValue` field or
// getter returns (read from each constant's constructor arguments, since bodies are never
// parsed), each constant's Javadoc or line comment as its description.

import type { JsonSchema } from '../../model/request';
import { readMethodBody } from '../method-body';
import type { ProjectIndex, Scope } from '../project-index';
import type { Annotation, FieldDecl, MethodDecl, TypeDecl, TypeRef } from '../source-model';
import { findAnnotation, simpleName } from '../source-model';
import { boolAttr, enumAttr, foldNumber, foldString, stringAttr } from './attribute';
import { getterProperty } from './naming';
import { docText, enumListing, typeDescription } from './descriptions';

type ValueKind = { type: 'string' | 'integer' | 'number' | 'boolean'; format?: string };

/** The member a `@JsonValue` sits on, in the enum or an interface it implements. */
export interface JsonValueMember {
  field?: FieldDecl;
  method?: MethodDecl;
  owner: TypeDecl;
}

export function jsonValueMember(index: ProjectIndex, decl: TypeDecl): JsonValueMember | undefined {
  // Enums often take it from a shared interface (`IEnum`); for classes the own declaration is
  // enough, and looking no further keeps DTO interfaces unparsed.
  for (const owner of decl.kind === 'enum' ? [decl, ...index.ancestors(decl)] : [decl]) {
    for (const field of owner.fields) if (isJsonValue(field.annotations)) return { field, owner };
    for (const method of owner.methods) {
      if (method.params.length === 0 && method.returnType && isJsonValue(method.annotations)) return { method, owner };
    }
  }
  return undefined;
}

function isJsonValue(anns: readonly Annotation[]): boolean {
  const a = findAnnotation(anns, 'JsonValue');
  return a !== undefined && boolAttr(a, 'value') !== false;
}

/**
 * The enum as Jackson writes it. `shape` is a property's `@JsonFormat(shape)`, which overrides the
 * enum's own; a `@JsonValue` overrides both (Jackson picks its serializer before it reads shapes).
 */
export function enumSchema(index: ProjectIndex, decl: TypeDecl, shape?: string, opts: { usingToString?: boolean; gson?: boolean; names?: boolean } = {}): JsonSchema {
  const scope: Scope = { type: decl, file: decl.file };
  const constants = decl.enumConstants;
  const names = constants.map((c) => c.name);
  let kind: ValueKind = { type: 'string' };
  let values: unknown[] | undefined = names;
  let valueField: FieldDecl | undefined;

  if (!opts.gson && !opts.names) shape ??= enumAttr(findAnnotation(decl.annotations, 'JsonFormat'), 'shape');
  const member = opts.gson || opts.names ? undefined : jsonValueMember(index, decl);
  if (opts.names) {
    // JSON-B and fastjson 1: each constant's name(); no Jackson annotation, no toString().
    values = names;
  } else if (opts.gson) {
    // Gson: each constant's name, or its `@SerializedName`; Jackson's annotations and toString() say nothing.
    values = constants.map((c) => stringAttr(index, findAnnotation(c.annotations, 'SerializedName'), 'value', scope) || c.name);
  } else if (member) {
    const returned = member.field?.type ?? member.method!.returnType!;
    valueField = member.field ?? fieldBehind(decl, member.method!);
    kind = valueKind(valueField?.type ?? returned);
    values = valueField ? argumentValues(index, decl, valueField, kind, scope) : undefined;
  } else if (shape === 'NUMBER' || shape === 'NUMBER_INT') {
    kind = { type: 'integer', format: 'int32' }; // the ordinal
    values = constants.map((_, i) => i);
  } else {
    // Jackson 3 (and WRITE_ENUMS_USING_TO_STRING) writes an overridden toString(); @JsonProperty still names its constant.
    const written = opts.usingToString ? toStringValues(index, decl, scope) : names;
    values = written && constants.map((c, i) => stringAttr(index, findAnnotation(c.annotations, 'JsonProperty'), 'value', scope) || (written[i] as string));
  }

  // Per-constant descriptions: the comment, `@Schema(description)`, else a `desc`-like field.
  const descField = descriptionField(decl, valueField);
  const descValues = descField ? argumentValues(index, decl, descField, { type: 'string' }, scope) : undefined;
  const descriptions: Record<string, string> = {};
  constants.forEach((c, i) => {
    const text =
      docText(c.doc) ??
      (stringAttr(index, findAnnotation(c.annotations, 'Schema'), 'description', scope) || undefined) ??
      (typeof descValues?.[i] === 'string' && descValues[i] !== c.name ? (descValues[i] as string) : undefined);
    if (text) descriptions[c.name] = text;
  });

  const schema: JsonSchema = { type: kind.type };
  if (kind.format) schema.format = kind.format;
  schema.title = decl.name;
  if (values) schema.enum = values;
  if (!values || values.some((v, i) => v !== names[i])) schema['x-enum-varnames'] = names;
  if (Object.keys(descriptions).length) schema['x-enum-descriptions'] = descriptions;
  const description = [typeDescription(index, decl), enumListing(schema)].filter(Boolean).join('\n');
  if (description) schema.description = description;
  schema['x-java-type'] = decl.fqn;
  return schema;
}

/**
 * What each constant's `toString()` returns: its name when the enum does not override it; a field
 * it returns (`return label;`), read from the constants' arguments; the name in lower or upper case
 * (`name().toLowerCase()`). Undefined when the body says something else: the values are unknown.
 */
function toStringValues(index: ProjectIndex, decl: TypeDecl, scope: Scope): unknown[] | undefined {
  const names = decl.enumConstants.map((c) => c.name);
  const method = decl.methods.find((m) => m.name === 'toString' && m.params.length === 0 && !m.modifiers.includes('static'));
  if (!method) return names;
  const read = readMethodBody(index, decl, method);
  if (!read) return undefined;
  const body = read.text.replace(/\/\/.*$/gm, '').trim();
  const returned = (read.expression ? body : /^return\s+([\s\S]*?)\s*;?\s*$/.exec(body)?.[1])?.trim().replace(/^this\s*\.\s*/, '');
  if (returned === undefined) return undefined;
  const cased = /^(?:name\s*\(\s*\)|super\s*\.\s*toString\s*\(\s*\)|name)\s*\.\s*(toLowerCase|toUpperCase|lowercase|uppercase)\s*\(\s*(?:Locale\s*\.\s*\w+)?\s*\)$/.exec(returned);
  if (cased) return names.map((n) => (/lower/i.test(cased[1]!) ? n.toLowerCase() : n.toUpperCase()));
  if (/^(?:name\s*\(\s*\)|super\s*\.\s*toString\s*\(\s*\)|name)$/.test(returned)) return names;
  const field = decl.fields.find((f) => f.name === returned && !f.modifiers.includes('static'));
  return field ? argumentValues(index, decl, field, { type: 'string' }, scope) : undefined;
}

/** The field a `@JsonValue` getter returns: by the getter's property name, else the only field of its type. */
function fieldBehind(decl: TypeDecl, method: MethodDecl): FieldDecl | undefined {
  const instance = decl.fields.filter((f) => !f.modifiers.includes('static'));
  const returned = method.returnType!;
  const property = getterProperty(method.name, returned.name === 'boolean' && returned.dims === 0) ?? method.name;
  const byName = instance.find((f) => f.name === property);
  if (byName) return byName;
  const sameType = instance.filter((f) => sameTypeName(f.type, returned));
  return sameType.length === 1 ? sameType[0] : undefined;
}

const INTEGERS: Record<string, string | undefined> = {
  int: 'int32', Integer: 'int32', long: 'int64', Long: 'int64', short: undefined, Short: undefined, byte: undefined, Byte: undefined,
};

function valueKind(t: TypeRef): ValueKind {
  const n = simpleName(t.name);
  if (t.dims === 0 && n in INTEGERS) {
    const format = INTEGERS[n];
    return format ? { type: 'integer', format } : { type: 'integer' };
  }
  if (t.dims === 0 && (n === 'double' || n === 'Double')) return { type: 'number', format: 'double' };
  if (t.dims === 0 && (n === 'float' || n === 'Float')) return { type: 'number', format: 'float' };
  if (t.dims === 0 && (n === 'BigDecimal' || n === 'Number')) return { type: 'number' };
  if (t.dims === 0 && (n === 'boolean' || n === 'Boolean')) return { type: 'boolean' };
  return { type: 'string' };
}

/** Each constant's constructor argument for `field`; a constant whose argument cannot be read keeps its name. */
function argumentValues(index: ProjectIndex, decl: TypeDecl, field: FieldDecl, kind: ValueKind, scope: Scope): unknown[] | undefined {
  let found = false;
  const out = decl.enumConstants.map((c) => {
    const at = argumentIndex(decl, field, c.args.length);
    const e = at === undefined ? undefined : c.args[at];
    const value = !e ? undefined : kind.type === 'integer' || kind.type === 'number' ? foldNumber(index, e, scope) : foldString(index, e, scope);
    if (value === undefined) return c.name;
    found = true;
    return kind.type === 'boolean' ? value === 'true' : value;
  });
  return found ? out : undefined;
}

/**
 * Which constructor argument sets `field`: a constructor parameter of the same name; Lombok's
 * `@AllArgsConstructor` / `@RequiredArgsConstructor` (fields in declaration order); or a
 * constructor whose parameter types line up with the fields, assumed to assign them in order.
 */
function argumentIndex(decl: TypeDecl, field: FieldDecl, arity: number): number | undefined {
  for (const ctor of decl.constructors) {
    if (ctor.length !== arity) continue;
    const i = ctor.findIndex((p) => p.name === field.name);
    if (i >= 0) return i;
  }
  const instance = decl.fields.filter((f) => !f.modifiers.includes('static'));
  const lombok = findAnnotation(decl.annotations, 'AllArgsConstructor')
    ? instance
    : findAnnotation(decl.annotations, 'RequiredArgsConstructor')
      ? instance.filter((f) => f.modifiers.includes('final') || findAnnotation(f.annotations, 'NonNull'))
      : undefined;
  if (lombok?.length === arity) {
    const i = lombok.indexOf(field);
    if (i >= 0) return i;
  }
  if (instance.length === arity) {
    for (const ctor of decl.constructors) {
      if (ctor.length === arity && ctor.every((p, k) => sameTypeName(p.type, instance[k]!.type))) return instance.indexOf(field);
    }
  }
  return undefined;
}

function sameTypeName(a: TypeRef, b: TypeRef): boolean {
  return simpleName(a.name) === simpleName(b.name) && a.dims === b.dims;
}

/** Field names that conventionally hold a constant's human-readable label, best first. */
const DESCRIPTION_FIELDS = ['desc', 'description', 'label', 'text', 'msg', 'message', 'remark', 'displayName', 'display', 'title', 'info', 'note', 'name'];

function descriptionField(decl: TypeDecl, valueField: FieldDecl | undefined): FieldDecl | undefined {
  const candidates = decl.fields.filter(
    (f) => f !== valueField && !f.modifiers.includes('static') && f.type.dims === 0 && simpleName(f.type.name) === 'String',
  );
  for (const name of DESCRIPTION_FIELDS) {
    const f = candidates.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (f) return f;
  }
  return undefined;
}

/**
 * A property's `@JsonFormat(shape)` applied to the enum its schema (or, for a collection, its
 * items' schema) is: `NUMBER` writes ordinals, `STRING` the values Jackson writes as strings even
 * where the enum says `NUMBER`: names, or under `usingToString` (Jackson 3's default) each
 * constant's toString(), as EnumSerializer writes a STRING shape (checked against jackson-databind 3.1).
 * Any other schema is returned as it is.
 */
export function enumWithShape(index: ProjectIndex, s: JsonSchema, shape: string, module: string, opts: { usingToString?: boolean } = {}): JsonSchema {
  if (s.type === 'array' && s.items) {
    const items = enumWithShape(index, s.items, shape, module, opts);
    return items === s.items ? s : { ...s, items };
  }
  const fqn = s.enum ? s['x-java-type'] : undefined;
  if (!fqn || (shape !== 'NUMBER' && shape !== 'NUMBER_INT' && shape !== 'STRING')) return s;
  const decl = index.typeByFqn(fqn, module);
  return decl?.kind === 'enum' ? enumSchema(index, decl, shape, opts) : s;
}
