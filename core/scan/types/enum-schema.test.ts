import { describe, expect, it } from 'vitest';
import { schemas } from './testing';

describe('enums', () => {
  const s = schemas({
    'com/acme/enums/Color.java': `package com.acme.enums;
/** A paint colour. */
public enum Color {
    /** Like blood. */
    RED,
    // Like grass
    GREEN, // not this: the comment above wins
    BLUE, // Like the sky
    BLACK
}`,
    'com/acme/enums/Status.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Status {
    ACTIVE("A", "in use"),
    DISABLED("D", "switched off");
    private final String code;
    private final String desc;
    Status(String code, String desc) { this.code = code; this.desc = desc; }
    @JsonValue
    public String getCode() { return code; }
}`,
    'com/acme/enums/Level.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Level {
    LOW(Level.BASE), HIGH(Level.BASE + 10);
    static final int BASE = 1;
    @JsonValue private final int weight;
    Level(int w) { this.weight = w; }
}`,
    'com/acme/enums/Gender.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonValue;
import lombok.AllArgsConstructor;
import lombok.Getter;
@Getter
@AllArgsConstructor
public enum Gender {
    MALE(1L, "男"),
    FEMALE(2L, "女");
    @JsonValue
    private final Long value;
    private final String label;
}`,
    'com/acme/enums/CodeEnum.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonValue;
public interface CodeEnum { @JsonValue int getValue(); }`,
    'com/acme/enums/Priority.java': `package com.acme.enums;
public enum Priority implements CodeEnum {
    /** Do it now */
    URGENT(10, "urgent"),
    NORMAL(5, "normal");
    private final int value;
    private final String name2;
    Priority(int v, String n) { this.value = v; this.name2 = n; }
    @Override public int getValue() { return value; }
}`,
    'com/acme/enums/Channel.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonProperty;
public enum Channel { @JsonProperty("web") WEB, @JsonProperty("app") APP, SMS }`,
    'com/acme/enums/Weekday.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonFormat;
@JsonFormat(shape = JsonFormat.Shape.NUMBER)
public enum Weekday { MON, TUE }`,
    'com/acme/enums/Opaque.java': `package com.acme.enums;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Opaque { X, Y; @JsonValue public String toJson() { return name().toLowerCase(); } }`,
    'com/acme/enums/Holder.java': `package com.acme.enums;
import java.time.DayOfWeek;
import java.util.Map;
public class Holder { Color color; /** The paint. */ Color paint; Map<Color, Integer> counts; DayOfWeek day; }`,
  });
  const at = 'com.acme.enums.Holder';

  it('writes constant names with each constant’s Javadoc or line comment', () => {
    expect(s.schema('Color', at)).toStrictEqual({
      type: 'string',
      title: 'Color',
      description: 'A paint colour\nRED: Like blood; GREEN: Like grass; BLUE: Like the sky',
      enum: ['RED', 'GREEN', 'BLUE', 'BLACK'],
      'x-enum-descriptions': { RED: 'Like blood.', GREEN: 'Like grass', BLUE: 'Like the sky' },
      'x-java-type': 'com.acme.enums.Color',
    });
  });

  it('writes the @JsonValue getter’s field as set by the constructor parameter of the same name', () => {
    expect(s.schema('Status', at)).toStrictEqual({
      type: 'string',
      title: 'Status',
      description: 'A (ACTIVE): in use; D (DISABLED): switched off',
      enum: ['A', 'D'],
      'x-enum-varnames': ['ACTIVE', 'DISABLED'],
      'x-enum-descriptions': { ACTIVE: 'in use', DISABLED: 'switched off' },
      'x-java-type': 'com.acme.enums.Status',
    });
  });

  it('types the values by the @JsonValue field (int: integer), folding constant arguments', () => {
    expect(s.schema('Level', at)).toStrictEqual({
      type: 'integer',
      format: 'int32',
      title: 'Level',
      enum: [1, 11],
      'x-enum-varnames': ['LOW', 'HIGH'],
      'x-java-type': 'com.acme.enums.Level',
    });
  });

  it('reads Lombok @AllArgsConstructor enums by field order', () => {
    expect(s.schema('Gender', at)).toStrictEqual({
      type: 'integer',
      format: 'int64',
      title: 'Gender',
      description: '1 (MALE): 男; 2 (FEMALE): 女',
      enum: [1, 2],
      'x-enum-varnames': ['MALE', 'FEMALE'],
      'x-enum-descriptions': { MALE: '男', FEMALE: '女' },
      'x-java-type': 'com.acme.enums.Gender',
    });
  });

  it('finds @JsonValue on an implemented interface and a constructor whose parameters are named differently', () => {
    expect(s.schema('Priority', at)).toStrictEqual({
      type: 'integer',
      format: 'int32',
      title: 'Priority',
      description: '10 (URGENT): Do it now',
      enum: [10, 5],
      'x-enum-varnames': ['URGENT', 'NORMAL'],
      'x-enum-descriptions': { URGENT: 'Do it now' },
      'x-java-type': 'com.acme.enums.Priority',
    });
  });

  it('honours @JsonProperty on constants and the NUMBER shape', () => {
    expect(s.schema('Channel', at)).toStrictEqual({
      type: 'string',
      title: 'Channel',
      enum: ['web', 'app', 'SMS'],
      'x-enum-varnames': ['WEB', 'APP', 'SMS'],
      'x-java-type': 'com.acme.enums.Channel',
    });
    expect(s.schema('Weekday', at)).toStrictEqual({
      type: 'integer',
      format: 'int32',
      title: 'Weekday',
      enum: [0, 1],
      'x-enum-varnames': ['MON', 'TUE'],
      'x-java-type': 'com.acme.enums.Weekday',
    });
  });

  it('does not invent values a @JsonValue method computes', () => {
    expect(s.schema('Opaque', at)).toStrictEqual({
      type: 'string',
      title: 'Opaque',
      'x-enum-varnames': ['X', 'Y'],
      'x-java-type': 'com.acme.enums.Opaque',
    });
  });

  it('uses enums as properties (keeping what each value means under the property’s words), map keys and JDK enums', () => {
    const color = s.schema('Color', at);
    expect(s.schema('Holder', at)).toStrictEqual({
      type: 'object',
      title: 'Holder',
      properties: {
        color,
        paint: { ...color, description: 'The paint.\nRED: Like blood; GREEN: Like grass; BLUE: Like the sky' },
        counts: {
          type: 'object',
          title: 'Map<Color, Integer>',
          additionalProperties: { type: 'integer', format: 'int32' },
          'x-java-type': 'java.util.Map<com.acme.enums.Color, java.lang.Integer>',
        },
        day: {
          type: 'string',
          title: 'DayOfWeek',
          enum: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
          'x-java-type': 'java.time.DayOfWeek',
        },
      },
      'x-java-type': 'com.acme.enums.Holder',
    });
  });
});

