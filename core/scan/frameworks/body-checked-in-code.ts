// A request body whose handler refuses it without a property (`if (form.getName() == null ||
// form.getName().isEmpty()) return Result.error(..)`, `Assert.hasText(form.getName(), ..)`,
// `if (StringUtils.isBlank(form.getName())) throw ..`) requires that property, as a
// `@NotBlank` on it would say: the explorer marks it and an empty Send is caught before it is sent.
// Read from the handler's text with the rules of required-checks.ts; the schema is copied, never changed.

import { REQUIRED_IN_CODE } from '../../model/request';
import type { JsonSchema } from '../../model/request';
import { codeOnly } from '../body-facts';
import type { MethodSite } from '../hierarchy';
import { readMethodBody } from '../method-body';
import type { ProjectIndex } from '../project-index';
import { checkedSubjects } from '../required-checks';
import { getterProperty } from '../types/naming';


/** `schema` with the properties the handler at `site` refuses its body parameter `name` without added to its `required`. */
export function withRequiredChecks(index: ProjectIndex, site: MethodSite, name: string, schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !schema.properties) return schema;
  const found = checkedProperties(index, site, name);
  if (!found.length) return schema;
  const checked = Object.keys(schema.properties).filter((p) => found.includes(p) && !schema.required?.includes(p));
  // Marked, as the class's other uses do not require them: the OpenAPI export keeps one component for the class.
  return checked.length ? { ...schema, required: [...(schema.required ?? []), ...checked], [REQUIRED_IN_CODE]: checked } : schema;
}

/** By parameter name, what reads a property of it: compiled once per name (most bodies are named `request`, `form`, `dto`...), not per handler. */
const READS = new Map<string, RegExp>();

/** The property names read from `name` (its getter `name.getX()`, a field or Kotlin's `name.x`) that the body checks, as Jackson names them by default. */
function checkedProperties(index: ProjectIndex, site: MethodSite, name: string): string[] {
  const raw = readMethodBody(index, site.owner, site.method)?.text;
  if (raw === undefined) return [];
  if (!raw.includes(name)) return [];
  const out: string[] = [];
  let read = READS.get(name);
  if (!read) READS.set(name, (read = new RegExp(`^${name.replace(/\$/g, '\\$')}\\??\\.(?:(get|is)([A-Z][\\w$]*)\\(\\)|([a-z_$][\\w$]*))$`)));
  for (const subject of checkedSubjects(raw, codeOnly(raw))) {
    const m = read.exec(subject);
    const property = m && (m[2] ? getterProperty(`get${m[2]}`, false) : m[3]);
    if (property && !out.includes(property)) out.push(property);
  }
  return out;
}
