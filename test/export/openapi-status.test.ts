// Statuses the handler's code shows, from the source through the model to the OpenAPI export:
// response builders and constructors in the body, exceptions with @ResponseStatus (on the class or
// a superclass) and @ExceptionHandlers that handle them (spring-mvc/status-from-code); for JAX-RS
// resources also security and declared responses in MicroProfile and Swagger v3 annotations,
// @RolesAllowed / @PermitAll, ExceptionMappers (jax-rs/secured-resources).

import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: unknown }> }>> };

let spring: ScanResult;
let springDoc: Doc;
let jaxrs: ScanResult;
let jaxrsDoc: Doc & { components: { securitySchemes: Record<string, unknown> } };
let jaxrsWarnings: string[];
const find = (scan: ScanResult, method: string, path: string): Endpoint => scan.endpoints.find((e) => e.method === method && e.path === path)!;
const shown = (e: Endpoint) => [e.status ?? '200', ...(e.responses ?? []).map((r) => `${r.status} ${r.description}`)];

beforeAll(async () => {
  spring = await scanProject(fixture('spring-mvc/status-from-code'));
  springDoc = parse(exportOpenApi(spring.endpoints, { title: 'status', modules: spring.modules }).files[0]!.content);
  jaxrs = await scanProject(fixture('jax-rs/secured-resources'));
  const out = exportOpenApi(jaxrs.endpoints, { title: 'secured resources', modules: jaxrs.modules });
  jaxrsDoc = parse(out.files[0]!.content);
  jaxrsWarnings = out.summary.warnings;
}, 120_000);

describe('Spring: statuses the handler code shows', () => {
  it('reads ResponseEntity builders and constructors; the first 2xx is the success code unless the body says 200', () => {
    expect(shown(find(spring, 'GET', '/orders'))).toEqual(['200', '304 Not Modified']);
    expect(shown(find(spring, 'POST', '/orders'))).toEqual(['201', '400 Bad Request']);
    expect(shown(find(spring, 'PUT', '/orders/{id}'))).toEqual(['202', '422 Unprocessable Entity', '402 Payment Required']);
    expect(shown(find(spring, 'DELETE', '/orders/{id}'))).toEqual(['204', '409 The order changed meanwhile']);
  });

  it('reads code only: a builder or throw in a comment or a string literal is not a status', () => {
    // cancel() holds `// return ResponseEntity.notFound()`, a commented-out throw of a 404 exception
    // and a string naming GONE and that throw: none of them may add 404 or 410.
    expect(shown(find(spring, 'DELETE', '/orders/{id}'))).toEqual(['204', '409 The order changed meanwhile']);
  });

  it('maps declared and thrown exceptions through @ResponseStatus, a superclass\'s, the advice\'s and the controller\'s own @ExceptionHandler', () => {
    expect(shown(find(spring, 'GET', '/orders/{id}'))).toEqual(['200', '404 Not Found']); // throws clause + class annotation
    expect(shown(find(spring, 'POST', '/orders/{id}/archive'))).toEqual(['200', '503 The archive is closed']); // own handler wins over the advice's 500
  });

  it('reads Kotlin expression bodies, throw X( and @Throws(X::class)', () => {
    expect(shown(find(spring, 'POST', '/invoices'))).toEqual(['201']);
    expect(shown(find(spring, 'GET', '/invoices/{id}'))).toEqual(['200', '404 Not Found']);
    expect(shown(find(spring, 'DELETE', '/invoices/{id}'))).toEqual(['200', '402 Payment Required']); // @Throws
  });

  it('does not guess a status built in another method', () => {
    expect(shown(find(spring, 'GET', '/orders/{id}/report'))).toEqual(['200']);
  });

  it('writes them as OpenAPI responses, the body schema under the success code', () => {
    const codes = (path: string, verb: string) => Object.keys(springDoc.paths[path]![verb]!.responses);
    expect(codes('/orders', 'post')).toEqual(['201', '400']);
    expect(springDoc.paths['/orders']!.post!.responses['201']!.content).toBeDefined();
    expect(codes('/orders/{id}', 'put')).toEqual(['202', '402', '422']);
    expect(codes('/orders/{id}', 'delete')).toEqual(['204', '409']);
    expect(springDoc.paths['/orders/{id}']!.delete!.responses['409']).toEqual({ description: 'The order changed meanwhile' });
    expect(codes('/orders/{id}/report', 'get')).toEqual(['200']);
  });
});

describe('JAX-RS: security and declared responses', () => {
  it('reads MicroProfile and Swagger v3 @SecurityScheme, each once', () => {
    expect(jaxrs.modules[0]!.securitySchemes).toEqual([
      { name: 'apiKey', type: 'apiKey', in: 'header', paramName: 'X-API-Key' },
      { name: 'jwt', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    ]);
  });

  it('requires what @SecurityRequirement names, any declared scheme under @RolesAllowed, none under @PermitAll', () => {
    const security = (method: string, path: string) => find(jaxrs, method, path).security;
    expect(security('GET', '/devices/{id}')).toEqual(['apiKey', 'jwt']); // class @RolesAllowed
    expect(security('DELETE', '/devices/{id}')).toEqual(['apiKey']); // MicroProfile @SecurityRequirement wins
    expect(security('GET', '/devices/ping')).toEqual([]); // @PermitAll
    expect(security('GET', '/firmware/{model}')).toEqual(['jwt']); // Swagger v3 on the class
  });

  it('keeps @APIResponse(s) and @ApiResponse, the codes Response builders name and those of JAX-RS exceptions thrown', () => {
    expect(shown(find(jaxrs, 'GET', '/devices/{id}'))).toEqual(['200', '404 No such device']); // declared 404 wins over NotFoundException's
    expect(find(jaxrs, 'GET', '/devices/{id}').responses![0]!.schema).toMatchObject({ title: 'Problem' });
    expect(shown(find(jaxrs, 'POST', '/devices'))).toEqual(['201', '409 Already registered']);
    expect(shown(find(jaxrs, 'PUT', '/devices/{id}'))).toEqual(['202', '400 Bad Request']);
    expect(shown(find(jaxrs, 'DELETE', '/devices/{id}'))).toEqual(['204', '403 Forbidden']);
    expect(shown(find(jaxrs, 'GET', '/firmware/{model}'))).toEqual(['200', '503 Firmware server down', '400 Bad Request']);
  });

  it('reads the project\'s ExceptionMappers: the one status a mapper builds, for a project or a library exception; a mapper choosing between two claims none', () => {
    expect(shown(find(jaxrs, 'GET', '/firmware/{model}/notes'))).toEqual(['200', '422 Unprocessable Entity', '503 Service Unavailable']);
    expect(jaxrs.endpoints.filter((e) => e.className.endsWith('Mapper'))).toEqual([]);
  });

  it('writes them into the OpenAPI export', () => {
    expect(Object.keys(jaxrsDoc.components.securitySchemes)).toEqual(['apiKey', 'jwt']);
    const op = jaxrsDoc.paths['/devices']!.post! as unknown as { security: unknown; responses: Record<string, unknown> };
    expect(op.security).toEqual([{ apiKey: [] }, { jwt: [] }]);
    expect(Object.keys(op.responses)).toEqual(['201', '409']);
    expect((jaxrsDoc.paths['/devices/{id}']!.get!.responses['404'] as { content: unknown }).content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } });
    expect(jaxrsWarnings).toEqual([]);
  });
});
