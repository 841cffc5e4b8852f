// A body schema's references point into its own `$defs` (`#/$defs/Name`, core/scan/types): one
// reader of them for the page's checks and pickers.

/** The `$defs` name a reference points to. */
export const refName = (ref: string): string => ref.replace(/^#\/\$defs\//, '');

/** Follows one reference into `defs`; a schema that is none, or points nowhere, is itself. */
export function derefIn<S extends { $ref?: string }>(defs: Readonly<Record<string, S>>): (s: S) => S {
  return (s) => (s.$ref ? (defs[refName(s.$ref)] ?? s) : s);
}
