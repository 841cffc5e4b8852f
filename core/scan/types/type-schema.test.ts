import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { schemas, typeRef } from './testing';

// A realistic slice of a Spring code base: the envelope, a page, a user with an enum and a base class.
const SHOP = {
  'com/acme/common/Result.java': `package com.acme.common;
/** The envelope of every response. */
public class Result<T> {
    /** 0 on success. */
    private int code;
    private String message; // human-readable message
    private T data;
}`,
  'com/acme/common/PageResult.java': `package com.acme.common;
import java.util.List;
import lombok.Data;
/** One page of a listing. */
@Data
public class PageResult<E> {
    /** The rows. */
    private List<E> records;
    private long total;
}`,
  'com/acme/common/BaseVO.java': `package com.acme.common;
public abstract class BaseVO {
    private Long id;
}`,
  'com/acme/user/UserVO.java': `package com.acme.user;
import java.time.LocalDateTime;
import com.acme.common.BaseVO;
import javax.validation.constraints.NotBlank;
import lombok.Data;
/** A user as the API shows it. */
@Data
public class UserVO extends BaseVO {
    /** The login name. */
    @NotBlank
    private String userName;
    private UserStatus status;
    private LocalDateTime createdAt;
}`,
  'com/acme/user/UserStatus.java': `package com.acme.user;
import com.fasterxml.jackson.annotation.JsonValue;
public enum UserStatus {
    /** In use. */
    ACTIVE(1),
    // Locked by an admin
    LOCKED(2);
    private final int code;
    UserStatus(int code) { this.code = code; }
    @JsonValue public int getCode() { return code; }
}`,
  'com/acme/user/UserPage.java': `package com.acme.user;
import com.acme.common.PageResult;
public class UserPage extends PageResult<UserVO> {
    private String cursor;
}`,
  'com/acme/user/UserApi.java': `package com.acme.user;
import com.acme.common.*;
import com.lib.Money;
import com.lib.Wrapper;
import org.springframework.data.domain.Page;
import com.baomidou.mybatisplus.core.metadata.IPage;
class UserApi {}`,
};

const STATUS: JsonSchema = {
  type: 'integer',
  format: 'int32',
  title: 'UserStatus',
  description: '1 (ACTIVE): In use; 2 (LOCKED): Locked by an admin',
  enum: [1, 2],
  'x-enum-varnames': ['ACTIVE', 'LOCKED'],
  'x-enum-descriptions': { ACTIVE: 'In use.', LOCKED: 'Locked by an admin' },
  'x-java-type': 'com.acme.user.UserStatus',
};

