// A library module (controllers, no main class and no application config) served by several Spring
// Boot applications that mount it under different context or servlet paths has no one address: its
// endpoints are listed once per application serving them, under that application's module, so each
// shows, sends and exports with that application's context path and port (jeecg-system-biz inside
// both jeecg-system-start at /jeecg-boot and jeecg-system-cloud-start). The source stays the library's.
// An application serves a controller its component scan reaches: `scanBasePackages`, `@ComponentScan`
// base packages, else its @SpringBootApplication class's package; or any controller of a library
// that declares an auto-configuration (auto-configuration.ts). When the applications agree, the
// library keeps its endpoints and takes their paths (application-servlet-paths.ts). A library's own
// @SpringBootApplication class (Nacos' NamingApp, for running it alone in development) does not
// keep it apart: what decides is that it has no config and no Boot packaging of its own
// (boot-packaging.ts) and applications build it in.

import type { Endpoint } from '../model/endpoint';
import { stringValues } from './annotation-values';
import type { ServedApart } from './application-servlet-paths';
import type { ProjectIndex } from './project-index';
import { findAnnotation } from './source-model';
import { inTestSources } from './source-files';

const APPLICATION = 'SpringBootApplication';

/**
 * `endpoints` with those of each library in `servedApart` (library -> applications) listed under
 * each application whose component scan reaches their class; an endpoint none reaches stays as it is.
 */
export function endpointsByApplication(endpoints: readonly Endpoint[], servedApart: ReadonlyMap<string, ServedApart>, index: ProjectIndex): Endpoint[] {
  if (servedApart.size === 0) return [...endpoints];
  const apps = applications(index);
  const out: Endpoint[] = [];
  for (const e of endpoints) {
    const prefix = `${e.module}:`;
    const served = e.id.startsWith(prefix) ? servedApart.get(e.module) : undefined;
    // A library auto-configuring itself is loaded by every application building it in.
    const servers = !served ? [] : served.by.filter((app) => served.autoConfigured || reaches(apps.get(app), e.className));
    if (servers.length === 0) out.push(e);
    for (const app of servers) out.push({ ...e, module: app, id: `${app}:${e.id.slice(prefix.length)}` });
  }
  return out;
}

/**
 * Each module's @SpringBootApplication classes' scanned packages, by module name. A @Deprecated
 * application class beside one that is not is not what runs (Nacos' console module keeps its old
 * `Nacos` class scanning all of com.alibaba.nacos beside NacosConsole, which scans the console only).
 */
function applications(index: ProjectIndex): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const deprecated = new Map<string, string[]>();
  for (const entry of index.files.values()) {
    if (!entry.annotations.has(APPLICATION) || inTestSources(entry.path)) continue;
    const file = index.parse(entry);
    for (const type of file?.types ?? []) {
      const app = findAnnotation(type.annotations, APPLICATION);
      if (!app) continue;
      const scope = { type, file: file! };
      const scan = findAnnotation(type.annotations, 'ComponentScan');
      const packages = [
        ...(stringValues(index, app, ['scanBasePackages'], scope) ?? []),
        ...(scan ? (stringValues(index, scan, ['basePackages', 'value'], scope) ?? []) : []),
      ];
      const into = findAnnotation(type.annotations, 'Deprecated') ? deprecated : out;
      const list = into.get(entry.module) ?? into.set(entry.module, []).get(entry.module)!;
      list.push(...(packages.length ? packages : [file!.pkg]));
    }
  }
  for (const [module, packages] of deprecated) if (!out.has(module)) out.set(module, packages);
  return out;
}

/** Whether packages scanned reach a class; an application whose main class is not found reaches everything. */
function reaches(packages: readonly string[] | undefined, className: string): boolean {
  return packages === undefined || packages.some((p) => p === '' || className.startsWith(`${p}.`));
}
