// A library module's controllers are served by the Spring Boot application that depends on it
// (yudao-module-system inside yudao-server, jeecg-system-biz inside jeecg-system-start): the
// context and servlet paths of that application's application.yml are theirs too.

import { moduleDependencies } from './module-dependencies';
import type { ModuleInfo } from './modules';

/**
 * `modules` with each module that has no application config of its own given the servlet paths of
 * the modules with one that build against it, when they all agree (two applications mounting the
 * same library differently leave it as it is).
 */
export function withApplicationServletPaths(
  modules: readonly ModuleInfo[],
  hasConfig: (dir: string) => boolean,
  read: (path: string) => string | undefined,
): ModuleInfo[] {
  const apps = modules.filter((m) => hasConfig(m.dir));
  // Nothing to hand down when no application sets either path (the build files are not read then).
  if (!apps.some((a) => a.contextPath !== undefined || a.servletPath !== undefined) || apps.length === modules.length) return [...modules];
  const deps = new Map(apps.map((a) => [a.name, moduleDependencies(a.name, modules, read)]));
  return modules.map((m) => {
    if (hasConfig(m.dir)) return m;
    const servedBy = apps.filter((a) => deps.get(a.name)!.has(m.name));
    if (servedBy.length === 0) return m;
    const key = (a: ModuleInfo) => `${a.contextPath ?? ''}\n${a.servletPath ?? ''}`;
    if (servedBy.some((a) => key(a) !== key(servedBy[0]!))) return m;
    const { contextPath, servletPath } = servedBy[0]!;
    const out: ModuleInfo = { ...m };
    if (contextPath !== undefined) out.contextPath = contextPath;
    if (servletPath !== undefined) out.servletPath = servletPath;
    return out;
  });
}
