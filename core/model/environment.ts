// Environments (spec §2.5): named sets of variables that fill `{{name}}` / `${name}` placeholders
// when a request is sent or exported. Shared by the caller (core/call), the exporters (core/export)
// and the stores (core/env). Serialisable; imports nothing.

export interface EnvironmentVariable {
  key: string;
  value: string;
  /** A secret's value is kept out of project files (stored per user) and out of logs. */
  secret?: boolean;
}

export interface Environment {
  name: string;
  variables: EnvironmentVariable[];
}

/**
 * Finds a placeholder's value. Lookup order is the active environment, then the config reader;
 * `undefined` means no value, and the placeholder stays as written.
 */
export type VariableLookup = (name: string) => string | undefined;
