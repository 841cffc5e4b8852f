// Where a JAX-RS application is mounted when no @ApplicationPath says so: the servlet mapping
// of a Jersey / CXF / RESTEasy servlet in a module's web.xml (`<url-pattern>/api/*</url-pattern>`),
// a Spring `new ServletRegistrationBean<>(new CXFServlet(), "/api/*")` in Java or Kotlin code (or
// its `addUrlMappings("/api/*")` / `setUrlMappings(...)` after construction), a servlet added to an
// embedded Tomcat or Jetty or a `ServletContext` in code,
// or Spring Boot's `spring.jersey.application-path` / CXF's `cxf.path` properties.

import { blankComments, blankXmlComments, matching, xmlChild } from '../../config-text';

// Jersey 1's Spring integration servlet (`com.sun.jersey.spi.spring.container.servlet.SpringServlet`)
// is a ServletContainer subclass that web.xml names on its own.
const JAX_RS_SERVLETS = /ServletContainer|\bSpringServlet\b|CXFServlet|CXFNonSpringJaxrsServlet|HttpServletDispatcher|HttpServlet30Dispatcher|ResteasyServlet/;
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
 * The mount of a JAX-RS servlet registered in Spring code:
 * `new ServletRegistrationBean<>(new ServletContainer(config), "/api/*")`, or a servlet held in
 * a variable when the statement or the bean method's return type names its class
 * (`ServletRegistrationBean<CXFServlet> cxf(CXFServlet servlet) { return new ...(servlet, "/services/*"); }`).
 */
export function registrationMount(source: string): string | undefined {
  const text = blankComments(source);
  for (const m of text.matchAll(/(?:new\s+)?(?:[\w$]+\.)*ServletRegistrationBean\s*(?:<[^>(]*>)?\s*\(/g)) {
    // The URL is an argument of this constructor call, not a string somewhere after it.
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    const args = text.slice(open, close < 0 ? text.length : close);
    const url = /"([^"]*)"/.exec(args);
    if (!url) continue;
    const context = text.slice(Math.max(0, m.index! - 300), open + args.length);
    if (JAX_RS_SERVLETS.test(context)) return mountOf(url[1]!);
  }
  // The mapping added after construction: `bean.addUrlMappings("/api/*")`, `setUrlMappings(List.of("/api/*"))`,
  // in the same bean method as a registration of a JAX-RS servlet.
  // Kotlin: `.apply { addUrlMappings("/api/*") }` or `urlMappings = listOf("/api/*")`.
  for (const m of text.matchAll(/(?:\b(?:addUrlMappings|setUrlMappings)\s*\(|\burlMappings\s*=)([^;"]*)"([^"]*)"/g)) {
    const context = text.slice(Math.max(0, m.index! - 600), m.index! + m[0].length);
    const method = context.slice(Math.max(context.lastIndexOf('@Bean'), 0));
    if (/ServletRegistrationBean/.test(method) && JAX_RS_SERVLETS.test(method)) return mountOf(m[2]!);
  }
  return embeddedMount(text);
}

/**
 * The mount of a JAX-RS servlet added to an embedded or programmatic container, the servlet named
 * in the `addServlet` call or within a few lines before it:
 * Tomcat's `Tomcat.addServlet(ctx, "jersey", servlet)` with `ctx.addServletMappingDecoded("/authz/*", "jersey")`,
 * the Servlet API's `ctx.addServlet("jersey", new ServletContainer(app)).addMapping("/api/*")`,
 * Jetty's `handler.addServlet(new ServletHolder(new ServletContainer(app)), "/api/*")`.
 */
function embeddedMount(text: string): string | undefined {
  for (const m of text.matchAll(/\baddServlet\s*\(/g)) {
    const open = m.index! + m[0].length - 1;
    const close = matching(text, open);
    const args = text.slice(open, close < 0 ? text.length : close + 1);
    if (!JAX_RS_SERVLETS.test(text.slice(Math.max(0, m.index! - 300), open + args.length))) continue;
    const strings = [...args.matchAll(/"([^"]*)"/g)].map((s) => s[1]!);
    const path = strings.find((s) => s.startsWith('/') || s.startsWith('*'));
    if (path !== undefined) return mountOf(path);
    const name = strings[0];
    if (name === undefined) continue;
    const byName = new RegExp(`\\baddServletMapping(?:Decoded)?\\s*\\(\\s*"([^"]*)"\\s*,\\s*"${name.replace(/[^\w-]/g, '\\$&')}"`).exec(text);
    if (byName) return mountOf(byName[1]!);
    const after = /\baddMapping\s*\(\s*"([^"]*)"/.exec(text.slice(open, open + args.length + 600));
    if (after) return mountOf(after[1]!);
  }
  return undefined;
}
