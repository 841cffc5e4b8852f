// One order for every export: within a path, reads before writes and the delete last.
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../model/endpoint';
import { exportOrder } from './stable';

const at = (method: string, path: string) => ({ id: `${method} ${path}`, module: 'm', folder: 'f', className: 'C', path, method }) as Endpoint;

describe('exportOrder', () => {
  it('orders a path by path, then GET, HEAD, POST, PUT, PATCH, DELETE, then other methods by name', () => {
    const shuffled = [at('DELETE', '/a/{id}'), at('TRACE', '/a'), at('PATCH', '/a'), at('OPTIONS', '/a'), at('PUT', '/a'), at('DELETE', '/a'), at('POST', '/a'), at('GET', '/a/{id}'), at('HEAD', '/a'), at('GET', '/a')];
    expect(exportOrder(shuffled).map((e) => e.id)).toEqual(['GET /a', 'HEAD /a', 'POST /a', 'PUT /a', 'PATCH /a', 'DELETE /a', 'OPTIONS /a', 'TRACE /a', 'GET /a/{id}', 'DELETE /a/{id}']);
  });
});
