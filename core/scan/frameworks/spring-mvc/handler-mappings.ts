// A project's own RequestMappingHandlerMapping (Spring MVC or WebFlux) may decide which beans are
// controllers by overriding `isHandler`: spring-boot-admin maps every `@AdminController` class,
// an annotation that carries no @Controller at all. The annotations such an override tests for
// are stereotypes too, read from the file's text before any candidate file is chosen.

import { readFileSync } from 'node:fs';
import { blankComments, matching } from '../../config-text';

/** Supertypes whose subclasses (named or anonymous) may override `isHandler`. */
export const HANDLER_MAPPING_SUPERS = ['RequestMappingHandlerMapping'];

/** Calls that test a class for an annotation given as a class literal. */
const ANNOTATION_TEST = /\b(?:hasAnnotation|isAnnotationPresent|findAnnotation|findMergedAnnotation|getAnnotation|isAnnotated)\s*\(([^()]*?)\b([A-Z][\w$]*)\.class\s*\)/g;

/** The simple names of the annotations the file's `isHandler` overrides accept ([] when none). */
export function handlerAnnotations(abs: string): string[] {
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    return [];
  }
  if (!text.includes('isHandler')) return [];
  // Kotlin spells a class literal `X::class.java` (or `X::class` where a KClass is taken).
  const code = blankComments(text).replace(/::class\.java\b/g, '.class').replace(/::class\b/g, '.class');
  const out: string[] = [];
  for (const m of code.matchAll(/\b(?:boolean|fun)\s+isHandler\s*\(/g)) {
    // The declaration (never a `super.isHandler(..)` call): its parameter list, then its body: `{ ... }` or Kotlin's `= expression`.
    const close = matching(code, m.index! + m[0].length - 1);
    if (close < 0) continue;
    const rest = code.slice(close + 1);
    const open = /^[^{;=]*(\{|=)/.exec(rest);
    if (!open) continue;
    const start = close + 1 + open[0].length - 1;
    const end = open[1] === '{' ? matching(code, start) : code.indexOf('\n', start + 1);
    const body = code.slice(start, end < 0 ? code.length : end);
    for (const t of body.matchAll(ANNOTATION_TEST)) if (!out.includes(t[2]!)) out.push(t[2]!);
  }
  return out;
}
