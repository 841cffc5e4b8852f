// Spring's property placeholders in application properties, filled from the properties themselves.

/** How deep a value's placeholders are followed into other keys' values. */
const MAX_PLACEHOLDER_DEPTH = 8;

/**
 * `${key}` and `${key:default}` filled from the same properties, as Spring fills them when
 * nothing outside the files (an environment variable, a command-line argument) sets the key: the
 * value a developer's local run gets. A key with no value and no default stays as written.
 */
export function resolvePlaceholders(value: string | undefined, props: { get(key: string): string | undefined }, depth = 0): string | undefined {
  if (value === undefined || !value.includes('${') || depth >= MAX_PLACEHOLDER_DEPTH) return value;
  return value.replace(/\$\{([^${}:]+)(?::([^${}]*))?\}/g, (whole, key: string, fallback: string | undefined) => {
    const found = resolvePlaceholders(props.get(key.trim()), props, depth + 1);
    return found !== undefined && !found.includes('${') ? found : fallback ?? whole;
  });
}
