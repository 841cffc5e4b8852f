// flat() (core/export/utf8-chunks.ts) works by a side effect of V8's: a regular expression that
// reads a rope flattens it. A bundler that takes the call for pure drops it, and nothing else
// notices (the text is the same): rollup did, and the OpenAPI export kept every operation's YAML
// as a rope of thousands of nodes. Bundled here as the build bundles it, the call must remain.
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('keeps the regular expression that flattens a rope in the bundle', async () => {
  const transpiler = fileURLToPath(new URL('../../scripts/rollup-transpile.mjs', import.meta.url));
  const { transpile } = (await import(transpiler)) as { transpile: (o: { tsconfig: string }) => import('rollup').Plugin };
  const bundle = await rollup({
    input: `${ROOT}core/export/utf8-chunks.ts`,
    plugins: [transpile({ tsconfig: `${ROOT}tsconfig.json` })],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const body = /function flat\(s\) \{([\s\S]*?)\n\}/.exec(output[0].code)?.[1];
  expect(body).toBeDefined();
  expect(body).toMatch(/\/\^\/\.test\(s\)/);
});
