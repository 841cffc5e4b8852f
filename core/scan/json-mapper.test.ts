import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectScanner } from './project-scanner';
import { scanProject } from './scan';

const CONTROLLER = `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class ItemController {
    public static class Base { private Long itemId; }
    public static class Item extends Base {
        @com.google.gson.annotations.Expose private String displayName;
        private int stockLevel;
        public String getLabel() { return displayName; }
    }
    @GetMapping("/item") public Item item() { return null; }
}
`;
const JACKSON = ['itemId', 'displayName', 'stockLevel', 'label'];
const GSON = ['displayName', 'stockLevel', 'itemId'];

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-gson-'));
  for (const [rel, text] of Object.entries({ 'src/main/java/com/acme/ItemController.java': CONTROLLER, ...files })) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

async function keys(files: Record<string, string>): Promise<string[]> {
  const { endpoints } = await scanProject(project(files), { parseWorker: false });
  return Object.keys(endpoints[0]!.response!.schema!.properties!);
}

const config = (body: string, imports = '') => ({
  'src/main/java/com/acme/WebConfig.java': `package com.acme;
import com.google.gson.*;
import java.util.List;
import org.springframework.context.annotation.*;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.GsonHttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
${imports}
@Configuration
public class WebConfig implements WebMvcConfigurer {
${body}
}
`,
});
const props = (text: string) => ({ 'src/main/resources/application.properties': text });

