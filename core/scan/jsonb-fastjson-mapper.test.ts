import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectScanner } from './project-scanner';
import { scanProject } from './scan';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-jsonb-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

async function bodies(files: Record<string, string>): Promise<Record<string, string[]>> {
  const { endpoints } = await scanProject(project(files), { parseWorker: false });
  return Object.fromEntries(endpoints.map((e) => [e.path, Object.keys(e.response!.schema!.properties!)]));
}

// A model with JSON-B's, Jackson's and fastjson's annotations on it: only the writing mapper's count.
const ITEM = `package com.acme.model;
import jakarta.json.bind.annotation.*;
import com.fasterxml.jackson.annotation.*;
public class Item {
    @JsonbProperty("item_id") @JsonProperty("itemId") private Long id;
    private String name;
    @JsonbTransient private String internal;
    @JsonIgnore private String secret;
    public Long getId() { return id; }
    public String getName() { return name; }
    public String getInternal() { return internal; }
    public String getSecret() { return secret; }
}
`;
// Jackson writes what `@JsonProperty` renames after the rest.
const JACKSON = ['name', 'internal', 'itemId'];
const JSONB = ['item_id', 'name', 'secret'];

const resource = (pkg: string, path: string) => `package com.acme.${pkg};
import jakarta.ws.rs.*;
import com.acme.model.Item;
@Path("/${path}")
public class ItemResource {
    @GET public Item item() { return null; }
}
`;
const pom = (name: string, ...artifacts: string[]) => `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>${name}</artifactId><dependencies>
${artifacts.map((a) => `<dependency><groupId>${a.split(':')[0]}</groupId><artifactId>${a.split(':')[1]}</artifactId></dependency>`).join('\n')}
</dependencies></project>`;
const MODEL = 'com.acme:model';

