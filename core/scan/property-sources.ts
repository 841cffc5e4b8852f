// Spring's `@PropertySource`: a configuration class adds property files from the classpath to the
// application's Environment, below application.properties. Some applications keep their
// `server.servlet.context-path` or `server.port` there (Nacos' server and console), so the module's
// paths and address are read from them too.
//
// Only files the module's own resources hold (or, failing that, exactly one other module's: a shared
// config module on the classpath) are read; `file:` locations and names built from placeholders
// depend on the machine the application runs on. A location without `classpath:` is the resource
// loader's: a war deployed to a servlet container resolves it in the web application
// (`@PropertySource("WEB-INF/app.properties")`, src/main/webapp), so that is looked in too.

import type { Diagnostic } from '../model/endpoint';
import { stringValues, isTrue } from './annotation-values';
import type { ProjectIndex } from './project-index';
import type { ModuleInfo } from './modules';
import type { Annotation, SourceFile, TypeDecl } from './source-model';
import { simpleName } from './source-model';
import { inTestSources } from './source-files';

const RESOURCES = 'src/main/resources';
const WEBAPP = 'src/main/webapp';
/** The annotation names a file header must hold for the file to be looked at. */
export const PROPERTY_SOURCE_ANNOTATIONS = ['PropertySource', 'PropertySources'] as const;

/**
 * The property files each module's `@PropertySource` classes add, by module folder, as paths
 * relative to the root in the order Spring adds them (a later file's value wins over an earlier
 * one's). `exists` says whether a root-relative path is a file.
 */
export function propertySourceFiles(index: ProjectIndex, modules: readonly ModuleInfo[], exists: (path: string) => boolean, diagnostics: Diagnostic[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const entries = [...index.files.values()]
    .filter((e) => PROPERTY_SOURCE_ANNOTATIONS.some((a) => e.annotations.has(a)) && !inTestSources(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of entries) {
    const file = index.parse(entry);
    const module = modules.find((m) => m.name === entry.module);
    if (!file || !module) continue;
    for (const { ann, type } of propertySourceAnnotations(file)) {
      const locations = stringValues(index, ann, ['value'], { type, file }) ?? [];
      for (const location of locations) {
        const path = resourcePath(location, module, modules, exists);
        if (typeof path === 'string') {
          const list = out.get(module.dir) ?? out.set(module.dir, []).get(module.dir)!;
          if (!list.includes(path)) list.push(path);
        } else if (path.missing && !isTrue(ann.args.ignoreResourceNotFound)) {
          const where = path.webapp ? `${RESOURCES} or ${WEBAPP}, or another module's ${RESOURCES}` : `${RESOURCES} or another module's`;
          diagnostics.push({ file: entry.path, line: ann.line, message: `@PropertySource("${location}"): no ${path.missing} in ${module.dir || 'the root module'}'s ${where}; its properties are not read` });
        }
      }
    }
  }
  return out;
}

/** `@PropertySource` on every type of the file, `@PropertySources({...})`'s included. */
function* propertySourceAnnotations(file: SourceFile): Generator<{ ann: Annotation; type: TypeDecl }> {
  const visit = function* (type: TypeDecl): Generator<{ ann: Annotation; type: TypeDecl }> {
    for (const ann of type.annotations) {
      const name = simpleName(ann.name);
      if (name === 'PropertySource') yield { ann, type };
      else if (name === 'PropertySources') {
        const value = ann.args.value;
        for (const item of value?.kind === 'array' ? value.items : value ? [value] : []) {
          if (item.kind === 'annotation' && simpleName(item.annotation.name) === 'PropertySource') yield { ann: item.annotation, type };
        }
      }
    }
    for (const nested of type.nested) yield* visit(nested);
  };
  for (const type of file.types) yield* visit(type);
}

/**
 * Where a location of the classpath lies in the project: the module's resources first, else (a
 * location without `classpath:`) its web application, else the one other module whose resources
 * hold it. `{ missing }` names the resource when none does, `webapp` when the web application was
 * looked in; `{}` for a location that is not on the classpath or not known before the application runs.
 */
function resourcePath(location: string, module: ModuleInfo, modules: readonly ModuleInfo[], exists: (path: string) => boolean): string | { missing?: string; webapp?: boolean } {
  const m = /^(classpath\*?:)?\/*(.+)$/.exec(location.trim());
  const name = m?.[2];
  // XML property files (`Properties.loadFromXML`) are not read.
  if (!name || location.includes('${') || /^[a-z][\w+.-]*:/i.test(name) || !/\.(?:properties|ya?ml)$/.test(name)) return {};
  const under = (dir: string, folder = RESOURCES) => [dir, folder, name].filter(Boolean).join('/');
  if (exists(under(module.dir))) return under(module.dir);
  const webapp = m![1] === undefined;
  if (webapp && exists(under(module.dir, WEBAPP))) return under(module.dir, WEBAPP);
  const others = modules.filter((o) => o !== module && exists(under(o.dir)));
  return others.length === 1 ? under(others[0]!.dir) : { missing: name, webapp };
}
