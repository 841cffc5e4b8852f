// Path variables no handler parameter declares (petclinic's class-level
// `@RequestMapping("/owners/{ownerId}")`, read by `@ModelAttribute` and `@InitBinder` methods)
// are path parameters of the model: `call --param` fills them, and the exports write a value.

import { describe, expect, it } from 'vitest';
import { exportHttpClient } from '../../core/export/http-client';
import { exportOpenApi } from '../../core/export/openapi';
import { callOwners, OWNER, ownersProject, PET_CONTROLLER } from './owners-project';

const project = ownersProject({ 'PetController.java': PET_CONTROLLER, 'Owner.java': OWNER });

const byMember = (m: string) => project.endpoints.find((e) => e.source.member === m)!;

describe('path variables of a class-level mapping', () => {
  it('are required path parameters of every endpoint under it', () => {
    expect(byMember('initCreationForm').request!.params.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual([['ownerId', true]]);
    expect(byMember('initUpdateForm').request!.params.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(['ownerId', 'petId']);
  });

  it('take a value from call --param', async () => {
    const { code, out, err } = await callOwners(project, ['GET /owners/{ownerId}/pets/{petId}/edit', '--param', 'ownerId=1', '--param', 'petId=2']);
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
