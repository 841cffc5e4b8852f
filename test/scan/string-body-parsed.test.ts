// A String body the handler parses itself (core/scan/frameworks/body-parsed-in-code.ts) is sent as
// JSON of the class it parses into; the fixtures' expected.json check the examples.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a String body parsed in code', () => {
  it('is JSON of the parsed class, a raw String body stays text/plain', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/string-body-parsed'), { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('create')).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.parsedbody.OrderForm' } });
    expect(body('check').contentType).toBe('application/json');
    expect(body('echo')).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
  });
});
