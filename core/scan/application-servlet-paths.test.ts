import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withApplicationServletPaths } from './application-servlet-paths';
import type { ModuleInfo } from './modules';
import { scanProject } from './scan';
import { writeFiles } from '../../test/write-files';

const pom = (artifact: string, deps: string[] = []) =>
  `<project><artifactId>${artifact}</artifactId><dependencies>${deps.map((d) => `<dependency><artifactId>${d}</artifactId></dependency>`).join('')}</dependencies></project>`;

describe('withApplicationServletPaths', () => {
  it("gives a library module the servlet paths of the applications that build against it, when they agree", () => {
    const modules: ModuleInfo[] = [
      { name: 'server', dir: 'server', build: 'maven', contextPath: '/shop', servletPath: '/api' },
      { name: 'admin', dir: 'admin', build: 'maven', contextPath: '/admin' },
      { name: 'catalog', dir: 'catalog', build: 'maven' },
      { name: 'orders', dir: 'orders', build: 'maven' },
      { name: 'shared', dir: 'shared', build: 'maven' },
      { name: 'tools', dir: 'tools', build: 'maven' },
    ];
    const files: Record<string, string> = {
      'server/pom.xml': pom('server', ['orders', 'shared']),
      'admin/pom.xml': pom('admin', ['shared']),
      'orders/pom.xml': pom('orders', ['catalog']),
    };
    const withConfig = new Set(['server', 'admin']);
    const out = withApplicationServletPaths(modules, (dir) => withConfig.has(dir), (p) => files[p]);
    const paths = Object.fromEntries(out.map((m) => [m.name, [m.contextPath, m.servletPath]]));
    expect(paths).toEqual({
      server: ['/shop', '/api'],
      admin: ['/admin', undefined],
      orders: ['/shop', '/api'],
      catalog: ['/shop', '/api'], // through orders
      shared: [undefined, undefined], // served by both, mounted differently
      tools: [undefined, undefined], // no application serves it
    });
  });

  it("gives a library module the port of the applications serving it, when they agree, apart from the paths", () => {
    const modules: ModuleInfo[] = [
      { name: 'server', dir: 'server', build: 'maven', contextPath: '/shop', listen: { port: '48080' } },
      { name: 'admin', dir: 'admin', build: 'maven', contextPath: '/admin', listen: { port: '48080' } },
      { name: 'jobs', dir: 'jobs', build: 'maven', listen: { port: '9000' } },
      { name: 'orders', dir: 'orders', build: 'maven' },
      { name: 'shared', dir: 'shared', build: 'maven' },
      { name: 'batch', dir: 'batch', build: 'maven' },
    ];
    const files: Record<string, string> = {
      'server/pom.xml': pom('server', ['orders', 'shared']),
      'admin/pom.xml': pom('admin', ['shared']),
      'jobs/pom.xml': pom('jobs', ['batch', 'orders']),
    };
    const out = withApplicationServletPaths(modules, (dir) => ['server', 'admin', 'jobs'].includes(dir), (p) => files[p]);
    const by = Object.fromEntries(out.map((m) => [m.name, [m.contextPath, m.listen?.port]]));
    expect(by).toMatchObject({
      shared: [undefined, '48080'], // two applications, one port: the port goes down, the paths do not
      batch: [undefined, '9000'],
      orders: [undefined, undefined], // served on two ports (and paths): neither
    });
  });

  it('applies to a scan: the context path of yudao-server style application modules reaches the controllers of its libraries', async () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-app-paths-'));
    const files: Record<string, string> = {
      'pom.xml': '<project><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>server</module><module>system</module></modules></project>',
      'server/pom.xml': pom('server', ['system']),
      'server/src/main/resources/application.yml': 'server:\n  port: 48080\n  servlet:\n    context-path: /boot\n',
      'system/pom.xml': pom('system'),
      'system/src/main/java/com/acme/UserController.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class UserController { @GetMapping("/users") public String list() { return ""; } }`,
    };
    writeFiles(root, files);
    const result = await scanProject(root);
    expect(result.endpoints.map((e) => [e.module, e.path])).toEqual([['system', '/users']]);
    expect(result.modules.find((m) => m.name === 'system')).toMatchObject({ contextPath: '/boot', listen: { port: '48080' } });
  });
});
