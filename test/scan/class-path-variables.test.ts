// Path variables no handler parameter declares (petclinic's class-level
// `@RequestMapping("/owners/{ownerId}")`, read by `@ModelAttribute` and `@InitBinder` methods)
// are path parameters of the model: `call --param` fills them, and the exports write a value.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHttpClient } from '../../core/export/http-client';
import { exportOpenApi } from '../../core/export/openapi';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import type { Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

const CONTROLLER = `package org.example.owners;

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

class Owner { public Integer id; }
`;

let root: string;
let endpoints: Endpoint[];
let server: Running;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'apiscout-class-path-'));
  const file = join(root, 'src/main/java/org/example/owners/PetController.java');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, CONTROLLER);
  endpoints = (await scanProject(root)).endpoints;
  server = await httpServer(echo);
});
afterAll(() => server.close());

const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;

describe('path variables of a class-level mapping', () => {
  it('are required path parameters of every endpoint under it', () => {
    expect(byMember('initCreationForm').request!.params.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual([['ownerId', true]]);
    expect(byMember('initUpdateForm').request!.params.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(['ownerId', 'petId']);
  });

  it('take a value from call --param', async () => {
    const child = spawn(process.execPath, [BIN, 'call', 'GET /owners/{ownerId}/pets/{petId}/edit', root, '--host', server.url, '--param', 'ownerId=1', '--param', 'petId=2'], {
      env: { ...process.env, NO_COLOR: '1', http_proxy: '', HTTP_PROXY: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, err).toBe(0);
    expect(out).toContain('"url": "/owners/1/pets/2/edit"');
  });

  it('are filled by .http like a declared one and declared by OpenAPI', () => {
    const http = exportHttpClient([byMember('initCreationForm')]).files[0]!.content;
    expect(http).toMatch(/GET \{\{host\}\}\/owners\/[^/{}]+\/pets\/new/);
    const doc = JSON.parse(exportOpenApi([byMember('initCreationForm')], { openapi: { format: 'json' } } as never).files[0]!.content);
    const op = doc.paths['/owners/{ownerId}/pets/new'].get;
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'ownerId', in: 'path', required: true }));
  });
});
