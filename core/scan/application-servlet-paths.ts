// A library module's controllers are served by the Spring Boot application that depends on it
// (yudao-module-system inside yudao-server, jeecg-system-biz inside jeecg-system-start): the
// context and servlet paths of that application's application.yml are theirs too, and so is the
// port it listens on (Send and exports go there: yudao-server's 48080, not 8080), and the mount of
// its JAX-RS servlet (`cxf.path`).

import { declaresAutoConfiguration } from './auto-configuration';
import { bootPackaged } from './boot-packaging';
import { moduleDependencies } from './module-dependencies';
import type { ModuleInfo } from './modules';

/** The applications serving a library apart (by name), and whether it auto-configures itself into each of them (auto-configuration.ts). */
export interface ServedApart {
  by: string[];
  autoConfigured: boolean;
}

/**
 * `modules` with each module that has no application config of its own given the servlet paths,
 * and apart from them the listen address, of the modules with one that build against it, when
 * they all agree (two applications mounting the same library differently leave it as it is, and
 * `servedApart` gets the library's name -> those applications' names, for endpoints-by-application.ts).
 */
export function withApplicationServletPaths(
  modules: readonly ModuleInfo[],
  hasConfig: (dir: string) => boolean,
  read: (path: string) => string | undefined,
  servedApart?: Map<string, ServedApart>,
): ModuleInfo[] {
  const apps = modules.filter((m) => hasConfig(m.dir));
  // Nothing to hand down when no application sets either path (the build files are not read then).
  if (!apps.some((a) => a.contextPath !== undefined || a.servletPath !== undefined || a.listen !== undefined || a.jaxRsPath !== undefined) || apps.length === modules.length) return [...modules];
  const deps = new Map(apps.map((a) => [a.name, moduleDependencies(a.name, modules, read)]));
  return modules.map((m) => {
    if (hasConfig(m.dir)) return m;
    const servedBy = apps.filter((a) => deps.get(a.name)!.has(m.name));
    if (servedBy.length === 0) return m;
    const agreed = (key: (a: ModuleInfo) => string) => servedBy.every((a) => key(a) === key(servedBy[0]!));
    const out: ModuleInfo = { ...m };
    const { contextPath, servletPath, listen } = servedBy[0]!;
    if (agreed((a) => `${a.contextPath ?? ''}\n${a.servletPath ?? ''}`)) {
      if (contextPath !== undefined) out.contextPath = contextPath;
      if (servletPath !== undefined) out.servletPath = servletPath;
    } else if (servedApart && !bootPackaged(m, read)) {
      // Listed under the applications serving it, unless its own build packages it as an
      // application (boot-packaging.ts): that one runs on its own.
      const autoConfigured = declaresAutoConfiguration(m, read);
      // Loaded into every application building it in, it is listed under the nearest: not under a
      // launcher that builds in the applications serving it and sets no port or path of its own
      // (nacos-bootstrap, which starts nacos-server and the console). One that does serves it
      // itself (pig-boot, all of pig's services in one at /admin).
      const launcher = (a: ModuleInfo) => a.listen === undefined && a.contextPath === undefined && a.servletPath === undefined && servedBy.some((b) => b !== a && deps.get(a.name)!.has(b.name));
      const by = autoConfigured ? servedBy.filter((a) => !launcher(a)) : servedBy;
      servedApart.set(m.name, { by: by.map((a) => a.name).sort(), autoConfigured });
    }
    if (listen && agreed((a) => JSON.stringify(a.listen ?? {}))) out.listen = listen;
    // The JAX-RS servlet's mount (`cxf.path`) is the serving application's too.
    const jaxRsPath = servedBy[0]!.jaxRsPath;
    if (jaxRsPath !== undefined && agreed((a) => a.jaxRsPath ?? '')) out.jaxRsPath = jaxRsPath;
    return out;
  });
}