describe('applications whose JSON is Gson\'s', () => {
  it('Spring Boot told to prefer Gson, with spring.gson.* settings; a converter bean wins over another preferred mapper', async () => {
    expect(await keys({})).toEqual(JACKSON);
    expect(await keys(props('spring.mvc.converters.preferred-json-mapper=gson\n'))).toEqual(GSON);
    expect(await keys(props('spring.http.converters.preferred-json-mapper=gson\nspring.gson.field-naming-policy=lower_case_with_underscores\n'))).toEqual(['display_name', 'stock_level', 'item_id']);
    expect(await keys(props('spring.mvc.converters.preferred-json-mapper=gson\nspring.gson.exclude-fields-without-expose-annotation=true\n'))).toEqual(['displayName']);
    // A converter bean comes before the converters the property chooses between (Boot's HttpMessageConverters puts new ones in front).
    expect(await keys({ ...props('spring.mvc.converters.preferred-json-mapper=jackson\n'), ...config('    @Bean GsonHttpMessageConverter gson() { return new GsonHttpMessageConverter(); }') })).toEqual(GSON);
  });

  it('a GsonHttpMessageConverter registered in Spring configuration code, with its GsonBuilder settings', async () => {
    expect(await keys(config('    @Bean GsonHttpMessageConverter gson() { return new GsonHttpMessageConverter(); }'))).toEqual(GSON);
    const builder = 'new GsonHttpMessageConverter(new GsonBuilder().setFieldNamingPolicy(FieldNamingPolicy.UPPER_CAMEL_CASE).excludeFieldsWithoutExposeAnnotation().create())';
    expect(await keys(config(`    @Override public void configureMessageConverters(List<HttpMessageConverter<?>> converters) { converters.add(${builder}); }`))).toEqual(['DisplayName']);
    // Appended after the defaults, Jackson's converter still answers; put first, Gson's does.
    expect(await keys(config('    @Override public void extendMessageConverters(List<HttpMessageConverter<?>> converters) { converters.add(new GsonHttpMessageConverter()); }'))).toEqual(JACKSON);
    expect(await keys(config('    @Override public void extendMessageConverters(List<HttpMessageConverter<?>> converters) { converters.add(0, new GsonHttpMessageConverter()); }'))).toEqual(GSON);
    // A bean of something else beside it changes nothing: appended, Jackson's still answers.
    const cors = '    @Bean org.springframework.web.filter.CorsFilter cors() { return new org.springframework.web.filter.CorsFilter(null); }\n';
    expect(await keys(config(`${cors}    @Override public void extendMessageConverters(List<HttpMessageConverter<?>> converters) { converters.add(new GsonHttpMessageConverter()); }`))).toEqual(JACKSON);
    expect(await keys(config(`${cors}    @Bean public HttpMessageConverter<?> gson() { return new GsonHttpMessageConverter(); }`))).toEqual(GSON);
    const kotlin = (body: string) => ({
      'src/main/kotlin/com/acme/WebConfig.kt': `package com.acme
import com.google.gson.*
import org.springframework.context.annotation.*
import org.springframework.http.converter.HttpMessageConverter
import org.springframework.http.converter.json.GsonHttpMessageConverter
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer
@Configuration
class WebConfig : WebMvcConfigurer {
${body}
}
`,
    });
    const append = '    override fun extendMessageConverters(converters: MutableList<HttpMessageConverter<*>>) { converters.add(GsonHttpMessageConverter()) }';
    expect(await keys(kotlin(`    @Bean fun gson(): Gson = GsonBuilder().create()\n${append}`))).toEqual(JACKSON);
    expect(await keys(kotlin('    @Bean fun converter() = GsonHttpMessageConverter()'))).toEqual(GSON);
    expect(await keys({ 'src/main/java/com/acme/ApiConverter.java': 'package com.acme;\nimport org.springframework.http.converter.json.GsonHttpMessageConverter;\nimport org.springframework.stereotype.Component;\n@Component\npublic class ApiConverter extends GsonHttpMessageConverter { }\n' })).toEqual(GSON);
    // A Gson built for something else (Redis) is not Spring MVC's; a mention in a comment is nothing.
    expect(await keys(config('    @Bean RedisSerializer<Object> redis() { return new GsonRedisSerializer(new GsonBuilder().create()); }'))).toEqual(JACKSON);
    expect(await keys(config('    // @Bean GsonHttpMessageConverter gson() { return new GsonHttpMessageConverter(); }'))).toEqual(JACKSON);
  });

  it('a build with Gson and without Jackson (spring-boot-starter-json excluded)', async () => {
    const pom = (exclusions: string) => `<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId><dependencies>
<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId>${exclusions}</dependency>
<dependency><groupId>com.google.code.gson</groupId><artifactId>gson</artifactId></dependency></dependencies></project>`;
    expect(await keys({ 'pom.xml': pom('<exclusions><exclusion><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-json</artifactId></exclusion></exclusions>') })).toEqual(GSON);
    expect(await keys({ 'pom.xml': pom('') })).toEqual(JACKSON);
    // Jackson excluded from another dependency (DolphinScheduler's Hive client) leaves Boot's in place.
    const hive = '<dependency><groupId>org.apache.hive</groupId><artifactId>hive-jdbc</artifactId><exclusions><exclusion><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId></exclusion></exclusions></dependency>';
    expect(await keys({ 'pom.xml': pom('').replace('<dependencies>', `<dependencies>${hive}`) })).toEqual(JACKSON);
  });

  it('the mapper of the stack serving each endpoint: JAX-RS, Actuator and WebFlux keep Jackson in a Gson application', async () => {
    const item = (path: string) => async (files: Record<string, string>) => {
      const { endpoints } = await scanProject(project(files), { parseWorker: false });
      return Object.keys(endpoints.find((e) => e.path === path)!.response!.schema!.properties!);
    };
    const gson = props('spring.mvc.converters.preferred-json-mapper=gson\n');
    // A Jersey resource beside the Spring MVC controller: written by the JAX-RS runtime's Jackson provider.
    const resource = { 'src/main/java/com/acme/ItemResource.java': 'package com.acme;\nimport javax.ws.rs.*;\n@Path("/jaxrs")\npublic class ItemResource {\n    @GET public ItemController.Item item() { return null; }\n}\n' };
    expect(await item('/jaxrs')({ ...gson, ...resource })).toEqual(JACKSON);
    // Actuator's endpoints are written by its own ObjectMapper.
    const actuator = { 'src/main/java/com/acme/ItemsEndpoint.java': 'package com.acme;\nimport org.springframework.boot.actuate.endpoint.annotation.*;\n@Endpoint(id = "items")\npublic class ItemsEndpoint {\n    @ReadOperation public ItemController.Item item() { return null; }\n}\n' };
    const { endpoints } = await scanProject(project({ ...gson, ...actuator }), { parseWorker: false, actuator: true });
    expect(Object.keys(endpoints.find((e) => e.path.endsWith('/items'))!.response!.schema!.properties!)).toEqual(JACKSON);
    // An MVC controller calling a WebClient is still written by the converters.
    const client = { 'src/main/java/com/acme/ItemController.java': CONTROLLER.replace('import org.springframework.web.bind.annotation.*;', 'import org.springframework.web.bind.annotation.*;\nimport org.springframework.web.reactive.function.client.WebClient;') };
    expect(await item('/item')({ ...gson, ...client })).toEqual(GSON);
    expect(await item('/item')({ ...gson, ...resource })).toEqual(GSON);
    // WebFlux's functional routes write through its codecs (Jackson's); WebMvc.fn's through the converters (Gson's).
    const routes = (pkg: string, reply: string) => ({
      'src/main/java/com/acme/ItemStore.java': 'package com.acme;\npublic interface ItemStore { ItemController.Item find(); }\n',
      'src/main/java/com/acme/Routes.java': `package com.acme;
import org.springframework.context.annotation.*;
import ${pkg}.*;
@Configuration
public class Routes {
    private ItemStore store;
    @Bean RouterFunction<ServerResponse> routes() { return RouterFunctions.route().GET("/fn", this::item).build(); }
    ${reply} item(ServerRequest request) { return ServerResponse.ok().bodyValue(store.find()); }
}
`,
    });
    expect(await item('/fn')({ ...gson, ...routes('org.springframework.web.reactive.function.server', 'reactor.core.publisher.Mono<ServerResponse>') })).toEqual(JACKSON);
    expect(await item('/fn')({ ...gson, ...routes('org.springframework.web.servlet.function', 'ServerResponse') })).toEqual(GSON);
  });

  it('a WebFlux application ignores preferred-json-mapper; a GsonEncoder in its codecs writes with Gson', async () => {
    const pom = `<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId><dependencies>
<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-webflux</artifactId></dependency>
<dependency><groupId>com.google.code.gson</groupId><artifactId>gson</artifactId></dependency></dependencies></project>`;
    const gson = props('spring.mvc.converters.preferred-json-mapper=gson\n');
    expect(await keys({ 'pom.xml': pom, ...gson })).toEqual(JACKSON);
    expect(await keys({ 'pom.xml': pom.replace('-webflux', '-web'), ...gson })).toEqual(GSON);
    const codecs = {
      'src/main/java/com/acme/WebConfig.java': `package com.acme;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.codec.json.GsonEncoder;
import org.springframework.web.reactive.config.WebFluxConfigurer;
@Configuration
public class WebConfig implements WebFluxConfigurer {
    @Override public void configureHttpMessageCodecs(ServerCodecConfigurer configurer) { configurer.defaultCodecs().jacksonJsonEncoder(new GsonEncoder()); }
}
`,
    };
    expect(await keys({ 'pom.xml': pom, ...codecs })).toEqual(GSON);
  });

  it('a re-scan after the converter is registered or removed, or the preference changed, gives what a fresh scan gives', async () => {
    const dir = project(props('server.port=8080\n'));
    const scanner = new ProjectScanner(dir, { parseWorker: false });
    await scanner.scan();
    const order = () => Object.keys(scanner.endpoints[0]!.response!.schema!.properties!);
    const fresh = async () => Object.keys((await new ProjectScanner(dir, { parseWorker: false }).scan()).endpoints[0]!.response!.schema!.properties!);
    expect(order()).toEqual(JACKSON);
    const [rel, text] = Object.entries(config('    @Bean GsonHttpMessageConverter gson() { return new GsonHttpMessageConverter(); }'))[0]!;
    writeFileSync(join(dir, rel), text);
    scanner.rescan([{ path: rel, kind: 'created' }]);
    expect(order()).toEqual(GSON);
    expect(order()).toEqual(await fresh());
    rmSync(join(dir, rel));
    scanner.rescan([{ path: rel, kind: 'deleted' }]);
    expect(order()).toEqual(JACKSON);
    expect(order()).toEqual(await fresh());
    writeFileSync(join(dir, 'src/main/resources/application.properties'), 'server.port=8080\nspring.mvc.converters.preferred-json-mapper=gson\n');
    scanner.rescan([{ path: 'src/main/resources/application.properties', kind: 'changed' }]);
    expect(order()).toEqual(GSON);
    expect(order()).toEqual(await fresh());
    writeFileSync(join(dir, 'src/main/resources/application.properties'), 'server.port=8080\nspring.mvc.converters.preferred-json-mapper=jackson\n');
    scanner.rescan([{ path: 'src/main/resources/application.properties', kind: 'changed' }]);
    expect(order()).toEqual(JACKSON);
    expect(order()).toEqual(await fresh());
  });

  it('a library served by two Gson applications configured alike, each its own way, is Gson\'s', async () => {
    const pom = (name: string, deps = '') => `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>${name}</artifactId><dependencies>${deps}
<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>`;
    const lib = '<dependency><groupId>com.acme</groupId><artifactId>lib</artifactId></dependency>';
    const dir = project({
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>root</artifactId><packaging>pom</packaging><modules><module>lib</module><module>shop</module><module>admin</module></modules></project>',
      'lib/pom.xml': pom('lib'),
      'src/main/java/com/acme/ItemController.java': 'package com.acme;\n',
      'lib/src/main/java/com/acme/ItemController.java': CONTROLLER,
      'shop/pom.xml': pom('shop', lib),
      // The naming policy from the properties, the date format from code...
      'shop/src/main/resources/application.properties': 'spring.mvc.converters.preferred-json-mapper=gson\nspring.gson.field-naming-policy=lower_case_with_underscores\n',
      'shop/src/main/java/com/acme/shop/ShopConfig.java': `package com.acme.shop;
import com.google.gson.GsonBuilder;
import org.springframework.boot.autoconfigure.gson.GsonBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration
public class ShopConfig { @Bean GsonBuilderCustomizer dates() { return (GsonBuilder b) -> b.setDateFormat("yyyy-MM-dd"); } }
`,
      'admin/pom.xml': pom('admin', lib),
      // ...and here the other way round: the same Gson.
      'admin/src/main/resources/application.properties': 'spring.mvc.converters.preferred-json-mapper=gson\nspring.gson.date-format=yyyy-MM-dd\n',
      'admin/src/main/java/com/acme/admin/AdminConfig.java': `package com.acme.admin;
import com.google.gson.FieldNamingPolicy;
import com.google.gson.GsonBuilder;
import org.springframework.boot.autoconfigure.gson.GsonBuilderCustomizer;
import org.springframework.context.annotation.*;
@Configuration
public class AdminConfig { @Bean GsonBuilderCustomizer naming() { return (GsonBuilder b) -> b.setFieldNamingPolicy(FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES); } }
`,
    });
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    expect(Object.keys(endpoints[0]!.response!.schema!.properties!)).toEqual(['display_name', 'stock_level', 'item_id']);
  });

  it("a converter a test registers (scanned with the tests) is the tests' set-up, in the root module as in another", async () => {
    const [rel, text] = Object.entries(config('    @Bean GsonHttpMessageConverter gson() { return new GsonHttpMessageConverter(); }'))[0]!;
    const dir = project({ [rel.replace('src/main/', 'src/test/')]: text });
    const { endpoints } = await scanProject(dir, { parseWorker: false, includeTests: true });
    expect(Object.keys(endpoints[0]!.response!.schema!.properties!)).toEqual(JACKSON);
  });
});
