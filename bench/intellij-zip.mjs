#!/usr/bin/env node
// IntelliJ plugin zip benchmark: unpacks dist/apiscout-intellij-<version>.zip (built by
// `npm run package:intellij`) into a temporary plugins folder and measures the sidecar's process
// start to `hello` answered from the unpacked tree, as the plugin starts it (node <plugin>/sidecar/
// dist/apiscout.mjs serve --stdio), against the checkout's dist/apiscout.mjs in the same run (the
// floor: the ratio is what the zip's layout costs, whatever the machine's load). Also prints the
// zip's size and the number of platform symbols declared in intellij-shell/platform-api (types
// and their public members, as javap lists the compiled declarations).
//   npm run package:intellij && node bench/intellij-zip.mjs [--runs 15]

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

const zipName = fs.readdirSync(path.join(root, 'dist')).find((f) => /^apiscout-intellij-.*\.zip$/.test(f));
if (!zipName) {
  process.stderr.write('bench/intellij-zip: no dist/apiscout-intellij-*.zip: run npm run package:intellij first\n');
  process.exit(1);
}
const zip = path.join(root, 'dist', zipName);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-zip-bench-'));
const config = fs.mkdtempSync(path.join(tmp, 'config-'));
execFileSync('jar', ['xf', zip], { cwd: tmp });
const unpacked = path.join(tmp, 'apiscout/sidecar/dist/apiscout.mjs');
const checkout = path.join(root, 'dist/apiscout.mjs');

async function startToHello(bundle) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [bundle, 'serve', '--stdio'], { cwd: tmp, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, APISCOUT_CONFIG_DIR: config } });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  const hello = await connection.sendRequest('hello', { client: 'bench' });
  const ms = performance.now() - t0;
  if (!hello.uiUrl) throw new Error('hello carries no UI URL');
  await connection.sendRequest('shutdown', {});
  await connection.sendNotification('exit');
  await new Promise((r) => child.on('exit', r));
  connection.dispose();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const zipTimes = [];
const floorTimes = [];
await startToHello(unpacked); // warm the file cache for both
await startToHello(checkout);
for (let i = 0; i < runs; i++) {
  // Interleaved, so both see the same machine load.
  zipTimes.push(await startToHello(unpacked));
  floorTimes.push(await startToHello(checkout));
}

function platformSymbols() {
  const classesDir = path.join(root, 'intellij-shell/platform-api/target/classes');
  if (!fs.existsSync(classesDir)) return null;
  const classes = fs.readdirSync(classesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.class')).map((f) => f.slice(0, -6).split(path.sep).join('.'));
  const out = execFileSync('javap', ['-public', '-cp', classesDir, ...classes], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  // Types other than the compiler's own (DefaultImpls, WhenMappings) and their declared members, less
  // the Companion fields Kotlin adds for companion objects.
  let types = 0;
  let members = 0;
  let counting = false;
  for (const line of out.split('\n')) {
    if (/^(public |final |abstract )*[\w ]*(class|interface|enum|@interface) /.test(line)) {
      counting = !/\$(DefaultImpls|WhenMappings)\b/.test(line);
      if (counting) types++;
    } else if (counting && /^ {2}\S.*[;)]\s*$/.test(line) && !/ Companion;$/.test(line) && !/static \{\};/.test(line)) members++;
  }
  return { types, members };
}

const symbols = platformSymbols();
const zipMs = median(zipTimes);
const floorMs = median(floorTimes);
console.log(`zip: ${zipName}, ${(fs.statSync(zip).size / 1024 / 1024).toFixed(1)} MiB packed, ${runs} runs each`);
console.log(`sidecar start to hello, unpacked zip: median ${zipMs.toFixed(0)} ms (min ${Math.min(...zipTimes).toFixed(0)}, max ${Math.max(...zipTimes).toFixed(0)})`);
console.log(`sidecar start to hello, checkout dist (floor): median ${floorMs.toFixed(0)} ms; ratio zip/floor ${(zipMs / floorMs).toFixed(2)}`);
if (symbols) console.log(`platform symbols declared in intellij-shell/platform-api: ${symbols.types} types, ${symbols.members} members (${symbols.types + symbols.members} in all)`);
fs.rmSync(tmp, { recursive: true, force: true });
