import { describe, expect, it } from 'vitest';
import { defaultGrpcHost, defaultHost } from '../call/endpoint-call';
import { localGrpcHost, localHost } from '../export/host';
import { ConfigValues } from './config-reader';
import { listenPort, moduleGrpcPort } from './listen-port';

const config = (values: Record<string, string>) => new ConfigValues([{ file: '/p/application.properties', kind: 'spring', values: new Map(Object.entries(values).map(([k, v]) => [k, [v]])) }]);
const noVariables = () => undefined;

describe('the port an application listens on', () => {
  it('is the configured one when a client can reach it, else the default', () => {
    expect(listenPort('8081', 8080)).toBe(8081);
    expect(listenPort(' 9000 ', 8080)).toBe(9000);
    expect(listenPort(undefined, 8080)).toBe(8080);
    expect(listenPort('${PORT}', 8080)).toBe(8080);
    expect(listenPort('70000', 9090)).toBe(9090);
    // 0: a random port chosen at start, known only to the running instance.
    expect(listenPort('0', 8080)).toBe(8080);
    expect(listenPort('0', 9090)).toBe(9090);
  });

  it('gives exports and calls a host they can reach when server.port or grpc.server.port is 0', () => {
    expect(localHost('0')).toBe('http://localhost:8080');
    expect(localGrpcHost('0')).toBe('localhost:9090');
    expect(defaultHost(undefined, noVariables, '0')).toBe('http://localhost:8080');
    expect(defaultGrpcHost(undefined, noVariables, moduleGrpcPort(config({ 'grpc.server.port': '0' }), undefined))).toBe('localhost:9090');
    expect(defaultGrpcHost(undefined, noVariables, moduleGrpcPort(config({ 'grpc.server.port': '9191' }), undefined))).toBe('localhost:9191');
    expect(localHost('8443', '127.0.0.1')).toBe('http://127.0.0.1:8443');
  });
});
