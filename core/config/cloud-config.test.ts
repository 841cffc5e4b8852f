import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/endpoint';
import { clientName, clientProfiles, matchingFolders, nativeRepositories, repositoryFiles } from './cloud-config';

const map = (o: Record<string, string>) => new Map(Object.entries(o));

describe('Spring Cloud Config native repositories', () => {
  it('serves the classpath search locations of a config server module, and names the ones outside the project', () => {
    const props = new Map([
      ['server', map({ 'spring.cloud.config.server.native.search-locations': 'classpath:/shared, file:///srv/config, classpath:/config/{application}' })],
      ['native-default', map({ 'spring.profiles.active': 'native', 'spring.cloud.config.server.native.add-label-locations': 'false' })],
      ['git', map({ 'spring.cloud.config.server.git.uri': 'https://example.com/config', 'spring.cloud.config.server.native.searchLocations': 'file:///${GIT_REPO}' })],
      ['client', map({ 'spring.application.name': 'orders' })],
    ]);
    const modules = [...props.keys()].map((dir) => ({ dir }));
    const diagnostics: Diagnostic[] = [];
    expect(nativeRepositories(modules, (dir) => props.get(dir), diagnostics, (dir) => `${dir}/application.yml`)).toEqual([
      'server/src/main/resources/config/{application}',
      'server/src/main/resources/shared',
      'native-default/src/main/resources/config',
      'native-default/src/main/resources',
    ]);
    expect(diagnostics).toEqual([
      { file: 'server/application.yml', message: 'config server repository file:///srv/config is not a folder of the project; its properties are not read' },
      { file: 'git/application.yml', message: 'config server git repository https://example.com/config is not in the project: nothing is fetched, and its properties are not read' },
      { file: 'git/application.yml', message: 'config server repository file:///${GIT_REPO} is not a folder of the project; its properties are not read' },
    ]);
    expect(repositoryFiles(['cfg/src/main/resources/config/{application}'], 'orders', [])).toEqual([
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

describe('Spring Cloud Config repositories in folders of the project', () => {
  it('reads file: locations and a file: git repository relative to the working folder, the root or the module', () => {
    const native = map({ 'spring.cloud.config.server.native.search-locations': 'file:./repo/{profile}, file:${user.dir}/shared, file:../../outside' });
    const git = map({ 'spring.cloud.config.server.git.uri': 'file://${user.dir}/config-repo', 'spring.cloud.config.server.git.search-paths': '{application}, envs/*, common' });
    const diagnostics: Diagnostic[] = [];
    expect(nativeRepositories([{ dir: 'server' }], () => native, diagnostics)).toEqual(['server/shared', 'shared', 'server/repo/{profile}', 'repo/{profile}']);
    expect(diagnostics.map((d) => d.message)).toEqual(['config server repository file:../../outside is not a folder of the project; its properties are not read']);
    expect(nativeRepositories([{ dir: '' }], () => git)).toEqual(['config-repo', 'config-repo/common', 'config-repo/envs/*', 'config-repo/{application}']);
    // A git URI with `file:` but outside the project is named, not read.
    const outside: Diagnostic[] = [];
    expect(nativeRepositories([{ dir: '' }], () => map({ 'spring.cloud.config.server.git.uri': 'file:///home/me/config' }), outside)).toEqual([]);
    expect(outside.map((d) => d.message)).toEqual(['config server git repository file:///home/me/config is not a folder of the project; its properties are not read']);
  });

  it('names a remote git repository without the user and password written in its URI', () => {
    const diagnostics: Diagnostic[] = [];
    const props = map({ 'spring.cloud.config.server.git.uri': 'https://ci-bot:${git.token}@git.example.com/ops/config.git', 'git.token': 'ghp_s3cr3t' });
    expect(nativeRepositories([{ dir: '' }], () => props, diagnostics)).toEqual([]);
    expect(diagnostics.map((d) => d.message)).toEqual(['config server git repository https://***@git.example.com/ops/config.git is not in the project: nothing is fetched, and its properties are not read']);
    expect(JSON.stringify(diagnostics)).not.toContain('s3cr3t');
  });

  it('takes Windows separators in a location as separators: one climbing out that way is no folder of the project', () => {
    const native = map({ 'spring.cloud.config.server.native.search-locations': String.raw`file:..\..\outside, file:.\config-repo, classpath:\..\..\..\..\..\etc` });
    const diagnostics: Diagnostic[] = [];
    expect(nativeRepositories([{ dir: 'server' }], () => native, diagnostics)).toEqual(['server/config-repo', 'config-repo']);
    expect(diagnostics.map((d) => d.message)).toEqual([String.raw`config server repository file:..\..\outside is not a folder of the project; its properties are not read`]);
    const git = map({ 'spring.cloud.config.server.git.uri': 'file:./config-repo', 'spring.cloud.config.server.git.search-paths': String.raw`..\..\..\etc, envs\prod` });
    expect(nativeRepositories([{ dir: '' }], () => git)).toEqual(['config-repo', 'config-repo/envs/prod']);
  });

  it("layers a client's profile files over its plain ones, the later profile winning, a {profile} folder once per profile", () => {
    expect(repositoryFiles(['', 'repo/{profile}'], 'orders', ['dev', 'eu']).filter((f) => f.endsWith('.yml'))).toEqual([
      'application.yml', 'repo/dev/application.yml', 'repo/eu/application.yml',
      'orders.yml', 'repo/dev/orders.yml', 'repo/eu/orders.yml',
      'application-dev.yml', 'repo/dev/application-dev.yml', 'repo/eu/application-dev.yml',
      'orders-dev.yml', 'repo/dev/orders-dev.yml', 'repo/eu/orders-dev.yml',
      'application-eu.yml', 'repo/dev/application-eu.yml', 'repo/eu/application-eu.yml',
      'orders-eu.yml', 'repo/dev/orders-eu.yml', 'repo/eu/orders-eu.yml',
    ]);
    expect(clientProfiles(map({ 'spring.profiles.active': '${PROFILE:dev, eu}' }), map({}))).toEqual(['dev', 'eu']);
    expect(clientProfiles(map({ 'spring.profiles.active': 'dev' }), map({ 'spring.cloud.config.profile': 'qa' }))).toEqual(['qa']);
    expect(clientProfiles(map({}), map({ 'spring.profiles.active': '${PROFILE}' }))).toEqual(['default']);
  });
});

describe('Spring Cloud Config lists, composites and labels', () => {
  it('reads search paths and locations written as YAML lists, and a composite backend, the first entry last (it wins)', () => {
    const props = map({
      'spring.cloud.config.server.composite[0].type': 'git',
      'spring.cloud.config.server.composite[0].uri': 'file:./repo',
      'spring.cloud.config.server.composite[0].search-paths[0]': 'common',
      'spring.cloud.config.server.composite[0].search-paths[1]': 'teams/*',
      'spring.cloud.config.server.composite[1].type': 'jdbc',
      'spring.cloud.config.server.composite[2].type': 'native',
      'spring.cloud.config.server.composite[2].search-locations[0]': 'classpath:/shared/{label}',
      'spring.cloud.config.server.composite[2].default-label': 'v1',
    });
    expect(nativeRepositories([{ dir: '' }], () => props)).toEqual(['src/main/resources/shared/{label=v1}', 'repo', 'repo/teams/*', 'repo/common']);
    expect(repositoryFiles(['shared/{label=v1}', 'repo/teams/*'], 'orders', [], undefined, (p) => (p === 'repo/teams/*' ? ['repo/teams/a'] : [])).filter((f) => f.endsWith('.yml'))).toEqual([
      'shared/v1/application.yml',
      'repo/teams/a/application.yml',
      'shared/v1/orders.yml',
      'repo/teams/a/orders.yml',
    ]);
    expect(repositoryFiles(['shared/{label=v1}'], 'orders', [], 'v2').filter((f) => f.endsWith('orders.yml'))).toEqual(['shared/v2/orders.yml']);
  });
});

describe('Spring Cloud Config wildcard search paths', () => {
  it('matches ** at any depth, none included, and * one level only; ** walks no hidden folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-cloud-config-deep-'));
    try {
      for (const dir of ['envs/dev/eu/west', 'envs/prod', 'envs/.git/objects', 'other/x']) mkdirSync(join(root, dir), { recursive: true });
      expect(matchingFolders(root, 'envs/**')).toEqual(['envs', 'envs/dev', 'envs/dev/eu', 'envs/dev/eu/west', 'envs/prod']);
      expect(matchingFolders(root, 'envs/*').filter((f) => !f.includes('.git'))).toEqual(['envs/dev', 'envs/prod']);
      // A plain segment after it is each folder's (one that is not there holds no file).
      expect(matchingFolders(root, 'envs/**/west')).toContain('envs/dev/eu/west');
      expect(matchingFolders(root, '**/eu')).toContain('envs/dev/eu');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
