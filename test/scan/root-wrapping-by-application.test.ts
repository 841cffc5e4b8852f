// Jackson's root wrapping is each application's own (core/scan/root-wrapping.ts): one application
// turning it on (in its properties, or its code enabling WRAP_ROOT_VALUE) wraps its bodies, not
// another application's of the same project; a library module served by both is wrapped only
// where every application serving it wraps.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

const pom = (artifact: string, deps: string[] = []) =>
  `<project><artifactId>${artifact}</artifactId><dependencies>${deps.map((d) => `<dependency><artifactId>${d}</artifactId></dependency>`).join('')}</dependencies></project>`;

const controller = (pkg: string, name: string, path: string) => `package com.acme.${pkg};
import org.springframework.web.bind.annotation.*;
@RestController public class ${name}Controller {
  @PostMapping("${path}") public ${name}Dto save(@RequestBody ${name}Dto body) { return body; }
}`;
const dto = (pkg: string, name: string) => `package com.acme.${pkg};
public class ${name}Dto { public String name; }`;

describe('root wrapping in a project of several applications', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-root-wrapping-apps-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': '<project><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>users</module><module>admin</module><module>orders</module><module>common</module></modules></project>',
      'users/pom.xml': pom('users', ['common']),
      'users/src/main/resources/application.properties': 'spring.jackson.serialization.wrap-root-value=true\nspring.jackson.deserialization.unwrap-root-value=true\n',
      'users/src/main/java/com/acme/users/UserController.java': controller('users', 'User', '/users'),
      'users/src/main/java/com/acme/users/UserDto.java': dto('users', 'User'),
      'admin/pom.xml': pom('admin', ['common']),
      'admin/src/main/resources/application.properties': 'server.port=8081\n',
      'admin/src/main/java/com/acme/admin/AdminController.java': controller('admin', 'Admin', '/admins'),
      'admin/src/main/java/com/acme/admin/AdminDto.java': dto('admin', 'Admin'),
      'orders/pom.xml': pom('orders'),
      'orders/src/main/resources/application.properties': 'server.port=8082\n',
      'orders/src/main/java/com/acme/orders/OrderController.java': controller('orders', 'Order', '/orders'),
      'orders/src/main/java/com/acme/orders/OrderDto.java': dto('orders', 'Order'),
      'orders/src/main/java/com/acme/orders/JacksonConfig.java': `package com.acme.orders;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration public class JacksonConfig {
  @Bean public Jackson2ObjectMapperBuilderCustomizer wrap() { return b -> b.featuresToEnable(SerializationFeature.WRAP_ROOT_VALUE); }
}`,
      'common/pom.xml': pom('common'),
      'common/src/main/java/com/acme/common/NoteController.java': controller('common', 'Note', '/notes'),
      'common/src/main/java/com/acme/common/NoteDto.java': dto('common', 'Note'),
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const saved = (path: string) => endpoints.filter((e) => e.path === path);

  it("wraps the bodies of the application whose properties turn it on, both ways", () => {
    const [users] = saved('/users');
    expect(users?.response?.schema).toMatchObject({ required: ['UserDto'], properties: { UserDto: { title: 'UserDto' } } });
    expect(users?.request?.body?.schema).toMatchObject({ required: ['UserDto'], properties: { UserDto: { title: 'UserDto' } } });
  });

  it("leaves another application's bodies unwrapped", () => {
    const [admin] = saved('/admins');
    expect(admin?.response?.schema?.title).toBe('AdminDto');
    expect(admin?.request?.body?.schema?.title).toBe('AdminDto');
  });

  it('wraps what the application whose code enables WRAP_ROOT_VALUE writes, not what it reads', () => {
    const [orders] = saved('/orders');
    expect(orders?.response?.schema).toMatchObject({ required: ['OrderDto'] });
    expect(orders?.request?.body?.schema?.title).toBe('OrderDto');
  });

  it('leaves a library served by a wrapping and a non-wrapping application unwrapped', () => {
    const notes = saved('/notes');
    expect(notes.length).toBeGreaterThan(0);
    for (const e of notes) expect(e.response?.schema?.title, e.module).toBe('NoteDto');
  });
});
