// Protos in a build's include folders (Gradle's `build/extracted-protos/main`, Maven's
// `target/protoc-dependencies/<hash>`) are not walked; a scan that read them made its result
// volatile, so such a project never scanned warm. The looks are journalled now (each folder's
// listing, each proto's stat, or its content when it was written just before the look): the stored
// result answers while they hold, and the scan runs again when a proto there changes, appears or goes.

import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanInThread, storeIn, tempFolder } from './store-cases';

const ORDERS = (field: string) => `syntax = "proto3";
package acme.orders.v1;
option java_package = "com.acme.orders.v1";
option java_multiple_files = true;

service Orders {
  rpc Place(Order) returns (Order);
}

message Order {
  string ${field} = 1;
}
`;
const STOCK = `syntax = "proto3";
package acme.stock;
option java_package = "com.acme.stock";
option java_multiple_files = true;

service Stock {
  rpc Check(Item) returns (stream Item);
}

message Item {}
`;
const MONEY = 'syntax = "proto3";\npackage acme.common;\nmessage Money { int64 units = 1; }\n';
const SERVICES = `package com.acme.shop;

import com.acme.orders.v1.Order;
import com.acme.orders.v1.OrdersGrpc;
import io.grpc.stub.StreamObserver;

public class OrderService extends OrdersGrpc.OrdersImplBase {
    @Override
    public void place(Order order, StreamObserver<Order> out) {
    }
}

class StockService extends com.acme.stock.StockGrpc.StockImplBase {
    @Override
    public void check(com.acme.stock.Item item, StreamObserver<com.acme.stock.Item> out) {
    }
}
`;

function write(root: string, rel: string, text: string): string {
  const abs = join(root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

describe('a stored result of a scan that read a build include folder', () => {
  const work = tempFolder('apiscout-include-protos-');

  function project(name: string, buildFile: string, buildText: string): { root: string; scan: (state: string) => Promise<{ stored: boolean; grpc: string[]; diagnostics: string[] }>; warnings: string[] } {
    const root = join(work.path, name);
    write(root, buildFile, buildText);
    const warnings: string[] = [];
    const scan = async (state: string) => {
      const { cache, warnings: w } = storeIn(join(work.path, `${name}-${state}`));
      const r = await scanInThread(root, { cache, reuseResult: true });
      warnings.push(...w);
      const grpc = r.endpoints
        .filter((e) => e.protocol === 'grpc')
        .map((e) => `${e.path} ${e.streaming} ${Object.keys(e.request?.body?.schema.properties ?? {}).join(',')}`)
        .sort();
      return { stored: r.stats.storedResult === true, grpc, diagnostics: r.diagnostics.map((d) => `${d.file}: ${d.message}`) };
    };
    return { root, scan, warnings };
  }

  it('Gradle: answers while the extracted protos hold, computes again when one changes, appears or goes', async () => {
    const { root, scan, warnings } = project('gradle', 'build.gradle', "plugins { id 'java' }\n");
    write(root, 'src/main/java/com/acme/shop/OrderService.java', SERVICES);
    const orders = write(root, 'build/extracted-protos/main/acme/orders/v1/orders.proto', ORDERS('card'));

    const NO_STOCK = { diagnostics: ['src/main/java/com/acme/shop/OrderService.java: no .proto declares service Stock and no generated StockGrpc.java is in the tree: its RPCs are listed with streaming type unknown and without a package in their paths'] };
    const first = ['/Stock/Check unknown ', '/acme.orders.v1.Orders/Place U card'];
    expect(await scan('a')).toEqual({ stored: false, grpc: first, ...NO_STOCK });
    expect(await scan('a')).toEqual({ stored: true, grpc: first, ...NO_STOCK });

    // Edited in place, same size, right after the last look (a second build within the same second).
    writeFileSync(orders, ORDERS('cart'));
    const edited = ['/Stock/Check unknown ', '/acme.orders.v1.Orders/Place U cart'];
    expect(await scan('a')).toEqual({ stored: false, grpc: edited, ...NO_STOCK });
    expect(await scan('a')).toEqual({ stored: true, grpc: edited, ...NO_STOCK });

    // A proto appears in a new folder: the Stock service is described by it.
    const stock = write(root, 'build/extracted-protos/main/acme/stock/stock.proto', STOCK);
    const both = ['/acme.orders.v1.Orders/Place U cart', '/acme.stock.Stock/Check S '];
    expect(await scan('a')).toEqual({ stored: false, grpc: both, diagnostics: [] });
    expect(await scan('a')).toEqual({ stored: true, grpc: both, diagnostics: [] });

    // ... and goes again (its folder stays, empty).
    rmSync(stock);
    expect(await scan('a')).toEqual({ stored: false, grpc: edited, ...NO_STOCK });
    expect(await scan('a')).toEqual({ stored: true, grpc: edited, ...NO_STOCK });

    // Old enough to be journalled by its stat (a fresh store): the build extracts the proto again
    // with another field of the same size and keeps the archive entry's time, as reproducible jars
    // have it. Size and mtime are the same; ctime is not.
    const archiveTime = Date.UTC(1980, 1, 1) / 1000;
    utimesSync(orders, archiveTime, archiveTime);
    await waitUntil(() => Date.now() - statSync(orders).ctimeMs > 3_500);
    expect(await scan('b')).toEqual({ stored: false, grpc: edited, ...NO_STOCK });
    expect(await scan('b')).toEqual({ stored: true, grpc: edited, ...NO_STOCK });
    const before = statSync(orders);
    writeFileSync(orders, ORDERS('cord'));
    utimesSync(orders, archiveTime, archiveTime);
    expect(statSync(orders).size).toBe(before.size);
    expect(statSync(orders).mtimeMs).toBe(before.mtimeMs);
    expect(await scan('b')).toEqual({ stored: false, grpc: ['/Stock/Check unknown ', '/acme.orders.v1.Orders/Place U cord'], ...NO_STOCK });
    expect(warnings).toEqual([]);
  });

  it('Maven: an import resolved in target/protoc-dependencies (no gRPC class) is journalled, and its loss is seen', async () => {
    const { root, scan, warnings } = project('maven', 'pom.xml', '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1</version></project>');
    // The project's own proto imports a dependency's; no Java class implements it, so only the
    // diagnostics (worked out after the endpoints) follow the import.
    write(root, 'src/main/proto/acme/shop/cart.proto', 'syntax = "proto3";\npackage acme.shop;\nimport "acme/common/money.proto";\nmessage Cart { acme.common.Money total = 1; }\n');
    const money = write(root, 'target/protoc-dependencies/5f3a9c/acme/common/money.proto', MONEY);
    expect(await scan('a')).toEqual({ stored: false, grpc: [], diagnostics: [] });
    expect(await scan('a')).toEqual({ stored: true, grpc: [], diagnostics: [] });

    rmSync(money);
    const missing = { grpc: [], diagnostics: ['src/main/proto/acme/shop/cart.proto: import "acme/common/money.proto" not found in the tree, its include roots or the build\'s extracted protos'] };
    expect(await scan('a')).toEqual({ stored: false, ...missing });
    expect(await scan('a')).toEqual({ stored: true, ...missing });

    // A dependency extracted under another hash folder: the parent's listing changed.
    write(root, 'target/protoc-dependencies/77e0b1/acme/common/money.proto', MONEY);
    expect(await scan('a')).toEqual({ stored: false, grpc: [], diagnostics: [] });
    expect(await scan('a')).toEqual({ stored: true, grpc: [], diagnostics: [] });
    expect(warnings).toEqual([]);
  });
});

async function waitUntil(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 100));
}
