import { describe, expect, it } from 'vitest';
import { clientName, nativeRepositories, repositoryFiles } from './cloud-config';

const map = (o: Record<string, string>) => new Map(Object.entries(o));

describe('Spring Cloud Config native repositories', () => {
  it('serves the classpath search locations of a config server module, never file: ones', () => {
    const props = new Map([
      ['server', map({ 'spring.cloud.config.server.native.search-locations': 'classpath:/shared, file:///srv/config, classpath:/config/{application}' })],
      ['native-default', map({ 'spring.profiles.active': 'native', 'spring.cloud.config.server.native.add-label-locations': 'false' })],
      ['git', map({ 'spring.cloud.config.server.git.uri': 'https://example.com/config', 'spring.cloud.config.server.native.searchLocations': 'file:///${GIT_REPO}' })],
      ['client', map({ 'spring.application.name': 'orders' })],
    ]);
    const modules = [...props.keys()].map((dir) => ({ dir }));
    expect(nativeRepositories(modules, (dir) => props.get(dir))).toEqual([
      'server/src/main/resources/config/{application}',
      'server/src/main/resources/shared',
      'native-default/src/main/resources/config',
      'native-default/src/main/resources',
    ]);
    expect(repositoryFiles(['cfg/src/main/resources/config/{application}'], 'orders')).toEqual([
      'cfg/src/main/resources/config/orders/application.yaml',
      'cfg/src/main/resources/config/orders/application.yml',
      'cfg/src/main/resources/config/orders/application.properties',
      'cfg/src/main/resources/config/orders/orders.yaml',
      'cfg/src/main/resources/config/orders/orders.yml',
      'cfg/src/main/resources/config/orders/orders.properties',
    ]);
  });

  it('keeps a search location or client name inside the project: one climbing out of it is no repository of its own', () => {
    const props = map({ 'spring.cloud.config.server.native.search-locations': 'classpath:/../../../../../etc, classpath:/./shared/../config/, classpath:/{application}' });
    expect(nativeRepositories([{ dir: 'server' }], () => props)).toEqual(['server/src/main/resources/{application}', 'server/src/main/resources/config']);
    expect(nativeRepositories([{ dir: '' }], () => map({ 'spring.cloud.config.server.native.search-locations': 'classpath:/../../../../x' }))).toEqual([]);
    expect(clientName(map({ 'spring.application.name': '..', 'spring.cloud.config.uri': 'x' }), map({}))).toBeUndefined();
  });

  it('names a client by bootstrap.yml or by spring.config.import, and not a server or a plain application', () => {
    expect(clientName(map({ 'spring.application.name': 'account-service', 'spring.cloud.config.uri': 'http://config:8888' }), map({}))).toBe('account-service');
    expect(clientName(map({}), map({ 'spring.application.name': 'vets', 'spring.config.import': 'optional:configserver:http://localhost:8888/' }))).toBe('vets');
    expect(clientName(map({}), map({ 'spring.application.name': 'vets', 'spring.cloud.config.name': 'shared-vets', 'spring.config.import': 'configserver:' }))).toBe('shared-vets');
    expect(clientName(map({}), map({ 'spring.application.name': 'plain' }))).toBeUndefined();
    expect(clientName(map({ 'spring.application.name': 'config' }), map({ 'spring.cloud.config.server.native.search-locations': 'classpath:/shared', 'spring.cloud.config.uri': 'x' }))).toBeUndefined();
  });
});
