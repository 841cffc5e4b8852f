// The models of spring-mvc/gson-bodies against a real Gson 2.11 and Jackson 2.18: the fixture's
// model classes compiled against both. The Gson application's examples (what Send posts and the
// explorer shows) read back through Gson configured as its properties say, and Gson writes them
// again unchanged, keys in the model's order; the Jackson application's through Jackson.

import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { QUICK_JVM } from '../quick-jvm';
import { removeDir, run } from './files';
import { javaClasspath } from './openapi-generator';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-mvc/gson-bodies/', import.meta.url));
const MODEL = join(FIXTURE, 'model/src/main/java/com/acme/catalog/model');

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.apiscout.check</groupId><artifactId>gson-bodies-check</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.google.code.gson</groupId><artifactId>gson</artifactId><version>2.11.0</version></dependency>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.18.2</version></dependency>
  </dependencies>
</project>
`;

// Reads each example file into its class and writes it again: Gson as the shop's properties
// configure it (LOWER_CASE_WITH_UNDERSCORES), Jackson as Spring Boot configures it.
const CHECK = `import com.acme.catalog.model.*;
import com.fasterxml.jackson.databind.*;
import com.google.gson.*;
import java.nio.file.*;

public class Check {
    public static void main(String[] args) throws Exception {
        Gson gson = new GsonBuilder().setFieldNamingPolicy(FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES).create();
        ObjectMapper jackson = new ObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        String dir = args[0];
        System.out.println(gson.toJson(gson.fromJson(Files.readString(Path.of(dir, "shop-response.json")), Product.class)));
        System.out.println(gson.toJson(gson.fromJson(Files.readString(Path.of(dir, "shop-request.json")), ProductForm.class)));
        System.out.println(jackson.writeValueAsString(jackson.readValue(Files.readString(Path.of(dir, "admin-response.json")), Product.class)));
        System.out.println(jackson.writeValueAsString(jackson.readValue(Files.readString(Path.of(dir, "admin-request.json")), ProductForm.class)));
    }
}
`;

let dir: string | undefined;
afterAll(() => dir && removeDir(dir));

describe('gson-bodies against gson 2.11 and jackson-databind 2.18', () => {
  it("each application's examples read back and are written again as its models say", async () => {
    const scan = await scanProject(FIXTURE, { parseWorker: false });
    const endpoint = (path: string) => scan.endpoints.find((e) => e.method === 'POST' && e.path === path)!;
    const shop = endpoint('/products');
    const admin = endpoint('/admin/products');
    dir = mkdtempSync(join(tmpdir(), 'apiscout-gson-bodies-'));
    const examples = join(dir, 'examples');
    mkdirSync(examples);
    writeFileSync(join(examples, 'shop-response.json'), JSON.stringify(shop.response!.example));
    writeFileSync(join(examples, 'shop-request.json'), JSON.stringify(shop.request!.body!.example));
    writeFileSync(join(examples, 'admin-response.json'), JSON.stringify(admin.response!.example));
    writeFileSync(join(examples, 'admin-request.json'), JSON.stringify(admin.request!.body!.example));
    writeFileSync(join(dir, 'pom.xml'), POM);
    writeFileSync(join(dir, 'Check.java'), CHECK);
    const classpath = await javaClasspath(dir);
    const classes = join(dir, 'classes');
    const sources = [join(dir, 'Check.java'), ...readdirSync(MODEL).map((f) => join(MODEL, f))];
    const javac = await run('javac', [...QUICK_JVM.map((f) => `-J${f}`), '-nowarn', '-d', classes, '-cp', classpath, ...sources], { timeoutMs: 300_000 });
    expect(javac.status, javac.stderr).toBe(0);
    const java = await run('java', [...QUICK_JVM, '-cp', [classes, classpath].join(delimiter), 'Check', examples], { timeoutMs: 120_000 });
    expect(java.status, java.stderr).toBe(0);
    const [shopResponse, shopRequest, adminResponse, adminRequest] = java.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    // Gson writes back exactly what it read: every key, value (the enum, the date in its format) and the order.
    expect(JSON.stringify(shopResponse)).toBe(JSON.stringify(shop.response!.example));
    expect(JSON.stringify(shopRequest)).toBe(JSON.stringify(shop.request!.body!.example));
    // Jackson writes the keys the admin's models list, in their order (its own values for the getter-only displayPrice and the date).
    expect(Object.keys(adminResponse!)).toEqual(Object.keys(admin.response!.schema!.properties!));
    expect(Object.keys(adminRequest!)).toEqual(Object.keys(admin.request!.body!.schema!.properties!));
  }, 600_000);
});
