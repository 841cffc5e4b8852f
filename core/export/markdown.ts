// Markdown export: grouped by module, folder and endpoint; for each endpoint its method, path,
// description, a parameter table per location, body and response schemas as field tables
// (nested fields indented) and examples in fenced blocks, the statuses the source shows and the
// security schemes a call needs. gRPC methods show their service,
// streaming kind and message types. Passes markdownlint with the rules in
// test/export/markdownlint.jsonc.

import type { Endpoint, StreamingType } from '../model/endpoint';
import type { JsonSchema, Param } from '../model/request';
import { fullPath } from './request-template';
import { schemaRows, typeLabel } from './schema-rows';
import { exportOrder, folderDescription, groupBy } from './stable';
import { fileOfPieces } from './json-pieces';
import { perSchema } from './per-schema';
import { Utf8Chunks } from './utf8-chunks';
import type { ExportOptions, ExportResult } from './types';

const LOCATIONS: [Param['in'], string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
  ['cookie', 'Cookies'],
  ['form', 'Form parameters'],
];

const STREAMING: Record<StreamingType, string> = { U: 'unary', S: 'server streaming', C: 'client streaming', B: 'bidirectional streaming', unknown: 'unknown' };

export function exportMarkdown(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  // Each section is kept as UTF-8 as it is made (utf8-chunks.ts): the whole text is never one string.
  const out = new Utf8Chunks();
  out.add(`# ${cell(options.title ?? 'API')}`);
  const block = (text: string) => out.add(`\n\n${text}`);
  const ordered = exportOrder(endpoints);
  const tableOf = perSchema(fieldTable);
  for (const mod of groupBy(ordered, (e) => e.module)) {
    block(`## ${heading(mod.key || '(root)')}`);
    for (const folder of groupBy(mod.items, (e) => e.folder)) {
      block(`### ${heading(folder.key)}`);
      const about = folderDescription(folder.items);
      if (about) block(paragraph(about));
      const titles = endpointTitles(folder.items);
      folder.items.forEach((e, i) => block(endpointSection(e, options, titles[i]!, tableOf).join('\n')));
    }
  }
  const path = 'api.md';
  return {
    files: [fileOfPieces(path, [...out.pieces(), '\n'])],
    summary: { channel: 'markdown', selected: endpoints.length, exported: ordered.length, skipped: [], warnings: [], files: [path] },
  };
}

/**
 * The endpoints' headings in one folder, unique so each stays linkable: two endpoints with one
 * name (GET and HEAD of a download) get their address added, and two with one address too (the
 * JSON and the text representation of a resource) their class and method.
 */
function endpointTitles(items: readonly Endpoint[]): string[] {
  const counted = (titles: string[]) => {
    const n = new Map<string, number>();
    for (const t of titles) n.set(t, (n.get(t) ?? 0) + 1);
    return (t: string) => n.get(t)! > 1;
  };
  const names = items.map((e) => heading(e.name));
  const sameName = counted(names);
  const addressed = items.map((e, i) => (sameName(names[i]!) ? `${names[i]} (${heading(`${e.method} ${e.path}`)})` : names[i]!));
  const sameAddress = counted(addressed);
  return items.map((e, i) =>
    sameAddress(addressed[i]!) ? `${names[i]} (${heading(`${e.method} ${e.path}, ${e.className.slice(e.className.lastIndexOf('.') + 1)}.${e.source.member}`)})` : addressed[i]!,
  );
}

function endpointSection(e: Endpoint, options: ExportOptions, title: string, tableOf: (schema: JsonSchema) => readonly string[]): string[] {
  const out = [`#### ${title}`, ''];
  if (e.protocol === 'grpc') {
    out.push(`**Method:** \`gRPC\` (${STREAMING[e.streaming ?? 'unknown']})  `, `**Path:** \`${e.path}\`  `);
    if (e.grpc) {
      out.push(`**Service:** \`${e.grpc.service}\`  `, `**Request:** \`${e.grpc.requestType}\`  `, `**Response:** \`${e.grpc.responseType}\`  `);
      if (e.grpc.protoFile) out.push(`**Proto:** \`${e.grpc.protoFile}\`  `);
    }
  } else {
    out.push(`**Method:** \`${e.method}\`  `, `**Path:** \`${fullPath(e, options.modules)}\`  `);
    const consumes = e.request?.body?.contentType;
    if (consumes) out.push(`**Content-Type:** \`${consumes}\`  `);
  }
  out.push(`**Source:** \`${e.className}#${e.source.member}\``);
  if (e.security?.length) {
    // Any one scheme suffices (the model's rule); the line break keeps it under Source.
    out[out.length - 1] += '  ';
    out.push(`**Security:** ${e.security.map((s) => `\`${s}\``).join(' or ')}${e.securityOptional ? ' (optional)' : ''}`);
  }
  if (e.deprecated) out.push('', '**Deprecated:** still served, but clients should move off it.');
  if (e.description) out.push('', paragraph(e.description));
  const params = e.request?.params ?? [];
  for (const [location, title] of LOCATIONS) {
    const rows = params.filter((p) => p.in === location);
    if (!rows.length) continue;
    out.push('', `##### ${title}`, '', '| Name | Type | Required | Default | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of rows) out.push(`| ${cell(p.name)} | ${cell(p.file ? 'file' : typeLabel(p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell(p.default ?? '')} | ${cell(p.description)} |`);
  }
  const body = e.request?.body;
  if (body) {
    out.push('', `##### ${e.protocol === 'grpc' ? 'Request message' : 'Request body'}`, '');
    if (body.description) out.push(paragraph(body.description), '');
    out.push(...tableOf(body.schema), ...example(body.example, body.contentType));
  }
  const response = e.response;
  if (response && (response.schema || response.example !== undefined)) {
    out.push('', `##### ${e.protocol === 'grpc' ? 'Response message' : 'Response'}`, '');
    if (response.description) out.push(paragraph(response.description), '');
    if (response.schema) out.push(...tableOf(response.schema));
    out.push(...example(response.example, response.contentType));
  }
  const codes = statuses(e);
  if (codes.length) trimTrailingBlank(out).push(...codes);
  return trimTrailingBlank(out);
}

