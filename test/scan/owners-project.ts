// The set-up the path-variable tests share (class-path-variables, bound-path-variables): a small
// Java project in the shape of spring-petclinic's owners package, written to a temp folder and
// scanned once per test file, an echo server for `apiscout call`, and the call itself.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import type { Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/** petclinic's PetController: the class-level mapping's {ownerId} is read by @ModelAttribute only. */
export const PET_CONTROLLER = `package org.example.owners;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.*;
import org.springframework.stereotype.Controller;

@Controller
@RequestMapping("/owners/{ownerId}")
class PetController {
  @ModelAttribute("owner")
  public Owner findOwner(@PathVariable("ownerId") int ownerId) { return null; }

  @InitBinder("owner")
  public void initOwnerBinder(WebDataBinder dataBinder) { }

  @GetMapping("/pets/new")
  public String initCreationForm(Owner owner) { return "pets/createOrUpdatePetForm"; }

  @GetMapping("/pets/{petId}/edit")
  public String initUpdateForm(@PathVariable("petId") int petId) { return "pets/createOrUpdatePetForm"; }
}
`;

export const OWNER = 'package org.example.owners;\n\nclass Owner { public Integer id; }\n';

export interface OwnersProject {
  root: string;
  endpoints: Endpoint[];
  server: Running;
}

/**
 * Registers the test file's set-up: `sources` (file name → text) in package org.example.owners
 * of a temp project, its scan and an echo server, ready in beforeAll and removed in afterAll.
 */
export function ownersProject(sources: Record<string, string>): OwnersProject {
  const project = {} as OwnersProject;
  beforeAll(async () => {
    project.root = mkdtempSync(join(tmpdir(), 'apiscout-owners-'));
    for (const [name, text] of Object.entries(sources)) {
      const file = join(project.root, 'src/main/java/org/example/owners', name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    project.endpoints = (await scanProject(project.root)).endpoints;
    project.server = await httpServer(echo);
  });
  afterAll(async () => {
    await project.server?.close();
    if (project.root) rmSync(project.root, { recursive: true, force: true });
  });
  return project;
}

/** `apiscout call <args> <project> --host <echo server>`: its exit code, stdout and stderr. */
export async function callOwners(project: OwnersProject, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, 'call', ...args, project.root, '--host', project.server.url], { env: { ...process.env, NO_COLOR: '1', http_proxy: '', HTTP_PROXY: '' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, out, err };
}
