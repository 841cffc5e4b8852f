import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { exampleOf, formatDate, requestExampleOf, responseExampleOf } from './example';
import { schemas } from './testing';

describe('exampleOf', () => {
  it('writes a plausible example of a whole response: names for strings, zeros, true, one element, first enum value', () => {
    const s = schemas({
      'com/acme/Result.java': 'package com.acme; public class Result<T> { int code; String message; T data; }',
      'com/acme/PageResult.java': 'package com.acme; import java.util.List; public class PageResult<E> { List<E> records; long total; }',
      'com/acme/Status.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonValue;
public enum Status { ON(1), OFF(0); private final int code; Status(int code) { this.code = code; } @JsonValue public int getCode() { return code; } }`,
      'com/acme/UserVO.java': `package com.acme;
import java.math.BigDecimal;
import java.time.*;
import java.util.*;
import javax.validation.constraints.*;
import io.swagger.v3.oas.annotations.media.Schema;
public class UserVO {
    Long id;
    String userName;
    @Schema(example = "Ada Lovelace") String fullName;
    @Email String email;
    UUID token;
    LocalDate birthday;
    LocalDateTime createdAt;
    @com.fasterxml.jackson.annotation.JsonFormat(pattern = "yyyy-MM-dd HH:mm:ss") LocalDateTime updatedAt;
    Status status;
    boolean admin;
    @Min(1) int level;
    @DecimalMin(value = "0", inclusive = false) BigDecimal balance;
    @Size(min = 2) List<String> tags;
    Set<String> roles;
    Map<String, Integer> scores;
    Map<String, Object> extra;
    Object anything;
    com.lib.Money money;
    byte[] avatar;
}`,
    });
    const schema = s.schema('Result<PageResult<UserVO>>', 'com.acme.Result');
    expect(exampleOf(schema)).toStrictEqual({
      code: 0,
      message: 'message',
      data: {
        records: [
          {
            id: 0,
            userName: 'userName',
            fullName: 'Ada Lovelace',
            email: 'user@example.com',
            token: '00000000-0000-0000-0000-000000000000',
            birthday: '2024-01-01',
            createdAt: '2024-01-01T00:00:00Z',
            updatedAt: '2024-01-01 00:00:00',
            status: 1,
            admin: true,
            level: 1,
            balance: 1,
            tags: ['tags', 'tags'],
            roles: ['roles'],
            scores: { key: 0 },
            extra: {},
            anything: {},
            money: {},
            avatar: 'AA==',
          },
        ],
        total: 0,
      },
    });
  });

  it('follows a recursive $ref once, then stops with an empty value', () => {
    const s = schemas({
      'com/acme/TreeNode.java': 'package com.acme; import java.util.List; public class TreeNode { String name; List<TreeNode> children; TreeNode parent; }',
    });
    const schema = s.schema('TreeNode', 'com.acme.TreeNode');
    expect(exampleOf(schema)).toStrictEqual({
      name: 'name',
      children: [{ name: 'name', children: [], parent: {} }],
      parent: { name: 'name', children: [], parent: {} },
    });
    // $defs below the root (a caller wrapped the schema in an array) are found too.
    expect(exampleOf({ type: 'array', items: schema })).toStrictEqual([exampleOf(schema)]);
    expect(exampleOf({ $ref: '#/$defs/Missing' })).toStrictEqual({});
  });

  it('leaves out an optional recursive property whose type requires properties, rather than an empty object', () => {
    const s = schemas({
      'com/acme/Table.java': 'package com.acme; import javax.validation.constraints.NotBlank; public class Table { @NotBlank String tableName; Table subTable; }',
    });
    const schema = s.schema('Table', 'com.acme.Table');
    expect(exampleOf(schema)).toStrictEqual({ tableName: 'tableName', subTable: { tableName: 'tableName' } });
  });

  it('writes each string format', () => {
    const of = (format: string) => exampleOf({ type: 'string', format }, 'x');
    expect(
      ['date', 'date-time', 'time', 'time-local', 'duration', 'uuid', 'email', 'uri', 'byte', 'binary', 'int64', 'password'].map(of),
    ).toStrictEqual([
      '2024-01-01',
      '2024-01-01T00:00:00Z',
      // RFC 3339's full-time carries an offset (validators refuse `00:00:00` as `time`); a LocalTime's has none.
      '00:00:00Z',
      '00:00:00',
      'PT1H',
      '00000000-0000-0000-0000-000000000000',
      'user@example.com',
      'https://example.com',
      'AA==',
      '(binary)',
      '0',
      'x',
    ]);
    expect(exampleOf({ type: 'string' })).toBe('string');
    expect(exampleOf({ type: 'string', maxLength: 1 }, 'gender')).toBe('g');
    expect(exampleOf({ type: 'string', minLength: 8 }, 'pin')).toBe('pinpinpi');
    expect(exampleOf({ type: ['string', 'null'] }, 'nick')).toBe('nick');
  });

  it('meets numeric bounds and prefers examples, then defaults, then enums', () => {
    expect(exampleOf({ type: 'integer', minimum: 18, maximum: 130 })).toBe(18);
    expect(exampleOf({ type: 'integer', exclusiveMinimum: 0 })).toBe(1);
    expect(exampleOf({ type: 'integer', maximum: -5 })).toBe(-5);
    expect(exampleOf({ type: 'number', exclusiveMaximum: 0 })).toBe(-1);
    expect(exampleOf({ type: 'number', minimum: 0.01 })).toBe(0.01);
    expect(exampleOf({ type: 'string', enum: ['S', 'M'], default: 'M', examples: ['L'] })).toBe('L');
    expect(exampleOf({ type: 'string', enum: ['S', 'M'], default: 'M' })).toBe('M');
    expect(exampleOf({ type: 'string', enum: ['S', 'M'] })).toBe('S');
    expect(exampleOf({ type: 'null' })).toBe(null);
    expect(exampleOf({})).toStrictEqual({});
  });

  it('passes over a default its own length bounds refuse (a Kotlin `= ""` under @NotEmpty)', () => {
    expect(exampleOf({ type: 'string', minLength: 1, default: '' }, 'address')).toBe('address');
    expect(exampleOf({ type: 'string', minLength: 1, default: 'x' })).toBe('x');
    expect(exampleOf({ type: 'string', maxLength: 2, default: 'long' })).not.toBe('long');
    expect(exampleOf({ type: 'array', minItems: 1, items: { type: 'integer' }, default: [] })).toEqual([0]);
    expect(exampleOf({ type: 'array', items: { type: 'integer' }, default: [] })).toEqual([]);
    expect(exampleOf({ type: 'string', default: '' })).toBe('');
    // ...and a default its pattern refuses (halo's `reason = ""` under `^[A-Za-z](...)?$`); a Java-only expression keeps it.
    expect(exampleOf({ type: 'string', pattern: '^[A-Za-z]([A-Za-z0-9_]*)?$', default: '' }, 'reason')).toBe('reason');
    expect(exampleOf({ type: 'string', pattern: '^[a-z]+$', default: 'ok' })).toBe('ok');
    expect(exampleOf({ type: 'string', pattern: '\\p{javaLowerCase}+', default: '' })).toBe('');
  });

  it('writes the example of an object schema the builder shares (frozen) once per side, wherever it is met, and shares it', () => {
    const s = schemas({
      'com/acme/Item.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Item { @JsonProperty(access = JsonProperty.Access.READ_ONLY) Long id; String name; }`,
    });
    const schema = s.schema('Item', 'com.acme.Item');
    expect(Object.isFrozen(schema)).toBe(true);
    const response = exampleOf(schema);
    expect(response).toStrictEqual({ id: 0, name: 'name' });
    expect(exampleOf(schema)).toBe(response);
    // Inside a new wrapper (a list of it, a copy with more required properties): the same value.
    expect((exampleOf(s.schema('java.util.List<Item>', 'com.acme.Item')) as unknown[])[0]).toBe(response);
    expect(exampleOf({ type: 'object', properties: { item: schema } })).toStrictEqual({ item: response });
    expect((exampleOf({ type: 'object', properties: { item: schema } }) as { item: unknown }).item).toBe(response);
    // The request side leaves out what the server writes: a value of its own.
    const request = requestExampleOf(schema);
    expect(request).toStrictEqual({ name: 'name' });
    expect(requestExampleOf(schema)).toBe(request);
    // A schema of the caller's own (not frozen) is written afresh each time.
    const own: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(exampleOf(own)).not.toBe(exampleOf(own));
  });

  it('leaves write-only properties out of a response example, also behind a $ref, and keeps each side its own shared value', () => {
    const s = schemas({
      'com/acme/Login.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Login { @JsonProperty(access = JsonProperty.Access.READ_ONLY) Long id; String user; @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String password; }`,
    });
    const schema = s.schema('Login', 'com.acme.Login');
    const response = responseExampleOf(schema);
    expect(response).toStrictEqual({ id: 0, user: 'user' });
    expect(responseExampleOf(schema)).toBe(response);
    expect(requestExampleOf(schema)).toStrictEqual({ user: 'user', password: 'password' });
    expect(exampleOf(schema)).toStrictEqual({ id: 0, user: 'user', password: 'password' });
    // A recursive type's properties are references into $defs: the flag is on the definition.
    const tree: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string' }, secret: { $ref: '#/$defs/Secret' } },
      $defs: { Secret: { type: 'string', writeOnly: true } },
    };
    expect(responseExampleOf(tree)).toStrictEqual({ name: 'name' });
    expect(requestExampleOf(tree)).toStrictEqual({ name: 'name', secret: 'secret' });
  });

  it('returns copies: changing an example never changes the schema', () => {
    const schema: JsonSchema = { type: 'object', properties: { tags: { type: 'array', examples: [['a']] } } };
    const example = exampleOf(schema) as { tags: string[] };
    example.tags.push('b');
    expect(schema.properties!.tags!.examples).toStrictEqual([['a']]);
  });

  it('renders date patterns of DateTimeFormatter and SimpleDateFormat', () => {
    expect(formatDate('yyyy-MM-dd HH:mm:ss')).toBe('2024-01-01 00:00:00');
    expect(formatDate("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")).toBe('2024-01-01T00:00:00.000Z');
    expect(formatDate('EEE, dd MMM yyyy HH:mm:ss z')).toBe('Mon, 01 Jan 2024 00:00:00 UTC');
    expect(formatDate('yyyy年MM月dd日')).toBe('2024年01月01日');
    expect(formatDate("h:mm a, ''yy")).toBe("12:00 AM, '24");
  });
});
