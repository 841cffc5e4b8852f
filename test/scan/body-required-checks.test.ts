// A body property the handler refuses the request without is required (core/scan/frameworks/body-checked-in-code.ts).

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';

describe('body properties a handler checks itself', () => {
  it('an empty-check that returns an error or throws, a guard call: required; a check after an ordinary return or an early success is not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-body-checks-'));
    const src = join(dir, 'src/main/java/com/acme');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      join(src, 'UserForm.java'),
      'package com.acme;\n@lombok.Data\npublic class UserForm { private String name; private String email; private String URL; private String note; private String tag; }\n',
    );
    writeFileSync(join(src, 'R.java'), 'package com.acme;\npublic class R { public static R fail(String m) { return new R(); } public static R ok() { return new R(); } }\n');
    writeFileSync(
      join(src, 'UserController.java'),
      [
        'package com.acme;',
        'import javax.servlet.http.HttpServletRequest;',
        'import org.apache.commons.lang3.StringUtils;',
        'import org.springframework.util.Assert;',
        'import org.springframework.web.bind.annotation.*;',
        '@RestController',
        'public class UserController {',
        '    @PostMapping("/users") public R create(@RequestBody UserForm form) {',
        '        if (form.getName() == null || form.getName().isEmpty()) return R.fail("name is required");',
        '        if (StringUtils.isBlank(form.getEmail())) {',
        '            throw new IllegalArgumentException("email");',
        '        }',
        '        Assert.hasText(form.getURL(), "url");',
        '        if (form.getTag() == null) return R.ok();',
        '        if (form.getNote() == null) throw new IllegalArgumentException("note");',
        '        return R.ok();',
        '    }',
        '    @PutMapping("/users") public R update(@RequestBody UserForm form) { return R.ok(); }',
        '    @PostMapping("/users/invite") public R invite(@RequestBody UserForm form) { if (form.getTag() == null) throw new IllegalArgumentException("tag"); return R.ok(); }',
        '    @PostMapping("/lookup") public R lookup(HttpServletRequest request) {',
        '        String id = request.getParameter("id");',
        '        if (id == null) return R.fail("id");',
        '        return R.ok();',
        '    }',
        '}',
      ].join('\n'),
    );
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    const create = endpoints.find((e) => e.source.member === 'create')!;
    expect(create.request!.body!.schema.required).toEqual(['name', 'email', 'url']);
    // The handler's body is read from the text the scan parsed, not from disk again: the same
    // when the file is gone by the time the endpoints are built.
    const controller = join(src, 'UserController.java');
    const text = readFileSync(controller, 'utf8');
    const onProgress = (p: { phase: string }) => p.phase === 'parse' && rmSync(controller, { force: true });
    try {
      const gone = await scanProject(dir, { parseWorker: false, onProgress });
      expect(gone.endpoints.find((e) => e.source.member === 'create')!.request!.body!.schema.required).toEqual(['name', 'email', 'url']);
    } finally {
      writeFileSync(controller, text);
    }
    expect(endpoints.find((e) => e.source.member === 'update')!.request!.body!.schema.required).toBeUndefined();
    // Another handler's body of the same name is read with the same expression, for its own checks.
    expect(endpoints.find((e) => e.source.member === 'invite')!.request!.body!.schema.required).toEqual(['tag']);
    // OpenAPI: one component for the class, the handler's own requirements beside it.
    for (const version of ['3.1.0', '3.0.3'] as const) {
      const doc = JSON.parse(exportOpenApi(endpoints, { openapi: { format: 'json', version } }).files[0]!.content);
      expect(doc.components.schemas.UserForm.required).toBeUndefined();
      expect(doc.paths['/users'].post.requestBody.content['application/json'].schema).toEqual({ allOf: [{ $ref: '#/components/schemas/UserForm' }, { required: ['name', 'email', 'url'] }] });
      expect(doc.paths['/users'].put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UserForm' });
    }
    const lookup = endpoints.find((e) => e.source.member === 'lookup')!;
    expect(lookup.request!.params.find((p) => p.name === 'id')).toMatchObject({ in: 'query', required: true });
  });
});
