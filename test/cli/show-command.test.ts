// `apiscout show`: one endpoint's request and response, as a user reads them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('apiscout show', () => {
  it('prints parameters by location, the body with its fields and example, and the response', () => {
    const r = run(['show', 'POST /api/v1/orders']);
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out.split('\n')[0]).toMatch(/^POST \/api\/v1\/orders  \S/);
    expect(out).toMatch(/\nBody \(application\/json\)/);
    expect(out).toContain('Example:');
    expect(out).toMatch(/\nResponse \(application\/json\)/);
  });

  it('shows a Jackson polymorphic body as its subtypes, each with the type id that picks it and its fields', () => {
    const r = run(['show', 'POST /specs', fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url))]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(['Body (application/json)', '  one of NumericSpec (dataType: int, float, double)', '    dataType *: enum(int|float|double)  The data type', '    min: integer(int32)', '    max: integer(int32)', '  one of TextSpec (dataType: text)'].join('\n'));
  });

  it('quotes a default that is an empty string (a Kotlin property\'s = "" or defaultValue = ""), so the row does not end in a bare =', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-show-'));
    try {
      const pkg = join(dir, 'src/main/java/com/acme');
      mkdirSync(pkg, { recursive: true });
      writeFileSync(
        join(pkg, 'FindController.java'),
        [
          'package com.acme;',
          'import org.springframework.web.bind.annotation.*;',
          '@RestController',
          'public class FindController {',
          '    @GetMapping("/find")',
          '    public String find(@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "20") int size, @RequestParam(defaultValue = " ") String sep) { return ""; }',
          '}',
          '',
        ].join('\n'),
      );
      const r = run(['show', 'GET /find', dir]);
      expect(r.code, r.stderr).toBe(0);
      const row = (name: string) => r.stdout.split('\n').find((l) => l.trimStart().startsWith(`${name} `))!.replace(/ +/g, ' ').trim();
      expect(row('q')).toBe('q string optional = ""');
      expect(row('size')).toBe('size integer(int32) optional = 20');
      expect(row('sep')).toBe('sep string optional = " "');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows a map response as its values by key, a map of models with the model's fields", () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-show-map-'));
    try {
      const pkg = join(dir, 'src/main/java/com/acme');
      mkdirSync(pkg, { recursive: true });
      writeFileSync(join(pkg, 'Order.java'), 'package com.acme;\npublic class Order { public long id; }\n');
      writeFileSync(
        join(pkg, 'OrderController.java'),
        [
          'package com.acme;',
          'import java.util.Map;',
          'import org.springframework.web.bind.annotation.*;',
          '@RestController',
          'public class OrderController {',
          '    @GetMapping("/orders/by-id")',
          '    public Map<String, Order> byId() { return null; }',
          '}',
          '',
        ].join('\n'),
      );
      const r = run(['show', 'GET /orders/by-id', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(['  [map: string → Order]', '    id: integer(int64)'].join('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says which endpoint it shows when modules share the address, and shows the one an id names quietly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-show-twins-'));
    const write = (p: string, text: string) => {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), text);
    };
    const controller = (pkg: string) => `package ${pkg};\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class OrderController {\n  @GetMapping("/order/list")\n  public String list() { return ""; }\n}\n`;
    try {
      write('pom.xml', '<project><modelVersion>4.0.0</modelVersion><artifactId>mall</artifactId><packaging>pom</packaging><modules><module>admin</module><module>portal</module></modules></project>');
      write('admin/pom.xml', '<project><modelVersion>4.0.0</modelVersion><artifactId>admin</artifactId></project>');
      write('admin/src/main/java/com/acme/admin/OrderController.java', controller('com.acme.admin'));
      write('portal/pom.xml', '<project><modelVersion>4.0.0</modelVersion><artifactId>portal</artifactId></project>');
      write('portal/src/main/java/com/acme/portal/OrderController.java', controller('com.acme.portal'));
      const r = run(['show', 'GET /order/list', dir]);
      expect(r.code, r.stderr).toBe(0);
      const shown = /\((admin|portal)\)$/m.exec(r.stdout)![1];
      expect(r.stderr).toContain(`note: 2 endpoints are GET /order/list; showing com.acme.${shown}.OrderController in ${shown} (pass another's id, from apiscout search --json, to show it)`);
      const other = shown === 'admin' ? 'portal' : 'admin';
      const byId = run(['show', `${other}:com.acme.${other}.OrderController#list() GET /order/list`, dir]);
      expect(byId.code, byId.stderr).toBe(0);
      expect(byId.stdout).toContain(`(${other})`);
      expect(byId.stderr).not.toContain('note:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints the shown endpoint's own file's warnings, and counts the rest (search counts them all)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-show-warnings-'));
    const write = (p: string, text: string) => {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), text);
    };
    try {
      // An unreadable constant in the shown controller, and two broken protos elsewhere.
      write('src/main/java/com/acme/ItemController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items")\n  public String list() { return ""; }\n  @GetMapping(Missing.PATH)\n  public String other() { return ""; }\n}\n');
      write('src/main/proto/a.proto', 'syntax = "proto3";\nimport "nowhere/a.proto";\n');
      write('src/main/proto/b.proto', 'syntax = "proto3";\nimport "nowhere/b.proto";\n');
      const r = run(['show', 'GET /items', dir]);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stderr.trim().split('\n');
      expect(lines.filter((l) => l.startsWith('warning: src/main/java/com/acme/ItemController.java:7: '))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('.proto'))).toEqual([]);
      expect(lines).toContain(`note: 2 other scan warnings elsewhere in the project; 'apiscout scan ${dir}' lists them`);
      const found = spawnSync(process.execPath, [BIN, 'search', 'items', dir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(found.stderr).toContain(`note: 3 scan warnings elsewhere in the project; 'apiscout scan ${dir}' lists them`);
      expect(found.stderr).not.toContain('warning: src/');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds an endpoint by its id and prints it as JSON', () => {
    const first = JSON.parse(run(['show', 'GET /api/v1/orders/{orderId}', '--json']).stdout) as { id: string; request: { params: { name: string; in: string }[] } };
    expect(first.request.params).toContainEqual(expect.objectContaining({ name: 'orderId', in: 'path' }));
    const again = JSON.parse(run(['show', first.id, '--json']).stdout) as { id: string };
    expect(again.id).toBe(first.id);
  });

  it('prints a gRPC method with its streaming kind, message types and proto', () => {
    const r = run(['show', 'gRPC /acme.shop.inventory.v1.StockService/PickSession']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe("gRPC:B /acme.shop.inventory.v1.StockService/PickSession  A robot's session: it reports picks and receives pick orders");
    expect(lines[2]).toBe('acme.shop.inventory.v1.PickEvent -> acme.shop.inventory.v1.PickOrder, bidirectional streaming  (inventory/src/main/proto/acme/shop/inventory/v1/stock_service.proto)');
    expect(r.stdout).toContain('Body (application/grpc)');
    expect(r.stdout).toContain('"priority": "PRIORITY_UNSPECIFIED"');
  });

  it('exits 2 naming the query when nothing matches, and on bad usage', () => {
    const none = run(['show', 'zzzzqqq']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no endpoint matches 'zzzzqqq'");
    expect(run(['show']).code).toBe(2);
  });

  it('show and call say a misuse and a miss alike, each naming itself', () => {
    for (const command of ['show', 'call']) {
      const none = run([command, 'zzzzqqq']);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain(`apiscout ${command}: no endpoint matches 'zzzzqqq' in `);
      const bad = run([command, 'a', 'b', 'c']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`apiscout ${command}: expected an endpoint id or query, and at most one directory\nRun 'apiscout ${command} --help' for its usage.`);
    }
  });
});
