import { describe, expect, it } from 'vitest';
import { gsonFieldName } from './gson';
import type { GsonSettings } from './gson';
import { schemas } from './testing';

// Each expected body is what gson 2.11.0 wrote (and read) for these classes.
const FILES = {
  'com/acme/g/Base.java': `package com.acme.g;
public class Base { String baseField; static String COUNT; transient String cache; }`,
  'com/acme/g/Color.java': `package com.acme.g;
import com.google.gson.annotations.SerializedName;
public enum Color { RED, @SerializedName("dark") DARK_BLUE; @Override public String toString() { return name().toLowerCase(); } }`,
  'com/acme/g/Sub.java': `package com.acme.g;
import com.fasterxml.jackson.annotation.*;
import com.google.gson.annotations.*;
@JsonPropertyOrder(alphabetic = true)
public class Sub extends Base {
  @SerializedName(value = "sub_name", alternate = {"subName"}) String subField;
  String aURLValue;
  @JsonProperty("ident") private Long id;
  Color color;
  @Expose String exposed;
  @Expose(serialize = false) String inOnly;
  @JsonIgnore String secret;
  @JsonFormat(shape = JsonFormat.Shape.STRING) int count;
  java.util.Date when;
  @JsonAdapter(MoneyAdapter.class) long priceCents;
  public String getComputed() { return "c"; }
}`,
  'com/acme/g/Rec.java': `package com.acme.g;
import com.google.gson.annotations.SerializedName;
/** @param a the first */
public record Rec(String a, @SerializedName("bee") String b) { }`,
  'com/acme/g/Wrapper.java': `package com.acme.g;
public class Wrapper { Sub sub; Rec rec; java.util.List<Color> colors; }`,
};

const gson = (settings: GsonSettings = {}) => schemas(FILES, { mapper: () => ({ kind: 'gson', settings }) });
const names = (s: { properties?: object }) => Object.keys(s.properties ?? {});

