import { describe, expect, it } from 'vitest';
import { exampleOf } from './example';
import { schemas } from './testing';

// What each property is written as was read from a real Jackson 2.17 run of the same classes:
// {"ids":"[1, 2]","ids2":["1","2"],"code":"x5","raw":{"a":1},"raw2":[1,2],...}
const FILES = {
  'com/acme/json/Prefixed.java': `package com.acme.json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
public class Prefixed extends StdSerializer<Long> {
    public Prefixed() { super(Long.class); }
    @Override
    public void serialize(Long value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value == null) { gen.writeNull(); return; }
        gen.writeString("x" + value); // not gen.writeNumber(value)
    }
}`,
  'com/acme/json/JsonUtils.java': `package com.acme.json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;
public class JsonUtils {
    public static class RawJson extends JsonSerializer<String> {
        @Override public void serialize(String value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.writeRawValue(value); }
    }
    public static class Either extends JsonSerializer<Long> {
        @Override public void serialize(Long value, JsonGenerator gen, SerializerProvider p) throws IOException {
            if (value > 9007199254740991L) gen.writeString(value.toString()); else gen.writeNumber(value);
        }
    }
}`,
  'com/acme/json/Cents.kt': `package com.acme.json
import com.fasterxml.jackson.core.JsonGenerator
import com.fasterxml.jackson.databind.SerializerProvider
import com.fasterxml.jackson.databind.ser.std.StdSerializer
class Cents : StdSerializer<Money>(Money::class.java) {
    override fun serialize(value: Money, gen: JsonGenerator, provider: SerializerProvider) = gen.writeNumber(value.cents)
}`,
  'com/acme/json/Money.java': `package com.acme.json;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(using = Cents.class)
public class Money { public long cents; public String currency; }`,
  'com/acme/json/Sku.java': `package com.acme.json;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
@JsonSerialize(using = ToStringSerializer.class)
public class Sku { public String vendor; public int number; }`,
  'com/acme/json/Order.java': `package com.acme.json;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.util.List;
import java.util.Map;
public class Order {
    @JsonSerialize(using = ToStringSerializer.class) public Long id;
    @JsonSerialize(using = ToStringSerializer.class) public List<Long> ids;
    @JsonSerialize(contentUsing = ToStringSerializer.class) public List<Long> itemIds;
    @JsonSerialize(contentUsing = ToStringSerializer.class) public Map<String, Long> counts;
    @JsonSerialize(using = Prefixed.class) public Long code;
    @JsonSerialize(using = JsonUtils.RawJson.class) public String taskParams;
    @JsonRawValue public String property;
    @JsonSerialize(using = JsonUtils.Either.class) public Long big;
    public Money total;
    public Sku sku;
}`,
};

describe('value serializers that change the JSON type', () => {
  const { schema } = schemas(FILES);
  const order = schema('Order', 'com.acme.json.Order');
  const p = order.properties!;

  it('ToStringSerializer writes a string of any value; contentUsing writes each element or map value so', () => {
    expect(p.id).toEqual({ type: 'string', format: 'int64' });
    expect(p.ids).toEqual({ type: 'string' });
    expect(p.itemIds).toEqual({ type: 'array', items: { type: 'string', format: 'int64' } });
    expect(p.counts?.additionalProperties).toEqual({ type: 'string', format: 'int64' });
  });

  it('a project serializer writing only strings (or nulls) is a string, one writing raw text or @JsonRawValue any JSON', () => {
    expect(p.code).toEqual({ type: 'string', format: 'int64' });
    expect(p.taskParams).toEqual({});
    expect(p.property).toEqual({});
    // Strings or numbers by value: the declared type stays.
    expect(p.big).toEqual({ type: 'integer', format: 'int64' });
  });

  it('@JsonSerialize on a class writes the class as its serializer does, Kotlin serializers included', () => {
    expect(p.total).toEqual({ type: 'number', 'x-java-type': 'com.acme.json.Money' });
    expect(p.sku).toEqual({ type: 'string', 'x-java-type': 'com.acme.json.Sku' });
    const example = exampleOf(order) as Record<string, unknown>;
    expect(example).toMatchObject({ id: '0', ids: 'ids', itemIds: ['0'], code: '0', total: 0, sku: 'sku' });
  });
});