const USER: JsonSchema = {
  type: 'object',
  title: 'UserVO',
  description: 'A user as the API shows it',
  properties: {
    id: { type: 'integer', format: 'int64' },
    userName: { type: 'string', minLength: 1, description: 'The login name.' },
    status: STATUS,
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['userName'],
  'x-java-type': 'com.acme.user.UserVO',
};

const pageOf = (items: JsonSchema, title: string, javaType: string): JsonSchema => ({
  type: 'object',
  title,
  description: 'One page of a listing',
  properties: {
    records: { type: 'array', items, description: 'The rows.' },
    total: { type: 'integer', format: 'int64' },
  },
  'x-java-type': javaType,
});

describe('SchemaBuilder: scalars and library types', () => {
  const s = schemas({
    'com/acme/dto/Scalars.java': `package com.acme.dto;
import java.math.*;
import java.time.*;
import java.util.*;
import java.net.URI;
import java.net.URL;
import java.io.InputStream;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.core.io.Resource;
import com.fasterxml.jackson.databind.JsonNode;
public class Scalars {
    int i; Integer boxedI; long l; Long boxedL; short sh; Short boxedSh; byte b; Byte boxedB;
    float f; Float boxedF; double d; Double boxedD; boolean flag; Boolean boxedFlag; char c; Character boxedC;
    String s; CharSequence cs;
    LocalDate date; LocalDateTime dateTime; OffsetDateTime offset; ZonedDateTime zoned; Instant instant;
    LocalTime time; OffsetTime offsetTime; Duration duration; Year year; YearMonth yearMonth;
    Date legacyDate; Calendar calendar; java.sql.Timestamp timestamp; java.sql.Time sqlTime;
    BigDecimal amount; BigInteger big; UUID uuid; URI uri; URL url;
    byte[] bytes; char[] chars; MultipartFile file; InputStream stream; Resource resource;
    Object any; JsonNode node; Map<String, Object> bag;
}`,
  });

  it('maps primitives, boxes, text, dates, numbers, identifiers, binary data and free-form objects', () => {
    const int32 = { type: 'integer', format: 'int32' };
    const int64 = { type: 'integer', format: 'int64' };
    const dateTime = { type: 'string', format: 'date-time' };
    const binary = { type: 'string', format: 'binary' };
    expect(s.schema('Scalars', 'com.acme.dto.Scalars')).toStrictEqual({
      type: 'object',
      title: 'Scalars',
      properties: {
        i: int32,
        boxedI: int32,
        l: int64,
        boxedL: int64,
        sh: { type: 'integer' },
        boxedSh: { type: 'integer' },
        b: { type: 'integer' },
        boxedB: { type: 'integer' },
        f: { type: 'number', format: 'float' },
        boxedF: { type: 'number', format: 'float' },
        d: { type: 'number', format: 'double' },
        boxedD: { type: 'number', format: 'double' },
        flag: { type: 'boolean' },
        boxedFlag: { type: 'boolean' },
        c: { type: 'string', maxLength: 1 },
        boxedC: { type: 'string', maxLength: 1 },
        s: { type: 'string' },
        cs: { type: 'string' },
        date: { type: 'string', format: 'date' },
        dateTime,
        offset: dateTime,
        zoned: dateTime,
        instant: dateTime,
        time: { type: 'string', format: 'time-local' },
        offsetTime: { type: 'string', format: 'time' },
        duration: { type: 'string', format: 'duration' },
        year: { type: 'string', pattern: '^\\d{4}$', examples: ['2024'] },
        yearMonth: { type: 'string', pattern: '^\\d{4}-\\d{2}$', examples: ['2024-01'] },
        legacyDate: dateTime,
        calendar: dateTime,
        timestamp: dateTime,
        sqlTime: { type: 'string', format: 'time-local' },
        amount: { type: 'number' },
        big: { type: 'integer' },
        uuid: { type: 'string', format: 'uuid' },
        uri: { type: 'string', format: 'uri' },
        url: { type: 'string', format: 'uri' },
        bytes: { type: 'string', format: 'byte' },
        chars: { type: 'string' },
        file: binary,
        stream: binary,
        resource: binary,
        any: { type: 'object', title: 'Object', 'x-java-type': 'java.lang.Object' },
        node: { type: 'object', title: 'JsonNode', 'x-java-type': 'com.fasterxml.jackson.databind.JsonNode' },
        bag: {
          type: 'object',
          title: 'Map<String, Object>',
          additionalProperties: {},
          'x-java-type': 'java.util.Map<java.lang.String, java.lang.Object>',
        },
      },
      'x-java-type': 'com.acme.dto.Scalars',
    });
  });

  it('maps Joda-Time values to the strings Spring Boot writes for them, as java.time', () => {
    const joda = schemas({
      'com/acme/dto/Stamps.java': `package com.acme.dto;
import org.joda.time.*;
public class Stamps { DateTime at; LocalDate day; LocalDateTime local; LocalTime hour; Instant instant; Duration spent; }`,
    });
    const dateTime = { type: 'string', format: 'date-time' };
    expect(joda.schema('Stamps', 'com.acme.dto.Stamps').properties).toStrictEqual({
      at: dateTime,
      day: { type: 'string', format: 'date' },
      local: dateTime,
      hour: { type: 'string', format: 'time' },
      instant: dateTime,
      spent: { type: 'string', format: 'duration' },
    });
  });

  it('maps arrays, collections, sets (unique), streams, maps and optionals', () => {
    const s2 = schemas({
      'com/acme/dto/Item.java': 'package com.acme.dto; public class Item { String sku; }',
      'com/acme/dto/Bag.java': `package com.acme.dto;
import java.util.*;
import java.util.stream.Stream;
class Bag {}`,
    });
    const at = 'com.acme.dto.Bag';
    const item: JsonSchema = { type: 'object', title: 'Item', properties: { sku: { type: 'string' } }, 'x-java-type': 'com.acme.dto.Item' };
    expect(s2.schema('List<String>', at)).toStrictEqual({ type: 'array', items: { type: 'string' } });
    expect(s2.schema('Collection<Item>', at)).toStrictEqual({ type: 'array', items: item });
    expect(s2.schema('Set<Long>', at)).toStrictEqual({ type: 'array', items: { type: 'integer', format: 'int64' }, uniqueItems: true });
    expect(s2.schema('Iterable<Integer>', at)).toStrictEqual({ type: 'array', items: { type: 'integer', format: 'int32' } });
    expect(s2.schema('Stream<Item>', at)).toStrictEqual({ type: 'array', items: item });
    expect(s2.schema('Item[]', at)).toStrictEqual({ type: 'array', items: item });
    expect(s2.schema('int[][]', at)).toStrictEqual({ type: 'array', items: { type: 'array', items: { type: 'integer', format: 'int32' } } });
    expect(s2.schema('List<?>', at)).toStrictEqual({ type: 'array', items: {} });
    expect(s2.schema('List', at)).toStrictEqual({ type: 'array', items: {} });
    expect(s2.schema('Map<String, Item>', at)).toStrictEqual({
      type: 'object',
      title: 'Map<String, Item>',
      additionalProperties: item,
      'x-java-type': 'java.util.Map<java.lang.String, com.acme.dto.Item>',
    });
    expect(s2.schema('Map<Long, List<String>>', at)).toStrictEqual({
      type: 'object',
      title: 'Map<Long, List<String>>',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      'x-java-type': 'java.util.Map<java.lang.Long, java.util.List<java.lang.String>>',
    });
    expect(s2.schema('Optional<String>', at)).toStrictEqual({ type: 'string' });
    expect(s2.schema('Optional<Item>', at)).toStrictEqual(item);
  });

  it('describes a type outside the source tree instead of inventing one, and never reports it', () => {
    const s2 = schemas(SHOP);
    expect(s2.schema('Money', 'com.acme.user.UserApi')).toStrictEqual({
      type: 'object',
      title: 'Money',
      description: 'com.lib.Money is not in the source tree',
      'x-java-type': 'com.lib.Money',
      'x-unresolved': true,
    });
    expect(s2.schema('Wrapper<UserVO>', 'com.acme.user.UserApi')).toStrictEqual({
      type: 'object',
      title: 'Wrapper<UserVO>',
      description: 'com.lib.Wrapper is not in the source tree',
      'x-java-type': 'com.lib.Wrapper<com.acme.user.UserVO>',
      'x-unresolved': true,
    });
    expect(s2.diagnostics).toStrictEqual([]);
  });

  it('flags a DTO whose superclass is a library type: its inherited properties are unknown', () => {
    const s2 = schemas({
      'com/acme/Entity.java': 'package com.acme; import com.lib.BaseEntity; public class Entity extends BaseEntity { String name; }',
    });
    expect(s2.schema('Entity', 'com.acme.Entity')).toStrictEqual({
      type: 'object',
      title: 'Entity',
      properties: { name: { type: 'string' } },
      'x-unresolved-superclass': 'com.lib.BaseEntity',
      'x-java-type': 'com.acme.Entity',
    });
  });

  it('reads a JSON Patch document as the array of operations it is (genie\'s PATCH bodies)', () => {
    const s2 = schemas({ 'com/acme/Api.java': 'package com.acme; import com.github.fge.jsonpatch.JsonPatch; interface Api {}' });
    const patch = s2.schema('JsonPatch', 'com.acme.Api');
    expect(patch.type).toBe('array');
    expect(patch.items).toMatchObject({ type: 'object', required: ['op', 'path'], examples: [{ op: 'replace', path: '/name', value: 'new value' }] });
    expect(patch.items!.properties!.op!.enum).toContain('replace');
  });

  it('gives Spring Data and MyBatis-Plus pages their real shape', () => {
    const s2 = schemas(SHOP);
    const int32 = { type: 'integer', format: 'int32' };
    const int64 = { type: 'integer', format: 'int64' };
    expect(s2.schema('Page<UserVO>', 'com.acme.user.UserApi')).toStrictEqual({
      type: 'object',
      title: 'Page<UserVO>',
      properties: {
        content: { type: 'array', items: USER },
        totalElements: int64,
        totalPages: int32,
        number: int32,
        size: int32,
        numberOfElements: int32,
        first: { type: 'boolean' },
        last: { type: 'boolean' },
        empty: { type: 'boolean' },
      },
      'x-java-type': 'org.springframework.data.domain.Page<com.acme.user.UserVO>',
    });
    expect(s2.schema('IPage<UserVO>', 'com.acme.user.UserApi')).toStrictEqual({
      type: 'object',
      title: 'IPage<UserVO>',
      properties: { records: { type: 'array', items: USER }, total: int64, size: int64, current: int64, pages: int64 },
      'x-java-type': 'com.baomidou.mybatisplus.core.metadata.IPage<com.acme.user.UserVO>',
    });
  });

  it('reads records: components are the properties, documented by the record Javadoc', () => {
    const s2 = schemas({
      'com/acme/Point.java': `package com.acme;
import jakarta.validation.constraints.NotNull;
/**
 * A point on the map.
 * @param x the longitude
 * @param y the latitude
 */
public record Point(@NotNull Double x, double y, String label) {
    static final int ORIGIN = 0;
    public Point { }
}`,
    });
    expect(s2.schema('Point', 'com.acme.Point')).toStrictEqual({
      type: 'object',
      title: 'Point',
      description: 'A point on the map',
      properties: {
        x: { type: 'number', format: 'double', description: 'the longitude' },
        y: { type: 'number', format: 'double', description: 'the latitude' },
        label: { type: 'string' },
      },
      required: ['x'],
      'x-java-type': 'com.acme.Point',
    });
  });
});

describe('SchemaBuilder: generics', () => {
  const s = schemas({
    ...SHOP,
    'com/acme/common/Holder.java': `package com.acme.common;
public class Holder<N extends Number> { private N value; }`,
    'com/acme/common/IdEntity.java': `package com.acme.common;
public class IdEntity<ID> { private ID id; }`,
    'com/acme/common/Audited.java': `package com.acme.common;
import java.time.Instant;
public class Audited<K> extends IdEntity<K> { private Instant createdAt; }`,
    'com/acme/order/Order.java': `package com.acme.order;
import com.acme.common.Audited;
import java.util.Map;
import java.util.List;
public class Order extends Audited<Long> {
    private Map<String, List<Long>> lines;
    <T extends com.acme.common.BaseVO> T pick() { return null; }
    <T> T any() { return null; }
}`,
  });
  const at = 'com.acme.user.UserApi';

  it('resolves Result<PageResult<UserVO>> through every level', () => {
    expect(s.schema('Result<PageResult<UserVO>>', at)).toStrictEqual({
      type: 'object',
      title: 'Result<PageResult<UserVO>>',
      description: 'The envelope of every response',
      properties: {
        code: { type: 'integer', format: 'int32', description: '0 on success.' },
        message: { type: 'string', description: 'human-readable message' },
        data: pageOf(USER, 'PageResult<UserVO>', 'com.acme.common.PageResult<com.acme.user.UserVO>'),
      },
      'x-java-type': 'com.acme.common.Result<com.acme.common.PageResult<com.acme.user.UserVO>>',
    });
  });

  it('reads the type arguments a subclass fixes for its generic superclasses, superclass fields first', () => {
    expect(s.schema('UserPage', at)).toStrictEqual({
      type: 'object',
      title: 'UserPage',
      properties: {
        records: { type: 'array', items: USER, description: 'The rows.' },
        total: { type: 'integer', format: 'int64' },
        cursor: { type: 'string' },
      },
      'x-java-type': 'com.acme.user.UserPage',
    });
    expect(s.schema('Order', 'com.acme.order.Order')).toStrictEqual({
      type: 'object',
      title: 'Order',
      properties: {
        id: { type: 'integer', format: 'int64' },
        createdAt: { type: 'string', format: 'date-time' },
        lines: {
          type: 'object',
          title: 'Map<String, List<Long>>',
          additionalProperties: { type: 'array', items: { type: 'integer', format: 'int64' } },
          'x-java-type': 'java.util.Map<java.lang.String, java.util.List<java.lang.Long>>',
        },
      },
      'x-java-type': 'com.acme.order.Order',
    });
  });

  it('reads wildcards as their bound and an unbounded one as anything', () => {
    const result = (data: JsonSchema, title: string, javaType: string): JsonSchema => ({
      type: 'object',
      title,
      description: 'The envelope of every response',
      properties: {
        code: { type: 'integer', format: 'int32', description: '0 on success.' },
        message: { type: 'string', description: 'human-readable message' },
        data,
      },
      'x-java-type': javaType,
    });
    const ofUser = result(USER, 'Result<UserVO>', 'com.acme.common.Result<com.acme.user.UserVO>');
    expect(s.schema('Result<? extends UserVO>', at)).toStrictEqual(ofUser);
    expect(s.schema('Result<? super UserVO>', at)).toStrictEqual(ofUser);
    expect(s.schema('Result<?>', at)).toStrictEqual(result({}, 'Result<?>', 'com.acme.common.Result<?>'));
  });

  it('reads a generic class used raw through its bounds', () => {
    expect(s.schema('Result', at)).toStrictEqual({
      type: 'object',
      title: 'Result',
      description: 'The envelope of every response',
      properties: {
        code: { type: 'integer', format: 'int32', description: '0 on success.' },
        message: { type: 'string', description: 'human-readable message' },
        data: {},
      },
      'x-java-type': 'com.acme.common.Result',
    });
    expect(s.schema('Holder', 'com.acme.common.Holder')).toStrictEqual({
      type: 'object',
      title: 'Holder',
      properties: { value: { type: 'number' } },
      'x-java-type': 'com.acme.common.Holder',
    });
    // A type variable of the enclosing class that nothing binds: its bound.
    expect(s.schema('N', 'com.acme.common.Holder')).toStrictEqual({ type: 'number' });
  });

  it('binds a generic type from a use (bind), also through another generic type', () => {
    const result = s.index.typeByFqn('com.acme.common.Result')!;
    const page = s.index.typeByFqn('com.acme.common.PageResult')!;
    const api = s.scopeOf(at);
    const resultBindings = s.builder.bind(result, typeRef('Result<UserVO>'), api);
    expect(s.builder.schemaOf(typeRef('T'), { type: result, file: result.file }, resultBindings)).toStrictEqual(USER);
    // `PageResult<T>` written inside Result, T bound by Result's use.
    const pageBindings = s.builder.bind(page, typeRef('PageResult<T>'), { type: result, file: result.file }, resultBindings);
    expect(s.builder.schemaOf(typeRef('List<E>'), { type: page, file: page.file }, pageBindings)).toStrictEqual({ type: 'array', items: USER });
    // Raw use: the parameter is its bound.
    const holder = s.index.typeByFqn('com.acme.common.Holder')!;
    const raw = s.builder.bind(holder, typeRef('Holder'), api);
    expect(s.builder.schemaOf(typeRef('N'), { type: holder, file: holder.file }, raw)).toStrictEqual({ type: 'number' });
  });

  it('reads a method type variable as its bound, an unbounded one as anything', () => {
    const order = s.index.typeByFqn('com.acme.order.Order')!;
    const scope = { type: order, file: order.file };
    const [pick, any] = order.methods;
    expect(s.builder.schemaOf(pick!.returnType!, scope, s.builder.methodBindings(pick!, scope))).toStrictEqual({
      type: 'object',
      title: 'BaseVO',
      properties: { id: { type: 'integer', format: 'int64' } },
      'x-java-type': 'com.acme.common.BaseVO',
    });
    expect(s.builder.schemaOf(any!.returnType!, scope, s.builder.methodBindings(any!, scope))).toStrictEqual({});
    // Without the method's bindings an unresolvable one-letter name still reads as a variable, not a library type.
    expect(s.builder.schemaOf(any!.returnType!, scope)).toStrictEqual({});
  });
});

describe('SchemaBuilder: recursion and depth', () => {
  it('references a recursive type from the root $defs', () => {
    const s = schemas({
      'com/acme/tree/TreeNode.java': `package com.acme.tree;
import java.util.List;
public class TreeNode { private String name; private List<TreeNode> children; private TreeNode parent; }`,
    });
    const node: JsonSchema = {
      type: 'object',
      title: 'TreeNode',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
        parent: { $ref: '#/$defs/TreeNode' },
      },
      'x-java-type': 'com.acme.tree.TreeNode',
    };
    expect(s.schema('TreeNode', 'com.acme.tree.TreeNode')).toStrictEqual({ ...node, $defs: { TreeNode: node } });
    // Nested below the root, the definition still goes to the root.
    expect(s.schema('java.util.List<TreeNode>', 'com.acme.tree.TreeNode')).toStrictEqual({ type: 'array', items: node, $defs: { TreeNode: node } });
  });

  it('handles mutual recursion the same whichever type is built first', () => {
    const files = {
      'com/acme/org/Dept.java': 'package com.acme.org; import java.util.List; public class Dept { String name; List<Employee> staff; }',
      'com/acme/org/Employee.java': 'package com.acme.org; public class Employee { String name; Dept dept; }',
    };
    const employee: JsonSchema = {
      type: 'object',
      title: 'Employee',
      properties: {
        name: { type: 'string' },
        dept: {
          type: 'object',
          title: 'Dept',
          properties: { name: { type: 'string' }, staff: { type: 'array', items: { $ref: '#/$defs/Employee' } } },
          'x-java-type': 'com.acme.org.Dept',
        },
      },
      'x-java-type': 'com.acme.org.Employee',
    };
    const a = schemas(files);
    a.schema('Dept', 'com.acme.org.Dept');
    const b = schemas(files);
    expect(a.schema('Employee', 'com.acme.org.Employee')).toStrictEqual({ ...employee, $defs: { Employee: employee } });
    expect(b.schema('Employee', 'com.acme.org.Employee')).toStrictEqual({ ...employee, $defs: { Employee: employee } });
  });

  it('gives recursive types of equal titles distinct $defs names, generic ones a readable name', () => {
    const s = schemas({
      'com/acme/a/Node.java': 'package com.acme.a; public class Node { Node next; }',
      'com/acme/b/Node.java': 'package com.acme.b; public class Node { Node prev; }',
      'com/acme/Tree.java': 'package com.acme; import java.util.List; public class Tree<T> { T value; List<Tree<T>> kids; }',
      'com/acme/Pair.java': 'package com.acme; public class Pair { com.acme.a.Node left; com.acme.b.Node right; Tree<String> tree; }',
    });
    const a: JsonSchema = { type: 'object', title: 'Node', properties: { next: { $ref: '#/$defs/Node' } }, 'x-java-type': 'com.acme.a.Node' };
    const b: JsonSchema = { type: 'object', title: 'Node', properties: { prev: { $ref: '#/$defs/Node_2' } }, 'x-java-type': 'com.acme.b.Node' };
    const tree: JsonSchema = {
      type: 'object',
      title: 'Tree<String>',
      properties: { value: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/Tree_String' } } },
      'x-java-type': 'com.acme.Tree<java.lang.String>',
    };
    expect(s.schema('Pair', 'com.acme.Pair')).toStrictEqual({
      type: 'object',
      title: 'Pair',
      properties: { left: a, right: b, tree },
      'x-java-type': 'com.acme.Pair',
      $defs: { Node: a, Node_2: b, Tree_String: tree },
    });
  });

  it('bounds the objects a schema writes out, counting a reused type at every use', () => {
    // Few types, each holding the next ten times: 111,111 objects written out, six built.
    const files: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) {
      const fields = Array.from({ length: 10 }, (_, k) => `W${i + 1} f${k};`).join(' ');
      files[`com/acme/wide/W${i}.java`] = `package com.acme.wide; public class W${i} { ${i < 6 ? fields : 'String end;'} }`;
    }
    const root = schemas(files).schema('W1', 'com.acme.wide.W1');
    let objects = 0;
    let cut = 0;
    const walk = (x: JsonSchema) => {
      if (x['x-truncated']) cut++;
      if (x.properties) objects++;
      for (const p of Object.values(x.properties ?? {})) walk(p);
    };
    walk(root);
    expect(objects).toBeLessThanOrEqual(2_000);
    expect(cut).toBeGreaterThan(0);
    expect(JSON.stringify(root)).toContain('schema size limit of 2000 objects reached');
    // The budget is shared between the properties: each shows three levels of its own at least, none the whole tree.
    const levels = (x: JsonSchema): number => (x.properties ? 1 + Math.min(...Object.values(x.properties).map(levels)) : 0);
    for (const p of Object.values(root.properties!)) expect(levels(p)).toBeGreaterThanOrEqual(3);
  });

  it('shares the size budget between the properties of a wide object: every one keeps its own level', () => {
    // 300 properties, each a DTO of its own holding eight more: 2,701 objects. Depth first, the
    // first 222 properties were whole and the last 78 cut to their titles.
    const files: Record<string, string> = {};
    files['com/acme/wide/Leaf.java'] = 'package com.acme.wide; public class Leaf { public int x; }';
    for (let i = 0; i < 300; i++) {
      const leaves = Array.from({ length: 8 }, (_, k) => `public Leaf l${k};`).join(' ');
      files[`com/acme/wide/D${i}.java`] = `package com.acme.wide; public class D${i} { public String name; ${leaves} }`;
    }
    const props = Array.from({ length: 300 }, (_, i) => `public D${i} d${i};`).join(' ');
    files['com/acme/wide/Wide.java'] = `package com.acme.wide; public class Wide { public long id; ${props} }`;
    const s = schemas(files);
    const root = s.schema('Wide', 'com.acme.wide.Wide');
    let objects = 0;
    const walk = (x: JsonSchema) => {
      if (x.properties) objects++;
      for (const p of Object.values(x.properties ?? {})) walk(p);
    };
    walk(root);
    expect(objects).toBeLessThanOrEqual(2_000);
    expect(objects).toBeGreaterThan(1_990); // what the shares leave goes to the cut ones
    expect(root.properties!.id).toEqual({ type: 'integer', format: 'int64' });
    for (let i = 0; i < 300; i++) {
      const d = root.properties![`d${i}`]!;
      expect(d.title).toBe(`D${i}`);
      expect(Object.keys(d.properties ?? {})).toEqual(['name', 'l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7']);
    }
    expect(JSON.stringify(root.properties!.d299)).toContain('schema size limit of 2000 objects reached');
    // Built again, by this builder (its caches) or another: the same schema.
    expect(s.schema('Wide', 'com.acme.wide.Wide')).toStrictEqual(root);
    expect(schemas(files).schema('Wide', 'com.acme.wide.Wide')).toStrictEqual(root);
  });

  it("shares the size budget fairly between a oneOf's branches: a huge first subtype leaves every other one whole", () => {
    // Gaffer's Operation: 112 subtypes, the first ones 600 objects each, took the whole budget
    // and left 86 subtypes cut to their titles. Here a subtype of 111,111 objects comes first.
    const files: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) {
      const fields = Array.from({ length: 10 }, (_, k) => `W${i + 1} f${k};`).join(' ');
      files[`com/acme/wide/W${i}.java`] = `package com.acme.wide; public class W${i} { ${i < 6 ? fields : 'String end;'} }`;
    }
    const small = Array.from({ length: 40 }, (_, i) => `S${i}`);
    const listed = ['Huge', ...small].map((n) => `@JsonSubTypes.Type(value = ${n}.class, name = "${n}")`).join(', ');
    files['com/acme/wide/Shape.java'] = `package com.acme.wide;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({ ${listed} })
public abstract class Shape { public String label; }`;
    files['com/acme/wide/Huge.java'] = 'package com.acme.wide; public class Huge extends Shape { public W1 a; public W1 b; public int size; }';
    files['com/acme/wide/Point.java'] = 'package com.acme.wide; public class Point { public int x; public int y; }';
    for (const n of small) files[`com/acme/wide/${n}.java`] = `package com.acme.wide; public class ${n} extends Shape { public Point at; public Point to; }`;
    files['com/acme/wide/Holder.java'] = 'package com.acme.wide; public class Holder { public W4 first; public Shape shape; }';

    const s = schemas(files);
    // A builder that has already cut W1 under another root: nothing cut is reused.
    s.schema('W1', 'com.acme.wide.W1');
    const root = s.schema('Shape', 'com.acme.wide.Shape');
    let objects = 0;
    const walk = (x: JsonSchema) => {
      if (x.properties || x.oneOf) objects++;
      for (const p of Object.values(x.properties ?? {})) walk(p);
      for (const b of x.oneOf ?? []) walk(b);
    };
    walk(root);
    expect(objects).toBeLessThanOrEqual(2_000);
    const [huge, ...rest] = root.oneOf!;
    // The huge subtype has its own properties, cut further down...
    expect(Object.keys(huge!.properties!)).toEqual(['kind', 'label', 'a', 'b', 'size']);
    expect(JSON.stringify(huge)).toContain('schema size limit of 2000 objects reached');
    // ...and every other subtype is whole.
    expect(rest.map((b) => b.title)).toEqual(small);
    for (const b of rest) {
      expect(b['x-truncated']).toBeUndefined();
      expect(b.properties!.to).toEqual({ type: 'object', title: 'Point', properties: { x: { type: 'integer', format: 'int32' }, y: { type: 'integer', format: 'int32' } }, 'x-java-type': 'com.acme.wide.Point' });
    }
    // The same schema whatever the builder made before, and again when it reuses what it cut.
    expect(schemas(files).schema('Shape', 'com.acme.wide.Shape')).toStrictEqual(root);
    expect(s.schema('Shape', 'com.acme.wide.Shape')).toStrictEqual(root);
    const holder = s.schema('Holder', 'com.acme.wide.Holder');
    expect(holder).toStrictEqual(schemas(files).schema('Holder', 'com.acme.wide.Holder'));
    expect(holder.properties!.shape!.oneOf!.every((b) => b.properties)).toBe(true);
  });

  it('cuts a oneOf to its title when what is left cannot give each subtype its own properties', () => {
    const files: Record<string, string> = {};
    const subs = Array.from({ length: 30 }, (_, i) => `T${i}`);
    files['com/acme/many/Base.java'] = `package com.acme.many;
import com.fasterxml.jackson.annotation.*;
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({ ${subs.map((n) => `@JsonSubTypes.Type(${n}.class)`).join(', ')} })
public abstract class Base { public String label; }`;
    for (const n of subs) files[`com/acme/many/${n}.java`] = `package com.acme.many; public class ${n} extends Base { public int ${n.toLowerCase()}; }`;
    // 70 such properties of 31 objects each (the oneOf and a branch each): 64 fit in the 1,999 left under the holder.
    const bases = Array.from({ length: 70 }, (_, k) => `public Base b${k};`).join(' ');
    files['com/acme/many/Holder.java'] = `package com.acme.many; public class Holder { ${bases} }`;
    const root = schemas(files).schema('Holder', 'com.acme.many.Holder');
    const values = Object.values(root.properties!);
    expect(values.slice(0, 64).every((b) => b.oneOf?.length === 30)).toBe(true);
    for (const last of values.slice(64)) {
      expect(last).toEqual({ type: 'object', title: 'Base', 'x-java-type': 'com.acme.many.Base', 'x-truncated': 'schema size limit of 2000 objects reached' });
    }
  });

  it('cuts nesting past maxDepth object levels and says so (default 8)', () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 10; i++) {
      files[`com/acme/deep/L${i}.java`] = `package com.acme.deep; public class L${i} { ${i < 10 ? `L${i + 1} next;` : 'String end;'} }`;
    }
    const level = (i: number): JsonSchema =>
      i === 9
        ? { type: 'object', title: 'L9', 'x-java-type': 'com.acme.deep.L9', 'x-truncated': 'depth limit 8 reached' }
        : { type: 'object', title: `L${i}`, properties: { next: level(i + 1) }, 'x-java-type': `com.acme.deep.L${i}` };
    const s = schemas(files);
    expect(s.schema('L1', 'com.acme.deep.L1')).toStrictEqual(level(1));
    // A schema built whole near the root is not reused where it would pass the cap...
    const other = schemas(files);
    other.schema('L5', 'com.acme.deep.L1');
    expect(other.schema('L1', 'com.acme.deep.L1')).toStrictEqual(level(1));
    // ...and one cut deep down is rebuilt whole where it fits.
    expect(s.schema('L3', 'com.acme.deep.L1')).toStrictEqual({
      type: 'object',
      title: 'L3',
      properties: {
        next: {
          type: 'object',
          title: 'L4',
          properties: {
            next: {
              type: 'object',
              title: 'L5',
              properties: {
                next: {
                  type: 'object',
                  title: 'L6',
                  properties: {
                    next: {
                      type: 'object',
                      title: 'L7',
                      properties: {
                        next: {
                          type: 'object',
                          title: 'L8',
                          properties: {
                            next: {
                              type: 'object',
                              title: 'L9',
                              properties: {
                                next: { type: 'object', title: 'L10', properties: { end: { type: 'string' } }, 'x-java-type': 'com.acme.deep.L10' },
                              },
                              'x-java-type': 'com.acme.deep.L9',
                            },
                          },
                          'x-java-type': 'com.acme.deep.L8',
                        },
                      },
                      'x-java-type': 'com.acme.deep.L7',
                    },
                  },
                  'x-java-type': 'com.acme.deep.L6',
                },
              },
              'x-java-type': 'com.acme.deep.L5',
            },
          },
          'x-java-type': 'com.acme.deep.L4',
        },
      },
      'x-java-type': 'com.acme.deep.L3',
    });
  });

  it('counts object levels only: arrays and maps add none', () => {
    const s = schemas(
      {
        'com/acme/A.java': 'package com.acme; import java.util.*; public class A { List<B> bs; Map<String, B> byName; }',
        'com/acme/B.java': 'package com.acme; public class B { C c; }',
        'com/acme/C.java': 'package com.acme; public class C { int n; }',
      },
      { maxDepth: 2 },
    );
    const b: JsonSchema = {
      type: 'object',
      title: 'B',
      properties: { c: { type: 'object', title: 'C', 'x-java-type': 'com.acme.C', 'x-truncated': 'depth limit 2 reached' } },
      'x-java-type': 'com.acme.B',
    };
    expect(s.schema('A', 'com.acme.A')).toStrictEqual({
      type: 'object',
      title: 'A',
      properties: {
        bs: { type: 'array', items: b },
        byName: { type: 'object', title: 'Map<String, B>', additionalProperties: b, 'x-java-type': 'java.util.Map<java.lang.String, com.acme.B>' },
      },
      'x-java-type': 'com.acme.A',
    });
  });
});

