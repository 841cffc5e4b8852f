// Jackson's root wrapping (`{"user": {...}}` bodies) per application, as json-mapper-choice.ts
// decides the mapper: an application's ObjectMapper wraps what it writes when its properties say
// `spring.jackson.serialization.wrap-root-value=true`, or its code enables WRAP_ROOT_VALUE
// (jackson-registrations.ts, read per module; the code wins, a customizer runs after the
// properties), and unwraps what it reads for `deserialization.unwrap-root-value` / UNWRAP_ROOT_VALUE.
// The code counts for an application when it is in the modules the application is built of.
// A module shared by several applications is wrapped on a side only when every one of them wraps
// on it: a client of any of them must be told the truth, and most applications do not wrap.

import { applications, relaxedKey, settingByModule } from './json-mapper';
import type { App } from './json-mapper';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';
import type { SourceFile } from './source-model';
import { codeRegistrations } from './types/jackson-registrations';

/** Whether request bodies are read unwrapped (`read`) and responses written wrapped (`write`). */
export interface RootValue {
  read: boolean;
  write: boolean;
}

const OFF: RootValue = { read: false, write: false };

/**
 * The root wrapping of the application(s) whose code `file` is, by its module. `props`: a
 * module's application properties (raw keys), by its folder.
 */
export function rootWrapping(
  modules: readonly ModuleInfo[],
  props: (dir: string) => ReadonlyMap<string, string> | undefined,
  index: ProjectIndex,
  read: (path: string) => string | undefined,
): (file: SourceFile) => RootValue {
  return settingByModule(applications(modules, props, read), () => codeRegistrations(index).rootValue, (serving, code) => {
    const values = serving.map((app) => appRootValue(app, code));
    return values.length ? { read: values.every((v) => v.read), write: values.every((v) => v.write) } : OFF;
  });
}

/**
 * The whole project as one application whose properties say `properties`: what the code of any
 * module turns on or off wins (a SchemaBuilder given a fixed setting, as unit tests build one).
 */
export function oneApplication(index: ProjectIndex, properties: RootValue): (file: SourceFile) => RootValue {
  return () => withCode([...codeRegistrations(index).rootValue.values()], properties);
}

/** One application's wrapping: its modules' code, else its properties. */
function appRootValue(app: App, code: ReadonlyMap<string, { read?: boolean; write?: boolean }>): RootValue {
  const property = (key: string) => app.props.get(relaxedKey(key))?.trim().toLowerCase() === 'true';
  const inCode = [...app.context].map((m) => code.get(m)).filter((c) => c !== undefined);
  return withCode(inCode, { read: property('spring.jackson.deserialization.unwrap-root-value'), write: property('spring.jackson.serialization.wrap-root-value') });
}

/** Each side as the code turns it on or off (on where any of it does), else as the properties say. */
function withCode(inCode: ReadonlyArray<{ read?: boolean; write?: boolean }>, properties: RootValue): RootValue {
  const side = (key: 'read' | 'write') => {
    const said = inCode.map((c) => c[key]).filter((v) => v !== undefined);
    return said.length ? said.some((v) => v) : properties[key];
  };
  return { read: side('read'), write: side('write') };
}
