// Dropwizard's auth feature (core/scan/frameworks/jax-rs/dropwizard-auth.ts): the filter an
// Application registers is a security scheme, required by the methods the feature guards.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportOpenApi } from '../../core/export/openapi';
import { exportMarkdown } from '../../core/export/markdown';
import { dropwizardAuthSchemes } from '../../core/scan/frameworks/jax-rs/dropwizard-auth';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, copyFixture, editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-dropwizard-auth-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('Dropwizard @Auth', () => {
  it('makes the registered filter a scheme the guarded methods need, optionally for @Auth Optional<User>', async () => {
    const scan = await scanProject(join(FIXTURES, 'jax-rs/dropwizard-auth'), { parseWorker: false });
    const of = (member: string) => scan.endpoints.find((e) => e.source.member === member)!;
    expect(scan.modules[0]!.securitySchemes).toEqual([
      { name: 'basicAuth', type: 'http', scheme: 'basic', description: 'HTTP basic authentication, checked by Dropwizard\'s BasicCredentialAuthFilter (realm "shop").' },
    ]);
    expect(of('mine').security).toEqual(['basicAuth']);
    expect(of('mine').securityOptional).toBeUndefined();
    expect(of('offers')).toMatchObject({ security: ['basicAuth'], securityOptional: true });
    expect(of('checkout').security).toEqual(['basicAuth']); // @PermitAll: any signed-in caller
    expect(of('list').security).toEqual(['basicAuth']); // the class's @RolesAllowed
    expect(of('ping').security).toBeUndefined();
    // The principal is no body and no parameter.
    expect(of('mine').request).toMatchObject({ params: [{ name: 'status', in: 'query' }] });
    expect(of('offers').request!.body).toBeUndefined();

    const doc = parse(exportOpenApi(scan.endpoints, { title: 'shop', modules: scan.modules }).files[0]!.content);
    expect(doc.components.securitySchemes).toEqual({ basicAuth: { type: 'http', scheme: 'basic', description: expect.stringContaining('BasicCredentialAuthFilter') } });
    expect(doc.paths['/orders'].get.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/orders/offers'].get.security).toEqual([{}, { basicAuth: [] }]);
    expect(doc.paths['/orders/ping'].get.security).toBeUndefined();
    const md = exportMarkdown(scan.endpoints, { title: 'shop', modules: scan.modules }).files[0]!.content;
    expect(md).toContain('**Security:** `basicAuth` (optional)');
  });

  it('reads OAuth and custom prefixes from the filter builder', () => {
    const value = (arg: string | undefined) => /^"(.*)"$/.exec(arg?.trim() ?? '')?.[1];
    const code = (builder: string) => `environment.jersey().register(new AuthDynamicFeature(${builder}.buildAuthFilter()));`;
    expect(dropwizardAuthSchemes(code('new OAuthCredentialAuthFilter.Builder<User>().setAuthenticator(a).setPrefix("Bearer")'), value)).toMatchObject([{ name: 'bearerAuth', type: 'http', scheme: 'bearer' }]);
    expect(dropwizardAuthSchemes(code('new OAuthCredentialAuthFilter.Builder<User>().setPrefix("Token")'), value)).toMatchObject([
      { name: 'tokenAuth', type: 'apiKey', in: 'header', paramName: 'Authorization', description: expect.stringContaining('"Token <token>"') },
    ]);
    // Kotlin: no `new`.
    expect(dropwizardAuthSchemes(code('BasicCredentialAuthFilter.Builder<User>().setAuthenticator(a)'), value)).toMatchObject([{ name: 'basicAuth', scheme: 'basic' }]);
    // A builder outside an auth feature's file is no scheme.
    expect(dropwizardAuthSchemes('new BasicCredentialAuthFilter.Builder<User>().buildAuthFilter();', value)).toEqual([]);
  });

  it('a re-scan of the application or a resource gives what a fresh scan gives', async () => {
    const root = copyFixture('jax-rs/dropwizard-auth', tmp);
    const J = 'src/main/java/com/acme/dwauth/';
    const scanner = await scanned(root);
    editFile(root, `${J}ShopApplication.java`, 'new BasicCredentialAuthFilter.Builder<User>()', 'new OAuthCredentialAuthFilter.Builder<User>().setPrefix("Bearer")');
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}ShopApplication.java`, kind: 'changed' }]);
    expect(fresh.endpoints.find((e) => e.source.member === 'mine')!.security).toEqual(['bearerAuth']);
    editFile(root, `${J}resources/OrderResource.java`, 'offers(@Auth Optional<User> user)', 'offers(@Auth User user)');
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}resources/OrderResource.java`, kind: 'changed' }]);
    expect(fresh.endpoints.find((e) => e.source.member === 'offers')!.securityOptional).toBeUndefined();
  });
});