describe('applications whose JSON is JSON-B\'s', () => {
  it('Quarkus and Jersey apps with a JSON-B provider write a shared model with JSON-B; a Jackson app beside them with Jackson', async () => {
    const got = await bodies({
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>root</artifactId><packaging>pom</packaging><modules><module>model</module><module>quarkus</module><module>jersey</module><module>classic</module></modules></project>',
      'model/pom.xml': pom('model', 'jakarta.json.bind:jakarta.json.bind-api', 'com.fasterxml.jackson.core:jackson-annotations'),
      'model/src/main/java/com/acme/model/Item.java': ITEM,
      'quarkus/pom.xml': pom('quarkus', MODEL, 'io.quarkus:quarkus-rest', 'io.quarkus:quarkus-rest-jsonb', 'io.quarkus:quarkus-rest-client-jackson'),
      'quarkus/src/main/resources/application.properties': 'quarkus.http.port=8081\n',
      'quarkus/src/main/java/com/acme/quarkus/ItemResource.java': resource('quarkus', 'quarkus'),
      'jersey/pom.xml': pom('jersey', MODEL, 'org.glassfish.jersey.containers:jersey-container-servlet', 'org.glassfish.jersey.media:jersey-media-json-binding'),
      'jersey/src/main/java/com/acme/jersey/ItemResource.java': resource('jersey', 'jersey'),
      'classic/pom.xml': pom('classic', MODEL, 'io.quarkus:quarkus-resteasy', 'io.quarkus:quarkus-resteasy-jackson'),
      'classic/src/main/java/com/acme/classic/ItemResource.java': resource('classic', 'classic'),
    });
    expect(got).toEqual({ '/quarkus': JSONB, '/jersey': JSONB, '/classic': JACKSON });
  });

  it('Jackson wins where both providers are there; a JSON-B client, or none at all, keeps Jackson', async () => {
    const app = (...artifacts: string[]) => ({
      'pom.xml': pom('app', ...artifacts),
      'src/main/java/com/acme/model/Item.java': ITEM,
      'src/main/java/com/acme/app/ItemResource.java': resource('app', 'items'),
    });
    expect(await bodies(app('io.quarkus:quarkus-resteasy-reactive-jsonb'))).toEqual({ '/items': JSONB });
    expect(await bodies(app('io.quarkus:quarkus-resteasy-reactive-jsonb', 'io.quarkus:quarkus-resteasy-reactive-jackson'))).toEqual({ '/items': JACKSON });
    expect(await bodies(app('io.quarkus:quarkus-rest-client-jsonb'))).toEqual({ '/items': JACKSON });
    // Spring Boot's Jersey starter brings Jersey's Jackson provider.
    expect(await bodies(app('org.springframework.boot:spring-boot-starter-jersey', 'org.eclipse:yasson'))).toEqual({ '/items': JACKSON });
    expect(await bodies(app('org.jboss.resteasy:resteasy-jaxrs'))).toEqual({ '/items': JACKSON });
    // Open Liberty: a server.xml enabling JSON-B.
    const liberty = { ...app('jakarta.platform:jakarta.jakartaee-api', 'io.openliberty.tools:liberty-maven-plugin'), 'src/main/liberty/config/server.xml': '<server><featureManager><feature>restfulWS-3.1</feature><feature>jsonb-3.0</feature></featureManager></server>' };
    expect(await bodies(liberty)).toEqual({ '/items': JSONB });
  });

  it('resources in a module with a JSON-B provider, packaged by a module with Jackson\'s: one answer, Jackson', async () => {
    const got = await bodies({
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>root</artifactId><packaging>pom</packaging><modules><module>api</module><module>server</module></modules></project>',
      'api/pom.xml': pom('api', 'jakarta.json.bind:jakarta.json.bind-api', 'org.glassfish.jersey.media:jersey-media-json-binding'),
      'api/src/main/java/com/acme/model/Item.java': ITEM,
      'api/src/main/java/com/acme/api/ItemResource.java': resource('api', 'items'),
      'server/pom.xml': pom('server', 'com.acme:api', 'org.glassfish.jersey.media:jersey-media-json-jackson'),
    });
    expect(got).toEqual({ '/items': JACKSON });
  });

  it('a re-scan after the build gains a JSON-B provider, or loses it, gives what a fresh scan gives', async () => {
    const dir = project({
      'pom.xml': pom('app', 'io.quarkus:quarkus-rest'),
      'src/main/java/com/acme/model/Item.java': ITEM,
      'src/main/java/com/acme/app/ItemResource.java': resource('app', 'items'),
    });
    const scanner = new ProjectScanner(dir, { parseWorker: false });
    await scanner.scan();
    const keys = () => Object.keys(scanner.endpoints[0]!.response!.schema!.properties!);
    const fresh = async () => Object.keys((await new ProjectScanner(dir, { parseWorker: false }).scan()).endpoints[0]!.response!.schema!.properties!);
    expect(keys()).toEqual(JACKSON);
    writeFileSync(join(dir, 'pom.xml'), pom('app', 'io.quarkus:quarkus-rest', 'io.quarkus:quarkus-rest-jsonb'));
    scanner.rescan([{ path: 'pom.xml', kind: 'changed' }]);
    expect(keys()).toEqual(JSONB);
    expect(keys()).toEqual(await fresh());
    writeFileSync(join(dir, 'pom.xml'), pom('app', 'io.quarkus:quarkus-rest', 'io.quarkus:quarkus-rest-jsonb', 'io.quarkus:quarkus-rest-jackson'));
    scanner.rescan([{ path: 'pom.xml', kind: 'changed' }]);
    expect(keys()).toEqual(JACKSON);
    expect(keys()).toEqual(await fresh());
  });

  it("JSON-B sees only public fields and public accessors, whatever annotates a private field; Jackson's view is unchanged", async () => {
    const account = (classAnnotation: string) => `package com.acme.model;
import jakarta.json.bind.annotation.*;
${classAnnotation}
public class Account {
    @JsonbProperty("account_no") private String number;
    private String owner;
    public String nickname;
    public String code;
    private String pin;
    @lombok.Getter private String region;
    @lombok.Getter(lombok.AccessLevel.PROTECTED) private String branch;
    public String getOwner() { return owner; }
    private String getCode() { return code; }
    public void setPin(String pin) { this.pin = pin; }
}
`;
    const app = (provider: string, classAnnotation = '') => ({
      'pom.xml': pom('app', 'io.quarkus:quarkus-rest', provider),
      'src/main/java/com/acme/model/Account.java': account(classAnnotation),
      'src/main/java/com/acme/app/ItemResource.java': resource('app', 'items').replace(/Item\b(?!Resource)/g, 'Account'),
    });
    const access = async (files: Record<string, string>) => {
      const { endpoints } = await scanProject(project(files), { parseWorker: false });
      const props = endpoints[0]!.response!.schema!.properties!;
      return Object.fromEntries(Object.keys(props).sort().map((k) => [k, props[k]!.readOnly ? 'read' : props[k]!.writeOnly ? 'write' : 'both']));
    };
    // A private field with no public accessor (or a protected Lombok getter) is none, annotated or not;
    // one with a public getter only is written, never read; a public field with a private getter only read.
    expect(await access(app('io.quarkus:quarkus-rest-jsonb'))).toEqual({ code: 'write', nickname: 'both', owner: 'read', pin: 'write', region: 'read' });
    // A visibility strategy of the project's own may see private fields.
    expect(Object.keys(await access(app('io.quarkus:quarkus-rest-jsonb', '@JsonbVisibility(com.acme.model.FieldAccess.class)')))).toEqual(['account_no', 'branch', 'code', 'nickname', 'owner', 'pin', 'region']);
    expect(await access(app('io.quarkus:quarkus-rest-jackson'))).toEqual({ branch: 'both', code: 'both', nickname: 'both', number: 'both', owner: 'both', pin: 'both', region: 'both' });
  });

  it("a @JsonbCreator's parameters are read: required by JSON-B 1.0 (javax), optional by default since 3.0", async () => {
    const point = (pkg: string, creator: string) => `package com.acme.model;
import ${pkg}.json.bind.annotation.*;
public class Point {
    private final int x;
    private final int y;
    private final String label;
${creator}
    public int getX() { return x; }
    public int getY() { return y; }
    public String getLabel() { return label; }
}
`;
    const constructor = '    @JsonbCreator public Point(@JsonbProperty("x") int x, @JsonbProperty("y") int y) { this.x = x; this.y = y; this.label = null; }';
    const factory = '    private Point(int x, int y) { this.x = x; this.y = y; this.label = null; }\n    @JsonbCreator public static Point of(@JsonbProperty("x") int x, @JsonbProperty("y") int y) { return new Point(x, y); }';
    const schema = async (pkg: string, creator: string, build = pom('app', 'io.quarkus:quarkus-rest', 'io.quarkus:quarkus-rest-jsonb'), more: Record<string, string> = {}) => {
      const { endpoints } = await scanProject(project({
        ...more,
        'pom.xml': build,
        'src/main/java/com/acme/model/Point.java': point(pkg, creator),
        'src/main/java/com/acme/app/PointResource.java': `package com.acme.app;
import jakarta.ws.rs.*;
import com.acme.model.Point;
@Path("/points")
public class PointResource { @POST public Point add(Point point) { return point; } }
`,
      }), { parseWorker: false });
      const s = endpoints[0]!.request!.body!.schema!;
      return { readOnly: Object.keys(s.properties!).filter((k) => s.properties![k]!.readOnly), required: s.required ?? [] };
    };
    // What the creator takes is read; what it does not (label: a getter only) is written only.
    expect(await schema('jakarta', constructor)).toEqual({ readOnly: ['label'], required: [] });
    expect(await schema('jakarta', factory)).toEqual({ readOnly: ['label'], required: [] });
    expect(await schema('javax', constructor)).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    expect(await schema('javax', factory)).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    // A jakarta model: the build says which JSON-B runs it, 2.0 (Jakarta EE 9: Yasson 2) or 3.0.
    const jersey = (yasson: string) => pom('app', 'org.glassfish.jersey.media:jersey-media-json-binding').replace('</dependencies>', `<dependency><groupId>org.eclipse</groupId><artifactId>yasson</artifactId><version>${yasson}</version></dependency></dependencies>`);
    expect(await schema('jakarta', constructor, jersey('2.0.4'))).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    expect(await schema('jakarta', constructor, jersey('3.0.3'))).toEqual({ readOnly: ['label'], required: [] });
    const liberty = pom('app', 'jakarta.platform:jakarta.jakartaee-api', 'io.openliberty.tools:liberty-maven-plugin');
    const server = (feature: string) => ({ 'src/main/liberty/config/server.xml': `<server><featureManager><feature>${feature}</feature></featureManager></server>` });
    expect(await schema('jakarta', constructor, liberty, server('jakartaee-9.1'))).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    expect(await schema('jakarta', constructor, liberty, server('jakartaee-10.0'))).toEqual({ readOnly: ['label'], required: [] });
    expect(await schema('jakarta', constructor, jersey('${yasson.version}').replace('<dependencies>', '<properties><yasson.version>2.0.4</yasson.version></properties><dependencies>'))).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    // A @JsonbCreator constructor without @JsonbProperty: its parameters named by their own names (JSON-B 3.0).
    const unnamed = '    public Point() { this(0, 0); }\n    @JsonbCreator public Point(int x, int y) { this.x = x; this.y = y; this.label = null; }';
    expect(await schema('jakarta', unnamed)).toEqual({ readOnly: ['label'], required: [] });
    expect(await schema('javax', unnamed)).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    // The version set only by a BOM the build imports, or by a parent pom of the project.
    const bom = (version: string) => pom('app', 'org.glassfish.jersey.media:jersey-media-json-binding').replace('<dependencies>', `<dependencyManagement><dependencies><dependency><groupId>jakarta.platform</groupId><artifactId>jakarta.jakartaee-bom</artifactId><version>${version}</version><type>pom</type><scope>import</scope></dependency></dependencies></dependencyManagement><dependencies>`);
    expect(await schema('jakarta', constructor, bom('9.1.0'))).toEqual({ readOnly: ['label'], required: ['x', 'y'] });
    expect(await schema('jakarta', constructor, bom('10.0.0'))).toEqual({ readOnly: ['label'], required: [] });
  });

  it('the JSON-B version a parent pom of the project manages', async () => {
    const { endpoints } = await scanProject(project({
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>app</module></modules><properties><yasson.version>2.0.4</yasson.version></properties><dependencyManagement><dependencies><dependency><groupId>org.eclipse</groupId><artifactId>yasson</artifactId><version>${yasson.version}</version></dependency></dependencies></dependencyManagement></project>',
      'app/pom.xml': '<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.acme</groupId><artifactId>parent</artifactId></parent><artifactId>app</artifactId><dependencies><dependency><groupId>org.glassfish.jersey.media</groupId><artifactId>jersey-media-json-binding</artifactId></dependency><dependency><groupId>org.eclipse</groupId><artifactId>yasson</artifactId></dependency></dependencies></project>',
      'app/src/main/java/com/acme/Point.java': 'package com.acme;\nimport jakarta.json.bind.annotation.*;\npublic class Point {\n    private final int x;\n    @JsonbCreator public Point(int x) { this.x = x; }\n    public int getX() { return x; }\n}\n',
      'app/src/main/java/com/acme/PointResource.java': 'package com.acme;\nimport jakarta.ws.rs.*;\n@Path("/points")\npublic class PointResource { @POST public Point add(Point point) { return point; } }\n',
    }), { parseWorker: false });
    expect(endpoints[0]!.request!.body!.schema!.required).toEqual(['x']);
  });

  it('a Spring MVC app writes with JSON-B only where it prefers it', async () => {
    const files = {
      'pom.xml': pom('app', 'org.springframework.boot:spring-boot-starter-web', 'org.eclipse:yasson'),
      'src/main/java/com/acme/model/Item.java': ITEM,
      'src/main/java/com/acme/app/ItemController.java': `package com.acme.app;
import org.springframework.web.bind.annotation.*;
import com.acme.model.Item;
@RestController
public class ItemController { @GetMapping("/mvc") public Item item() { return null; } }
`,
    };
    expect(await bodies(files)).toEqual({ '/mvc': JACKSON });
    expect(await bodies({ ...files, 'src/main/resources/application.properties': 'spring.mvc.converters.preferred-json-mapper=jsonb\n' })).toEqual({ '/mvc': JSONB });
    // A Jsonb bean of the application's own, configured with a naming strategy, is the one Boot's JSON-B converter writes with.
    const bean = {
      'src/main/java/com/acme/app/JsonbSetup.java': `package com.acme.app;
import jakarta.json.bind.*;
import jakarta.json.bind.config.PropertyNamingStrategy;
import org.springframework.context.annotation.*;
@Configuration
public class JsonbSetup {
    @Bean public Jsonb jsonb() { return JsonbBuilder.create(new JsonbConfig().withPropertyNamingStrategy(PropertyNamingStrategy.UPPER_CAMEL_CASE)); }
}
`,
    };
    expect(await bodies({ ...files, ...bean, 'src/main/resources/application.properties': 'spring.mvc.converters.preferred-json-mapper=jsonb\n' })).toEqual({ '/mvc': ['Name', 'Secret', 'item_id'] }); // sorted by the names written (Yasson's LEXICOGRAPHICAL)
    expect(await bodies({ ...files, ...bean })).toEqual({ '/mvc': JACKSON });
  });
});