/**
 * The statuses the source shows (`@ResponseStatus`, declared `@ApiResponse`s, statuses built or
 * thrown in the handler), as OpenAPI's `responses` lists them: the success code first. Only when
 * there is more to say than a plain 200.
 */
function statuses(e: Endpoint): string[] {
  if (e.protocol === 'grpc' || (!e.responses?.length && !e.status)) return [];
  const success = e.status ?? '200';
  const rows = new Map<string, { description: string; body: string }>();
  rows.set(success, { description: 'Success', body: e.response?.schema ? typeLabel(e.response.schema) : '' });
  for (const r of e.responses ?? []) {
    const known = rows.get(r.status);
    const body = r.schema ? typeLabel(r.schema) : '';
    if (known) rows.set(r.status, { description: r.description || known.description, body: body || known.body });
    else rows.set(r.status, { description: r.description, body });
  }
  const out = ['', '##### Statuses', '', '| Status | Description | Body |', '| --- | --- | --- |'];
  for (const [status, r] of rows) out.push(`| ${cell(status)} | ${cell(r.description)} | ${cell(r.body)} |`);
  return out;
}

/** The table's lines joined (a section takes it whole, however many endpoints share the schema), then a blank line. */
function fieldTable(schema: JsonSchema): readonly string[] {
  const rows = schemaRows(schema);
  if (!rows.length) return [`Type: ${cell(typeLabel(schema))}`, ''];
  const out = ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |'];
  // Leading spaces vanish in a table cell; non-breaking spaces keep the indentation visible.
  for (const r of rows) out.push(`| ${'&nbsp;&nbsp;'.repeat(r.depth)}${cell(r.name)} | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.description)} |`);
  return [out.join('\n'), ''];
}

function example(value: unknown, contentType: string): string[] {
  if (value === undefined) return [];
  const json = typeof value !== 'string' || /json/.test(contentType);
  const text = json ? JSON.stringify(value, null, 2) : value;
  // A fence longer than any backtick run inside keeps the block closed where it should be.
  const longest = text.includes('`') ? Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) : 2;
  const fence = '`'.repeat(longest + 1);
  return [`Example:\n\n${fence}${json ? 'json' : 'text'}\n${text}\n${fence}`];
}

function trimTrailingBlank(lines: string[]): string[] {
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Text inside a table cell: one line, pipes and angle brackets escaped, web addresses linked. */
function cell(text: string): string {
  if (!/[\n|<>]|:\/\//.test(text)) return text.trim();
  return autolink(inline(text.replace(/\s*\n\s*/g, ' ')).replace(/\|/g, '\\|').trim());
}

/**
 * One line of heading text. A summary written as a sentence ("Removes a user account.") loses
 * its final punctuation, which markdownlint refuses in a heading (MD026).
 */
function heading(text: string): string {
  const line = inline(text.replace(/\s*\n\s*/g, ' ')).trim();
  return line.replace(TRAILING_PUNCTUATION, '').trimEnd() || line || '(unnamed)';
}

/** markdownlint's default MD026 punctuation (a question mark is fine in a heading). */
const TRAILING_PUNCTUATION = /[.,;:!。，；：！]+$/;

/**
 * A web address written as text in a Javadoc or summary (`see https://example.com/docs`) as an
 * autolink: markdownlint refuses bare URLs (MD034). One already linked (`<...>`, `[x](...)`) or
 * inside a code span stays as written.
 */
function autolink(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(/https?:\/\/[^\s<>"'`\\|()[\]]+/g, (url, at: number) => {
    const before = text.slice(0, at);
    if ((before.endsWith('<') && !before.endsWith('\\<')) || before.endsWith('](') || (before.split('`').length - 1) % 2 === 1) return url;
    const kept = url.replace(/[.,;:!?]+$/, '');
    return `<${kept}>${url.slice(kept.length)}`;
  });
}

/** `Result<ProductDto>` is text, not an HTML element. */
function inline(text: string): string {
  return text.includes('<') || text.includes('>') ? text.replace(/[<>]/g, (c) => `\\${c}`) : text;
}

/**
 * Source text (Javadoc, annotations) as a paragraph: a line that would open a heading, quote,
 * list or fence is escaped, and blank-line runs are collapsed.
 */
function paragraph(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((l) => autolink(inline(l.trimEnd()).replace(/^(\s*)(#|=|-|\+|\*|`{3}|~{3}|\d+[.)])/, '$1\\$2')))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
