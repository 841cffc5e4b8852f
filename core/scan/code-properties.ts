// Spring Boot properties an application sets in code rather than in application.yml, where the
// context path and port are often set for a module that has no config file at all:
//   defaults   `new SpringApplicationBuilder(App.class).properties("server.servlet.context-path=/x")`,
//              `app.setDefaultProperties(Map.of(...))` (or a map/Properties filled with put/setProperty
//              and handed to it): Spring's lowest property source, below every file;
//   overrides  `System.setProperty("server.port", "8081")`, above every file, and a
//              `WebServerFactoryCustomizer` calling `factory.setContextPath("/x")` / `setPort(8081)`
//              (Kotlin `factory.contextPath = "/x"`), which sets the server after properties are bound;
//              Spring Boot 1's `EmbeddedServletContainerCustomizer` the same on its container.
// Only values written as literals or constants are read: anything else depends on the running machine,
// and a customizer setting the port or context path from such a value is reported.

import { readFileSync } from 'node:fs';
import type { ProjectIndex, FileEntry, Scope } from './project-index';
import type { ModuleInfo } from './modules';
import type { Diagnostic } from '../model/endpoint';
import { blankComments, splitTop } from './config-text';
import { callsIn, literalValue } from './code-calls';
import { inTestSources } from './source-files';

/** `FileEntry.creates` of a file that may set Spring Boot properties in code. */
export const CODE_PROPERTIES = 'CodeProperties';
/** Words one of which such a file holds (the index looks for them as bytes). */
export const CODE_PROPERTY_NEEDLES = ['SpringApplicationBuilder', 'setDefaultProperties', 'System.setProperty', 'WebServerFactory', 'EmbeddedServletContainer'];

export interface CodeProperties {
  /** Below application.properties and @PropertySource files. */
  defaults: Map<string, string>;
  /** Above every file. */
  overrides: Map<string, string>;
}

/**
 * Each module's properties set in code, by module folder (modules setting none are absent).
 * `diagnostics`: where a customizer setting them from a value unknown before the application runs is reported.
 */
