// The bundle on each Node the README supports: this process's (20) and 22, which the `node` dev
// dependency brings as a binary. A command's stderr holds only what apiscout means to say: V8
// prints a flag it does not know there, on every run (cli/jit-tuning.ts, cli/tiering-flag.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tieringFlag } from '../../cli/tiering-flag';
import { NODE22 } from '../export/consumers';

const BUNDLE = fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

describe('the CLI on each supported Node', () => {
  for (const [name, node] of [['this Node', process.execPath], ['Node 22', NODE22]] as const) {
    it(`${name}: a scan prints its endpoints and nothing on stderr`, () => {
      const run = spawnSync(node, [BUNDLE, 'scan', '--no-cache', SHOP], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('GET    /api/v1/catalog/categories/tree');
    });
  }

  it('sets each V8 the tiering flag it knows, and none on a Node it was not measured on', () => {
    expect(tieringFlag('20.18.0')).toBe('--interrupt-budget=1000000');
    expect(tieringFlag('22.23.3')).toBe('--invocation-count-for-turbofan=45000');
    expect(tieringFlag('24.1.0')).toBe('--invocation-count-for-turbofan=45000');
    expect(tieringFlag('21.7.3')).toBeUndefined();
  });
});
