// A generic type's bean properties are listed once per mapper and reused by each of its
// instantiations (type-schema.ts `beanProperties`): `Result<Order>` and `Result<Invoice>` differ
// only in what the type variables bind, across levels too; and a reuse in another root records
// what the listing read (a constant of @JsonPropertyOrder in another file), so a re-scan after
// that file changes equals a fresh scan.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-generic-listing-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const J = 'src/main/java/com/acme/';
const FILES: Record<string, string> = {
  'Names.java': `package com.acme;
public final class Names {
    public static final String FIRST = "data";
}
`,
  'Paged.java': `package com.acme;
import java.util.List;
/** A page of items. */
public class Paged<E> {
    /** The page's items. */
    private List<E> items;
    private long total;
    public List<E> getItems() { return items; }
    public long getTotal() { return total; }
}
`,
  'Result.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
/** Envelope of every answer. */
@JsonPropertyOrder({Names.FIRST})
public class Result<T, K> extends Paged<K> {
    /** Zero when the call succeeded. */
    private int code;
    /** The payload. */
    private T data;
    public int getCode() { return code; }
    public T getData() { return data; }
}
`,
  'Order.java': `package com.acme;
public class Order {
    private String orderNo;
    public String getOrderNo() { return orderNo; }
}
`,
  'Invoice.java': `package com.acme;
public class Invoice {
    private long cents;
    public long getCents() { return cents; }
}
`,
  'OrderController.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class OrderController {
    @GetMapping("/orders/one") public Result<Order, Invoice> one() { return null; }
}
`,
  'InvoiceController.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class InvoiceController {
    @GetMapping("/invoices/one") public Result<Invoice, Order> one() { return null; }
    @GetMapping("/invoices/page") public Result<Paged<Invoice>, String> page() { return null; }
}
`,
};

function project(name: string): string {
  const root = join(tmp, name);
  for (const [file, text] of Object.entries(FILES)) {
    const abs = join(root, J, file);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}

const response = (endpoints: Array<{ path: string; response?: { schema?: JsonSchema } }>, path: string): JsonSchema => endpoints.find((e) => e.path === path)!.response!.schema!;

describe("a generic type's properties, listed once for all its instantiations", () => {
  it('binds each instantiation its own type arguments, on every level', async () => {
    const { endpoints } = (await scanned(project('bind'))).result();
    const order = response(endpoints, '/orders/one');
    const invoice = response(endpoints, '/invoices/one');
    const page = response(endpoints, '/invoices/page');
    // @JsonPropertyOrder's constant first, then Jackson's order: the superclass's fields, then the class's.
    expect(Object.keys(order.properties!)).toEqual(['data', 'items', 'total', 'code']);
    expect(Object.keys(invoice.properties!)).toEqual(['data', 'items', 'total', 'code']);
    expect(order['x-java-type']).toBe('com.acme.Result<com.acme.Order, com.acme.Invoice>');
    expect(order.properties!.data!['x-java-type']).toBe('com.acme.Order');
    expect((order.properties!.items!.items as JsonSchema)['x-java-type']).toBe('com.acme.Invoice');
    expect(invoice.properties!.data!['x-java-type']).toBe('com.acme.Invoice');
    expect((invoice.properties!.items!.items as JsonSchema)['x-java-type']).toBe('com.acme.Order');
    expect(page.properties!.data!['x-java-type']).toBe('com.acme.Paged<com.acme.Invoice>');
    expect((page.properties!.data!.properties!.items!.items as JsonSchema)['x-java-type']).toBe('com.acme.Invoice');
    expect(page.properties!.items!.items).toEqual({ type: 'string' });
    expect(order.properties!.data!.description).toBe('The payload.');
  });

  it('a re-scan after the file a listing read changes re-scans every root that reused it', async () => {
    const root = project('rescan');
    const scanner = await scanned(root);
    editFile(root, `${J}Names.java`, '"data"', '"total"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Names.java`, kind: 'changed' }]);
    // toEqual does not see the order of keys: compare the orders themselves, re-scanned and fresh.
    for (const path of ['/orders/one', '/invoices/one', '/invoices/page']) {
      expect(Object.keys(response(scanner.result().endpoints, path).properties!)).toEqual(['total', 'items', 'code', 'data']);
      expect(Object.keys(response(fresh.endpoints, path).properties!)).toEqual(['total', 'items', 'code', 'data']);
    }
    // The envelope itself gains a property: every instantiation lists it, none keeps the old listing.
    editFile(root, `${J}Result.java`, '    public int getCode() { return code; }', '    public int getCode() { return code; }\n    public String getTraceId() { return null; }');
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Result.java`, kind: 'changed' }]);
    for (const path of ['/orders/one', '/invoices/one', '/invoices/page']) {
      expect(Object.keys(response(scanner.result().endpoints, path).properties!)).toEqual(['total', 'items', 'code', 'data', 'traceId']);
    }
  });
});
