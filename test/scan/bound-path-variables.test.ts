// A path variable that only a `@ModelAttribute` or `@InitBinder` method binds (spring-petclinic's
// class-level `@RequestMapping("/owners/{ownerId}")` read by `findOwner(@PathVariable int ownerId)`)
// is typed by that parameter: `call` sends a number, not the parameter's name.

import { describe, expect, it } from 'vitest';
import { exportHttpClient } from '../../core/export/http-client';
import { callOwners, OWNER, ownersProject, PET_CONTROLLER } from './owners-project';

const SOURCES: Record<string, string> = {
  // As in petclinic: the class-level mapping's {ownerId} is read by @ModelAttribute only.
  'PetController.java': PET_CONTROLLER,
  // OwnerController: findOwner's variable is optional so /owners/new (without it) shares the method.
  'OwnerController.java': `package org.example.owners;

import org.springframework.web.bind.annotation.*;
import org.springframework.stereotype.Controller;

@Controller
class OwnerController {
  @ModelAttribute("owner")
  public Owner findOwner(@PathVariable(name = "ownerId", required = false) Integer ownerId) { return null; }

  @GetMapping("/owners/new")
  public String initCreationForm() { return "owners/createOrUpdateOwnerForm"; }

  @GetMapping("/owners/{ownerId}/edit")
  public String initUpdateOwnerForm() { return "owners/createOrUpdateOwnerForm"; }
}
`,
  // Only an @InitBinder method reads the visit's id.
  'VisitController.java': `package org.example.owners;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.*;
import org.springframework.stereotype.Controller;

@Controller
@RequestMapping("/visits/{visitId}")
class VisitController {
  @InitBinder
  void initBinder(WebDataBinder binder, @PathVariable long visitId) { }

  @GetMapping("/notes")
  public String notes() { return "visits/notes"; }
}
`,
  'Owner.java': OWNER,
};

const project = ownersProject(SOURCES);

const byPath = (path: string) => {
  const found = project.endpoints.find((e) => e.path === path);
  if (!found) throw new Error(`no endpoint ${path} in ${project.endpoints.map((e) => e.path).join(', ')}`);
  return found;
};
const pathParam = (path: string, name: string) => byPath(path).request!.params.find((p) => p.in === 'path' && p.name === name);

describe('path variables bound by @ModelAttribute and @InitBinder methods', () => {
  it('take the type and a typed example of the binding parameter', () => {
    expect(pathParam('/owners/{ownerId}/pets/new', 'ownerId')).toMatchObject({ required: true, schema: { type: 'integer' }, example: 0 });
    expect(pathParam('/owners/{ownerId}/pets/{petId}/edit', 'ownerId')).toMatchObject({ schema: { type: 'integer' }, example: 0 });
    expect(pathParam('/visits/{visitId}/notes', 'visitId')).toMatchObject({ required: true, schema: { type: 'integer', format: 'int64' }, example: 0 });
  });

  it('are required in a path that has them, and absent from one that does not', () => {
    expect(pathParam('/owners/{ownerId}/edit', 'ownerId')).toMatchObject({ required: true, schema: { type: 'integer' }, example: 0 });
    expect(byPath('/owners/new').request!.params.filter((p) => p.in === 'path')).toEqual([]);
  });

  it('call sends the typed example, and --param still overrides it', async () => {
    const call = async (args: string[]) => {
      const { code, out, err } = await callOwners(project, args);
      expect(code, err).toBe(0);
      return out;
    };
    expect(await call(['GET /owners/{ownerId}/pets/new'])).toContain('"url": "/owners/0/pets/new"');
    expect(await call(['GET /visits/{visitId}/notes'])).toContain('"url": "/visits/0/notes"');
    expect(await call(['GET /owners/{ownerId}/edit', '--param', 'ownerId=12'])).toContain('"url": "/owners/12/edit"');
  });

  it('the .http export writes the number, not the name', () => {
    const http = exportHttpClient([byPath('/owners/{ownerId}/pets/new')]).files[0]!.content;
    expect(http).toContain('/owners/0/pets/new');
    expect(http).not.toContain('/owners/ownerId/');
  });
});
