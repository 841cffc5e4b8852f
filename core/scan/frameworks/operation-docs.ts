// What springdoc / Swagger annotations say about a whole operation rather than one parameter:
// method-level `@Parameter(in = ..., name = ...)` and `@Parameters`, annotation types built from
// them (`@PageableAsQueryParam`), Swagger 2 `@ApiImplicitParams`, `@Hidden`, `@Operation(tags,
// deprecated, hidden)` and `@Deprecated`. Shared by Spring MVC and JAX-RS.

import type { Diagnostic } from '../../model/endpoint';
import type { JsonSchema, Param, ParamLocation } from '../../model/request';
import { arrayItems, stringValue, stringValues } from '../annotation-values';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { makeParam, paramExample } from './params';
import { enumSchema } from '../types/enum-schema';
import { swaggerAnnotation } from './swagger-meta';

export interface OperationDocs {
  /** `@Hidden`, `@Operation(hidden = true)`, `@ApiOperation(hidden = true)`, `@ApiIgnore`: not listed at all. */
  hidden: boolean;
  /** `@Deprecated` on the method or its class, `@Operation(deprecated = true)`. */
  deprecated: boolean;
  /** `@Operation(tags)` / `@ApiOperation(tags)`, or a method-level `@Tag(name)`: the first one is the folder. */
  tags: string[];
  /** `@Operation(operationId)` / `@ApiOperation(nickname)`. */
  operationId?: string;
  /** Parameters declared on the method rather than on a Java parameter. */
  params: DocParam[];
  /** Names a method-level `@Parameter(name = ..., hidden = true)` hides. */
  hiddenParams: Set<string>;
}

const LOCATION: Record<string, ParamLocation> = { QUERY: 'query', PATH: 'path', HEADER: 'header', COOKIE: 'cookie' };
const SWAGGER2_LOCATION: Record<string, ParamLocation> = { query: 'query', path: 'path', header: 'header', cookie: 'cookie', form: 'form', formData: 'form' };
/** Annotations a handler commonly carries that are never a parameter meta-annotation: skip resolving them. */
const NOT_META = new Set([
  'GetMapping', 'PostMapping', 'PutMapping', 'DeleteMapping', 'PatchMapping', 'RequestMapping', 'ResponseBody', 'ResponseStatus',
  'Operation', 'ApiOperation', 'ApiResponses', 'ApiResponse', 'Override', 'Deprecated', 'PreAuthorize', 'Secured', 'Transactional',
  'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'Path', 'Produces', 'Consumes', 'Parameters', 'Parameter',
  'ApiImplicitParams', 'ApiImplicitParam', 'Hidden', 'Tag', 'SecurityRequirement', 'Validated', 'Valid', 'CrossOrigin',
]);
/** springdoc's own parameter meta-annotation, which lives in its jar rather than in the tree. */
const PAGEABLE_AS_QUERY = ['PageableAsQueryParam'];

export interface DocParam {
  param: Param;
  /** Declared without `in`: springdoc pairs it with the method's parameter of that name, else it is a query parameter. */
  matchOnly: boolean;
  /** The `example` text as written, typed later against the parameter it documents. */
  example?: string;
}

export function operationDocs(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[], diagnostics?: Diagnostic[]): OperationDocs {
  const out: OperationDocs = { hidden: false, deprecated: false, tags: [], params: [], hiddenParams: new Set() };
  const types = [type, ...index.ancestors(type)];
  for (const t of types) {
    // springfox's `@ApiIgnore` counts on an annotation the class carries too (swagger-meta.ts).
    if (findAnnotation(t.annotations, 'Hidden') || swaggerAnnotation(index, t.annotations, { type: t, file: t.file }, 'ApiIgnore')) out.hidden = true;
    if (findAnnotation(t.annotations, 'Deprecated')) out.deprecated = true;
  }
  for (const { method, owner } of chain) {
    const scope = { type: owner, file: owner.file };
    const anns = method.annotations;
    if (findAnnotation(anns, 'Hidden', 'ApiIgnore')) out.hidden = true;
    if (findAnnotation(anns, 'Deprecated')) out.deprecated = true;
    const direct = findAnnotation(anns, 'Operation', 'ApiOperation');
    const found = direct ? { annotation: direct, scope } : swaggerAnnotation(index, anns, scope, 'ApiOperation', 'ApiIgnore');
    if (found && simpleName(found.annotation.name) === 'ApiIgnore') out.hidden = true;
    else if (found) {
      const { annotation: op, scope: at } = found;
      if (isTrue(op.args.hidden)) out.hidden = true;
      if (isTrue(op.args.deprecated)) out.deprecated = true;
      if (!out.tags.length) out.tags = (stringValues(index, op, ['tags'], at, diagnostics) ?? []).map((s) => s.trim()).filter(Boolean);
      const id = stringValue(index, op, [simpleName(op.name) === 'Operation' ? 'operationId' : 'nickname'], at, diagnostics)?.trim();
      if (id && out.operationId === undefined) out.operationId = id;
    }
    const tag = findAnnotation(anns, 'Tag');
    const tagName = tag && stringValue(index, tag, ['name', 'value'], scope, diagnostics);
    if (!out.tags.length && tagName) out.tags = [tagName];
    for (const ann of anns) addFrom(index, ann, scope, out, diagnostics, new Set());
  }
  return out;
}

