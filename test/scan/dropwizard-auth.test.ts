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

  it("guards the resources of another module the application registers, with its own AuthFilter's header", async () => {
    const scan = await scanProject(join(FIXTURES, 'jax-rs/dropwizard-auth-modules'), { parseWorker: false });
    const of = (member: string) => scan.endpoints.find((e) => e.source.member === member)!;
    expect(of('mine').security).toEqual(['apiKeyAuth']);
    expect(of('add').security).toEqual(['apiKeyAuth']); // @PermitAll: any caller the filter lets in
    expect(of('ping').security).toBeUndefined();
    // No application registers it: no filter is known to guard it.
    expect(of('list').security).toBeUndefined();
    const api = scan.modules.find((m) => m.name === 'notes-api')!;
    expect(api.securitySchemes).toEqual([
      { name: 'apiKeyAuth', type: 'apiKey', in: 'header', paramName: 'X-Api-Key', description: 'The header "X-Api-Key", checked by the project\'s ApiKeyAuthFilter (a Dropwizard AuthFilter), realm "notes".' },
    ]);
    const doc = parse(exportOpenApi(scan.endpoints, { title: 'notes', modules: scan.modules }).files[0]!.content);
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths['/notes'].get.security).toEqual([{ apiKeyAuth: [] }]);
  });

  it("reads a project filter's scheme from what it reads, its builder's prefix, or says it is custom", () => {
    const value = (arg: string | undefined) => /^"(.*)"$/.exec(arg?.trim() ?? '')?.[1];
    const code = (builder: string) => `environment.jersey().register(new AuthDynamicFeature(${builder}));`;
    const filters: Record<string, { base: string; code: string }> = {
      QueryKeyFilter: { base: 'AuthFilter', code: 'String k = ctx.getUriInfo().getQueryParameters().getFirst("api_key");' },
      SessionFilter: { base: 'AuthFilter', code: 'Cookie c = ctx.getCookies().get("SESSION");' },
      JwtAuthFilter: { base: 'AuthFilter', code: 'String h = ctx.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);' },
      OpaqueFilter: { base: 'AuthFilter', code: 'String h = lookup(ctx);' },
      AdminFilter: { base: 'BasicCredentialAuthFilter', code: '' },
    };
    const project = (name: string) => (filters[name] ? { name, ...filters[name]! } : undefined);
    const schemes = (builder: string) => dropwizardAuthSchemes(code(builder), value, project);
    expect(schemes('new QueryKeyFilter.Builder<User>().buildAuthFilter()')).toMatchObject([{ name: 'queryKeyAuth', type: 'apiKey', in: 'query', paramName: 'api_key' }]);
    expect(schemes('new SessionFilter<User>(sessions)')).toMatchObject([{ name: 'sessionAuth', type: 'apiKey', in: 'cookie', paramName: 'SESSION' }]);
    // The Authorization header: the builder's prefix tells the scheme.
    expect(schemes('new JwtAuthFilter.Builder<User>().setPrefix("Bearer").buildAuthFilter()')).toMatchObject([{ name: 'bearerAuth', type: 'http', scheme: 'bearer', description: expect.stringContaining("the project's JwtAuthFilter") }]);
    expect(schemes('new OpaqueFilter.Builder<User>().buildAuthFilter()')).toMatchObject([
      { name: 'opaqueAuth', type: 'apiKey', in: 'header', paramName: 'Authorization', description: expect.stringMatching(/^Custom: .*OpaqueFilter.*not known/) },
    ]);
    expect(schemes('new AdminFilter.Builder<User>().setRealm("admin").buildAuthFilter()')).toMatchObject([{ name: 'basicAuth', type: 'http', scheme: 'basic', description: expect.stringContaining('realm "admin"') }]);
    // Filters a helper of the file makes for a ChainedAuthFilter.
    expect(dropwizardAuthSchemes('List<AuthFilter<String, User>> filters() { return List.of(new SessionFilter<User>(s), new QueryKeyFilter.Builder<User>().buildAuthFilter()); }\n' + code('new ChainedAuthFilter(filters())'), value, project)).toMatchObject([{ name: 'sessionAuth' }, { name: 'queryKeyAuth' }]);
    // A class of the project that is no filter (the authenticator) is no scheme.
    expect(schemes('new BasicCredentialAuthFilter.Builder<User>().setAuthenticator(new Checker()).buildAuthFilter()')).toEqual([expect.objectContaining({ name: 'basicAuth' })]);
  });

  it('a re-scan of an application registering another module\'s resource gives what a fresh scan gives', async () => {
    const root = copyFixture('jax-rs/dropwizard-auth-modules', tmp);
    const app = 'notes-app/src/main/java/com/acme/notes/app/';
    const scanner = await scanned(root);
    editFile(root, `${app}NotesApplication.java`, 'environment.jersey().register(new NoteResource());', '');
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${app}NotesApplication.java`, kind: 'changed' }]);
    expect(fresh.endpoints.find((e) => e.source.member === 'mine')!.security).toBeUndefined();
    editFile(root, `${app}NotesApplication.java`, 'new AuthValueFactoryProvider', 'new UnregisteredResource()); environment.jersey().register(new AuthValueFactoryProvider');
    editFile(root, `${app}NotesApplication.java`, 'import com.acme.notes.api.NoteResource;', 'import com.acme.notes.api.UnregisteredResource;');
    editFile(root, `${app}ApiKeyAuthFilter.java`, 'static final String HEADER = "X-Api-Key";', 'static final String HEADER = "X-Key";');
    fresh = await rescanEqualsFreshScan(scanner, root, [
      { path: `${app}NotesApplication.java`, kind: 'changed' },
      { path: `${app}ApiKeyAuthFilter.java`, kind: 'changed' },
    ]);
    expect(fresh.endpoints.find((e) => e.source.member === 'list')!.security).toEqual(['apiKeyAuth']);
    expect(fresh.modules.find((m) => m.name === 'notes-api')!.securitySchemes).toMatchObject([{ paramName: 'X-Key' }]);
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
