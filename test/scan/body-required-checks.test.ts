// A body property the handler refuses the request without is required (core/scan/frameworks/body-checked-in-code.ts).

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const lookup = endpoints.find((e) => e.source.member === 'lookup')!;
    expect(lookup.request!.params.find((p) => p.name === 'id')).toMatchObject({ in: 'query', required: true });
  });
});