// Each case read from a real Jackson 2.17 run: {"p":1,"v":"b","n":1,"cs":"B","cnv":"b","list":[1],"c":"2"}.
describe('a property’s @JsonFormat(shape) on an enum', () => {
  const s = schemas({
    'com/acme/shape/Plain.java': `package com.acme.shape;
public enum Plain { A, B }`,
    'com/acme/shape/Named.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.JsonProperty;
public enum Named { @JsonProperty("x") A, @JsonProperty("y") B }`,
    'com/acme/shape/Valued.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Valued { A("a"), B("b"); private final String v; Valued(String v) { this.v = v; } @JsonValue public String getV() { return v; } }`,
    'com/acme/shape/Coded.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Coded { A(1), B(2); private final int code; Coded(int code) { this.code = code; } @JsonValue public int getCode() { return code; } }`,
    'com/acme/shape/ClassNum.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.JsonFormat;
@JsonFormat(shape = JsonFormat.Shape.NUMBER)
public enum ClassNum { A, B }`,
    'com/acme/shape/ClassNumValued.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.*;
@JsonFormat(shape = JsonFormat.Shape.NUMBER)
public enum ClassNumValued { A("a"), B("b"); private final String v; ClassNumValued(String v) { this.v = v; } @JsonValue public String getV() { return v; } }`,
    'com/acme/shape/H.java': `package com.acme.shape;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.List;
public class H {
    @JsonFormat(shape = JsonFormat.Shape.NUMBER) public Plain p;
    @JsonFormat(shape = JsonFormat.Shape.NUMBER_INT) public Valued v;
    @JsonFormat(shape = JsonFormat.Shape.NUMBER) public Named n;
    @JsonFormat(shape = JsonFormat.Shape.STRING) public ClassNum cs;
    public ClassNumValued cnv;
    @JsonFormat(shape = JsonFormat.Shape.NUMBER) public List<Plain> list;
    @JsonFormat(shape = JsonFormat.Shape.STRING) public Coded c;
}`,
  });
  const p = s.schema('H', 'com.acme.shape.H').properties!;
  const values = (x: { type?: unknown; enum?: unknown[] } | undefined) => [x?.type, x?.enum];

  it('NUMBER writes ordinals (names given by @JsonProperty too, and in a list), STRING names over the enum’s NUMBER', () => {
    expect(values(p.p)).toEqual(['integer', [0, 1]]);
    expect(values(p.n)).toEqual(['integer', [0, 1]]);
    expect(values(p.list?.items)).toEqual(['integer', [0, 1]]);
    expect(values(p.cs)).toEqual(['string', ['A', 'B']]);
  });

  it('a @JsonValue wins over NUMBER, on the property or the enum; STRING writes its numbers as text', () => {
    expect(values(p.v)).toEqual(['string', ['a', 'b']]);
    expect(values(p.cnv)).toEqual(['string', ['a', 'b']]);
    expect(values(p.c)).toEqual(['string', ['1', '2']]);
  });
});

