// Spring handlers declared to return a ResponseEntity that names no body type
// (`ResponseEntity<Object>`, `<?>`): the body read from the returns they build
// (core/scan/frameworks/built-response.ts springBuiltReturns; the fixture spring-mvc/response-entity-object).

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a Spring handler returning ResponseEntity<Object>', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/response-entity-object'), { parseWorker: false }));
  });
  const byMember = (m: string) => endpoints.find((e) => e.className === 'com.acme.dept.DeptController' && e.source.member === m)!;

  it('answers the class a service call, a local or a body(..) gives it', () => {
    expect(byMember('queryDept').response?.schema).toMatchObject({ type: 'array', items: { title: 'DeptDto' } });
    expect(byMember('getDept').response?.schema?.title).toBe('DeptDto');
    expect(byMember('renameDept').response?.schema?.title).toBe('DeptDto');
  });

  it('answers no body for new ResponseEntity<>(status) and noContent().build()', () => {
    for (const m of ['createDept', 'deleteDept']) {
      expect(byMember(m).response?.schema).toBeUndefined();
      expect(byMember(m).response?.description).toBe('No body.');
    }
  });

  it('keeps a status read at run time unknown', () => {
    expect(byMember('echo').response?.schema?.['x-unresolved']).toBe(true);
  });
});
