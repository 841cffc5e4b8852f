// Which properties Jackson leaves out of what it writes: `@JsonInclude(Include.NON_NULL)` (or
// NON_ABSENT, NON_EMPTY, NON_DEFAULT: each leaves nulls out) on a property or its class, else the
// application's default, `spring.jackson.default-property-inclusion` or the mapper's code
// (`setSerializationInclusion`, `setDefaultPropertyInclusion`, a builder's `serializationInclusion`,
// jackson-registrations.ts; the code wins). Decided per application as root-wrapping.ts does: a
// module shared by several applications leaves nulls out only where each of them does.
// The model kept simple and faithful: the schema never says a property is null-valued but where
// its type is (`Void`, a `Result<Void>`'s `T data`); such a property is always null, so where
// nulls are left out it is never written: the response's schema and example do not list it.
// Any other property may or may not be null at run time; its `required` says what the declaration
// promises (Kotlin non-null, validation), unless the inclusion may leave that value out too (an
// empty String under NON_EMPTY, a 0 under NON_DEFAULT: types/inclusion.ts).

import { applications, relaxedKey, settingByModule } from './json-mapper';
import type { App } from './json-mapper';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';
import type { SourceFile } from './source-model';
import { codeRegistrations } from './types/jackson-registrations';
import { includeOf, weakest } from './types/inclusion';
import type { Include } from './types/inclusion';

/**
 * The inclusion the application(s) whose code `file` is apply by default, by its module: what
 * leaves out the least among them (ALWAYS where one writes nulls). `props`: a module's application
 * properties (raw keys), by its folder.
 */
export function defaultInclusion(
  modules: readonly ModuleInfo[],
  props: (dir: string) => ReadonlyMap<string, string> | undefined,
  index: ProjectIndex,
  read: (path: string) => string | undefined,
): (file: SourceFile) => Include {
  return settingByModule(applications(modules, props, read), () => codeRegistrations(index).inclusion, appsInclusion);
}

/** The inclusion every application serving a module applies: its modules' code, else its properties. */
function appsInclusion(serving: readonly App[], code: ReadonlyMap<string, string>): Include {
  return weakest(serving.map((app) => {
    const inCode = [...app.context].map((m) => code.get(m)).find((v) => v !== undefined);
    // Boot binds the enum relaxed: `non_null`, `non-null`, `NON_NULL`.
    return includeOf(inCode ?? app.props.get(relaxedKey('spring.jackson.default-property-inclusion')));
  }));
}
