import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
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
});
