import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { schemas } from './testing';

const obj = (title: string, javaType: string, properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  title,
  ...(extra.description ? { description: extra.description } : {}),
  properties,
  ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'description')),
  'x-java-type': javaType,
});
const str: JsonSchema = { type: 'string' };
const int32: JsonSchema = { type: 'integer', format: 'int32' };
const int64: JsonSchema = { type: 'integer', format: 'int64' };

describe('properties: Jackson', () => {
  const s = schemas({
    'com/acme/dto/Base.java': `package com.acme.dto;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
@JsonIgnoreProperties(value = {"audit"}, allowGetters = true)
public class Base { private String createdBy; private String audit; }`,
    'com/acme/dto/Account.java': `package com.acme.dto;
import com.fasterxml.jackson.annotation.*;
@JsonIgnoreProperties({"secret", "internalCode"})
public class Account extends Base {
    @JsonProperty("user_name") private String userName;
    @JsonIgnore private String password;
    private String secret;
    private int internalCode;
    @JsonProperty(access = JsonProperty.Access.READ_ONLY) private Long version;
    @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) private String pin;
    @JsonProperty(required = true) private String email;
    @JsonAlias({"mail2", "m2"}) private String backupEmail;
    @JsonInclude(JsonInclude.Include.NON_NULL) private String note;
    private static final long serialVersionUID = 1L;
    private static String cache;
    private transient String scratch;
    private String nick;
    private String title;
    @JsonIgnore public String getNick() { return nick; }
    @JsonProperty("heading") public String getTitle() { return title; }
    public String getDisplayName() { return userName; }
    public boolean isVip() { return false; }
    @JsonIgnore public String getHidden() { return ""; }
    public static Account of() { return null; }
    public void setTitle(String title) { this.title = title; }
}`,
    'com/acme/naming/Names.java': `package com.acme.naming;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Names {
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public static class Snake { String userName; String userID; @JsonProperty("Explicit") String keptAsWritten; }
    public static class SnakeChild extends Snake { String childField; }
    @JsonNaming(PropertyNamingStrategies.UpperSnakeCaseStrategy.class) public static class UpperSnake { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategies.KebabCaseStrategy.class) public static class Kebab { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategies.LowerDotCaseStrategy.class) public static class LowerDot { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategies.LowerCaseStrategy.class) public static class Lower { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class) public static class LowerCamel { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategies.UpperCamelCaseStrategy.class) public static class UpperCamel { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategy.SnakeCaseStrategy.class) public static class OldSnake { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategy.LowerCaseWithUnderscoresStrategy.class) public static class OldUnderscores { String userName; String userID; }
    @JsonNaming(PropertyNamingStrategy.PascalCaseStrategy.class) public static class OldPascal { String userName; String userID; }
}`,
    'com/acme/dto/Location.java': `package com.acme.dto;
import jakarta.validation.constraints.NotBlank;
public class Location { @NotBlank String city; String zip; }`,
    'com/acme/dto/Shipment.java': `package com.acme.dto;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.google.gson.annotations.SerializedName;
import com.alibaba.fastjson.annotation.JSONField;
public class Shipment {
    @SerializedName("tracking_no") String trackingNo;
    @JSONField(name = "carrier_code") String carrierCode;
    @JsonUnwrapped(prefix = "from_", suffix = "_addr") Location from;
    @JsonUnwrapped Location to;
}`,
    'com/acme/dto/Event.java': `package com.acme.dto;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.List;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.alibaba.fastjson.annotation.JSONField;
public class Event {
    @JsonFormat(pattern = "yyyy-MM-dd HH:mm:ss", timezone = "GMT+8") LocalDateTime at;
    @JsonFormat(shape = JsonFormat.Shape.STRING) Long bigId;
    @JsonSerialize(using = ToStringSerializer.class) long otherId;
    @JsonFormat(shape = JsonFormat.Shape.NUMBER) Date epoch;
    @JSONField(format = "yyyy/MM/dd") Date day;
    @JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal price;
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> tags;
}`,
    'com/acme/dto/Named.java': `package com.acme.dto;
import com.fasterxml.jackson.annotation.JsonProperty;
public interface Named {
    String getName();
    @JsonProperty("label") String getTitle();
    default boolean isVisible() { return true; }
    static Named none() { return null; }
}`,
    'com/acme/dto/Extensible.java': `package com.acme.dto;
import java.util.Map;
import com.fasterxml.jackson.annotation.*;
@JsonPropertyOrder({"name", "id"})
public class Extensible {
    private String id;
    private String name;
    @JsonIgnore private Map<String, Object> extra;
    @JsonAnyGetter public Map<String, Object> getExtra() { return extra; }
    @JsonProperty("ID") public void setId(String id) { this.id = id; }
    public String getName() { return name; }
}`,
    'com/acme/dto/Sorted.java': `package com.acme.dto;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
@JsonPropertyOrder(value = {"zeta"}, alphabetic = true)
public class Sorted { String beta; String zeta; String alpha; }`,
  });

  it('excludes ignored, static and transient members; renames; marks access; adds getter-only properties; superclass first', () => {
    expect(s.schema('Account', 'com.acme.dto.Account')).toStrictEqual(
      obj(
        'Account',
        'com.acme.dto.Account',
        {
          createdBy: str,
          audit: { type: 'string', readOnly: true },
          user_name: str,
          version: { ...int64, readOnly: true },
          pin: { type: 'string', writeOnly: true },
          email: str,
          backupEmail: str,
          note: str,
          heading: str,
          displayName: { type: 'string', readOnly: true },
          vip: { type: 'boolean', readOnly: true },
        },
        { required: ['email'] },
      ),
    );
  });

  it('applies every @JsonNaming strategy (old names too, inherited, explicit names win)', () => {
    const pair = (a: string, b: string) => ({ [a]: str, [b]: str });
    const at = 'com.acme.naming.Names';
    const named = (cls: string, properties: Record<string, JsonSchema>) =>
      expect(s.schema(cls, at)).toStrictEqual(obj(cls, `com.acme.naming.Names.${cls}`, properties));
    named('Snake', { user_name: str, user_id: str, Explicit: str });
    named('SnakeChild', { user_name: str, user_id: str, Explicit: str, child_field: str });
    named('UpperSnake', pair('USER_NAME', 'USER_ID'));
    named('Kebab', pair('user-name', 'user-id'));
    named('LowerDot', pair('user.name', 'user.id'));
    named('Lower', pair('username', 'userid'));
    named('LowerCamel', pair('userName', 'userID'));
    named('UpperCamel', pair('UserName', 'UserID'));
    named('OldSnake', pair('user_name', 'user_id'));
    named('OldUnderscores', pair('user_name', 'user_id'));
    named('OldPascal', pair('UserName', 'UserID'));
  });

  it('reads neither fastjson names nor Gson\'s (Jackson ignores @JSONField and @SerializedName), and inlines @JsonUnwrapped with prefix and suffix', () => {
    expect(s.schema('Shipment', 'com.acme.dto.Shipment')).toStrictEqual(
      obj(
        'Shipment',
        'com.acme.dto.Shipment',
        {
          trackingNo: str,
          carrierCode: str,
          from_city_addr: { type: 'string', minLength: 1 },
          from_zip_addr: str,
          city: { type: 'string', minLength: 1 },
          zip: str,
        },
        { required: ['from_city_addr', 'city'] },
      ),
    );
  });

  it('applies @JsonFormat patterns and shapes and ToStringSerializer, not fastjson formats; @JsonInclude changes nothing', () => {
    expect(s.schema('Event', 'com.acme.dto.Event')).toStrictEqual(
      obj('Event', 'com.acme.dto.Event', {
        at: { type: 'string', 'x-format-pattern': 'yyyy-MM-dd HH:mm:ss' },
        bigId: { type: 'string', format: 'int64' },
        otherId: { type: 'string', format: 'int64' },
        epoch: { type: 'integer', format: 'int64' },
        day: { type: 'string', format: 'date-time' },
        price: { type: 'string' },
        tags: { type: 'array', items: str },
      }),
    );
  });

  it('reads an interface through its getters', () => {
    expect(s.schema('Named', 'com.acme.dto.Named')).toStrictEqual(
      obj('Named', 'com.acme.dto.Named', { name: str, label: str, visible: { type: 'boolean' } }),
    );
  });

  it('merges setter annotations, maps @JsonAnyGetter to additionalProperties and honours @JsonPropertyOrder', () => {
    expect(s.schema('Extensible', 'com.acme.dto.Extensible')).toStrictEqual(
      obj('Extensible', 'com.acme.dto.Extensible', { name: str, ID: str }, { additionalProperties: {} }),
    );
    expect(s.schema('Sorted', 'com.acme.dto.Sorted')).toStrictEqual(obj('Sorted', 'com.acme.dto.Sorted', { zeta: str, alpha: str, beta: str }));
  });
});

