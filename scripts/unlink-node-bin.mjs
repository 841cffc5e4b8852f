// The `node` dev dependency brings Node 22 for one consumer test (@hoppscotch/cli needs it), which
// calls node_modules/node/bin/node by path. npm also links that binary as node_modules/.bin/node,
// and npm scripts put node_modules/.bin first on PATH: every `npm test` would then run on Node 22,
// where isolated-vm 5 (built for the Node running npm) cannot load. So the link goes.
import { lstatSync, readlinkSync, unlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const link = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node/bin/node')) unlinkSync(link);
} catch (e) {
  if (e.code !== 'ENOENT') throw e;
}