// fastjson's annotations beside Jackson's.
const ORDER = `package com.acme;
import com.fasterxml.jackson.annotation.*;
import com.alibaba.fastjson.annotation.JSONField;
public class Order {
    @JSONField(name = "order_no") private String orderNo;
    @JsonIgnore private String remark;
    @JSONField(serialize = false) private String password;
    private String buyer;
    public String getOrderNo() { return orderNo; }
    public String getRemark() { return remark; }
    public String getPassword() { return password; }
    public String getBuyer() { return buyer; }
}
`;
const CONTROLLER = `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class OrderController { @GetMapping("/order") public Order order() { return null; } }
`;
const config = (fastjson: string, body: string) => ({
  'src/main/java/com/acme/WebConfig.java': `package com.acme;
import java.util.List;
import org.springframework.context.annotation.*;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import ${fastjson}.FastJsonHttpMessageConverter;
@Configuration
public class WebConfig implements WebMvcConfigurer {
${body}
}
`,
});
const FASTJSON1 = 'com.alibaba.fastjson.support.spring';
const FASTJSON2 = 'com.alibaba.fastjson2.support.spring6.http.converter';

describe("applications whose JSON is fastjson's", () => {
  const order = async (files: Record<string, string>) => (await bodies({ 'src/main/java/com/acme/Order.java': ORDER, 'src/main/java/com/acme/OrderController.java': CONTROLLER, ...files }))['/order'];
  const schema = async (files: Record<string, string>) => {
    const { endpoints } = await scanProject(project({ 'src/main/java/com/acme/Order.java': ORDER, 'src/main/java/com/acme/OrderController.java': CONTROLLER, ...files }), { parseWorker: false });
    return endpoints[0]!.response!.schema!;
  };

  it("Jackson ignores @JSONField; fastjson's converter registered in code makes it count, fastjson 1 ignoring Jackson's annotations", async () => {
    expect(await order({})).toEqual(['orderNo', 'password', 'buyer']);
    const bean = '    @Bean public HttpMessageConverter<?> fastjson() { return new FastJsonHttpMessageConverter(); }';
    expect(await order(config(FASTJSON1, bean))).toEqual(['buyer', 'order_no', 'password', 'remark']);
    expect((await schema(config(FASTJSON1, bean))).properties!.password!.writeOnly).toBe(true);
    // fastjson2 reads Jackson's `@JsonIgnore` too.
    const configure = '    @Override public void configureMessageConverters(List<HttpMessageConverter<?>> converters) { converters.add(new FastJsonHttpMessageConverter()); }';
    expect(await order(config(FASTJSON2, configure))).toEqual(['buyer', 'order_no', 'password']);
    // Appended after the defaults, Jackson's converter still answers; put first, fastjson's does.
    expect(await order(config(FASTJSON2, configure.replace('configureMessageConverters', 'extendMessageConverters')))).toEqual(['orderNo', 'password', 'buyer']);
    expect(await order(config(FASTJSON2, configure.replace('configureMessageConverters', 'extendMessageConverters').replace('add(new', 'add(0, new')))).toEqual(['buyer', 'order_no', 'password']);
  });

  it("dates in the pattern of the FastJsonConfig given to the converter", async () => {
    const stamped = { 'src/main/java/com/acme/Order.java': ORDER.replace('private String buyer;', 'private String buyer;\n    public java.util.Date getPlaced() { return null; }') };
    const configure = (setup: string) => `    @Override public void configureMessageConverters(List<HttpMessageConverter<?>> converters) {
        FastJsonHttpMessageConverter converter = new FastJsonHttpMessageConverter();
        com.alibaba.fastjson2.support.config.FastJsonConfig config = new com.alibaba.fastjson2.support.config.FastJsonConfig();
${setup}
        converter.setFastJsonConfig(config);
        converters.add(converter);
    }`;
    const placed = async (setup: string) => (await schema({ ...stamped, ...config(FASTJSON2, configure(setup)) })).properties!.placed;
    expect(await placed('        config.setDateFormat("yyyy-MM-dd");')).toMatchObject({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd' });
    expect(await placed('')).toMatchObject({ type: 'string', 'x-format-pattern': 'yyyy-MM-dd HH:mm:ss' });
    expect((await schema(stamped)).properties!.placed).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it("an object met again inside itself: a reference where fastjson's reference detection is on", async () => {
    const linked = { 'src/main/java/com/acme/Order.java': ORDER.replace('private String buyer;', 'private String buyer;\n    private Order previous;\n    public Order getPrevious() { return previous; }') };
    const configure = (setup: string) => `    @Override public void configureMessageConverters(List<HttpMessageConverter<?>> converters) {
        FastJsonHttpMessageConverter converter = new FastJsonHttpMessageConverter();
${setup}
        converters.add(converter);
    }`;
    const previous = async (fastjson: string, setup: string) => (await schema({ ...linked, ...config(fastjson, configure(setup)) })).properties!.previous;
    const reference = { oneOf: [{ $ref: '#/$defs/Order' }, { type: 'object', required: ['$ref'] }] };
    // fastjson 1 detects references unless told not to; fastjson2 only when told to.
    expect(await previous(FASTJSON1, '')).toMatchObject(reference);
    expect(await previous(FASTJSON1, '        FastJsonConfig config = new FastJsonConfig();\n        config.setSerializerFeatures(SerializerFeature.WriteMapNullValue, SerializerFeature.DisableCircularReferenceDetect);\n        converter.setFastJsonConfig(config);')).toEqual({ $ref: '#/$defs/Order' });
    expect(await previous(FASTJSON2, '')).toEqual({ $ref: '#/$defs/Order' });
    expect(await previous(FASTJSON2, '        FastJsonConfig config = new FastJsonConfig();\n        config.setWriterFeatures(JSONWriter.Feature.ReferenceDetection);\n        converter.setFastJsonConfig(config);')).toMatchObject(reference);
    // Jackson writes no such reference.
    expect((await schema(linked)).properties!.previous).toEqual({ $ref: '#/$defs/Order' });
  });

  it('a re-scan after the converter is registered gives what a fresh scan gives', async () => {
    const dir = project({ 'src/main/java/com/acme/Order.java': ORDER, 'src/main/java/com/acme/OrderController.java': CONTROLLER });
    const scanner = new ProjectScanner(dir, { parseWorker: false });
    await scanner.scan();
    const keys = () => Object.keys(scanner.endpoints[0]!.response!.schema!.properties!);
    const fresh = async () => Object.keys((await new ProjectScanner(dir, { parseWorker: false }).scan()).endpoints[0]!.response!.schema!.properties!);
    expect(keys()).toEqual(['orderNo', 'password', 'buyer']);
    const [rel, text] = Object.entries(config(FASTJSON2, '    @Bean public FastJsonHttpMessageConverter fastjson() { return new FastJsonHttpMessageConverter(); }'))[0]!;
    writeFileSync(join(dir, rel), text);
    scanner.rescan([{ path: rel, kind: 'created' }]);
    expect(keys()).toEqual(['buyer', 'order_no', 'password']);
    expect(keys()).toEqual(await fresh());
  });
});
