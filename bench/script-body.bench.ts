// A 1 GiB spilled response body through an after-script (issue 23): the script asks for the body
// (refused past the 16 MB cap, with the cap named) and saves it with response.saveBody (copied file
// to file). Prints the time and the process's peak RSS against its RSS before the run.
//   npx vite-node bench/script-body.bench.ts [--gib 1]
import { mkdtempSync, rmSync, statSync, writeFileSync, openSync, closeSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptRunner } from '../scripts-sandbox/runner';
import { saveBodyWithin } from '../scripts-sandbox/save-body';

const i = process.argv.indexOf('--gib');
const gib = i > 0 ? Number(process.argv[i + 1]) : 1;
const size = Math.round(gib * 1024 ** 3);
const dir = mkdtempSync(join(tmpdir(), 'apiscout-bench-body-'));
try {
  const file = join(dir, 'spill.bin');
  // Real bytes, written in 8 MB blocks: a sparse file would make the copy too cheap.
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(8 * 1024 * 1024, 'a');
  for (let done = 0; done < size; done += block.length) writeSync(fd, block, 0, Math.min(block.length, size - done));
  closeSync(fd);
  writeFileSync(join(dir, 'marker'), '');
  const restKb = process.resourceUsage().maxRSS;
  const runner = new ScriptRunner();
  const start = process.hrtime.bigint();
  const result = await runner.runAfter(
    { name: 'bench.js', language: 'js', code: `try { response.body() } catch (e) { logger.info(e.message) }\nresponse.saveBody('out/body.bin')` },
    { method: 'GET', url: 'http://127.0.0.1/big', headers: [], body: null },
    { status: 200, headers: [{ name: 'Content-Type', value: 'application/octet-stream' }], body: { size, file, read: () => { throw new Error('the bench body must not be read into memory'); } }, text: false },
    { storage: { read: () => ({}), apply: () => undefined }, saveBody: saveBodyWithin(join(dir, 'project')) },
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  runner.dispose();
  const saved = statSync(join(dir, 'project/out/body.bin')).size;
  console.log(`body ${gib} GiB: after-script ${ms.toFixed(0)} ms, saved ${saved} bytes; log: ${result.logs[0]?.text}`);
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (at rest before the run: ${(restKb / 1024).toFixed(0)} MB)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