describe('properties: accessors', () => {
  it('leaves out a private field no accessor names in a class written with accessors (Jackson does not see it)', () => {
    const s = schemas({
      'com/acme/dto/Authority.java': `package com.acme.dto;
import jakarta.persistence.Transient;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Authority {
    private String name;
    @Transient private boolean isPersisted;
    @JsonProperty private String code;
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Authority setIsPersisted() { this.isPersisted = true; return this; }
}`,
      'com/acme/dto/Plain.java': 'package com.acme.dto; public class Plain { private String name; private int age; }',
    });
    expect(Object.keys(s.schema('Authority', 'com.acme.dto.Authority').properties!)).toEqual(['name', 'code']);
    // Without any accessor the class is read field by field, as before (a DTO sketched in a test, say).
    expect(Object.keys(s.schema('Plain', 'com.acme.dto.Plain').properties!)).toEqual(['name', 'age']);
  });
});

describe('properties: Lombok', () => {
  it('takes fields as the truth and names them as Jackson names Lombok getters', () => {
    const s = schemas({
      'com/acme/lombok/LombokData.java': `package com.acme.lombok;
import lombok.Data;
@Data
public class LombokData {
    private String name;
    private boolean isActive;
    private Boolean isDeleted;
    private String pName;
    private boolean enabled;
}`,
      'com/acme/lombok/LombokValue.java': `package com.acme.lombok;
import lombok.Value;
@Value public class LombokValue { String code; int qty; }`,
      'com/acme/lombok/LombokBuilder.java': `package com.acme.lombok;
import java.util.List;
import lombok.Builder;
import lombok.Getter;
@Builder @Getter
public class LombokBuilder { private final String id; private final List<String> tags; public static class Extra { String x; } }`,
      'com/acme/lombok/PlainBean.java': `package com.acme.lombok;
public class PlainBean { private boolean isActive; private String pName; }`,
    });
    expect(s.schema('LombokData', 'com.acme.lombok.LombokData')).toStrictEqual(
      obj('LombokData', 'com.acme.lombok.LombokData', {
        name: str,
        active: { type: 'boolean' }, // Lombok's isActive() getter: Jackson writes "active"
        isDeleted: { type: 'boolean' }, // Boolean wrapper: getIsDeleted()
        pname: str, // getPName()
        enabled: { type: 'boolean' },
      }),
    );
    expect(s.schema('LombokValue', 'com.acme.lombok.LombokValue')).toStrictEqual(
      obj('LombokValue', 'com.acme.lombok.LombokValue', { code: str, qty: int32 }),
    );
    expect(s.schema('LombokBuilder', 'com.acme.lombok.LombokBuilder')).toStrictEqual(
      obj('LombokBuilder', 'com.acme.lombok.LombokBuilder', { id: str, tags: { type: 'array', items: str } }),
    );
    // Without Lombok (and without getters) the fields keep their names.
    expect(s.schema('PlainBean', 'com.acme.lombok.PlainBean')).toStrictEqual(
      obj('PlainBean', 'com.acme.lombok.PlainBean', { isActive: { type: 'boolean' }, pName: str }),
    );
  });
});

