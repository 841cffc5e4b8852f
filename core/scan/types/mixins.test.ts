import { describe, expect, it } from 'vitest';
import { schemas } from './testing';

// The classes of a real Jackson 2.17 run (the mix-in registered with addMixIn, as Spring Boot
// does for @JsonMixin), which wrote {"user_id":1,"full_name":"n"}.
describe('@JsonMixin', () => {
  const { schema } = schemas({
    'com/acme/User.java': `package com.acme;
public class User {
    private String name; private String password; private long userId;
    public String getName() { return name; } public String getPassword() { return password; } public long getUserId() { return userId; }
}`,
    'com/acme/json/UserMixin.java': `package com.acme.json;
import com.acme.User;
import com.fasterxml.jackson.annotation.*;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.springframework.boot.jackson.JsonMixin;
@JsonMixin(User.class)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonPropertyOrder({"password_hint", "user_id"})
abstract class UserMixin { @JsonProperty("full_name") String name; @JsonIgnore abstract String getPassword(); }`,
    'com/acme/Shape.java': `package com.acme;
public abstract class Shape { public int side; }`,
    'com/acme/Sq.java': `package com.acme;
public class Sq extends Shape { }`,
    'com/acme/json/ShapeMixin.kt': `package com.acme.json
import com.acme.Shape
import com.acme.Sq
import com.fasterxml.jackson.annotation.JsonSubTypes
import com.fasterxml.jackson.annotation.JsonTypeInfo
import org.springframework.boot.jackson.JsonMixin
@JsonMixin(Shape::class)
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes(JsonSubTypes.Type(value = Sq::class, name = "square"))
interface ShapeMixin`,
    'com/acme/Holder.java': `package com.acme;
public class Holder { public User user; public Shape shape; }`,
  });

  it("applies the mix-in's class and member annotations to the target: naming, order, names, ignored properties", () => {
    const user = schema('User', 'com.acme.Holder');
    expect(Object.keys(user.properties!)).toEqual(['user_id', 'full_name']);
  });

  it("reads a Kotlin mix-in's @JsonTypeInfo and @JsonSubTypes for the target's subtypes", () => {
    const shape = schema('Shape', 'com.acme.Holder');
    expect(shape.properties ?? shape.oneOf?.[0]?.properties).toEqual({ kind: { type: 'string', enum: ['square'] }, side: { type: 'integer', format: 'int32' } });
  });
});
