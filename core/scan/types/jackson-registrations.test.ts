import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { exampleOf } from './example';
import { schemas } from './testing';

// Checked against a real Jackson 2.17 run: with these registrations it writes and reads
// {"kind":"square","side":0} as Sq and {"kind":"round","side":0,"r":0} as Circle.
const ids = (s: JsonSchema, id: string) => (s.oneOf ?? [s]).map((b) => b.properties?.[id]?.enum);

describe('Jackson configured in code', () => {
  const { schema } = schemas({
    'com/acme/Shape.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public abstract class Shape { public int side; }`,
    'com/acme/Sq.java': `package com.acme;
public class Sq extends Shape { }`,
    'com/acme/Circle.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonTypeName;
@JsonTypeName("round") public class Circle extends Shape { public int r; }`,
    'com/acme/Tri.kt': `package com.acme
class Tri : Shape()`,
    'com/acme/User.java': `package com.acme;
public class User { public String name; public String password; public String token; }`,
    'com/acme/Card.java': `package com.acme;
public class Card { public String number; }`,
    'com/acme/config/UserMixin.java': `package com.acme.config;
import com.fasterxml.jackson.annotation.JsonIgnore;
public abstract class UserMixin { @JsonIgnore String password; }`,
    'com/acme/config/CardMixin.java': `package com.acme.config;
import com.fasterxml.jackson.annotation.JsonIgnore;
public abstract class CardMixin { @JsonIgnore String number; }`,
    'com/acme/config/JacksonConfig.java': `package com.acme.config;
import com.acme.*;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration
public class JacksonConfig {
    @Bean
    public Jackson2ObjectMapperBuilderCustomizer customizer() {
        return builder -> builder
            // .mixIn(Card.class, CardMixin.class) is left for later
            .mixIn(User.class, UserMixin.class)
            .postConfigurer(m -> {
                m.registerSubtypes(new NamedType(Sq.class, "square"));
                m.registerSubtypes(Circle.class);
            });
    }
}`,
    'com/acme/config/RedisConfig.java': `package com.acme.config;
import com.acme.Card;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.*;
import org.springframework.data.redis.core.RedisTemplate;
@Configuration
public class RedisConfig {
    @Bean public RedisTemplate<String, Object> redisTemplate() { ObjectMapper om = new ObjectMapper(); om.addMixIn(Card.class, CardMixin.class); return null; }
}`,
    'com/acme/config/Modules.kt': `package com.acme.config
import com.acme.Tri
import com.fasterxml.jackson.databind.jsontype.NamedType
import com.fasterxml.jackson.databind.module.SimpleModule
class Modules { fun shapes() = SimpleModule().apply { registerSubtypes(NamedType(Tri::class.java, "tri")) } }`,
    'com/acme/Holder.java': `package com.acme;
public class Holder { public Shape shape; public User user; public Card card; }`,
  });

  it('registerSubtypes (NamedType, a class with its @JsonTypeName, Kotlin) makes the branches of a base without @JsonSubTypes', () => {
    expect(ids(schema('Shape', 'com.acme.Holder'), 'kind')).toEqual([['square'], ['round'], ['tri']]);
  });

  it("a builder's mixIn applies; an addMixIn on a Redis mapper does not, nor a call in a comment", () => {
    expect(Object.keys(schema('User', 'com.acme.Holder').properties!)).toEqual(['name', 'token']);
    expect(Object.keys(schema('Card', 'com.acme.Holder').properties!)).toEqual(['number']);
  });

  // A real Jackson 2.17 run with these registrations wrote
  // {"count":"5","price":"1.50","createdAt":"2024-01-02 03:04:05","shipped":"2024-01-02"}.
  it('serializers registered by type in a Spring configuration: ToStringSerializer, a formatter pattern, a project serializer; a Redis mapper and a serializer handing off to another are not read', () => {
    const files = {
      'com/acme/json/BigNumberSerializer.java': `package com.acme.json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.NumberSerializer;
import java.io.IOException;
public class BigNumberSerializer extends NumberSerializer {
    public static final BigNumberSerializer INSTANCE = new BigNumberSerializer(Number.class);
    public BigNumberSerializer(Class<? extends Number> t) { super(t); }
    @Override public void serialize(Number value, JsonGenerator gen, SerializerProvider p) throws IOException {
        if (value.longValue() < 9007199254740991L) super.serialize(value, gen, p); else gen.writeString(value.toString());
    }
}`,
      'com/acme/json/MoneySerializer.java': `package com.acme.json;
import com.acme.Money;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;
public class MoneySerializer extends JsonSerializer<Money> {
    @Override public void serialize(Money value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.writeString(value.toString()); }
}`,
      'com/acme/Money.java': `package com.acme;
public class Money { public long cents; }`,
      'com/acme/config/JacksonConfig.java': `package com.acme.config;
import com.acme.Money;
import com.acme.json.*;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.datatype.jsr310.ser.*;
import java.math.BigDecimal;
import java.time.*;
import java.time.format.DateTimeFormatter;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
public class JacksonConfig {
    @Bean
    public Jackson2ObjectMapperBuilderCustomizer customizer() {
        return builder -> {
            JavaTimeModule javaTimeModule = new JavaTimeModule();
            javaTimeModule.addSerializer(Long.class, BigNumberSerializer.INSTANCE);
            javaTimeModule.addSerializer(BigDecimal.class, ToStringSerializer.instance);
            javaTimeModule.addSerializer(Money.class, new MoneySerializer());
            DateTimeFormatter formatter = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
            javaTimeModule.addSerializer(LocalDateTime.class, new LocalDateTimeSerializer(formatter));
            builder.modules(javaTimeModule)
                .simpleDateFormat("yyyy-MM-dd HH:mm")
                .serializerByType(Long.TYPE, ToStringSerializer.instance)
                .serializerByType(LocalDate.class, new LocalDateSerializer(DateTimeFormatter.ofPattern("yyyy/MM/dd")));
        };
    }
}`,
      'com/acme/config/RedisConfig.java': `package com.acme.config;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import org.springframework.context.annotation.*;
import org.springframework.data.redis.serializer.Jackson2JsonRedisSerializer;
@Configuration
public class RedisConfig {
    @Bean public Jackson2JsonRedisSerializer<Object> redisSerializer() { new SimpleModule().addSerializer(Integer.class, ToStringSerializer.instance); return null; }
}`,
      'com/acme/Order.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.math.BigDecimal;
import java.time.*;
public class Order {
    public Long id; public long count; public Integer qty; public BigDecimal price; public Money total;
    public LocalDateTime createdAt; public LocalDate day; public java.util.Date updated;
    @JsonFormat(pattern = "yyyy-MM-dd") public LocalDateTime shipped;
}`,
    };
    const { schema: of } = schemas(files);
    const p = of('Order', 'com.acme.Order').properties!;
    expect(p.id).toEqual({ type: 'integer', format: 'int64' });
    expect(p.count).toEqual({ type: 'string', format: 'int64' });
    expect(p.qty).toEqual({ type: 'integer', format: 'int32' });
    expect(p.price?.type).toBe('string');
    expect(p.total).toEqual({ type: 'string', 'x-java-type': 'com.acme.Money' });
    expect(p.createdAt).toEqual({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd HH:mm:ss' });
    expect(p.day).toEqual({ type: 'string', 'x-format-pattern': 'yyyy/MM/dd' });
    expect(p.updated).toEqual({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd HH:mm' });
    // The property's own @JsonFormat still wins: Jackson's java.time serializers are contextual.
    expect(p.shipped).toEqual({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd' });
    expect(exampleOf(of('Order', 'com.acme.Order'))).toMatchObject({ count: '0', createdAt: '2024-01-01 00:00:00', day: '2024/01/01' });
    // No deserializer is registered for Money: Jackson reads it as a bean.
    expect(Object.keys(of('Order', 'com.acme.Order', 'request').properties!.total!.properties!)).toEqual(['cents']);
    // Spring's data binder (query and form beans) does not go through Jackson.
    const bound = schemas(files, { propertyNames: 'java' }).schema('Order', 'com.acme.Order').properties!;
    expect([bound.count, bound.updated, bound.total?.type]).toEqual([{ type: 'integer', format: 'int64' }, { type: 'string', format: 'date-time' }, 'object']);
  });

  it("Spring Boot's @JsonComponent serializers, on the class or nested in it, write the type they name", () => {
    const { schema: of } = schemas({
      'com/acme/Money.java': `package com.acme;
public class Money { public long cents; public String currency; }`,
      'com/acme/json/MoneyJson.java': `package com.acme.json;
import com.acme.Money;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.*;
import java.io.IOException;
import org.springframework.boot.jackson.JsonComponent;
@JsonComponent
public class MoneyJson {
    public static class Serializer extends JsonSerializer<Money> {
        @Override public void serialize(Money value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.writeNumber(value.cents); }
    }
    public static class Deserializer extends JsonDeserializer<Money> {
        @Override public Money deserialize(com.fasterxml.jackson.core.JsonParser p, DeserializationContext c) throws IOException { Money m = new Money(); m.cents = p.getLongValue(); return m; }
    }
}`,
      'com/acme/Rate.java': `package com.acme;
public class Rate { public double value; }`,
      'com/acme/Fee.java': `package com.acme;
public class Fee { public long cents; }`,
      'com/acme/json/RateSerializer.java': `package com.acme.json;
import com.acme.Rate;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.*;
import java.io.IOException;
import org.springframework.boot.jackson.JsonComponent;
@JsonComponent
public class RateSerializer extends JsonSerializer<Rate> {
    @Override public void serialize(Rate value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.writeString(value.value + "%"); }
}`,
      'com/acme/json/FeeSerializer.java': `package com.acme.json;
import com.acme.Fee;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.*;
import java.io.IOException;
public class FeeSerializer extends JsonSerializer<Fee> {
    @Override public void serialize(Fee value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.writeString(value.cents + " EUR"); }
}`,
      'com/acme/config/JacksonConfig.java': `package com.acme.config;
import com.acme.Fee;
import com.acme.json.FeeSerializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import org.springframework.context.annotation.*;
@Configuration
public class JacksonConfig {
    @Bean public SimpleModule fees() {
        SimpleModule module = new SimpleModule();
        module.addSerializer(Fee.class, new FeeSerializer());
        module.addDeserializer(Fee.class, new FeeDeserializer());
        return module;
    }
}`,
      'com/acme/json/EpochSerializer.kt': `package com.acme.json
import com.fasterxml.jackson.core.JsonGenerator
import com.fasterxml.jackson.databind.SerializerProvider
import com.fasterxml.jackson.databind.ser.std.StdSerializer
import java.time.Instant
import org.springframework.boot.jackson.JsonComponent
@JsonComponent
class EpochSerializer : StdSerializer<Instant>(Instant::class.java) {
    override fun serialize(value: Instant, gen: JsonGenerator, provider: SerializerProvider) { gen.writeNumber(value.toEpochMilli()) }
}`,
      'com/acme/Order.java': `package com.acme;
public class Order { public Money total; public java.time.Instant at; public java.time.LocalDate day; public Rate rate; public Fee fee; }`,
    });
    const p = of('Order', 'com.acme.Order').properties!;
    expect(p.total).toEqual({ type: 'number', 'x-java-type': 'com.acme.Money' });
    expect(p.at).toEqual({ type: 'integer', format: 'int64' }); // epoch milliseconds
    // Its deserializer, a @JsonComponent as well, reads the number back; Rate's serializer has none.
    const read = of('Order', 'com.acme.Order', 'request').properties!;
    expect(read.total).toEqual({ type: 'number', 'x-java-type': 'com.acme.Money' });
    expect(p.rate).toEqual({ type: 'string', 'x-java-type': 'com.acme.Rate' });
    expect(read.rate).toMatchObject({ type: 'object', properties: { value: { type: 'number' } } });
    expect(read.fee).toEqual({ type: 'string', 'x-java-type': 'com.acme.Fee' });
    expect(p.day).toEqual({ type: 'string', format: 'date' });
  });

  it("a module of the project's own (its constructor's calls, wherever it is), addSerializer(new X()) and the builder's serializers(..) / deserializers(..)", () => {
    const money = (name: string, write: string) => `package com.acme.json;
import com.acme.${name};
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
public class ${name}Serializer extends StdSerializer<${name}> {
    public ${name}Serializer() { super(${name}.class); }
    @Override public void serialize(${name} value, JsonGenerator gen, SerializerProvider p) throws IOException { gen.${write}; }
}`;
    const reader = (name: string) => `package com.acme.json;
import com.acme.${name};
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
public class ${name}Deserializer extends StdDeserializer<${name}> {
    public ${name}Deserializer() { super(${name}.class); }
    @Override public ${name} deserialize(com.fasterxml.jackson.core.JsonParser p, DeserializationContext c) { return null; }
}`;
    const files: Record<string, string> = { 'com/acme/Order.java': 'package com.acme;\npublic class Order { public Fee fee; public Cents cents; public Tag tag; public Code code; }' };
    for (const name of ['Fee', 'Cents', 'Tag', 'Code']) files[`com/acme/${name}.java`] = `package com.acme;\npublic class ${name} { public long value; public String unit; }`;
    Object.assign(files, {
      'com/acme/json/FeeSerializer.java': money('Fee', 'writeString(value.value + " EUR")'),
      'com/acme/json/FeeDeserializer.java': reader('Fee'),
      'com/acme/json/CentsSerializer.java': money('Cents', 'writeNumber(value.value)'),
      'com/acme/json/TagSerializer.java': money('Tag', 'writeString(value.unit)'),
      'com/acme/json/TagDeserializer.java': reader('Tag'),
      'com/acme/json/CodeSerializer.java': money('Code', 'writeString(value.unit)'),
      // gravitee's ApiModule: a module extending the project's own base of SimpleModule, calling in
      // its constructor (the header scan marks a file naming Jackson: here its package).
      'com/acme/json/BaseModule.java': `package com.acme.json;
import com.fasterxml.jackson.databind.module.SimpleModule;
public abstract class BaseModule extends SimpleModule { protected BaseModule(String name) { super(name); } }`,
      'com/acme/jackson/FeeModule.java': `package com.acme.jackson;
import com.acme.Fee;
import com.acme.json.*;
public class FeeModule extends BaseModule {
    public FeeModule() {
        super("fee");
        addDeserializer(Fee.class, new FeeDeserializer());
        addSerializer(Fee.class, new FeeSerializer());
    }
}`,
      'com/acme/config/JacksonConfig.java': `package com.acme.config;
import com.acme.json.*;
import com.fasterxml.jackson.databind.module.SimpleModule;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration
public class JacksonConfig {
    @Bean public SimpleModule cents() { SimpleModule module = new SimpleModule(); module.addSerializer(new CentsSerializer()); return module; }
    @Bean public Jackson2ObjectMapperBuilderCustomizer tags() { return b -> b.serializers(new TagSerializer()).deserializers(new TagDeserializer()); }
}`,
      // A mapper's helper outside any configuration or module is not read.
      'com/acme/json/Mappers.java': `package com.acme.json;
import com.fasterxml.jackson.databind.module.SimpleModule;
public class Mappers { static SimpleModule codes() { return new SimpleModule().addSerializer(new CodeSerializer()); } }`,
    });
    const { schema: of } = schemas(files);
    const out = of('Order', 'com.acme.Order').properties!;
    const read = of('Order', 'com.acme.Order', 'request').properties!;
    expect(out.fee).toEqual({ type: 'string', 'x-java-type': 'com.acme.Fee' });
    expect(read.fee).toEqual({ type: 'string', 'x-java-type': 'com.acme.Fee' }); // its deserializer reads it back
    expect(out.cents).toEqual({ type: 'number', 'x-java-type': 'com.acme.Cents' });
    expect(out.tag).toEqual({ type: 'string', 'x-java-type': 'com.acme.Tag' });
    expect(read.tag).toEqual({ type: 'string', 'x-java-type': 'com.acme.Tag' });
    expect(out.code).toMatchObject({ type: 'object' });
  });

  it("Spring Boot 4's @JacksonComponent (Jackson 3's ValueSerializer / ValueDeserializer) and @JacksonMixin", () => {
    const { schema: of } = schemas({
      'com/acme/Money.java': 'package com.acme;\npublic class Money { public long cents; public String currency; }',
      'com/acme/Card.java': 'package com.acme;\npublic class Card { public String number; public String holder; }',
      'com/acme/Order.java': 'package com.acme;\npublic class Order { public Money total; public Card card; }',
      'com/acme/json/MoneyJson.java': `package com.acme.json;
import com.acme.Money;
import org.springframework.boot.jackson.JacksonComponent;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.*;
@JacksonComponent
public class MoneyJson {
    public static class Serializer extends ValueSerializer<Money> {
        @Override public void serialize(Money value, JsonGenerator gen, SerializationContext c) { gen.writeNumber(value.cents); }
    }
    public static class Deserializer extends ValueDeserializer<Money> {
        @Override public Money deserialize(JsonParser p, DeserializationContext c) { return new Money(); }
    }
}`,
      'com/acme/json/CardMixin.java': `package com.acme.json;
import com.acme.Card;
import com.fasterxml.jackson.annotation.JsonIgnore;
import org.springframework.boot.jackson.JacksonMixin;
@JacksonMixin(Card.class)
public abstract class CardMixin { @JsonIgnore String number; }`,
    });
    const out = of('Order', 'com.acme.Order').properties!;
    expect(out.total).toEqual({ type: 'number', 'x-java-type': 'com.acme.Money' });
    expect(of('Order', 'com.acme.Order', 'request').properties!.total).toEqual({ type: 'number', 'x-java-type': 'com.acme.Money' });
    expect(Object.keys(out.card!.properties!)).toEqual(['holder']);
  });

  // As ruoyi-vue-pro's TimestampLocalDateTimeSerializer, registered with serializerByType.
  it('a serializer writing epoch numbers, and a string only where it finds the property’s @JsonFormat: a number, and the pattern there', () => {
    const { schema: of } = schemas({
      'com/acme/json/TimestampSerializer.java': `package com.acme.json;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.*;
import java.io.IOException;
import java.lang.reflect.Field;
import java.time.*;
import java.time.format.DateTimeFormatter;
public class TimestampSerializer extends JsonSerializer<LocalDateTime> {
    public static final TimestampSerializer INSTANCE = new TimestampSerializer();
    @Override
    public void serialize(LocalDateTime value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
        Field field = field(gen.getOutputContext().getCurrentValue(), gen.getOutputContext().getCurrentName());
        if (field != null && field.isAnnotationPresent(JsonFormat.class)) {
            gen.writeString(DateTimeFormatter.ofPattern(field.getAnnotation(JsonFormat.class).pattern()).format(value));
            return;
        }
        gen.writeNumber(value.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
    }
    private static Field field(Object bean, String name) { return null; }
}`,
      'com/acme/config/JacksonConfig.java': `package com.acme.config;
import com.acme.json.TimestampSerializer;
import java.time.LocalDateTime;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
public class JacksonConfig {
    @Bean public Jackson2ObjectMapperBuilderCustomizer customizer() { return b -> b.serializerByType(LocalDateTime.class, TimestampSerializer.INSTANCE); }
}`,
      'com/acme/Vo.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDateTime;
import java.util.List;
public class Vo {
    public LocalDateTime createTime;
    @JsonFormat(pattern = "yyyy-MM-dd HH:mm:ss") public LocalDateTime payTime;
    public List<LocalDateTime> times;
    public Inner inner;
    public static class Inner { public LocalDateTime at; }
}`,
    });
    const p = of('Vo', 'com.acme.Vo').properties!;
    expect(p.createTime).toEqual({ type: 'integer', format: 'int64' });
    expect(p.payTime).toEqual({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd HH:mm:ss' });
    expect(p.times?.items).toEqual({ type: 'integer', format: 'int64' });
    expect(p.inner?.properties?.at).toEqual({ type: 'integer', format: 'int64' });
  });
});