describe('enums written as their toString() (Jackson 3, WRITE_ENUMS_USING_TO_STRING)', () => {
  const files = {
    'com/acme/t/Size.java': `package com.acme.t;
public enum Size { SMALL, EXTRA_LARGE; @Override public String toString() { return this.name().toUpperCase(Locale.ROOT).toLowerCase(); } }`,
    'com/acme/t/Tone.java': `package com.acme.t;
public enum Tone { SOFT, LOUD; public String toString() { return name().toLowerCase(); } }`,
    'com/acme/t/Kind.kt': `package com.acme.t
enum class Kind(private val label: String) { BIG("big one"), TINY("tiny one"); override fun toString() = label }`,
    'com/acme/t/Plain.java': 'package com.acme.t;\npublic enum Plain { A, B }',
    'com/acme/t/Box.java': 'package com.acme.t;\npublic class Box { public Size size; public Tone tone; public Kind kind; public Plain plain; }',
  };
  const enums = (opts: { enumsUsingToString?: boolean }) => schemas(files, opts).schema('Box', 'com.acme.t.Box').properties!;

  it('the values toString() returns: a field read from the constants, the name cased; unknown for any other body', () => {
    const p = enums({ enumsUsingToString: true });
    expect(p.tone!.enum).toEqual(['soft', 'loud']);
    expect(p.kind!.enum).toEqual(['big one', 'tiny one']);
    expect(p.plain!.enum).toEqual(['A', 'B']);
    expect(p.size).toMatchObject({ type: 'string' });
    expect(p.size!.enum).toBeUndefined(); // not evaluated: no list rather than the wrong one
    expect(enums({}).tone!.enum).toEqual(['SOFT', 'LOUD']);
  });
});

describe('a property\'s @JsonFormat(shape = STRING) under Jackson 3', () => {
  // What jackson-databind 3.1.4 (2.18.2 in brackets) wrote for these: str "dark_blue" ("DARK_BLUE"),
  // numStr "xB" ("B"), list ["red"] (["RED"]), num 1, i "3".
  const files = {
    'com/acme/f/Color.java': `package com.acme.f;
public enum Color { RED, DARK_BLUE; @Override public String toString() { return name().toLowerCase(); } }`,
    'com/acme/f/Num.java': `package com.acme.f;
import com.fasterxml.jackson.annotation.JsonFormat;
@JsonFormat(shape = JsonFormat.Shape.NUMBER) public enum Num { A("xA"), B("xB"); private final String code; Num(String code) { this.code = code; } @Override public String toString() { return code; } }`,
    'com/acme/f/Box.java': `package com.acme.f;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.List;
public class Box {
  @JsonFormat(shape = JsonFormat.Shape.STRING) public Color str;
  @JsonFormat(shape = JsonFormat.Shape.NUMBER) public Color num;
  @JsonFormat(shape = JsonFormat.Shape.STRING) public Num numStr;
  @JsonFormat(shape = JsonFormat.Shape.STRING) public List<Color> list;
  @JsonFormat(shape = JsonFormat.Shape.STRING) public int i;
}`,
  };
  const props = (opts: { enumsUsingToString?: boolean }) => schemas(files, opts).schema('Box', 'com.acme.f.Box').properties!;

  it('writes the toString() values, over the enum class\'s NUMBER too; names under Jackson 2', () => {
    const p = props({ enumsUsingToString: true });
    expect(p.str!.enum).toEqual(['red', 'dark_blue']);
    expect(p.numStr).toMatchObject({ type: 'string', enum: ['xA', 'xB'] });
    expect(p.list!.items!.enum).toEqual(['red', 'dark_blue']);
    expect(p.num).toMatchObject({ type: 'integer', enum: [0, 1] });
    expect(p.i!.type).toBe('string');
    const two = props({});
    expect(two.str!.enum).toEqual(['RED', 'DARK_BLUE']);
    expect(two.numStr!.enum).toEqual(['A', 'B']);
  });
});
