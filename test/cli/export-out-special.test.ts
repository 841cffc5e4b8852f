// `export --out` into a place no folder can be made in: /proc (where Node's recursive mkdir used
// to loop forever), under a file, in a read-only folder. Each fails with exit 2 and one line
// naming the path; a child that never ends fails the test by its timeout and is killed after.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeDirs } from '../../core/store/make-dirs';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const CONTROLLER = `package org.example;

import org.springframework.web.bind.annotation.*;

@RestController
class PingController {
  @GetMapping("/ping")
  public String ping() { return "pong"; }
}
`;

let work: string;
let project: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-out-special-'));
  project = join(work, 'project');
  const file = join(project, 'src/main/java/org/example/PingController.java');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, CONTROLLER);
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of readdirSync(work)) chmodSync(join(work, d), 0o755);
  rmSync(work, { recursive: true, force: true });
});

function exportTo(out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'export', '--format', 'openapi', '--out', out, project], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** Exit 2 and a single line naming `path` with `reason`, no errno, no temp file. */
async function refused(out: string, path: string, reason: RegExp): Promise<void> {
  const r = await exportTo(out);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(path);
  expect(lines[0]).toMatch(reason);
  expect(lines[0]).not.toMatch(/\bE[A-Z]{3,}\b|\.tmp\b/);
}

describe('export --out where no folder can be made', () => {
  it.runIf(existsSync('/proc/self'))('a folder under /proc fails at once, naming the path', async () => {
    await refused('/proc/apiscout-no-such/', '/proc/apiscout-no-such', /no folder can be created there$/);
    await refused('/proc/apiscout-no-such/deeper/api.yaml', '/proc/apiscout-no-such/deeper/api.yaml', /no folder can be created there$/);
  });

  it('a parent that is a file', async () => {
    const file = join(work, 'a-file');
    writeFileSync(file, '');
    await refused(join(file, 'sub') + '/', join(file, 'sub'), /a parent is not a directory$/);
    await refused(join(file, 'sub', 'api.yaml'), join(file, 'sub', 'api.yaml'), /a parent is not a directory$/);
  });

  it('a read-only folder', async () => {
    // root writes through file modes: take a folder the kernel refuses even to root.
    let locked: string;
    if (process.getuid?.() === 0) {
      locked = '/sys/apiscout-no-such';
      if (!existsSync('/sys/kernel')) return;
    } else {
      const ro = join(work, 'read-only');
      mkdirSync(ro);
      chmodSync(ro, 0o555);
      locked = join(ro, 'sub');
    }
    await refused(`${locked}/`, locked, /permission denied$/);
  });
});

describe('makeDirs', () => {
  it('creates the missing levels and accepts an existing folder', () => {
    const deep = join(work, 'made', 'a', 'b');
    makeDirs(deep);
    makeDirs(deep);
    expect(readdirSync(join(work, 'made', 'a'))).toEqual(['b']);
  });

  it('says ENOTDIR, with the path of the file in the way', () => {
    const file = join(work, 'in-the-way');
    writeFileSync(file, '');
    expect(() => makeDirs(join(file, 'x', 'y'))).toThrow(expect.objectContaining({ code: 'ENOTDIR', path: file }));
  });
});
