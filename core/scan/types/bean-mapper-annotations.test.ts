import { describe, expect, it } from 'vitest';
import type { BeanMapper } from './bean-mapper-annotations';
import { schemas } from './testing';

// Each class carries JSON-B's, fastjson's and Jackson's annotations: only the writing mapper's count.
const FILES = {
  'com/acme/b/Status.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Status { ACTIVE, CLOSED; @JsonValue public String code() { return name().toLowerCase(); } }`,
  'com/acme/b/Money.java': `package com.acme.b;
public class Money { public long cents; }`,
  'com/acme/b/Order.java': `package com.acme.b;
import jakarta.json.bind.annotation.*;
import com.fasterxml.jackson.annotation.*;
import com.alibaba.fastjson.annotation.JSONField;
@JsonPropertyOrder({"zeta", "id"})
public class Order {
  @JsonbProperty("order_id") @JsonProperty("orderId") @JSONField(name = "oid") public Long id;
  public String zeta;
  @JsonbTransient public String internal;
  @JsonIgnore public String secret;
  @JSONField(serialize = false) public String password;
  @JSONField(deserialize = false) public String created;
  @JsonbDateFormat("dd.MM.yyyy") @JSONField(format = "yyyy/MM/dd") @JsonFormat(pattern = "yyyy-MM-dd") public java.util.Date day;
  @JsonbDateFormat(JsonbDateFormat.TIME_IN_MILLIS) public java.time.Instant at;
  @JsonbNumberFormat("#0.00") public java.math.BigDecimal total;
  @JsonbTypeAdapter(MoneyAdapter.class) public Money price;
  public Status status;
}`,
  'com/acme/b/Listed.java': `package com.acme.b;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import com.alibaba.fastjson2.annotation.JSONType;
@JsonbPropertyOrder({"second", "first"})
@JSONType(ignores = {"second"}, alphabetic = false)
public class Listed { public String third; public String first; public String second; }`,
  'com/acme/b/Stamped.java': `package com.acme.b;
public class Stamped { @com.alibaba.fastjson.annotation.JSONField(ordinal = 1) public String after; @com.alibaba.fastjson.annotation.JSONField(ordinal = -1) public String before; public java.util.Date when; public java.sql.Timestamp at; public java.time.LocalDate day; }`,
};

const build = (kind: BeanMapper | undefined, dateFormat?: string) => schemas(FILES, { mapper: () => (kind ? { kind, ...(dateFormat ? { dateFormat } : {}) } : undefined) });
const names = (s: { properties?: object }) => Object.keys(s.properties ?? {});

