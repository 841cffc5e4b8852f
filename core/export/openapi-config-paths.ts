// A mapping path can keep a `${key}` that Spring fills from configuration at startup (the scan
// fills it when the project's configuration has the key, or from the placeholder's default).
// OpenAPI has no such syntax: the `$` stays a literal before a `{key}` template, and clients
// generated into template strings (TypeScript's `${...}`) read it as their own interpolation and
// fail to compile. The scan declares such a key as a path parameter of that name, so the
// document writes it as the plain template `{key}`, and a `${key:default}` left in a path whose
// other key had no value as its default, the value Spring uses when the key is unset. A constant
// the scan could not fold (JAX-RS or Spring) is kept the same way, as `${Holder.NAME}`.

const CONFIG_PLACEHOLDER = /\$\{([^{}:]+)(?::([^{}]*))?\}/g;

export interface ConfigPath {
  /** The path as OpenAPI can read it. */
  path: string;
  /** Keys written as path templates, in order. */
  keys: string[];
}

export function configPlaceholderPath(path: string): ConfigPath {
  if (!path.includes('${')) return { path, keys: [] };
  const keys: string[] = [];
  const out = path.replace(CONFIG_PLACEHOLDER, (_, key: string, fallback: string | undefined) => {
    if (fallback !== undefined) return fallback;
    keys.push(key.trim());
    return `{${key.trim()}}`;
  });
  return { path: out, keys };
}

/**
 * A `${Holder.NAME}` left by a constant the scan could not fold (a library's, `KMSRESTConstants.KEY_RESOURCE`),
 * not a configuration key: the name of a class, then an upper-case constant.
 */
export function isConstantName(key: string): boolean {
  return /^(?:[a-z_][\w$]*\.)*[A-Z][\w$]*\.[A-Z][A-Z0-9_]*$/.test(key);
}

/** What the parameter stands for, when the source gives it no description. */
export function configKeyDescription(key: string): string {
  if (isConstantName(key)) return `The constant ${key}, which is not in the scanned source (a library's): use its value.`;
  return `The configuration property ${key}, which the application puts in this path at startup: use its configured value.`;
}

/** The export's warning for a key written as a path parameter. */
export function configKeyWarning(key: string): string {
  if (isConstantName(key)) return `the constant ${key} is not in the scanned source; written as the path parameter {${key}}`;
  return `the configuration property ${key} has no value in the project's configuration; written as the path parameter {${key}}`;
}