describe('SchemaBuilder: results', () => {
  it('shares one frozen schema per type: every endpoint using it holds the same object', () => {
    const s = schemas(SHOP);
    const first = s.schema('Result<UserVO>', 'com.acme.user.UserApi');
    expect(() => {
      first.properties!.data!.properties!.userName!.description = 'changed';
    }).toThrow(TypeError);
    expect(() => delete first.properties!.code).toThrow(TypeError);
    const second = s.schema('Result<UserVO>', 'com.acme.user.UserApi');
    expect(second).toBe(first);
    expect(second.properties!.data).toStrictEqual(USER);
    expect(Object.keys(second.properties!)).toStrictEqual(['code', 'message', 'data']);
  });

  it('writes a class with a @JsonValue accessor as that value', () => {
    const s = schemas({
      'com/acme/Sku.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonValue;
public final class Sku { private final String value; @JsonValue public String value() { return value; } }`,
    });
    expect(s.schema('Sku', 'com.acme.Sku')).toStrictEqual({ type: 'string' });
  });
});

describe('SchemaBuilder: root wrapping (rootWrapped)', () => {
  const FILES = {
    'com/acme/Login.java': `package com.acme;
import com.fasterxml.jackson.annotation.JsonRootName;
@JsonRootName(Names.USER) public class Login { String email; }`,
    'com/acme/Names.java': 'package com.acme; public interface Names { String USER = "user"; }',
    'com/acme/Plain.java': 'package com.acme; public class Plain { String text; public static class Inner { int n; } }',
    'com/acme/Status.java': 'package com.acme; public enum Status { ON, OFF }',
  };
  const wrapped = (opts: Parameters<typeof schemas>[1], type: string, at: string, direction: 'request' | 'response') => {
    const s = schemas(FILES, opts);
    return s.builder.rootWrapped(s.schema(type, at, direction), s.scopeOf(at), direction);
  };

  it('puts a project class under its @JsonRootName (a constant too), else its simple name, on the side the application turns on', () => {
    const both = { rootValue: { read: true, write: true } };
    const login = wrapped(both, 'Login', 'com.acme.Login', 'request');
    expect(login.required).toStrictEqual(['user']);
    expect(Object.keys(login.properties!)).toStrictEqual(['user']);
    expect(login.properties!.user!['x-java-type']).toBe('com.acme.Login');
    expect(Object.keys(wrapped(both, 'Plain', 'com.acme.Plain', 'response').properties!)).toStrictEqual(['Plain']);
    expect(Object.keys(wrapped(both, 'Plain.Inner', 'com.acme.Plain', 'response').properties!)).toStrictEqual(['Inner']);
    // Reading unwrapped does not mean writing wrapped, and the other way round.
    const readOnly = { rootValue: { read: true, write: false } };
    expect(wrapped(readOnly, 'Login', 'com.acme.Login', 'response')['x-java-type']).toBe('com.acme.Login');
    expect(wrapped({ rootValue: { read: false, write: true } }, 'Login', 'com.acme.Login', 'request')['x-java-type']).toBe('com.acme.Login');
    expect(wrapped({}, 'Login', 'com.acme.Login', 'request')['x-java-type']).toBe('com.acme.Login');
  });

  it('takes root wrapping turned on or off in code over the properties: ObjectMapper.enable(..), configure(.., false), a customizer\'s featuresToEnable(..)', () => {
    const config = (body: string) => ({
      ...FILES,
      'com/acme/JacksonConfig.java': `package com.acme;
import com.fasterxml.jackson.databind.*;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration public class JacksonConfig { ${body} }`,
    });
    const inCode = (body: string, opts: Parameters<typeof schemas>[1], direction: 'request' | 'response') => {
      const s = schemas(config(body), opts);
      return s.builder.rootWrapped(s.schema('Login', 'com.acme.Login', direction), s.scopeOf('com.acme.Login'), direction);
    };
    const mapper = '@Bean public ObjectMapper mapper() { ObjectMapper m = new ObjectMapper(); m.enable(SerializationFeature.WRAP_ROOT_VALUE); m.enable(DeserializationFeature.UNWRAP_ROOT_VALUE); return m; }';
    expect(Object.keys(inCode(mapper, {}, 'response').properties!)).toStrictEqual(['user']);
    expect(Object.keys(inCode(mapper, {}, 'request').properties!)).toStrictEqual(['user']);
    const customizer = '@Bean public Jackson2ObjectMapperBuilderCustomizer c() { return b -> b.featuresToEnable(SerializationFeature.WRAP_ROOT_VALUE); }';
    expect(Object.keys(inCode(customizer, {}, 'response').properties!)).toStrictEqual(['user']);
    expect(inCode(customizer, {}, 'request')['x-java-type']).toBe('com.acme.Login');
    const off = '@Bean public ObjectMapper mapper() { return new ObjectMapper().configure(SerializationFeature.WRAP_ROOT_VALUE, false); }';
    expect(inCode(off, { rootValue: { read: false, write: true } }, 'response')['x-java-type']).toBe('com.acme.Login');
    // Not a Spring configuration (a mapper of a utility class): not Spring MVC's.
    const util = { ...FILES, 'com/acme/Json.java': 'package com.acme; import com.fasterxml.jackson.databind.*; public class Json { static ObjectMapper M = new ObjectMapper().enable(SerializationFeature.WRAP_ROOT_VALUE); }' };
    const s = schemas(util, {});
    expect(s.builder.rootWrapped(s.schema('Login', 'com.acme.Login', 'response'), s.scopeOf('com.acme.Login'), 'response')['x-java-type']).toBe('com.acme.Login');
  });

  it('leaves lists, maps, enums, library types and Gson bodies as they are', () => {
    const both = { rootValue: { read: true, write: true } };
    expect(wrapped(both, 'java.util.List<Login>', 'com.acme.Login', 'response').type).toBe('array');
    expect(wrapped(both, 'java.util.Map<String, Login>', 'com.acme.Login', 'response').properties).toBeUndefined();
    expect(wrapped(both, 'Status', 'com.acme.Status', 'response')).toStrictEqual(expect.objectContaining({ type: 'string' }));
    expect(wrapped(both, 'com.lib.Money', 'com.acme.Login', 'response')['x-java-type']).toBe('com.lib.Money');
    expect(wrapped({ ...both, mapper: () => ({ kind: 'gson', settings: {} }) }, 'Login', 'com.acme.Login', 'request')['x-java-type']).toBe('com.acme.Login');
  });
});
