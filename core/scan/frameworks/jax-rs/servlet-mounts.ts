// Where a JAX-RS application is mounted when no @ApplicationPath says so: the servlet mapping
// of a Jersey / CXF / RESTEasy servlet in a module's web.xml (`<url-pattern>/api/*</url-pattern>`),
// a Spring `new ServletRegistrationBean<>(new CXFServlet(), "/api/*")` in Java or Kotlin code (or
// its `addUrlMappings("/api/*")` / `setUrlMappings(...)` after construction), a servlet added to an
// embedded Tomcat or Jetty or a `ServletContext` in code, a Guice `ServletModule`'s
// `serve("/api/*").with(ServletContainer.class)`,
// or Spring Boot's `spring.jersey.application-path` / CXF's `cxf.path` properties.

import { blankComments, blankXmlComments, matching, splitTop, xmlChild } from '../../config-text';
import { callsIn } from '../../code-calls';

// Jersey 1's Spring integration servlet (`com.sun.jersey.spi.spring.container.servlet.SpringServlet`)
// is a ServletContainer subclass that web.xml names on its own; so is jersey-guice's GuiceContainer.
const JAX_RS_SERVLETS = /ServletContainer|\bGuiceContainer\b|\bSpringServlet\b|CXFServlet|CXFNonSpringJaxrsServlet|HttpServletDispatcher|HttpServlet30Dispatcher|ResteasyServlet/;
const APPLICATION_NAME = /^(javax|jakarta)\.ws\.rs\.core\.Application$/;

export const WEB_XML = 'src/main/webapp/WEB-INF/web.xml';

/** The mount path of the JAX-RS servlet a web.xml declares (`/api`), '' for `/*`, undefined when none. */
export function webXmlMount(xml: string): string | undefined {
  const text = blankXmlComments(xml);
  const names = new Set<string>();
  for (const m of text.matchAll(/<servlet>([\s\S]*?)<\/servlet>/g)) {
    const body = m[1]!;
    const name = xmlChild(body, 'servlet-name');
    const cls = xmlChild(body, 'servlet-class') ?? '';
    const appParam = /<param-name>\s*(javax|jakarta)\.ws\.rs\.Application\s*<\/param-name>/.test(body);
    if (name && (JAX_RS_SERVLETS.test(cls) || appParam || APPLICATION_NAME.test(name))) names.add(name);
  }
  for (const m of text.matchAll(/<servlet-mapping>([\s\S]*?)<\/servlet-mapping>/g)) {
    const name = xmlChild(m[1]!, 'servlet-name');
    const pattern = xmlChild(m[1]!, 'url-pattern');
    if (name && pattern && (names.has(name) || APPLICATION_NAME.test(name))) return mountOf(pattern);
  }
  return undefined;
}

/**
 * The mount of each JAX-RS servlet of a web.xml that names its own application class (the
 * `javax.ws.rs.Application` init-param): class name -> the servlet's first mapping. Gaffer serves
 * `ApplicationConfigV1` at `/v1/*` and `ApplicationConfigV2` at `/v2/*` from one module.
 */
export function webXmlApplicationMounts(xml: string): Map<string, string> {
  const text = blankXmlComments(xml);
  const apps = new Map<string, string>();
  for (const m of text.matchAll(/<servlet>([\s\S]*?)<\/servlet>/g)) {
    const name = xmlChild(m[1]!, 'servlet-name');
    const app = /<param-name>\s*(?:javax|jakarta)\.ws\.rs\.Application\s*<\/param-name>\s*<param-value>\s*([\w$.]+)\s*<\/param-value>/.exec(m[1]!)?.[1];
    if (name && app) apps.set(name, app);
  }
  const out = new Map<string, string>();
  for (const m of text.matchAll(/<servlet-mapping>([\s\S]*?)<\/servlet-mapping>/g)) {
    const app = apps.get(xmlChild(m[1]!, 'servlet-name') ?? '');
    const pattern = xmlChild(m[1]!, 'url-pattern');
    if (app && pattern && !out.has(app)) out.set(app, mountOf(pattern));
  }
  return out;
}