describe('properties: Bean Validation', () => {
  it('maps javax and jakarta constraints (and Hibernate @Length/@Range) to required and keywords', () => {
    const s = schemas({
      'com/acme/form/Limits.java': 'package com.acme.form; public interface Limits { int PASSWORD = 64; }',
      'com/acme/form/Update.java': 'package com.acme.form; public interface Update {}',
      'com/acme/form/SignUp.java': `package com.acme.form;
import java.math.BigDecimal;
import java.util.List;
import jakarta.validation.constraints.*;
import org.hibernate.validator.constraints.Length;
import org.hibernate.validator.constraints.Range;
public class SignUp {
    @NotNull Long id;
    @NotBlank @Size(max = 32) String name;
    @NotEmpty List<String> roles;
    @NotEmpty String code;
    @Size(min = 1, max = 5) List<Integer> picks;
    @Size(min = 2) String nick;
    @Min(18) @Max(value = 130) int age;
    @DecimalMin(value = "0.01", inclusive = false) @DecimalMax("99999.99") BigDecimal price;
    @Positive int qty;
    @PositiveOrZero int stock;
    @Negative int debt;
    @NegativeOrZero int delta;
    @Pattern(regexp = "^\\\\d{11}$") String phone;
    @Email String mail;
    @Length(min = 6, max = Limits.PASSWORD) String password;
    @Range(min = 1, max = 10) int level;
    @NotNull(groups = Update.class) Long version;
    @javax.validation.constraints.NotNull String legacy;
}`,
    });
    expect(s.schema('SignUp', 'com.acme.form.SignUp')).toStrictEqual(
      obj(
        'SignUp',
        'com.acme.form.SignUp',
        {
          id: int64,
          name: { type: 'string', minLength: 1, maxLength: 32 },
          roles: { type: 'array', items: str, minItems: 1 },
          code: { type: 'string', minLength: 1 },
          picks: { type: 'array', items: int32, minItems: 1, maxItems: 5 },
          nick: { type: 'string', minLength: 2 },
          age: { ...int32, minimum: 18, maximum: 130 },
          price: { type: 'number', exclusiveMinimum: 0.01, maximum: 99999.99 },
          qty: { ...int32, exclusiveMinimum: 0 },
          stock: { ...int32, minimum: 0 },
          debt: { ...int32, exclusiveMaximum: 0 },
          delta: { ...int32, maximum: 0 },
          phone: { type: 'string', pattern: '^\\d{11}$' },
          mail: { type: 'string', format: 'email' },
          password: { type: 'string', minLength: 6, maxLength: 64 },
          level: { ...int32, minimum: 1, maximum: 10 },
          version: int64, // required only in the Update group
          legacy: str,
        },
        { required: ['id', 'name', 'roles', 'code', 'legacy'] },
      ),
    );
  });
});