/** One method annotation: a `@Parameter`, a `@Parameters` list, or an annotation type made of them. */
function addFrom(index: ProjectIndex, ann: Annotation, scope: Scope, out: OperationDocs, diagnostics: Diagnostic[] | undefined, seen: Set<string>): void {
  const name = simpleName(ann.name);
  if (name === 'Parameter' || name === 'ApiImplicitParam') {
    addParam(index, ann, scope, out, diagnostics);
    return;
  }
  if (name === 'Parameters' || name === 'ApiImplicitParams') {
    for (const item of arrayItems(ann.args.value)) if (item.kind === 'annotation') addFrom(index, item.annotation, scope, out, diagnostics, seen);
    return;
  }
  if (PAGEABLE_AS_QUERY.includes(name)) {
    out.params.push(...[
      makeParam('page', 'query', { type: 'integer', format: 'int32', minimum: 0, default: 0 }, false, 'Zero-based page index (0..N)', { default: '0' }),
      makeParam('size', 'query', { type: 'integer', format: 'int32', minimum: 1, default: 20 }, false, 'The size of the page to be returned', { default: '20' }),
      makeParam('sort', 'query', { type: 'array', items: { type: 'string' } }, false, 'Sorting criteria in the format: property,(asc|desc). Default sort order is ascending. Multiple sort criteria are supported.'),
    ].map((param) => ({ param, matchOnly: false })));
    return;
  }
  if (NOT_META.has(name) || seen.has(name)) return;
  // An annotation type of the project carrying @Parameters / @Parameter: its parameters apply.
  const decl = index.resolveType(ann.name, scope);
  if (!decl || decl.kind !== 'annotation') return;
  seen.add(name);
  const declScope = { type: decl, file: decl.file };
  for (const meta of decl.annotations) {
    const m = simpleName(meta.name);
    if (m === 'Parameter' || m === 'Parameters' || m === 'ApiImplicitParam' || m === 'ApiImplicitParams' || !NOT_META.has(m)) addFrom(index, meta, declScope, out, diagnostics, seen);
  }
}

function addParam(index: ProjectIndex, ann: Annotation, scope: Scope, out: OperationDocs, diagnostics: Diagnostic[] | undefined): void {
  const name = stringValue(index, ann, ['name'], scope, diagnostics);
  if (!name) return; // a method-level @Parameter without a name documents nothing we can send
  if (isTrue(ann.args.hidden)) {
    out.hiddenParams.add(name);
    return;
  }
  const swagger2 = simpleName(ann.name) === 'ApiImplicitParam';
  const paramType = swagger2 ? stringValue(index, ann, ['paramType'], scope) || undefined : undefined;
  // `paramType = "body"` documents the request body, which the method's own body parameter gives.
  if (paramType === 'body') return;
  // Without a paramType it documents the method's parameter of that name, like springdoc's
  // `@Parameter` without `in`; only one naming nothing the method binds is a query parameter.
  const location = swagger2
    ? paramType === undefined ? undefined : SWAGGER2_LOCATION[paramType] ?? 'query'
    : LOCATION[enumName(ann.args.in) ?? ''];
  const description = stringValue(index, ann, swagger2 ? ['value'] : ['description'], scope) ?? '';
  const schema = swagger2 ? swagger2Schema(index, ann, scope) : schemaOf(index, ann, scope);
  const extra: Partial<Param> = {};
  const example = stringValue(index, ann, ['example'], scope);
  if (example !== undefined) extra.example = example;
  if (schema.default !== undefined) extra.default = String(schema.default);
  const required = location === 'path' || isTrue(ann.args.required);
  out.params.push({ param: makeParam(name, location ?? 'query', schema, required, description, extra), matchOnly: location === undefined, ...(example !== undefined ? { example } : {}) });
}

/** `schema = @Schema(type = "integer", format = "int32", defaultValue = "0", allowableValues = {...}, implementation = X.class)`. */
function schemaOf(index: ProjectIndex, ann: Annotation, scope: Scope): JsonSchema {
  const s = ann.args.schema;
  const arr = ann.args.array;
  if (arr?.kind === 'annotation') {
    const items = ann.args.array.kind === 'annotation' && arr.annotation.args.schema?.kind === 'annotation' ? schemaFrom(index, arr.annotation.args.schema.annotation, scope) : { type: 'string' as const };
    return { type: 'array', items };
  }
  return s?.kind === 'annotation' ? schemaFrom(index, s.annotation, scope) : { type: 'string' };
}

