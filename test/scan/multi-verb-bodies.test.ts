// A handler mapped to several verbs offers an optional body only on the verbs that carry one
// (core/scan/frameworks/verb-bodies.ts); a required body, and an explicit GET's, stay as declared.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('bodies on a multi-verb handler', () => {
  it('are offered only where the verb takes a body, unless the handler requires one', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/multi-verb-bodies'), { parseWorker: false });
    const of = (member: string, method: string) => endpoints.find((e) => e.source.member === member && e.method === method)!.request!;
    const bodied = (member: string) =>
      endpoints.filter((e) => e.source.member === member && e.request?.body).map((e) => e.method).sort();

    // @RequestBody(required = false) String, parsed in code: the POST's JSON, none on the GET.
    expect(bodied('graphql')).toEqual(['POST']);
    expect(of('graphql', 'POST').body).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.mock.Query' } });
    expect(of('graphql', 'GET').consumes).toEqual([]);
    // The raw body read in code (getInputStream).
    expect(bodied('replay')).toEqual(['POST', 'PUT']);
    // A nullable Kotlin body.
    expect(bodied('forward')).toEqual(['PUT']);
    // Required on every verb: Spring rejects a GET without it.
    expect(bodied('search')).toEqual(['GET', 'POST']);
    expect(of('search', 'GET').consumes).toEqual(['application/json']);
    // An explicit GET's declared body.
    expect(bodied('count')).toEqual(['GET']);
  });
});