describe('properties: Swagger', () => {
  const LOCATION = obj('Location', 'com.acme.dto.Location', { city: { type: 'string', minLength: 1 }, zip: str }, { required: ['city'] });
  const s = schemas({
    'com/acme/dto/Location.java': `package com.acme.dto;
import jakarta.validation.constraints.NotBlank;
public class Location { @NotBlank String city; String zip; }`,
    'com/acme/dto/UserForm.java': `package com.acme.dto;
import java.util.List;
import java.util.Map;
import io.swagger.annotations.ApiModel;
import io.swagger.annotations.ApiModelProperty;
@ApiModel(value = "UserForm", description = "The form to create a user")
public class UserForm {
    @ApiModelProperty(value = "The user's age", example = "42", required = true) Integer age;
    @ApiModelProperty(notes = "Free text") String bio;
    @ApiModelProperty(value = "Role", allowableValues = "ADMIN,USER") String role;
    @ApiModelProperty(allowableValues = "range[1, 5]") int stars;
    @ApiModelProperty(hidden = true) String internal;
    @ApiModelProperty(value = "Tags", example = "[\\"a\\",\\"b\\"]") List<String> tags;
    @ApiModelProperty(value = "Where", example = "{\\"city\\":\\"Paris\\"}") Location address;
    @ApiModelProperty(value = "Not JSON", example = "{oops") Map<String, String> meta;
    @ApiModelProperty(readOnly = true) Long id;
}`,
    'com/acme/dto/ProductDto.java': `package com.acme.dto;
import java.math.BigDecimal;
import java.util.Map;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;
@Schema(description = "A product")
public class ProductDto {
    @Schema(description = "Name", example = "Phone", requiredMode = Schema.RequiredMode.REQUIRED) String name;
    @Schema(description = "Price", example = "9.99", minimum = "0") BigDecimal price;
    @Schema(required = true, example = "true") Boolean active;
    @Schema(hidden = true) String secret;
    @Schema(allowableValues = {"S", "M", "L"}, defaultValue = "M") String size;
    @Schema(format = "password", accessMode = Schema.AccessMode.WRITE_ONLY) String password;
    @Schema(accessMode = Schema.AccessMode.READ_ONLY) Long id;
    @NotNull @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED) String sku;
    @Schema(example = "{\\"w\\": 1}") Map<String, Integer> dims;
    @Schema(type = "string", format = "binary") Object file;
    @Schema(implementation = Location.class) Object place;
    @Deprecated String old;
}`,
  });

  it('reads Swagger 2 @ApiModel / @ApiModelProperty', () => {
    expect(s.schema('UserForm', 'com.acme.dto.UserForm')).toStrictEqual(
      obj(
        'UserForm',
        'com.acme.dto.UserForm',
        {
          age: { ...int32, examples: [42], description: "The user's age" },
          bio: { type: 'string', description: 'Free text' },
          role: { type: 'string', enum: ['ADMIN', 'USER'], description: 'Role' },
          stars: { ...int32, minimum: 1, maximum: 5 },
          tags: { type: 'array', items: str, examples: [['a', 'b']], description: 'Tags' },
          address: { ...LOCATION, examples: [{ city: 'Paris' }], description: 'Where' },
          meta: {
            type: 'object',
            title: 'Map<String, String>',
            additionalProperties: str,
            'x-java-type': 'java.util.Map<java.lang.String, java.lang.String>',
            // Not a value of the declared type: left out, and named for the exports' warnings.
            'x-ignored-example': '{oops',
            description: 'Not JSON',
          },
          id: { ...int64, readOnly: true },
        },
        { description: 'The form to create a user', required: ['age'] },
      ),
    );
  });

  it('reads OpenAPI 3 @Schema on classes and properties', () => {
    expect(s.schema('ProductDto', 'com.acme.dto.ProductDto')).toStrictEqual(
      obj(
        'ProductDto',
        'com.acme.dto.ProductDto',
        {
          name: { type: 'string', examples: ['Phone'], description: 'Name' },
          price: { type: 'number', examples: [9.99], minimum: 0, description: 'Price' },
          active: { type: 'boolean', examples: [true] },
          size: { type: 'string', enum: ['S', 'M', 'L'], default: 'M' },
          password: { type: 'string', format: 'password', writeOnly: true },
          id: { ...int64, readOnly: true },
          sku: str, // NOT_REQUIRED overrides @NotNull
          dims: {
            type: 'object',
            title: 'Map<String, Integer>',
            additionalProperties: int32,
            'x-java-type': 'java.util.Map<java.lang.String, java.lang.Integer>',
            examples: [{ w: 1 }],
          },
          file: { type: 'string', format: 'binary' },
          place: LOCATION,
          old: { type: 'string', deprecated: true },
        },
        { description: 'A product', required: ['name', 'active'] },
      ),
    );
  });
});

describe('properties: descriptions', () => {
  it('reads Javadoc, line comments above and trailing comments; Javadoc wins; tool markers and detached comments do not count', () => {
    const s = schemas({
      'com/acme/dto/Address.java': `package com.acme.dto;
/**
 * An address.
 * Used for shipping and billing.
 */
public class Address {
    /** The city, e.g. {@code Paris}. */
    private String city;
    // postal code
    // (five digits in France)
    private String zip;
    private String street; // street and number
    /** Javadoc wins. */
    private String country; // not this
    // section header

    private String region;
    private String line; // TODO remove
    private int floor, door; // both of them
}`,
    });
    expect(s.schema('Address', 'com.acme.dto.Address')).toStrictEqual(
      obj(
        'Address',
        'com.acme.dto.Address',
        {
          city: { type: 'string', description: 'The city, e.g. Paris.' },
          zip: { type: 'string', description: 'postal code (five digits in France)' },
          street: { type: 'string', description: 'street and number' },
          country: { type: 'string', description: 'Javadoc wins.' },
          region: str,
          line: str,
          floor: { ...int32, description: 'both of them' },
          door: { ...int32, description: 'both of them' },
        },
        { description: 'An address' },
      ),
    );
  });
});