export function codeProperties(index: ProjectIndex, modules: readonly ModuleInfo[], diagnostics?: Diagnostic[]): Map<string, CodeProperties> {
  const out = new Map<string, CodeProperties>();
  const entries = [...index.files.values()]
    .filter((e) => e.creates?.includes(CODE_PROPERTIES) && !inTestSources(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of entries) {
    const module = modules.find((m) => m.name === entry.module);
    if (!module) continue;
    const found = propertiesIn(index, entry, diagnostics);
    if (![...found.defaults.keys(), ...found.overrides.keys()].some((k) => SCANNED_KEYS.test(k))) continue;
    const mine = out.get(module.dir) ?? out.set(module.dir, { defaults: new Map(), overrides: new Map() }).get(module.dir)!;
    for (const [k, v] of found.defaults) if (SCANNED_KEYS.test(k)) mine.defaults.set(k, v);
    for (const [k, v] of found.overrides) if (SCANNED_KEYS.test(k)) mine.overrides.set(k, v);
  }
  return out;
}

/** The properties found, as text that differs when they do. */
export function codePropertiesKey(found: ReadonlyMap<string, CodeProperties>): string {
  return JSON.stringify([...found].map(([dir, c]) => [dir, [...c.defaults], [...c.overrides]]));
}

/**
 * The properties the scan reads (paths, ports, Jackson's dates). Others (`java.awt.headless`)
 * would make a library module calling System.setProperty look like an application with config
 * of its own, which keeps it from taking the servlet paths of the application serving it.
 */
const SCANNED_KEYS = /^(?:server|spring|management|quarkus|grpc)\./;

/** `props` (a module's files) with the code's defaults below and its overrides above. */
export function withCodeProperties(props: Map<string, string>, code: CodeProperties | undefined): Map<string, string> {
  if (!code) return props;
  const out = new Map(code.defaults);
  for (const [k, v] of props) out.set(k, v);
  for (const [k, v] of code.overrides) out.set(k, v);
  return out;
}

/**
 * The config names the code sets (`spring.config.name`, Apache Syncope's `core`): Spring Boot
 * then reads core.properties / core.yml instead of application.*. A placeholder or a path is only
 * known when the application runs.
 */
export function configNamesOf(code: CodeProperties | undefined): string[] | undefined {
  const value = code?.overrides.get('spring.config.name') ?? code?.defaults.get('spring.config.name');
  const names = value?.split(',').map((n) => n.trim());
  return names?.length && names.every((n) => /^[\w.-]+$/.test(n)) ? names : undefined;
}

/** The web server factory setters a customizer calls, as the property each stands for. */
const FACTORY_SETTERS: Record<string, string> = { ContextPath: 'server.servlet.context-path', Port: 'server.port' };

function propertiesIn(index: ProjectIndex, entry: FileEntry, diagnostics?: Diagnostic[]): CodeProperties {
  const found: CodeProperties = { defaults: new Map(), overrides: new Map() };
  let text: string;
  try {
    text = entry.text ?? readFileSync(entry.abs, 'utf8');
  } catch {
    return found;
  }
  const code = blankComments(text);
  const file = index.parse(entry);
  const scope: Scope | undefined = file ? { type: file.types[0], file } : undefined;
  const value = (arg: string | undefined) => (arg === undefined ? undefined : literalValue(arg.trim(), index, scope));

  if (code.includes('SpringApplicationBuilder')) {
    // `.properties("k=v", ...)` on the builder (a Map or Properties argument too).
    for (const call of callsIn(code, 'properties', true)) addAll(found.defaults, call, value);
  }
  if (code.includes('setDefaultProperties')) {
    for (const call of callsIn(code, 'setDefaultProperties')) {
      const arg = call[0]?.trim() ?? '';
      if (isMapLiteral(arg)) addAll(found.defaults, [arg], value);
      else {
        // A map or Properties variable: its put / setProperty calls in the same file.
        for (const name of ['put', 'setProperty']) {
          for (const put of callsIn(code, name)) if (!/System\s*$/.test(put.before)) addPair(found.defaults, put[0], put[1], value);
        }
      }
    }
  }
  for (const call of callsIn(code, 'setProperty')) if (/(?:^|[^\w.])System\s*$/.test(call.before)) addPair(found.overrides, call[0], call[1], value);
  if (code.includes('WebServerFactory') || code.includes('EmbeddedServletContainer')) {
    const isFactory = factoryNames(code);
    // Set from a value only the running application knows: today's address stays, and says why.
    const unread = (at: number, setter: string, arg: string | undefined) => {
      if (arg === undefined || value(arg) !== undefined) return;
      const line = code.slice(0, at).split('\n').length;
      const shown = arg.trim().replace(/\s+/g, ' ');
      diagnostics?.push({ file: entry.path, line, message: `a web server customizer sets the ${setter === 'Port' ? 'port' : 'context path'} from ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}, known only when the application runs: the ${setter === 'Port' ? 'port' : 'context path'} of the application's properties is used` });
    };
    for (const [setter, key] of Object.entries(FACTORY_SETTERS)) {
      for (const call of callsIn(code, `set${setter}`)) {
        if (!isFactory(call.before)) continue;
        addPair(found.overrides, `"${key}"`, call[0], value);
        unread(call.offset, setter, call[0]);
      }
      // Kotlin's property syntax: `factory.contextPath = "/x"`.
      const assign = new RegExp(`(?<![\\w$])([\\w$]+)\\s*\\.\\s*${setter[0]!.toLowerCase()}${setter.slice(1)}\\s*=(?!=)\\s*([^\\n;]+)`, 'g');
      for (const m of code.matchAll(assign)) {
        if (!isFactory(m[1]!)) continue;
        const assigned = beforeClosingBrace(m[2]!);
        addPair(found.overrides, `"${key}"`, assigned, value);
        unread(m.index, setter, assigned);
      }
    }
  }
  return found;
}

/** A value written to the end of its line, cut where a lambda on that line closes (`{ it.port = 8081 }`). */
function beforeClosingBrace(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth < 0) return text.slice(0, i);
  }
  return text;
}

