import { describe, expect, it } from 'vitest';
import { checkedSubjects } from './required-checks';

// The body's text as body-facts.ts gives it: raw, and with comments and literals blanked (none here).
const subjects = (body: string) => [...checkedSubjects(body, body)];

describe('checkedSubjects', () => {
  it('counts an if that returns an error call, constant or 4xx status as refusing the request', () => {
    expect(subjects('{ if (form.getName() == null) return R.fail("name"); save(form); }')).toEqual(['form.getName()']);
    expect(subjects('{ if (form.getName() == null) return ResponseEntity.badRequest().build(); save(form); }')).toEqual(['form.getName()']);
    expect(subjects('{ if (form.getName() == null) return Result.of(ResultCode.PARAM_ERROR); save(form); }')).toEqual(['form.getName()']);
    expect(subjects('{ if (form.getName() == null) return ResponseEntity.status(422).build(); save(form); }')).toEqual(['form.getName()']);
  });

  it('does not take a name that only starts with error or invalid for an error', () => {
    // A normal return first: the check after it binds only some requests.
    expect(subjects('{ if (form.getToken() != null) return errorService.list(); if (form.getName() == null) throw new X(); }')).toEqual([]);
    expect(subjects('{ if (form.getName() == null) return ok(invalidItems); save(form); }')).toEqual([]);
  });
});