function schemaFrom(index: ProjectIndex, schema: Annotation, scope: Scope): JsonSchema {
  const out: JsonSchema = {};
  const impl = schema.args.implementation;
  // `implementation = DbType.class`: a project enum's constants are the values a client may send.
  const implDecl = impl?.kind === 'class' && !javaType(impl.type.name) ? index.resolveType(impl.type.name, scope) : undefined;
  if (implDecl?.kind === 'enum') return enumSchema(index, implDecl);
  const t = stringValue(index, schema, ['type'], scope) ?? (impl?.kind === 'class' ? javaType(impl.type.name) : undefined) ?? 'string';
  out.type = (['string', 'integer', 'number', 'boolean', 'array', 'object'].includes(t) ? t : 'string') as JsonSchema['type'];
  const format = stringValue(index, schema, ['format'], scope) ?? (impl?.kind === 'class' ? javaFormat(impl.type.name) : undefined);
  if (format) out.format = format;
  const dflt = stringValue(index, schema, ['defaultValue'], scope);
  if (dflt !== undefined && dflt !== '') out.default = out.type === 'integer' || out.type === 'number' ? Number(dflt) : out.type === 'boolean' ? dflt === 'true' : dflt;
  const allowed = stringValues(index, schema, ['allowableValues'], scope);
  if (allowed?.length) out.enum = allowed;
  return out;
}

function swagger2Schema(index: ProjectIndex, ann: Annotation, scope: Scope): JsonSchema {
  const dataType = stringValue(index, ann, ['dataType'], scope);
  const cls = ann.args.dataTypeClass;
  const t = dataType ? javaType(dataType) ?? (['string', 'integer', 'number', 'boolean'].includes(dataType) ? dataType : 'string') : cls?.kind === 'class' ? javaType(cls.type.name) ?? 'string' : 'string';
  const out: JsonSchema = { type: t as JsonSchema['type'] };
  const dflt = stringValue(index, ann, ['defaultValue'], scope);
  if (dflt !== undefined && dflt !== '') out.default = dflt;
  if (isTrue(ann.args.allowMultiple)) return { type: 'array', items: out };
  return out;
}

function javaType(name: string): string | undefined {
  const n = simpleName(name);
  if (['int', 'Integer', 'long', 'Long', 'short', 'Short', 'byte', 'Byte', 'BigInteger'].includes(n)) return 'integer';
  if (['double', 'Double', 'float', 'Float', 'BigDecimal'].includes(n)) return 'number';
  if (['boolean', 'Boolean'].includes(n)) return 'boolean';
  if (['String', 'CharSequence', 'UUID', 'LocalDate', 'LocalDateTime', 'OffsetDateTime', 'Instant', 'Date'].includes(n)) return 'string';
  return undefined;
}

function javaFormat(name: string): string | undefined {
  const n = simpleName(name);
  return ({ int: 'int32', Integer: 'int32', long: 'int64', Long: 'int64', double: 'double', Double: 'double', float: 'float', Float: 'float', UUID: 'uuid', LocalDate: 'date', LocalDateTime: 'date-time', OffsetDateTime: 'date-time', Instant: 'date-time' } as Record<string, string>)[n];
}

/**
 * The request's parameters after the operation's own: a method-level `@Parameter` naming a
 * parameter the method already binds documents it (its description and example win), in the same
 * location or, with none of that name there, in the one the method binds it to; any other is
 * added; hidden ones go.
 */
export function mergeOperationParams(params: readonly Param[], docs: OperationDocs, bodyNames: ReadonlySet<string> = new Set()): Param[] {
  const out = params.filter((p) => !docs.hiddenParams.has(p.name));
  for (const { param: extra, matchOnly, example: exampleText } of docs.params) {
    // Naming the method's body parameter, it documents the body: no parameter of its own.
    if (matchOnly && bodyNames.has(extra.name)) continue;
    // A location that contradicts the binding (`paramType = "path"` on a `@RequestParam("id")`, as
    // dinky writes) still documents the parameter of that name: the binding says where it is sent.
    const byName = matchOnly || !out.some((p) => p.name === extra.name && p.in === extra.in);
    const same = out.find((p) => p.name === extra.name && (byName || p.in === extra.in));
    if (same) {
      const i = out.indexOf(same);
      const example = byName && exampleText !== undefined ? paramExample(exampleText, same.schema) : undefined;
      out[i] = { ...same, ...(extra.description ? { description: extra.description } : {}), ...(example !== undefined ? { example } : {}) };
      continue;
    }
    out.push(extra);
  }
  return out;
}

/** The names of the handler's `@RequestBody` parameters, on any declaration of the method. */
export function bodyParamNames(chain: readonly MethodSite[]): Set<string> {
  const names = new Set<string>();
  for (const { method } of chain) for (const p of method.params) if (findAnnotation(p.annotations, 'RequestBody')) names.add(p.name);
  return names;
}

function enumName(e: Expr | undefined): string | undefined {
  if (e?.kind !== 'name') return undefined;
  return e.name.slice(e.name.lastIndexOf('.') + 1);
}

function isTrue(e: Expr | undefined): boolean {
  return e?.kind === 'literal' && e.value === 'true';
}
