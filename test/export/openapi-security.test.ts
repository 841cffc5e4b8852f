// Security and declared responses, from the source through the model to the OpenAPI export:
// the secured-api fixture declares springdoc schemes and requirements, Swagger 2
// authorizations, @ApiResponse(s) in both flavours and @ResponseStatus.

import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';

const ROOT = fileURLToPath(new URL('../fixtures/spring-mvc/secured-api', import.meta.url));

let scan: ScanResult;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>>; components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> } };
let warnings: string[];
const byMember = (m: string): Endpoint => scan.endpoints.find((e) => e.source.member === m)!;

beforeAll(async () => {
  scan = await scanProject(ROOT);
  const out = exportOpenApi(scan.endpoints, { title: 'secured', modules: scan.modules });
  doc = parse(out.files[0]!.content);
  warnings = out.summary.warnings;
}, 120_000);

describe('the model carries security and declared responses', () => {
  it('lists the module\'s @SecurityScheme declarations with their OpenAPI fields', () => {
    expect(scan.modules[0]!.securitySchemes).toEqual([
      { name: 'apiKey', type: 'apiKey', in: 'header', paramName: 'X-API-Key' },
      { name: 'bearerAuth', type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT from the login service' },
      { name: 'oauth', type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'reports:read': 'Read reports' } } } },
    ]);
  });

  it('names the schemes each operation needs: own declaration, class, else @OpenAPIDefinition', () => {
    expect(byMember('get').security).toEqual(['bearerAuth']); // the global default
    expect(byMember('open').security).toEqual(['bearerAuth', 'apiKey']); // repeated @SecurityRequirement
    expect(byMember('health').security).toEqual([]); // empty @SecurityRequirements: public
    expect(byMember('report').security).toEqual(['oauth']); // Swagger 2 @Api(authorizations)
    expect(byMember('latest').security).toEqual(['apiKey']); // @ApiOperation(authorizations) wins over the class
  });

  it('reads JSR-250 as Spring Security does with jsr250Enabled: @RolesAllowed needs the default scheme, @PermitAll is public', () => {
    expect(byMember('entry').security).toEqual(['bearerAuth']); // class @RolesAllowed: the @OpenAPIDefinition requirement
    expect(byMember('status').security).toEqual([]); // method @PermitAll wins over the class
    expect(doc.paths['/audit/status']!.get!.security).toEqual([]);
  });

  it('keeps @ResponseStatus as the success code and the declared responses with their schema', () => {
    expect(byMember('open').status).toBe('201');
    expect(byMember('close').status).toBe('204');
    expect(byMember('get').status).toBeUndefined();
    expect(byMember('get').responses!.map((r) => [r.status, r.description, r.schema ? 'schema' : '-'])).toEqual([
      ['200', 'The account', '-'],
      ['404', 'No such account', 'schema'],
      ['403', 'Not your account', '-'],
    ]);
    expect(byMember('report').responses!.map((r) => [r.status, r.description, r.schema ? 'schema' : '-'])).toEqual([
      ['404', 'No report for that year', 'schema'],
      ['401', 'Not signed in', '-'],
    ]);
    expect(byMember('close').responses).toEqual([{ status: '404', description: 'No such account' }]);
  });
});

describe('the OpenAPI export declares them', () => {
  it('writes the schemes as components.securitySchemes', () => {
    expect(doc.components.securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT from the login service' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'reports:read': 'Read reports' } } } },
    });
    expect(warnings).toEqual([]);
  });

  it('writes each operation\'s requirements, any one of which suffices; [] for a public one', () => {
    expect(doc.paths['/accounts/{id}']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/accounts']!.post!.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(doc.paths['/accounts/health']!.get!.security).toEqual([]);
    expect(doc.paths['/reports/{year}']!.get!.security).toEqual([{ oauth: [] }]);
  });

  it('writes the success code @ResponseStatus gives and the declared error responses', () => {
    const codes = (path: string, verb: string) => Object.keys(doc.paths[path]![verb]!.responses as object);
    expect(codes('/accounts', 'post')).toEqual(['201', '400']);
    expect(codes('/accounts/{id}', 'delete')).toEqual(['204', '404']);
    expect(codes('/accounts/{id}', 'get')).toEqual(['200', '403', '404']);
    const get = doc.paths['/accounts/{id}']!.get!.responses as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
    expect(get['200']!.description).toBe('The account');
    expect(get['200']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Account' });
    expect(get['404']).toEqual({ description: 'No such account', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });
    expect(get['403']).toEqual({ description: 'Not your account' });
    expect(Object.keys(doc.components.schemas)).toContain('ApiError');
  });

  it('leaves out a required scheme no @SecurityScheme declares, with a warning', () => {
    const e = { ...byMember('get'), security: ['missing'] };
    const out = exportOpenApi([e], { modules: scan.modules });
    const op = parse(out.files[0]!.content).paths['/accounts/{id}'].get;
    expect(op.security).toBeUndefined();
    expect(out.summary.warnings).toContain("security scheme 'missing' is required in the source but no @SecurityScheme declares it; left out");
  });
});
