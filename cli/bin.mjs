#!/usr/bin/env node
// The `apiscout` command: runs the rollup bundle. `npm install` builds it (prepare script).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/apiscout.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('apiscout: the bundle dist/apiscout.mjs is missing; run `npm run build` in the apiscout folder.\n');
  process.exit(2);
}
await import(bundle.href);