/** `/api/*` -> `/api`; `/*` and `/` -> ''. */
export function mountOf(pattern: string): string {
  const p = pattern.trim().replace(/\/\*$/, '').replace(/\/+$/, '');
  return p === '' ? '' : p.startsWith('/') ? p : `/${p}`;
}


/**
 * The value of a string argument as written. Without the project index only a literal; the scan
 * also folds constants (`ApiPaths.MOUNT`, `Paths.ROOT + "/*"`, see code-calls.ts `stringValue`).
 */
export type ArgValue = (arg: string) => string | undefined;

/** A string literal's value; what a reading without the project index folds. */
export const literalOnly: ArgValue = (arg) => /^"([^"\\]*)"$/.exec(arg.trim())?.[1];

/**
 * The first argument with a string value, looking into a collection built in place
 * (`List.of(Paths.API)`, `listOf(..)`, `Collections.singletonList(..)`).
 */
function firstString(args: readonly string[], value: ArgValue): string | undefined {
  for (const arg of args) {
    const v = value(arg);
    if (v !== undefined) return v;
    const built = /^[\w$.]+\s*(?:<[^<>()]*>)?\s*\(([\s\S]*)\)$/.exec(arg.trim());
    const inner = built ? firstString(splitTop(built[1]!, ','), value) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The arguments of the call whose `(` is at `open`, split at the top level. */
function argsAt(text: string, open: number): string[] {
  const close = matching(text, open);
  return splitTop(text.slice(open + 1, close < 0 ? text.length : close), ',');
}

/**
 * The mount of a JAX-RS servlet registered in Spring code:
 * `new ServletRegistrationBean<>(new ServletContainer(config), "/api/*")`, or a servlet held in
 * a variable when the statement or the bean method's return type names its class
 * (`ServletRegistrationBean<CXFServlet> cxf(CXFServlet servlet) { return new ...(servlet, "/services/*"); }`).
 * The URL may be a constant (`ApiPaths.MOUNT`) when `value` folds them.
 */
export function registrationMount(source: string, value: ArgValue = literalOnly): string | undefined {
  const text = blankComments(source);
  for (const m of text.matchAll(/(?:new\s+)?(?:[\w$]+\.)*ServletRegistrationBean\s*(?:<[^>(]*>)?\s*\(/g)) {
    // The URLs are the arguments after the servlet (`(servlet, "/api/*")`, `(servlet, true, "/api/*")`).
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    const url = firstString(argsAt(text, open).slice(1), value);
    if (url === undefined) continue;
    const context = text.slice(Math.max(0, m.index! - 300), close < 0 ? text.length : close);
    if (JAX_RS_SERVLETS.test(context)) return mountOf(url);
  }
  // The mapping added after construction: `bean.addUrlMappings("/api/*")`, `setUrlMappings(List.of("/api/*"))`,
  // in the same bean method as a registration of a JAX-RS servlet.
  // Kotlin: `.apply { addUrlMappings("/api/*") }` or `urlMappings = listOf("/api/*")`.
  for (const m of text.matchAll(/\b(?:addUrlMappings|setUrlMappings)\s*\(|\burlMappings\s*=/g)) {
    const end = m.index! + m[0].length;
    const url = m[0].endsWith('(') ? firstString(argsAt(text, end - 1), value) : firstString([/^[^;\n]*/.exec(text.slice(end))![0]], value);
    if (url === undefined) continue;
    const context = text.slice(Math.max(0, m.index! - 600), end);
    const method = context.slice(Math.max(context.lastIndexOf('@Bean'), 0));
    if (/ServletRegistrationBean/.test(method) && JAX_RS_SERVLETS.test(method)) return mountOf(url);
  }
  return embeddedMount(text, value) ?? guiceMount(text, value);
}

/**
 * The mount of a JAX-RS servlet added to an embedded or programmatic container, the servlet named
 * in the `addServlet` call or within a few lines before it:
 * Tomcat's `Tomcat.addServlet(ctx, "jersey", servlet)` with `ctx.addServletMappingDecoded("/authz/*", "jersey")`,
 * the Servlet API's `ctx.addServlet("jersey", new ServletContainer(app)).addMapping("/api/*")`,
 * Jetty's `handler.addServlet(new ServletHolder(new ServletContainer(app)), "/api/*")`.
 */
function embeddedMount(text: string, value: ArgValue): string | undefined {
  for (const m of text.matchAll(/\baddServlet\s*\(/g)) {
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    const end = close < 0 ? text.length : close + 1;
    if (!JAX_RS_SERVLETS.test(text.slice(Math.max(0, m.index! - 300), end))) continue;
    const strings = argsAt(text, open).map(value).filter((s): s is string => s !== undefined);
    const path = strings.find((s) => s.startsWith('/') || s.startsWith('*'));
    if (path !== undefined) return mountOf(path);
    const name = strings[0];
    if (name === undefined) continue;
    for (const call of callsIn(text, 'addServletMapping(?:Decoded)?')) {
      const pattern = call.length === 2 && value(call[1]!) === name ? value(call[0]!) : undefined;
      if (pattern !== undefined) return mountOf(pattern);
    }
    const after = callsIn(text.slice(open, end + 600), 'addMapping')[0]?.[0];
    const mapped = after !== undefined ? value(after) : undefined;
    if (mapped !== undefined) return mountOf(mapped);
  }
  return undefined;
}

/**
 * The mount of a JAX-RS servlet (or Jersey 1's container used as a filter) a Guice `ServletModule`
 * maps: `serve("/api/*").with(ServletContainer.class, params)`, `filter("/*").through(GuiceContainer.class)`.
 * The URL may be a local of the method built just before (Apache Ozone Recon:
 * `String all = UriBuilder.fromPath(BASE_API_PATH).path("*").build().toString(); serve(all)...`).
 */
function guiceMount(text: string, value: ArgValue): string | undefined {
  for (const m of text.matchAll(/(?<![\w$.])(serve|filter)\s*\(/g)) {
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    if (close < 0) continue;
    const bound = new RegExp(`^\\s*\\.\\s*${m[1] === 'serve' ? 'with' : 'through'}\\s*\\(`).exec(text.slice(close + 1));
    if (!bound) continue;
    const withOpen = close + bound[0].length;
    if (!JAX_RS_SERVLETS.test(argsAt(text, withOpen)[0] ?? '')) continue;
    for (const arg of argsAt(text, open)) {
      const url = value(arg) ?? localValue(text.slice(0, m.index!), arg.trim(), value);
      if (url !== undefined) return mountOf(url);
    }
  }
  return undefined;
}

/** The value of local `name` by its last assignment in `before`: a string value, or a JAX-RS UriBuilder building one. */
function localValue(before: string, name: string, value: ArgValue): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const assigned = [...before.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*(?::\\s*String\\s*)?=(?!=)\\s*([^;\\n]+)`, 'g'))].pop()?.[1]?.trim();
  if (assigned === undefined) return undefined;
  return value(assigned) ?? uriBuilderValue(assigned, value);
}

/** `UriBuilder.fromPath(BASE).path("*").build().toString()` -> BASE + `/*`. */
function uriBuilderValue(expr: string, value: ArgValue): string | undefined {
  const chain = /^(?:[\w$]+\.)*UriBuilder\s*\.\s*fromPath\s*\(([^()]*)\)((?:\s*\.\s*path\s*\([^()]*\))*)\s*\.\s*build\s*\(\s*\)(?:\s*\.\s*toString\s*\(\s*\))?$/.exec(expr);
  if (!chain) return undefined;
  const parts = [chain[1]!, ...[...chain[2]!.matchAll(/\(([^()]*)\)/g)].map((p) => p[1]!)].map((a) => value(a));
  if (parts.some((p) => p === undefined)) return undefined;
  // UriBuilder.path joins segments with one slash whatever each carries.
  return parts.reduce((path, p) => (path === undefined ? p! : `${path.replace(/\/+$/, '')}/${p!.replace(/^\/+/, '')}`), undefined as string | undefined);
}
