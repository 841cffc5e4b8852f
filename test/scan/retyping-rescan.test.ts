// Types Jackson writes and reads a value as (core/scan/types/retyping.ts) come from other files
// than the body's: its converter, the interface naming its implementation, a setter. A re-scan
// after any of them changes equals a fresh scan of the same tree.

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { editFile, FIXTURES } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-retyping-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const J = 'src/main/java/com/acme/retype/';

describe('a re-scan of bodies Jackson reads and writes as different types', () => {
  it('follows an edited converter, interface and holder', async () => {
    const root = join(tmp, 'case');
    cpSync(join(FIXTURES, 'spring-mvc/jackson-retyping'), root, { recursive: true });
    const edit = (file: string, from: string, to: string) => editFile(root, `${J}${file}`, from, to);
    const scanner = await scanned(root);
    const rescan = async (file: string): Promise<Endpoint> => {
      const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}${file}`, kind: 'changed' }]);
      return fresh.endpoints[0]!;
    };

    // The converter writes a number now.
    edit('IdText.java', 'StdConverter<Long, String>', 'StdConverter<Long, Integer>');
    edit('IdText.java', 'public String convert(Long value) { return "ord-" + value; }', 'public Integer convert(Long value) { return value.intValue(); }');
    let e = await rescan('IdText.java');
    expect(e.response!.example).toMatchObject({ id: 0 });

    // The interface no longer names its implementation: the request reads the interface.
    edit('Shipment.java', '@JsonDeserialize(as = ParcelShipment.class)\n', '');
    e = await rescan('Shipment.java');
    expect(e.request!.body!.example).toMatchObject({ shipment: { trackingCode: 'trackingCode' } });
    expect(JSON.stringify(e.request!.body!.example)).not.toContain('weightGrams');

    // The setter reads a string: so does the request.
    edit('OrderForm.java', 'public void setConfig(JsonNode config) { this.config = config.toString(); }', 'public void setConfig(String config) { this.config = config; }');
    e = await rescan('OrderForm.java');
    expect(e.request!.body!.example).toMatchObject({ config: 'config' });
    expect(e.response!.example).toMatchObject({ config: {} });

    // The builder's setter is renamed: the request follows the builder, the response the class.
    edit('Refund.java', 'public Builder setCents(long cents)', 'public Builder setAmount(long cents)');
    e = await rescan('Refund.java');
    expect(e.request!.body!.example).toMatchObject({ refund: { amount: 0, reason: 'other' } });
    expect(e.response!.example).toMatchObject({ refund: { amountCents: 0 } });

    // Amount gets a deserializer of its own: read as its serializer writes it.
    edit('Amount.java', '@JsonSerialize(using = Amount.AsText.class)', '@JsonSerialize(using = Amount.AsText.class) @com.fasterxml.jackson.databind.annotation.JsonDeserialize(using = AmountReader.class)');
    e = await rescan('Amount.java');
    expect(e.request!.body!.example).toMatchObject({ amount: 'amount' });
  });

  it("a Spring Boot 4 @JacksonMixin or @JacksonComponent added, edited or removed: every model it applies to", async () => {
    const root = join(tmp, 'boot4');
    const write = (rel: string, text: string) => {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    write('src/main/java/com/acme/Card.java', 'package com.acme;\npublic class Card { public String number; public String holder; public Money limit; }\n');
    write('src/main/java/com/acme/Money.java', 'package com.acme;\npublic class Money { public long cents; }\n');
    write('src/main/java/com/acme/CardController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class CardController {\n    @GetMapping("/card") public Card card() { return null; }\n}\n');
    const scanner = await scanned(root);
    const rescan = async (path: string, kind: 'changed' | 'deleted' = 'changed') => {
      const fresh = await rescanEqualsFreshScan(scanner, root, [{ path, kind }]);
      return fresh.endpoints[0]!.response!.schema!.properties!;
    };
    const mixin = 'src/main/java/com/acme/json/CardMixin.java';
    write(mixin, 'package com.acme.json;\nimport com.acme.Card;\nimport com.fasterxml.jackson.annotation.JsonIgnore;\nimport org.springframework.boot.jackson.JacksonMixin;\n@JacksonMixin(Card.class)\npublic abstract class CardMixin { @JsonIgnore String number; }\n');
    expect(Object.keys(await rescan(mixin))).toEqual(['holder', 'limit']);
    const component = 'src/main/java/com/acme/json/MoneySerializer.java';
    write(component, 'package com.acme.json;\nimport com.acme.Money;\nimport org.springframework.boot.jackson.JacksonComponent;\nimport tools.jackson.core.JsonGenerator;\nimport tools.jackson.databind.*;\n@JacksonComponent\npublic class MoneySerializer extends ValueSerializer<Money> {\n    @Override public void serialize(Money value, JsonGenerator gen, SerializationContext c) { gen.writeNumber(value.cents); }\n}\n');
    expect((await rescan(component)).limit).toMatchObject({ type: 'number' });
    rmSync(join(root, mixin));
    // Back again; sorted now, as the project (no build file to say) has code importing tools.jackson: Jackson 3's default.
    expect(Object.keys(await rescan(mixin, 'deleted'))).toEqual(['holder', 'limit', 'number']);
  });
});

