import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { exampleOf, requestExampleOf } from './example';
import { schemas } from './testing';

// What Jackson 2.17 wrote and read for the same classes (one file, nested classes):
// {"pet":{"name":"n","bark":1},"typed":{"kind":"cat",...},"detail":{"name":null},"total":3,"parts":[3],
//  "id":"n5","sub":{"a":"a"},"raw":{"x":1}}; it read {"id":"n7","shape":{"name":"c","r":2},
//  "shape2":{"name":"e","r":3},"pet":{"name":"x"},"total":7} as id 7, a Circle, a Circle2, an
//  Animal and 7 cents, and refused {"raw":{"x":1}} (a String is not read from an object); of the
//  Raw classes it read {"c":{"x":1}} into OnlyNode, MarkedNode and ObjectField, and refused it for
//  Both and ObjectFieldStringSetter.
const FILES = {
  'com/acme/m/ToText.java': `package com.acme.m;
import com.fasterxml.jackson.databind.util.StdConverter;
public class ToText extends StdConverter<Long, String> { public String convert(Long v) { return "n" + v; } }`,
  'com/acme/m/FromText.java': `package com.acme.m;
import com.fasterxml.jackson.databind.util.StdConverter;
public class FromText extends StdConverter<String, Long> { public Long convert(String v) { return Long.parseLong(v.substring(1)); } }`,
  'com/acme/m/Base.java': `package com.acme.m;
public class Base { public String a; }`,
  'com/acme/m/Sub.java': `package com.acme.m;
public class Sub extends Base { public String b; }`,
  'com/acme/m/Shape.java': `package com.acme.m;
public interface Shape { String getName(); }`,
  'com/acme/m/Circle.java': `package com.acme.m;
public class Circle implements Shape { public String name; public int r; public String getName() { return name; } }`,
  'com/acme/m/Shape2.java': `package com.acme.m;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
@JsonDeserialize(as = Circle2.class)
public interface Shape2 { String getName(); }`,
  'com/acme/m/Circle2.java': `package com.acme.m;
public class Circle2 implements Shape2 { public String name; public int r; public String getName() { return name; } }`,
  'com/acme/m/Summary.java': `package com.acme.m;
public class Summary { public String name; }`,
  'com/acme/m/Detail.java': `package com.acme.m;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(as = Summary.class)
public class Detail extends Summary { public String secret; }`,
  'com/acme/m/CentsOut.kt': `package com.acme.m
import com.fasterxml.jackson.databind.util.StdConverter
class CentsOut : StdConverter<Money, Long>() { override fun convert(m: Money): Long = m.cents }`,
  'com/acme/m/CentsIn.java': `package com.acme.m;
import com.fasterxml.jackson.databind.util.StdConverter;
public class CentsIn extends StdConverter<Long, Money> { public Money convert(Long c) { return null; } }`,
  'com/acme/m/Money.java': `package com.acme.m;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(converter = CentsOut.class) @JsonDeserialize(converter = CentsIn.class)
public class Money { public long cents; public String currency; }`,
  'com/acme/m/Animal.java': `package com.acme.m;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = Dog.class, name = "dog"), @JsonSubTypes.Type(value = Cat.class, name = "cat")})
public class Animal { public String name; }`,
  'com/acme/m/Dog.java': `package com.acme.m;
public class Dog extends Animal { public int bark; }`,
  'com/acme/m/Cat.java': `package com.acme.m;
public class Cat extends Animal { public int meow; }`,
  'com/acme/m/Raw.java': `package com.acme.m;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.databind.JsonNode;
public class Raw {
    public static class OnlyNode { @JsonRawValue public String c; public void setC(JsonNode n) { c = n.toString(); } }
    public static class MarkedNode { @JsonRawValue private String c; public String getC() { return c; } @JsonSetter public void setC(JsonNode n) { } public void setC(String s) { c = s; } }
    public static class Both { @JsonRawValue private String c; public String getC() { return c; } public void setC(JsonNode n) { } public void setC(String s) { c = s; } }
    public static class ObjectField { @JsonRawValue public Object c; }
    public static class ObjectFieldStringSetter { @JsonRawValue private Object c; public String getC() { return String.valueOf(c); } public void setC(String s) { c = s; } }
}`,
  'com/acme/m/KHolder.kt': `package com.acme.m
import com.fasterxml.jackson.databind.annotation.JsonDeserialize
data class KHolder(@field:JsonDeserialize(\`as\` = Circle::class) val shape: Shape, @field:JsonDeserialize(\`as\` = KCircle::class) val kshape: KShape)
interface KShape { val name: String }
class KCircle(override val name: String, val r: Int) : KShape`,
  'com/acme/m/Holder.java': `package com.acme.m;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.List;
import java.util.Map;
public class Holder {
    @JsonSerialize(converter = ToText.class) @JsonDeserialize(converter = FromText.class) public Long id;
    @JsonSerialize(as = Base.class) public Sub sub;
    private Shape shape;
    @JsonDeserialize(contentAs = Circle.class) public List<Shape> shapes;
    @JsonDeserialize(as = java.util.LinkedHashMap.class, contentAs = Circle.class) public Map<String, Shape> byName;
    public Shape2 shape2;
    @JsonRawValue public String raw;
    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE) public Animal pet;
    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE) public List<Dog> dogs;
    public Animal typed;
    public Detail detail;
    public Money total;
    @JsonSerialize(contentConverter = CentsOut.class) public List<Money> parts;
    @JsonSerialize(contentConverter = ToText.class) public List<Long> codes;
    public Shape getShape() { return shape; }
    @JsonDeserialize(as = Circle.class) public void setShape(Shape shape) { this.shape = shape; }
}`,
};

