// Where the consumer programs live. All are dev dependencies, so `npm install` provides them on
// a fresh clone; @hoppscotch/cli needs Node 22, which the `node` package brings as a binary.

import { fileURLToPath } from 'node:url';

const modules = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));

export const HTTPYAC = modules('httpyac/bin/httpyac.js');
export const HOPP = modules('@hoppscotch/cli/bin/hopp.js');
export const NODE22 = modules('node/bin/node');
export const MARKDOWNLINT = modules('markdownlint-cli2/markdownlint-cli2-bin.mjs');
