// `spring.config.name` set by the application's own main class (Apache Syncope's
// `new SpringApplicationBuilder(App.class).properties("spring.config.name:core")`, or
// `Map.of("spring.config.name", "core")`, `System.setProperty("spring.config.name", "core")`):
// Spring Boot then reads core.properties / core.yml instead of application.*, and the module's
// context path, servlet mounts and port are there.

import { blankComments } from './config-text';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';

/** The annotation a main class's file header holds: only those files are read. */
export const MAIN_CLASS_ANNOTATION = 'SpringBootApplication';

/** `"spring.config.name:core"` / `"--spring.config.name=core"`, or the key and its value as two literals. */
const NAME_SET = /"(?:--)?spring\.config\.name\s*[:=]\s*([^"]*)"|"spring\.config\.name"\s*,\s*"([^"]*)"/g;

/**
 * The config names each module's `@SpringBootApplication` classes set, by module folder. A module
 * whose classes set different names (two applications) keeps Spring's default. `read` gives a
 * root-relative file's text.
 */
export function configNamesByModule(index: ProjectIndex, modules: readonly ModuleInfo[], read: (path: string) => string | undefined): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  const entries = [...index.files.values()]
    .filter((e) => e.annotations.has(MAIN_CLASS_ANNOTATION) && !e.path.includes('/src/test/'))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of entries) {
    const module = modules.find((m) => m.name === entry.module);
    const text = module && read(entry.path);
    if (!module || text === undefined) continue;
    for (const m of blankComments(text).matchAll(NAME_SET)) {
      const names = (m[1] ?? m[2] ?? '').split(',').map((n) => n.trim());
      // A placeholder or a path is only known when the application runs.
      if (names.length === 0 || names.some((n) => !/^[\w.-]+$/.test(n))) continue;
      (found.get(module.dir) ?? found.set(module.dir, new Set()).get(module.dir)!).add(names.join(','));
    }
  }
  const out = new Map<string, string[]>();
  for (const [dir, sets] of found) if (sets.size === 1) out.set(dir, [...sets][0]!.split(','));
  return out;
}
