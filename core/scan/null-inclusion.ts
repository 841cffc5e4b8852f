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
// promises (Kotlin non-null, a primitive, validation), as for an application writing nulls.

import { applications, relaxedKey, settingByModule } from './json-mapper';
import type { App } from './json-mapper';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';
import type { SourceFile } from './source-model';
import { codeRegistrations } from './types/jackson-registrations';

/** The inclusions that leave a null value out. */
export const NULLS_LEFT_OUT = new Set(['NON_NULL', 'NON_ABSENT', 'NON_EMPTY', 'NON_DEFAULT']);

/**
 * Whether the application(s) whose code `file` is leave null properties out by default, by its
 * module. `props`: a module's application properties (raw keys), by its folder.
 */
export function nullsLeftOut(
  modules: readonly ModuleInfo[],
  props: (dir: string) => ReadonlyMap<string, string> | undefined,
  index: ProjectIndex,
  read: (path: string) => string | undefined,
): (file: SourceFile) => boolean {
  return settingByModule(applications(modules, props, read), () => codeRegistrations(index).inclusion, leaveNullsOut);
}

/** Whether every application serving a module leaves nulls out: its modules' code, else its properties. */
function leaveNullsOut(serving: readonly App[], code: ReadonlyMap<string, string>): boolean {
  return serving.length > 0 && serving.every((app) => {
    const inCode = [...app.context].map((m) => code.get(m)).find((v) => v !== undefined);
    // Boot binds the enum relaxed: `non_null`, `non-null`, `NON_NULL`.
    const property = app.props.get(relaxedKey('spring.jackson.default-property-inclusion'))?.trim().toUpperCase().replace(/-/g, '_');
    const inclusion = inCode ?? property;
    return inclusion !== undefined && NULLS_LEFT_OUT.has(inclusion);
  });
}