describe('bodies as JSON-B and fastjson write them', () => {
  it('JSON-B: @JsonbProperty renames, @JsonbTransient hides, Jackson and fastjson annotations ignored, properties lexicographical', () => {
    const s = build('jsonb').schema('Order', 'com.acme.b.Order');
    expect(names(s)).toEqual(['at', 'created', 'day', 'order_id', 'password', 'price', 'secret', 'status', 'total', 'zeta']);
    expect(s.properties!.day).toMatchObject({ type: 'string', 'x-format-pattern': 'dd.MM.yyyy' });
    expect(s.properties!.at).toMatchObject({ type: 'integer', format: 'int64' }); // TIME_IN_MILLIS
    expect(s.properties!.total).toMatchObject({ type: 'string', 'x-format-pattern': '#0.00' });
    expect(s.properties!.price!.type).toBeUndefined(); // its adapter writes it: unknown
    expect(s.properties!.price!.description).toBe('Written by its @JsonbTypeAdapter');
    expect(s.properties!.status!.enum).toEqual(['ACTIVE', 'CLOSED']); // name(), not Jackson's @JsonValue
    // `@JsonbPropertyOrder` lists Java names first; the rest lexicographical.
    expect(names(build('jsonb').schema('Listed', 'com.acme.b.Listed'))).toEqual(['second', 'first', 'third']);
  });

  it("Jackson ignores JSON-B's and fastjson's annotations", () => {
    const s = build(undefined).schema('Order', 'com.acme.b.Order');
    expect(names(s)).toEqual(['zeta', 'orderId', 'internal', 'password', 'created', 'day', 'at', 'total', 'price', 'status']);
    expect(s.properties!.day).toMatchObject({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd' });
    expect(s.properties!.total!.type).toBe('number');
    expect(s.properties!.price!.properties).toHaveProperty('cents');
    expect(s.properties!.status!.enum).toBeUndefined(); // its @JsonValue writes a value not known here
  });

  it("fastjson 1: @JSONField's name, format and serialize/deserialize, sorted by name, no Jackson annotation", () => {
    const s = build('fastjson').schema('Order', 'com.acme.b.Order');
    expect(names(s)).toEqual(['at', 'created', 'day', 'internal', 'oid', 'password', 'price', 'secret', 'status', 'total', 'zeta']);
    expect(s.properties!.password!.writeOnly).toBe(true); // read from requests, never written
    expect(s.properties!.created!.readOnly).toBe(true);
    expect(s.properties!.day).toMatchObject({ type: 'string', 'x-format-pattern': 'yyyy/MM/dd' });
    expect(s.properties!.status!.enum).toEqual(['ACTIVE', 'CLOSED']);
    // `@JSONType(ignores)` drops a property; `alphabetic = false` keeps the declaration order.
    expect(names(build('fastjson2').schema('Listed', 'com.acme.b.Listed'))).toEqual(['third', 'first']);
  });

  it("fastjson's dates: FastJsonConfig's pattern, else fastjson2's default pattern or fastjson 1's epoch milliseconds", () => {
    const dates = (kind: BeanMapper | undefined, format?: string) => {
      const s = build(kind, format).schema('Stamped', 'com.acme.b.Stamped').properties!;
      return [s.when, s.at, s.day];
    };
    const millis = { type: 'integer', format: 'int64' };
    const pattern = (p: string) => ({ type: 'string', 'x-format-pattern': p });
    expect(dates('fastjson')).toEqual([millis, millis, { type: 'string', format: 'date' }]);
    expect(dates('fastjson', 'yyyyMMdd')).toEqual([pattern('yyyyMMdd'), pattern('yyyyMMdd'), { type: 'string', format: 'date' }]);
    expect(dates('fastjson2')).toEqual([pattern('yyyy-MM-dd HH:mm:ss'), pattern('yyyy-MM-dd HH:mm:ss'), { type: 'string', format: 'date' }]);
    expect(dates(undefined)[0]).toEqual({ type: 'string', format: 'date-time' });
    // fastjson 1 with `@JSONField(format)`: a string in that pattern, not milliseconds.
    expect(build('fastjson').schema('Order', 'com.acme.b.Order').properties!.day).toEqual(pattern('yyyy/MM/dd'));
  });

  it('fastjson orders by @JSONField(ordinal), then by name', () => {
    expect(names(build('fastjson').schema('Stamped', 'com.acme.b.Stamped'))).toEqual(['before', 'at', 'day', 'when', 'after']);
    expect(names(build(undefined).schema('Stamped', 'com.acme.b.Stamped'))).toEqual(['after', 'before', 'when', 'at', 'day']);
  });

  it("fastjson2 reads Jackson's annotations too, @JSONField's name first", () => {
    const s = build('fastjson2').schema('Order', 'com.acme.b.Order');
    // `@JsonPropertyOrder` lists its names first, `@JsonIgnore` hides.
    expect(names(s)).toEqual(['zeta', 'oid', 'at', 'created', 'day', 'internal', 'password', 'price', 'status', 'total']);
    expect(s.properties!.day).toMatchObject({ type: 'string', 'x-format-pattern': 'yyyy/MM/dd' });
    expect(s.properties!.status!.enum).toBeUndefined(); // its @JsonValue writes a value not known here
  });
});
