// A response class of the project extending a library map (streampark's `RestResponse extends
// HashMap<String, Object>`) declares no fields: Jackson writes the entries its methods put. The
// handler's `return RestResponse.success(data)` names the factory; the keys are what its body
// puts (`resp.put(DATA_KEY, data)`), with those of the class's methods it calls (`success()`,
// a chained `.message(..)`). Read from the methods' text, as declared; a key not folding to a
// constant is left out.

import type { JsonSchema, ResponseModel } from '../../model/request';
import { responseExampleOf } from '../types/example';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import { simpleName } from '../source-model';
import type { Expr, MethodDecl, TypeDecl } from '../source-model';
import { blankComments, matching, splitTop } from '../config-text';
import { readMethodBody } from '../method-body';
import { foldNumber, foldString } from '../types/attribute';
import { unescapeJava } from '../java/java-text';

/** Methods of `decl` followed from one handler: enough for factories calling each other. */
const MAX_METHODS = 16;
/** Where a Java name starts: after no letter, digit, `_` or `$`. */
const START = '(?<![\\w$])';

/** A response of a project class extending a map, with the entries the handler's factory puts as its properties. */
export function withFactoryEntries(index: ProjectIndex, site: MethodSite, model: ResponseModel): ResponseModel {
  const schema = model.schema;
  const javaType = schema?.['x-java-type'];
  if (!schema || schema.type !== 'object' || schema.properties || !schema.additionalProperties || typeof javaType !== 'string' || javaType.includes('<')) return model;
  const decl = index.resolveType(javaType, { type: site.owner, file: site.owner.file });
  // A library map (`Map<String, Object>`) has no methods here to read.
  if (!decl || decl.fqn !== javaType) return model;
  const entries = mapFactoryEntries(index, site, decl);
  if (!entries) return model;
  const withEntries: JsonSchema = { ...schema, properties: Object.fromEntries(entries) };
  return { ...model, schema: withEntries, example: responseExampleOf(withEntries) };
}

/**
 * The entries `decl`'s methods put when the handler at `site` returns what they build, by key in
 * the order first put: each a schema of the value when it is a constant, else any JSON.
 * Undefined when the handler returns no call of them.
 */
export function mapFactoryEntries(index: ProjectIndex, site: MethodSite, decl: TypeDecl): Map<string, JsonSchema> | undefined {
  const body = methodText(index, site.owner, site.method);
  if (body === undefined) return undefined;
  // Escaped, and bounded by what no Java name holds: a bare `$` and `\b` misread `Rest$Response`.
  const name = escape(simpleName(decl.name));
  const calls: Call[] = [];
  // Statements naming the class or a local of it (`RestResponse r = RestResponse.success();`,
  // `r.data(x);`, `return RestResponse.success(data).message(..);`, `new Api.Result().data(x)`):
  // the calls they chain.
  const locals = [...body.matchAll(new RegExp(`${START}${name}\\s+([a-zA-Z_$][\\w$]*)\\s*=`, 'g'))].map((m) => m[1]!);
  const receiver = new RegExp(`(?:${START}(?:${[name, ...locals.map(escape)].join('|')})\\s*\\.|\\bnew\\s+(?:[\\w$]+\\s*\\.\\s*)*${name}\\s*\\()`);
  for (const statement of body.split(/[;{}]/)) if (receiver.test(statement)) calls.push(...callsIn(statement));
  if (!calls.some((c) => methodsFor(decl, c).length)) return undefined;
  const out = new Map<string, JsonSchema>();
  const seen = new Set<MethodDecl>();
  const follow = (call: Call) => {
    for (const method of methodsFor(decl, call)) {
      if (seen.has(method) || seen.size >= MAX_METHODS) continue;
      seen.add(method);
      const text = methodText(index, decl, method);
      if (text === undefined) continue;
      for (const c of callsIn(text)) {
        if (c.name === 'put' && c.args.length === 2) addEntry(index, decl, method, c.args[0]!, c.args[1]!, out);
        else follow(c);
      }
    }
  };
  calls.forEach(follow);
  return out.size ? out : undefined;
}