const names = (s: JsonSchema | undefined) => Object.keys(s?.properties ?? {});

describe('types Jackson writes and reads a value as (as, converter, @JsonRawValue, use = NONE)', () => {
  const { schema } = schemas(FILES);
  const response = schema('Holder', 'com.acme.m.Holder').properties!;
  const request = schema('Holder', 'com.acme.m.Holder', 'request').properties!;

  it('a converter: the response holds what it converts to, the request what it converts from', () => {
    expect(response.id).toEqual({ type: 'string' });
    expect(request.id).toEqual({ type: 'string' });
    expect(response.total).toEqual({ type: 'integer', format: 'int64' }); // on the class, a Kotlin converter
    expect(request.total).toEqual({ type: 'integer', format: 'int64' });
    expect(response.parts).toEqual({ type: 'array', items: { type: 'integer', format: 'int64' } });
    expect(response.codes).toEqual({ type: 'array', items: { type: 'string' } });
    expect(request.codes).toEqual({ type: 'array', items: { type: 'integer', format: 'int64' } });
    // Money's own deserializing converter reads a number.
    expect(request.parts).toEqual({ type: 'array', items: { type: 'integer', format: 'int64' } });
  });

  it('@JsonSerialize(as) writes the supertype; @JsonDeserialize(as / contentAs) reads the implementation, on a setter too', () => {
    expect(names(response.sub)).toEqual(['a']);
    expect(names(request.sub)).toEqual(['a', 'b']);
    expect(names(response.detail)).toEqual(['name']);
    expect(names(request.detail)).toEqual(['name', 'secret']);
    expect(names(response.shape)).toEqual(['name']);
    expect(names(request.shape)).toEqual(['name', 'r']);
    expect(names(request.shapes?.items)).toEqual(['name', 'r']);
    expect(names(request.byName?.additionalProperties as JsonSchema)).toEqual(['name', 'r']);
    expect(names(schema('KHolder', 'com.acme.m.KHolder', 'request').properties!.shape)).toEqual(['name', 'r']); // Kotlin's \`as\`
    // A Kotlin interface's properties are its getters.
    expect(names(schema('KHolder', 'com.acme.m.KHolder').properties!.kshape)).toEqual(['name']);
    expect(names(schema('KHolder', 'com.acme.m.KHolder', 'request').properties!.kshape)).toEqual(['name', 'r']);
    expect(names(response.shape2)).toEqual(['name']);
    expect(names(request.shape2)).toEqual(['name', 'r']);
  });

  it('@JsonRawValue: any JSON in a response, a string in a request', () => {
    expect(response.raw).toEqual({});
    expect(request.raw).toEqual({ type: 'string' });
    // Read through a JsonNode setter (the one, or the marked one): any JSON; of two unmarked, Jackson takes the String one.
    expect(schema('Raw.OnlyNode', 'com.acme.m.Raw', 'request').properties!.c).toEqual({});
    expect(schema('Raw.MarkedNode', 'com.acme.m.Raw', 'request').properties!.c).toEqual({});
    expect(schema('Raw.Both', 'com.acme.m.Raw', 'request').properties!.c).toEqual({ type: 'string' });
    expect(schema('Raw.Both', 'com.acme.m.Raw').properties!.c).toEqual({});
    // An Object is read from any JSON, unless through a String setter (gravitee's Step.configuration).
    expect(schema('Raw.ObjectField', 'com.acme.m.Raw', 'request').properties!.c).toEqual({});
    expect(schema('Raw.ObjectFieldStringSetter', 'com.acme.m.Raw', 'request').properties!.c).toEqual({ type: 'string' });
  });

  it("a property's @JsonTypeInfo(use = NONE) drops the class's type id and subtypes for a value, not for a collection's elements", () => {
    expect(response.pet?.oneOf).toBeUndefined();
    expect(names(response.pet)).toEqual(['name']);
    expect(names(request.pet)).toEqual(['name']);
    expect(names(response.dogs?.items)).toEqual(['kind', 'name', 'bark']);
    expect(response.typed?.oneOf).toHaveLength(3);
  });

  it('the request schema is marked when it differs, and examples follow each side', () => {
    const holder = schema('Holder', 'com.acme.m.Holder', 'request');
    expect(holder['x-direction']).toBe('request');
    expect(schema('Holder', 'com.acme.m.Holder')['x-direction']).toBeUndefined();
    expect(schema('Circle', 'com.acme.m.Holder', 'request')['x-direction']).toBeUndefined();
    expect(requestExampleOf(holder)).toMatchObject({ id: 'id', raw: 'raw', shape: { name: 'name', r: 0 } });
    expect(exampleOf(schema('Holder', 'com.acme.m.Holder'))).toMatchObject({ id: 'id', total: 0, shape: { name: 'name' } });
  });

  it('one builder gives each side its own schema whichever is built first', () => {
    const fresh = schemas(FILES);
    const req = fresh.schema('Holder', 'com.acme.m.Holder', 'request');
    const res = fresh.schema('Holder', 'com.acme.m.Holder');
    expect(res.properties).toEqual(response);
    expect(req.properties).toEqual(request);
    // Types that read the same both ways are shared.
    expect(fresh.schema('Circle', 'com.acme.m.Holder', 'request')).toBe(fresh.schema('Circle', 'com.acme.m.Holder'));
  });
});
