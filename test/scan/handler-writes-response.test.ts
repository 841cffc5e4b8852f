// The response Spring MVC / WebFlux handlers send when they write it themselves or render a view
// (core/scan/frameworks/spring-mvc/index.ts springResponse).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const FIXTURE = join(FIXTURES, 'spring-mvc/handler-writes-response');

describe('the response of a handler', () => {
  it('is unknown, not a view or "no body", when it returns nothing and takes the response, its stream or the exchange', async () => {
    const { endpoints } = await scanProject(FIXTURE, { parseWorker: false });
    const response = (member: string) => endpoints.find((e) => e.source.member === member)!.response!;
    for (const member of ['export', 'raw', 'proxy', 'sheet']) {
      expect(response(member).contentType, member).toBe('*/*');
      expect(response(member).schema?.['x-unresolved'], member).toBe(true);
    }
    expect(response('raw').description).toMatch(/writes its own response/);
    expect(response('report').contentType).toBe('application/vnd.ms-excel');
    // Without a response argument, void is still an empty body.
    expect(response('touch')).toMatchObject({ contentType: 'application/json', description: 'No body.' });
  });

  it('is no body when the handler takes the servlet response only to set headers, cookies or the status, or to redirect', async () => {
    for (const parseWorker of [false, true]) {
      const { endpoints } = await scanProject(FIXTURE, { parseWorker });
      const response = (member: string) => endpoints.find((e) => e.source.member === member)!.response!;
      expect(response('forget'), `worker ${parseWorker}`).toEqual({ contentType: 'application/json', description: 'No body: the handler only sets headers, cookies or the status.' });
      expect(response('elsewhere').description).toBe('No body: the handler redirects (response.sendRedirect).');
      expect(response('elsewhere').schema).toBeUndefined();
    }
  });

  it("is a view rendered as the mapping's produces type when it declares one", async () => {
    const { endpoints } = await scanProject(FIXTURE, { parseWorker: false });
    const response = (member: string) => endpoints.find((e) => e.source.member === member)!.response!;
    expect(response('index').contentType).toBe('text/html');
    expect(response('variables').contentType).toBe('text/css');
    expect(response('variables').description).toMatch(/A view rendered/);
  });
});