describe('bodies as Gson writes them', () => {
  it("fields only (not getters, statics or transients), the class's own before its superclass's, Jackson's annotations ignored", () => {
    const s = gson().schema('Sub', 'com.acme.g.Sub');
    expect(names(s)).toEqual(['sub_name', 'aURLValue', 'id', 'color', 'exposed', 'inOnly', 'secret', 'count', 'when', 'priceCents', 'baseField']);
    expect(s.properties!.priceCents!.type).toBeUndefined(); // its @JsonAdapter writes it: any JSON
    expect(s.properties!.count!.type).toBe('integer'); // @JsonFormat(shape = STRING) is Jackson's
    expect(s.properties!.when).toMatchObject({ type: 'string', 'x-format-pattern': 'MMM d, y, h:mm:ss a' });
    expect(s.properties!.id).toMatchObject({ type: 'integer', format: 'int64' });
  });

  it("enums by name or their constant's @SerializedName, not toString(); records by their components", () => {
    const w = gson().schema('Wrapper', 'com.acme.g.Wrapper');
    expect(w.properties!.colors!.items!.enum).toEqual(['RED', 'dark']);
    expect(names(w.properties!.rec!)).toEqual(['a', 'bee']);
    expect(w.properties!.rec!.properties!.a!.description).toBe('the first');
    // The same classes under Jackson, in the same builder for another application's code.
    const both = schemas(FILES, { mapper: (f) => (f.path.includes('Wrapper') ? { kind: 'gson', settings: {} } : undefined), enumsUsingToString: true });
    expect(names(both.schema('Sub', 'com.acme.g.Sub'))).toContain('computed');
    expect(both.schema('Wrapper', 'com.acme.g.Wrapper').properties!.colors!.items!.enum).toEqual(['RED', 'dark']);
    expect(both.schema('Color', 'com.acme.g.Sub').enum).toEqual(['red', 'dark_blue']);
  });

  it('the naming policy, excludeFieldsWithoutExposeAnnotation and LongSerializationPolicy.STRING', () => {
    expect(names(gson({ naming: 'LOWER_CASE_WITH_UNDERSCORES' }).schema('Sub', 'com.acme.g.Sub'))).toEqual(['sub_name', 'a_u_r_l_value', 'id', 'color', 'exposed', 'in_only', 'secret', 'count', 'when', 'price_cents', 'base_field']);
    const exposed = gson({ exposeOnly: true }).schema('Sub', 'com.acme.g.Sub');
    expect(names(exposed)).toEqual(['exposed', 'inOnly']);
    expect(exposed.properties!.inOnly!.writeOnly).toBe(true);
    expect(gson({ longAsString: true }).schema('Sub', 'com.acme.g.Sub').properties!.id!.type).toBe('string');
    expect(gson({ dateFormat: 'yyyy-MM-dd' }).schema('Sub', 'com.acme.g.Sub').properties!.when!['x-format-pattern']).toBe('yyyy-MM-dd');
  });

  it("every FieldNamingPolicy as gson 2.11 names 'aURLValue' and 'inOnly'", () => {
    const cases: Record<string, [string, string]> = {
      IDENTITY: ['aURLValue', 'inOnly'],
      UPPER_CAMEL_CASE: ['AURLValue', 'InOnly'],
      UPPER_CAMEL_CASE_WITH_SPACES: ['A U R L Value', 'In Only'],
      UPPER_CASE_WITH_UNDERSCORES: ['A_U_R_L_VALUE', 'IN_ONLY'],
      LOWER_CASE_WITH_UNDERSCORES: ['a_u_r_l_value', 'in_only'],
      LOWER_CASE_WITH_DASHES: ['a-u-r-l-value', 'in-only'],
      LOWER_CASE_WITH_DOTS: ['a.u.r.l.value', 'in.only'],
    };
    for (const [policy, expected] of Object.entries(cases)) expect([gsonFieldName('aURLValue', policy), gsonFieldName('inOnly', policy)]).toEqual(expected);
  });

  it("a Kotlin class: its properties' backing fields, @SerializedName on a constructor property, kotlin.jvm.Transient skipped", () => {
    const s = schemas({
      'com/acme/k/Item.kt': `package com.acme.k
import com.google.gson.annotations.SerializedName
open class Base { var createdBy: String? = null }
data class Item(@SerializedName("item_name") val name: String, private val secretCode: String, @Transient val cache: String = "") : Base() {
  var note: String? = null
  companion object { const val MAX = 3 }
}`,
    }, { mapper: () => ({ kind: 'gson', settings: {} }) });
    expect(names(s.schema('Item', 'com.acme.k.Item'))).toEqual(['item_name', 'secretCode', 'note', 'createdBy']);
  });

  it("keeps a Kotlin field marked with another library's @Transient (Spring Data's, JPA's): its field is no transient one", () => {
    const s = schemas({
      'com/acme/k/Doc.kt': `package com.acme.k
import org.springframework.data.annotation.Transient
class Doc(val id: String, @Transient val score: Int = 0)`,
      'com/acme/k/Row.kt': `package com.acme.k
import javax.persistence.*
class Row(val id: String, @Transient val score: Int = 0, @javax.persistence.Transient val rank: Int = 0, @kotlin.jvm.Transient val cache: String = "")`,
      'com/acme/k/Plain.kt': `package com.acme.k
class Plain(val id: String, @field:Transient val cache: String = "", @Transient val other: String = "")`,
    }, { mapper: () => ({ kind: 'gson', settings: {} }) });
    expect(names(s.schema('Doc', 'com.acme.k.Doc'))).toEqual(['id', 'score']);
    expect(names(s.schema('Row', 'com.acme.k.Row'))).toEqual(['id', 'score', 'rank']);
    expect(names(s.schema('Plain', 'com.acme.k.Plain'))).toEqual(['id']);
  });

  it('a Kotlin property with no backing field (a custom getter not using `field`, a delegate) is no Gson field; Jackson writes its getter', () => {
    const source = {
      'com/acme/k/Cart.kt': `package com.acme.k
class Cart(val count: Int, val price: Long) {
  val total: Long
    get() = count * price
  var label: String = ""
    get() = field.trim()
  var shown: Boolean
    get() = count > 0
    set(value) { }
  var stored: Int
    get() = 1
    set(value) { field = value }
  val summary: String by lazy { "$count" }
}`,
    };
    expect(names(schemas(source, { mapper: () => ({ kind: 'gson', settings: {} }) }).schema('Cart', 'com.acme.k.Cart'))).toEqual(['count', 'price', 'label', 'stored']);
    expect(names(schemas(source).schema('Cart', 'com.acme.k.Cart'))).toEqual(expect.arrayContaining(['count', 'price', 'total', 'label', 'shown', 'stored', 'summary']));
  });
});

