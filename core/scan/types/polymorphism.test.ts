import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { exampleOf, requestExampleOf } from './example';
import { schemas } from './testing';

const HOLDER = (body: string) => `package com.acme;
import java.util.List;
public class Holder { ${body} }`;

/** The property names and the id enum of each branch of a `oneOf`. */
const branches = (s: JsonSchema, id: string) => (s.oneOf ?? []).map((b) => ({ title: b.title, ids: b.properties?.[id]?.enum, keys: Object.keys(b.properties ?? {}), required: b.required }));

describe('Jackson polymorphic types', () => {
  it('a base with @JsonSubTypes is a oneOf of its subtypes, each with its own id, several names of one class in one branch', () => {
    const { schema } = schemas({
      'com/acme/Spec.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "dataType", visible = true)
@JsonSubTypes({ @JsonSubTypes.Type(value = Num.class, name = "int"), @JsonSubTypes.Type(value = Num.class, name = "float"), @JsonSubTypes.Type(value = Text.class, name = "text") })
public abstract class Spec { public String dataType; public String note; }`,
      'com/acme/Num.java': `package com.acme;
public class Num extends Spec { public int min; }`,
      'com/acme/Text.java': `package com.acme;
public class Text extends Spec { public int length; }`,
      'com/acme/Holder.java': HOLDER('Spec spec;'),
    });
    const s = schema('Spec', 'com.acme.Holder');
    expect(s['x-discriminator']).toEqual({ propertyName: 'dataType' });
    expect(branches(s, 'dataType')).toEqual([
      { title: 'Num', ids: ['int', 'float'], keys: ['dataType', 'note', 'min'], required: ['dataType'] },
      { title: 'Text', ids: ['text'], keys: ['dataType', 'note', 'length'], required: ['dataType'] },
    ]);
    expect(requestExampleOf(s)).toEqual({ dataType: 'int', note: 'note', min: 0 });
    // A subtype used directly carries its id too.
    expect(schema('Num', 'com.acme.Holder').properties?.dataType).toEqual({ type: 'string', enum: ['int', 'float'] });
  });

  it('default property and id per kind: @type with @JsonTypeName / class name, @class, @c relative to the base package, SIMPLE_NAME of a nested class', () => {
    const files = (use: string) => ({
      'com/acme/Animal.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.${use})
@JsonSubTypes({ @JsonSubTypes.Type(com.acme.zoo.Dog.class), @JsonSubTypes.Type(Animal.Cat.class) })
public interface Animal {
  @JsonTypeName("kitty") class Cat implements Animal { public int lives; }
}`,
      'com/acme/zoo/Dog.java': `package com.acme.zoo;
public class Dog implements com.acme.Animal { public String bark; }`,
      'com/acme/Holder.java': HOLDER('Animal a;'),
    });
    const ids = (use: string, prop: string) => branches(schemas(files(use)).schema('Animal', 'com.acme.Holder'), prop).map((b) => b.ids?.[0]);
    expect(ids('NAME', '@type')).toEqual(['Dog', 'kitty']);
    expect(ids('CLASS', '@class')).toEqual(['com.acme.zoo.Dog', 'com.acme.Animal$Cat']);
    expect(ids('MINIMAL_CLASS', '@c')).toEqual(['.zoo.Dog', '.Animal$Cat']);
    expect(ids('SIMPLE_NAME', '@type')).toEqual(['Dog', 'kitty']);
  });

  it('EXISTING_PROPERTY narrows the own property in place, also a getter-only one (it must be sent)', () => {
    const { schema } = schemas({
      'com/acme/Shape.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "kind")
@JsonSubTypes({ @JsonSubTypes.Type(value = Circle.class, name = "circle") })
public abstract class Shape { public String label; }`,
      'com/acme/Circle.java': `package com.acme;
public class Circle extends Shape {
  public double radius;
  public String getKind() { return "circle"; }
}`,
      'com/acme/Holder.java': HOLDER('Shape s;'),
    });
    const s = schema('Shape', 'com.acme.Holder');
    const circle = s.oneOf![0]!;
    expect(Object.keys(circle.properties!)).toEqual(['label', 'radius', 'kind']);
    expect(circle.properties!.kind).toEqual({ type: 'string', enum: ['circle'] });
    expect(requestExampleOf(s)).toEqual({ label: 'label', radius: 0, kind: 'circle' });
  });

  it('WRAPPER_OBJECT and WRAPPER_ARRAY wrap the subtype; DEDUCTION has no id; defaultImpl makes the id optional; NONE is no polymorphism', () => {
    const files = (info: string) => ({
      'com/acme/Ev.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(${info})
@JsonSubTypes({ @JsonSubTypes.Type(value = Ev.A.class, name = "a"), @JsonSubTypes.Type(value = Ev.B.class, name = "b") })
public abstract class Ev {
  public static class A extends Ev { public String x; }
  public static class B extends Ev { public int y; }
}`,
      'com/acme/Holder.java': HOLDER('Ev e;'),
    });
    const of = (info: string) => schemas(files(info)).schema('Ev', 'com.acme.Holder');
    expect(exampleOf(of('use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT'))).toEqual({ a: { x: 'x' } });
    const array = of('use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_ARRAY');
    expect(array.type).toBeUndefined(); // the branches are arrays
    expect(exampleOf(array)).toEqual(['a', { x: 'x' }]);
    const deduced = of('use = JsonTypeInfo.Id.DEDUCTION');
    expect(deduced['x-discriminator']).toBeUndefined();
    expect(exampleOf(deduced)).toEqual({ x: 'x' });
    const optional = of('use = JsonTypeInfo.Id.NAME, defaultImpl = Ev.A.class');
    expect(optional.oneOf![0]!.properties!['@type']).toEqual({ type: 'string', enum: ['a'] });
    expect(optional.oneOf![0]!.required).toBeUndefined();
    // Subtypes not in the source: no invented id.
    const unknown = schemas({
      'com/acme/Ev.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public abstract class Ev { public String kind; }`,
      'com/acme/Holder.java': HOLDER('Ev e;'),
    }).schema('Ev', 'com.acme.Holder');
    expect(unknown.properties).toEqual({ kind: { type: 'string' } });
    // EXTERNAL_PROPERTY is for properties; on a class Jackson writes PROPERTY.
    expect(exampleOf(of('use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXTERNAL_PROPERTY, property = "t"'))).toEqual({ t: 'a', x: 'x' });
    // Unnamed nested subtypes: NAME is the binary name after the package, SIMPLE_NAME the simple name.
    const unnamed = (use: string) =>
      schemas({
        'com/acme/Ev.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.${use})
@JsonSubTypes({ @JsonSubTypes.Type(Ev.A.class) })
public abstract class Ev { public static class A extends Ev { public String x; } }`,
        'com/acme/Holder.java': HOLDER('Ev e;'),
      }).schema('Ev', 'com.acme.Holder');
    expect(exampleOf(unnamed('NAME'))).toEqual({ '@type': 'Ev$A', x: 'x' });
    expect(exampleOf(unnamed('SIMPLE_NAME'))).toEqual({ '@type': 'A', x: 'x' });
    const none = of('use = JsonTypeInfo.Id.NONE');
    expect(none.oneOf).toBeUndefined();
    expect(none.properties).toEqual({});
  });

  it('a subtype with subtypes of its own is one nested branch, not listed twice; a concrete base is a branch of its own', () => {
    const { schema } = schemas({
      'com/acme/Base.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({ @JsonSubTypes.Type(value = Mid.class, name = "mid"), @JsonSubTypes.Type(value = Leaf.class, name = "leaf") })
public class Base { public String id; }`,
      'com/acme/Mid.java': `package com.acme;
public class Mid extends Base { public int m; }`,
      'com/acme/Leaf.java': `package com.acme;
public class Leaf extends Mid { public int l; }`,
      'com/acme/Holder.java': HOLDER('Base b;'),
    });
    const s = schema('Base', 'com.acme.Holder');
    expect(s.oneOf!.map((b) => b.title)).toEqual(['Mid', 'Base']);
    expect(s.oneOf![0]!.oneOf!.map((b) => b.properties?.['@type']?.enum)).toEqual([['mid'], ['leaf']]);
    expect(s.oneOf![1]!.properties!['@type']).toEqual({ type: 'string', enum: ['Base'] });
  });

  it('a recursive tree refers to the base in $defs, whether built from the base or from a subtype first', () => {
    const files = {
      'com/acme/Node.java': `package com.acme;
import java.util.List;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(value = Node.Group.class, name = "group"), @JsonSubTypes.Type(value = Node.Leaf.class, name = "leaf") })
public abstract class Node {
  public static class Group extends Node { public List<Node> children; }
  public static class Leaf extends Node { public int value; }
}`,
      'com/acme/Holder.java': HOLDER('Node n;'),
    };
    const { schema } = schemas(files);
    const group = schema('Node.Group', 'com.acme.Holder');
    expect(group.properties!.type).toEqual({ type: 'string', enum: ['group'] });
    const items = group.properties!.children!.items!;
    const node = items.$ref ? group.$defs![items.$ref.slice('#/$defs/'.length)]! : items;
    // The group met again inside itself is a reference to it.
    expect(node.oneOf!.map((b) => b.title ?? b.$ref)).toEqual(['#/$defs/Group', 'Leaf']);
    expect(group.$defs!.Group!.properties!.type).toEqual({ type: 'string', enum: ['group'] });
    const base = schema('Node', 'com.acme.Holder');
    expect(base.$defs!.Node!.oneOf!.length).toBe(2);
    expect(base.oneOf![0]!.properties!.children!.items).toEqual({ $ref: '#/$defs/Node' });
    expect(requestExampleOf(base)).toEqual({ type: 'group', children: [{ type: 'group', children: [] }] });
  });

  it("Spring's data binder (query and form beans, Java property names) ignores Jackson's type ids: the declared class as it is", () => {
    const files = {
      'com/acme/Spec.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({ @JsonSubTypes.Type(value = Num.class, name = "num") })
public class Spec { public String label; }`,
      'com/acme/Num.java': `package com.acme;
public class Num extends Spec { public int min; }`,
      'com/acme/Holder.java': HOLDER('Spec spec;'),
    };
    const s = schemas(files, { propertyNames: 'java' }).schema('Spec', 'com.acme.Holder');
    expect(s.oneOf).toBeUndefined();
    expect(Object.keys(s.properties!)).toEqual(['label']);
  });

  it('with the class name as id, subtypes need no listing: every subclass in the source is a branch (a Kotlin sealed class: its subclasses)', () => {
    const { schema } = schemas({
      'com/acme/Config.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
public interface Config {}`,
      'com/acme/s3/S3Config.java': `package com.acme.s3;
public class S3Config implements com.acme.Config { public String bucket; }`,
      'com/acme/DbConfig.java': `package com.acme;
public class DbConfig implements Config { public String url; }`,
      'com/acme/Shape.kt': `package com.acme
import com.fasterxml.jackson.annotation.JsonTypeInfo
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
sealed class Shape {
  data class Circle(val r: Double) : Shape()
  object Empty : Shape()
}`,
      'com/acme/Holder.java': HOLDER('Config c;'),
    });
    const config = schema('Config', 'com.acme.Holder');
    expect(branches(config, '@class').map((b) => b.ids)).toEqual([['com.acme.DbConfig'], ['com.acme.s3.S3Config']]);
    const shape = schema('Shape', 'com.acme.Holder');
    expect(branches(shape, '@type').map((b) => b.ids)).toEqual([['Shape$Circle'], ['Shape$Empty']]);
  });

  it('Kotlin: a sealed class with @JsonSubTypes', () => {
    const { schema } = schemas({
      'com/acme/Pay.kt': `package com.acme
import com.fasterxml.jackson.annotation.JsonSubTypes
import com.fasterxml.jackson.annotation.JsonTypeInfo
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes(JsonSubTypes.Type(value = Card::class, name = "card"), JsonSubTypes.Type(value = Pay.Cash::class, name = "cash"))
sealed class Pay {
  data class Card(val number: String) : Pay()
  data class Cash(val currency: String) : Pay()
}
class Holder(val p: Pay)`,
    });
    const s = schema('Pay', 'com.acme.Holder');
    expect(branches(s, 'kind').map((b) => [b.title, b.ids])).toEqual([['Card', ['card']], ['Cash', ['cash']]]);
  });

  // The classes of a real Jackson 2.17 run, which wrote
  // {"shape":{"t":"sq","side":2},"ext":{"side":2},"shapeType":"sq","shapes":[{"t":"sq","side":2}],...}
  it('@JsonTypeInfo and @JsonSubTypes on a property type its value, each element of a list or map, and EXTERNAL_PROPERTY writes the id beside it', () => {
    const { schema } = schemas({
      'com/acme/Shape.java': `package com.acme;
public abstract class Shape { public int side; }`,
      'com/acme/Sq.java': `package com.acme;
public class Sq extends Shape { }`,
      'com/acme/Circle.java': `package com.acme;
public class Circle extends Shape { public int r; }`,
      'com/acme/Holder.java': `package com.acme;
import com.fasterxml.jackson.annotation.*;
import java.util.*;
public class Holder {
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
    @JsonSubTypes({@JsonSubTypes.Type(value = Sq.class, name = "sq"), @JsonSubTypes.Type(value = Circle.class, name = "circle")})
    public Shape shape;
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXTERNAL_PROPERTY, property = "shapeType")
    @JsonSubTypes({@JsonSubTypes.Type(value = Sq.class, name = "sq"), @JsonSubTypes.Type(value = Circle.class, name = "circle")})
    public Shape ext;
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "t")
    @JsonSubTypes({@JsonSubTypes.Type(value = Sq.class, name = "sq")})
    public List<Shape> shapes;
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "t")
    @JsonSubTypes({@JsonSubTypes.Type(value = Sq.class, name = "sq")})
    public Map<String, Shape> byName;
    @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
    public Sq plain;
    public Shape untyped;
}`,
    });
    const h = schema('Holder', 'com.acme.Holder');
    const p = h.properties!;
    expect(branches(p.shape!, 't')).toEqual([
      { title: 'Sq', ids: ['sq'], keys: ['t', 'side'], required: ['t'] },
      { title: 'Circle', ids: ['circle'], keys: ['t', 'side', 'r'], required: ['t'] },
    ]);
    expect(p.shape!['x-discriminator']).toEqual({ propertyName: 't' });
    expect(Object.keys(h.properties!)).toEqual(['shape', 'ext', 'shapeType', 'shapes', 'byName', 'plain', 'untyped']);
    expect(branches(p.ext!, 'shapeType').map((b) => b.keys)).toEqual([['side'], ['side', 'r']]);
    expect(p.shapeType).toEqual({ type: 'string', enum: ['sq', 'circle'] });
    expect(p.shapes!.items!.properties!.t).toEqual({ type: 'string', enum: ['sq'] });
    expect(Object.keys(p.byName!.additionalProperties as JsonSchema)).toContain('properties');
    expect((p.byName!.additionalProperties as JsonSchema).properties!.t).toEqual({ type: 'string', enum: ['sq'] });
    expect(p.plain!.properties!['@class']).toEqual({ type: 'string', enum: ['com.acme.Sq'] });
    expect(p.untyped!.properties!.t).toBeUndefined();
    expect(exampleOf(h)).toMatchObject({ shape: { t: 'sq', side: 0 }, ext: { side: 0 }, shapeType: 'sq', shapes: [{ t: 'sq', side: 0 }] });
  });
});
