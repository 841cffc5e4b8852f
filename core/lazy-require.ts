// Native and heavy CommonJS packages (tree-sitter and its grammars, isolated-vm) loaded on first
// use instead of at start: the sidecar answers `hello` before any of them is needed, and a
// session that never parses Kotlin or runs a script never pays for them.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A getter that requires `id` the first time it is called. */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
