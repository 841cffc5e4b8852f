import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../model/request';
import { requestExampleOf } from './example';
import { schemas } from './testing';

// Request bodies Jackson reads through a builder, a setter of another type, or as a bean despite
// the class's own serializer; responses stay as Jackson writes them.
const FILES = {
  'com/acme/b/Rule.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
import lombok.Data;
@JsonDeserialize(builder = Rule.Builder.class)
@Data
public class Rule {
    @JsonProperty("required") private boolean required;
    @JsonProperty("message") private String message;
    private String createdBy;
    private Rule(Builder b) { }
    @JsonPOJOBuilder(withPrefix = "set")
    public static class Builder {
        private boolean required = false;
        private String message;
        private Double min;
        public Builder setRequired(boolean required) { this.required = required; return this; }
        public Builder setMessage(String message) { this.message = message; return this; }
        /** The lowest value allowed. */
        public Builder setMin(Double min) { this.min = min; return this; }
        public Builder reset() { return this; }
        public Rule build() { return new Rule(this); }
    }
}`,
  'com/acme/b/Point.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
@JsonDeserialize(builder = Point.PointBuilder.class)
public class Point {
    public final int x;
    public final String label;
    Point(int x, String label) { this.x = x; this.label = label; }
    public double getNorm() { return x; }
    @JsonPOJOBuilder
    public static class PointBuilder {
        private int x; private String label; private String color;
        public PointBuilder(@JsonProperty("color") String color) { this.color = color; }
        public PointBuilder withX(int x) { this.x = x; return this; }
        public PointBuilder withLabel(String label) { this.label = label; return this; }
        public Point build() { return new Point(x, label); }
    }
}`,
  'com/acme/b/Account.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import lombok.Builder;
import lombok.Data;
import lombok.Singular;
import lombok.extern.jackson.Jacksonized;
@Data
@Builder
@Jacksonized
public class Account {
    private boolean isActive;
    @Builder.Default private int size = 10;
    private final String kind = "k";
    @Singular private List<String> tags;
    @JsonProperty("full_name") private String name;
}`,
  'com/acme/b/Legacy.java': `package com.acme.b;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
import lombok.Builder;
import lombok.Getter;
@Getter
@Builder
@JsonDeserialize(builder = Legacy.LegacyBuilder.class)
public class Legacy {
    private final boolean isOn;
    @JsonPOJOBuilder(withPrefix = "")
    public static class LegacyBuilder { }
}`,
  'com/acme/b/Entity.java': `package com.acme.b;
import lombok.Data;
import lombok.experimental.SuperBuilder;
@Data
@SuperBuilder
public class Entity { private Long id; }`,
  'com/acme/b/Team.java': `package com.acme.b;
import lombok.Data;
import lombok.experimental.SuperBuilder;
import lombok.extern.jackson.Jacksonized;
@Data
@SuperBuilder
@Jacksonized
public class Team extends Entity { private String title; public String getSlug() { return title; } }`,
  'com/acme/b/Plain.java': `package com.acme.b;
import lombok.Builder;
import lombok.Data;
@Data
@Builder
public class Plain { private boolean isActive; }`,
  'com/acme/b/Param.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonProperty;
import lombok.Builder;
import lombok.Data;
import lombok.extern.jackson.Jacksonized;
@Data @Jacksonized @Builder
public class Param { @JsonProperty("context_path") private String contextPath; private String apiId; }`,
  'com/acme/b/Stream.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.google.auto.value.AutoValue;
@AutoValue
@JsonDeserialize(builder = AutoValue_Stream.Builder.class)
public abstract class Stream {
    @JsonProperty("id") public abstract String id();
    @JsonProperty("title") public abstract String title();
    @JsonProperty("matches") public abstract boolean matches();
    @AutoValue.Builder
    public abstract static class Builder {
        @JsonCreator public static Builder create() { return new AutoValue_Stream.Builder(); }
        @JsonProperty("id") public abstract Builder id(String id);
        @JsonProperty("title") public abstract Builder title(String title);
        public abstract Stream build();
    }
}`,
  'com/acme/b/Options.java': `package com.acme.b;
public class Options {
    private Boolean upgrade;
    public Boolean getUpgrade() { return upgrade; }
    public void setUpgrade(boolean upgrade) { this.upgrade = upgrade; }
}`,
  'com/acme/b/Event.java': `package com.acme.b;
import java.time.Instant;
public class Event {
    private Instant at;
    public Instant getAt() { return at; }
    public void setAt(String at) { this.at = Instant.parse(at); }
}`,
  'com/acme/b/AmountSerializer.java': `package com.acme.b;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
public class AmountSerializer extends JsonSerializer<Amount> {
    public void serialize(Amount a, JsonGenerator gen, SerializerProvider p) throws java.io.IOException { gen.writeString(a.value + " " + a.currency); }
}`,
  'com/acme/b/Amount.java': `package com.acme.b;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(using = AmountSerializer.class)
public class Amount { public long value; public String currency; }`,
  'com/acme/b/Both.java': `package com.acme.b;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(using = AmountSerializer.class) @JsonDeserialize(using = BothDeserializer.class)
public class Both { public long value; }`,
  'com/acme/b/Code.java': `package com.acme.b;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
@JsonSerialize(using = AmountSerializer.class)
public class Code { public long value; @JsonCreator public static Code parse(String text) { return new Code(); } }`,
  'com/acme/b/BaseBuilder.java': `package com.acme.b;
public abstract class BaseBuilder<B extends BaseBuilder<B, T>, T> {
    protected Long id;
    /** The owner's id. */
    public B withId(Long id) { this.id = id; return self(); }
    public B withOwner(T owner) { return self(); }
    protected abstract B self();
}`,
  'com/acme/b/Job.java': `package com.acme.b;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
@JsonDeserialize(builder = Job.Builder.class)
public class Job {
    public final Long id; public final String name;
    Job(Long id, String name) { this.id = id; this.name = name; }
    public static class Builder extends BaseBuilder<Builder, String> {
        private String name;
        public Builder withName(String name) { this.name = name; return this; }
        protected Builder self() { return this; }
        public Job build() { return new Job(id, name); }
    }
}`,
  'com/acme/b/Order.java': `package com.acme.b;
public class Order { public Amount total; public Both both; public Code code; public Rule rule; public Event event; }`,
};

const names = (s: JsonSchema | undefined) => Object.keys(s?.properties ?? {});

describe('request bodies Jackson reads through builders', () => {
  const { schema } = schemas(FILES);

  it('@JsonDeserialize(builder) with @JsonPOJOBuilder(withPrefix): the builder methods after the prefix, typed by their parameter', () => {
    const response = schema('Rule', 'com.acme.b.Rule');
    const request = schema('Rule', 'com.acme.b.Rule', 'request');
    // Jackson moves properties named by @JsonProperty (even to their own name) after the rest.
    expect(names(response)).toEqual(['createdBy', 'required', 'message']);
    expect(names(request)).toEqual(['required', 'message', 'min']);
    expect(request.properties!.min).toMatchObject({ type: 'number', description: 'The lowest value allowed.' });
    expect(request.properties!.required!.default).toBe(false); // the builder's initializer
    expect(request['x-direction']).toBe('request');
    expect(response['x-direction']).toBeUndefined();
  });

  it("a builder extending a base builder takes the base's methods, typed by the extends clause", () => {
    const request = schema('Job', 'com.acme.b.Job', 'request');
    expect(names(request)).toEqual(['id', 'owner', 'name']);
    expect(request.properties!.owner).toEqual({ type: 'string' });
    expect(request.properties!.id).toMatchObject({ type: 'integer', description: "The owner's id." });
  });

  it('the default prefix "with", and a builder creator whose parameters carry @JsonProperty', () => {
    expect(names(schema('Point', 'com.acme.b.Point'))).toEqual(['x', 'label', 'norm']);
    const request = schema('Point', 'com.acme.b.Point', 'request');
    expect(names(request)).toEqual(['color', 'x', 'label']);
    expect(request.properties!.x).toEqual({ type: 'integer', format: 'int32' });
  });

  it('Lombok @Builder + @Jacksonized: the fields by their own names, @Builder.Default kept, initialized finals left out', () => {
    const response = schema('Account', 'com.acme.b.Account');
    const request = schema('Account', 'com.acme.b.Account', 'request');
    expect(names(response)).toEqual(['size', 'kind', 'tags', 'active', 'full_name']); // as Jackson 2.18 writes it
    expect(names(request)).toEqual(['isActive', 'size', 'tags', 'full_name']);
    expect(request.properties!.size!.default).toBe(10);
    expect(request.properties!.tags).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('Lombok @Builder with the builder it generates named by @JsonDeserialize (before @Jacksonized)', () => {
    expect(names(schema('Legacy', 'com.acme.b.Legacy'))).toEqual(['on']);
    expect(names(schema('Legacy', 'com.acme.b.Legacy', 'request'))).toEqual(['isOn']);
  });

  it("@SuperBuilder + @Jacksonized takes the superclasses' fields; @Builder alone leaves Jackson reading a bean", () => {
    expect(names(schema('Team', 'com.acme.b.Team'))).toEqual(['id', 'title', 'slug']);
    expect(names(schema('Team', 'com.acme.b.Team', 'request'))).toEqual(['id', 'title']);
    expect(names(schema('Plain', 'com.acme.b.Plain', 'request'))).toEqual(['active']);
  });

  it("AutoValue: the generated builder named by @JsonDeserialize inherits the declared Builder's @JsonProperty methods (graylog)", () => {
    expect(names(schema('Stream', 'com.acme.b.Stream', 'request'))).toEqual(['id', 'title']);
    // Its @JsonProperty accessors, not named as getters, are what Jackson writes.
    expect(names(schema('Stream', 'com.acme.b.Stream'))).toEqual(['id', 'title', 'matches']);
  });

  it('a builder that reads what the class writes leaves one schema for both sides (gravitee\'s VerifyApiParam)', () => {
    const request = schema('Param', 'com.acme.b.Param', 'request');
    expect(names(request)).toEqual(['apiId', 'context_path']); // as Jackson writes it: the renamed property last
    expect(request['x-direction']).toBeUndefined();
  });

  it('builds each side right whichever is built first, inside another type too', () => {
    const fresh = schemas(FILES);
    const req = fresh.schema('Order', 'com.acme.b.Order', 'request');
    const res = fresh.schema('Order', 'com.acme.b.Order');
    expect(names(req.properties!.rule)).toEqual(['required', 'message', 'min']);
    expect(names(res.properties!.rule)).toEqual(['createdBy', 'required', 'message']);
    expect(req['x-direction']).toBe('request');
  });
});

describe('request bodies Jackson reads through a setter of another type, or as a bean beside a serializer', () => {
  const { schema } = schemas(FILES);

  it("a setter's parameter type is what a request holds; the getter's what a response holds", () => {
    expect(schema('Event', 'com.acme.b.Event').properties!.at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schema('Event', 'com.acme.b.Event', 'request').properties!.at).toEqual({ type: 'string' });
    expect(schema('Event', 'com.acme.b.Event', 'request')['x-direction']).toBe('request');
    // A primitive setter of a boxed field reads the same JSON (gravitee's HttpClientOptions.clearTextUpgrade).
    expect(schema('Options', 'com.acme.b.Options', 'request')['x-direction']).toBeUndefined();
  });

  it('a class-level @JsonSerialize(using) without a deserializer: written as the serializer writes, read as a bean', () => {
    const response = schema('Order', 'com.acme.b.Order').properties!;
    const request = schema('Order', 'com.acme.b.Order', 'request').properties!;
    expect(response.total).toMatchObject({ type: 'string' });
    expect(names(request.total)).toEqual(['value', 'currency']);
    // Its own deserializer reads what the serializer writes.
    expect(response.both).toMatchObject({ type: 'string' });
    expect(request.both).toMatchObject({ type: 'string' });
    // A one-argument creator reads the text.
    expect(request.code).toMatchObject({ type: 'string' });
    expect(requestExampleOf(schema('Order', 'com.acme.b.Order', 'request'))).toMatchObject({ total: { value: 0, currency: 'currency' } });
  });
});