function escape(name: string): string {
  return name.replace(/\$/g, '\\$');
}

interface Call {
  name: string;
  args: string[];
}

/** Every `name(args)` in the text, nested ones included, with its arguments as written. */
function callsIn(text: string): Call[] {
  const out: Call[] = [];
  for (const m of text.matchAll(/\b([a-zA-Z_$][\w$]*)\s*\(/g)) {
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    if (close < 0) continue;
    out.push({ name: m[1]!, args: splitTop(text.slice(open + 1, close), ',') });
  }
  return out;
}

/** The methods of `decl` a call may be: those of its name taking as many arguments (a varargs one too). */
function methodsFor(decl: TypeDecl, call: Call): MethodDecl[] {
  return decl.methods.filter((m) => m.name === call.name && m.name !== 'put' && (m.params.length === call.args.length || (m.params.length > 0 && m.params.length <= call.args.length + 1 && m.params[m.params.length - 1]!.type.dims > 0)));
}

function addEntry(index: ProjectIndex, decl: TypeDecl, method: MethodDecl, keyText: string, valueText: string, out: Map<string, JsonSchema>): void {
  const scope = { type: decl, file: decl.file };
  const key = foldString(index, exprOf(keyText), scope);
  if (key === undefined || key === '') return;
  const value = valueSchema(index, decl, method, valueText);
  const known = out.get(key);
  // A key put again (`fail` puts `data` as null after `success` put the data): the first typed value stays.
  if (!known || (known.type === undefined && value.type !== undefined)) out.set(key, value);
}

/** A literal, a constant (the example is its value) or a parameter's declared type; else any JSON. */
function valueSchema(index: ProjectIndex, decl: TypeDecl, method: MethodDecl, text: string): JsonSchema {
  const scope = { type: decl, file: decl.file };
  const literal = stringLiteral(text);
  if (literal !== undefined) return { type: 'string', examples: [literal] };
  if (/^(true|false)$/.test(text)) return { type: 'boolean', examples: [text === 'true'] };
  if (/^-?\d+[lL]?$/.test(text)) return { type: 'integer', examples: [Number(text.replace(/[lL]$/, ''))] };
  if (!/^[A-Za-z_$][\w$.]*$/.test(text) || method.params.some((p) => p.name === text)) return {};
  const dot = text.lastIndexOf('.');
  const owner = dot < 0 ? undefined : index.resolveType(text.slice(0, dot), scope);
  const hit = dot < 0 ? index.resolveField(text, scope) : owner && index.fieldOf(owner, text.slice(dot + 1));
  const typeName = hit ? simpleName(hit.field.type.name) : undefined;
  if (typeName === 'String') {
    const v = foldString(index, exprOf(text), scope);
    return v === undefined ? { type: 'string' } : { type: 'string', examples: [v] };
  }
  if (typeName && /^(int|long|short|byte|Integer|Long|Short|Byte)$/.test(typeName)) {
    const v = foldNumber(index, exprOf(text), scope);
    return v === undefined ? { type: 'integer' } : { type: 'integer', examples: [v] };
  }
  return {};
}

function exprOf(text: string): Expr {
  const t = text.trim();
  const literal = stringLiteral(t);
  if (literal !== undefined) return { kind: 'string', value: literal };
  return /^[A-Za-z_$][\w$.]*$/.test(t) ? { kind: 'name', name: t } : { kind: 'other', text: t };
}

/** One string literal's value, Java's escapes read (`"it\'s"`); a concatenation is no one literal. */
function stringLiteral(text: string): string | undefined {
  const m = /^"((?:[^"\\\n]|\\.)*)"$/.exec(text.trim());
  return m ? unescapeJava(m[1]!) : undefined;
}

/** A method's body text with comments blanked, or undefined when it cannot be read. */
function methodText(index: ProjectIndex, owner: TypeDecl, method: MethodDecl): string | undefined {
  const raw = readMethodBody(index, owner, method)?.text;
  return raw === undefined ? undefined : blankComments(raw);
}