/**
 * Whether the text before a `.setPort(` ends with a web server factory: a variable named for one
 * or declared with a `...WebServerFactory` type (a Tomcat `Connector.setPort` beside it is not).
 */
function factoryNames(code: string): (before: string) => boolean {
  const declared = new Set<string>();
  const type = String.raw`\w*(?:WebServerFactory|EmbeddedServletContainer(?:Factory)?)\b`;
  for (const m of code.matchAll(new RegExp(String.raw`\b${type}(?:<[^>]*>)?\s+([a-z_$][\w$]*)|\b([a-z_$][\w$]*)\s*:\s*${type}`, 'g'))) declared.add((m[1] ?? m[2])!);
  // A customizer written as a lambda: `return f -> f.setPort(8081)`, Kotlin's `WebServerFactoryCustomizer<...> { f -> ... }` or `{ it.port = 8081 }`.
  // A Tomcat connector customizer's lambda beside it is not one: the nearest customizer type named before the lambda decides.
  const CUSTOMIZER = /(?:WebServerFactory|EmbeddedServletContainer)Customizer$/;
  for (const m of code.matchAll(/(?:\breturn|=)\s*\(?\s*([a-z_$][\w$]*)\s*\)?\s*->/g)) {
    const named = code.slice(0, m.index).match(/\b[A-Z]\w*Customizer\b/g);
    if (named && CUSTOMIZER.test(named[named.length - 1]!)) declared.add(m[1]!);
  }
  for (const m of code.matchAll(/\b(?:WebServerFactory|EmbeddedServletContainer)Customizer\s*(?:<[^{}()]*>)?\s*\{\s*(?:([a-z_$][\w$]*)\s*->)?/g)) declared.add(m[1] ?? 'it');
  return (before) => {
    const name = /([\w$]+)\s*\.?\s*$/.exec(before)?.[1];
    return name !== undefined && (declared.has(name) || /factory/i.test(name));
  };
}

type Value = (arg: string | undefined) => string | undefined;

function isMapLiteral(arg: string): boolean {
  return /^(?:Map\.of|Map\.ofEntries|Collections\.singletonMap|ImmutableMap\.of|mapOf|hashMapOf|mutableMapOf)\s*\(/.test(arg);
}

/** Every `"k=v"` string, `Map.of(k, v, ...)` and Kotlin `mapOf(k to v)` among `args`. */
function addAll(into: Map<string, string>, args: readonly string[], value: Value): void {
  for (const arg of args) {
    const a = arg.trim();
    if (isMapLiteral(a)) {
      const inner = splitTop(a.slice(a.indexOf('(') + 1, a.lastIndexOf(')')), ',');
      if (inner.some((p) => /\bto\b/.test(p) && splitTop(p, ' to ').length === 2)) {
        for (const p of inner) {
          const [k, v] = splitTop(p, ' to ');
          addPair(into, k, v, value);
        }
      } else {
        // Map.ofEntries(entry(k, v), ...) holds pairs one level down.
        const pairs = inner.flatMap((p) => (/^(?:Map\.)?entry\s*\(/.test(p) ? splitTop(p.slice(p.indexOf('(') + 1, p.lastIndexOf(')')), ',') : [p]));
        for (let i = 0; i + 1 < pairs.length; i += 2) addPair(into, pairs[i], pairs[i + 1], value);
      }
      continue;
    }
    const s = value(a);
    const eq = s === undefined ? -1 : s.search(/[=:]/);
    if (s !== undefined && eq > 0) into.set(s.slice(0, eq).trim(), s.slice(eq + 1).trim());
  }
}

function addPair(into: Map<string, string>, keyText: string | undefined, valueText: string | undefined, value: Value): void {
  const key = value(keyText);
  const v = value(valueText);
  if (key !== undefined && v !== undefined && /^[\w.\-[\]]+$/.test(key)) into.set(key, v);
}
