// Models under Jackson 3 (Spring Boot 4's), against a real jackson-databind 3.1: a project depending
// on `tools.jackson` is scanned, its model classes are compiled against that Jackson, and the keys
// JsonMapper's defaults write come in the order the response models list them, its enums' values
// among those the models list.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { QUICK_JVM } from '../quick-jvm';
import { removeDir, run } from './files';
import { javaClasspath } from './openapi-generator';

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.apiscout.check</groupId><artifactId>jackson3-order-check</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>tools.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>3.1.4</version></dependency>
  </dependencies>
</project>
`;

/** Model classes (package com.acme.o), each written by the controller. */
const MODELS: Record<string, string> = {
  Plain: 'public class Plain { public String zeta; @JsonProperty("b_b") public String b; public String alpha; }',
  Base: 'public class Base { public String p; public String getPx() { return "px"; } }',
  Sub: 'public class Sub extends Base { public String c; public String getCx() { return "cx"; } }',
  Created: `public class Created {
    public String a; public String z; public String m;
    @JsonCreator public Created(@JsonProperty("z") String z, @JsonProperty("m") String m) { this.z = z; this.m = m; }
}`,
  Point: 'public record Point(String y, @JsonProperty("b_x") String x, String a) { }',
  Ordered: '@JsonPropertyOrder({"zz", "mm"}) public class Ordered { public String aa; public String mm; public String zz; }',
  Idx: 'public class Idx { public String a; @JsonProperty(index = 2) public String b; @JsonProperty(index = 1) public String c; public String d; @JsonProperty(value = "x_x", index = 0) public String x; }',
  Color: 'public enum Color { RED, DARK_BLUE; @Override public String toString() { return name().toLowerCase(); } }',
  Level: `public enum Level {
    LOW("low-ish"), @JsonProperty("top") HIGH("high-ish");
    private final String label;
    Level(String label) { this.label = label; }
    @Override public String toString() { return label; }
}`,
  Kind: 'public enum Kind { SMALL, LARGE }',
  Paint: 'public class Paint { public Color color = Color.DARK_BLUE; public Level low = Level.LOW; public Level high = Level.HIGH; public Kind kind = Kind.LARGE; }',
  IdxMade: `public class IdxMade {
    public String a; public String z; @JsonProperty(index = 0) public String q;
    @JsonCreator public IdxMade(@JsonProperty("z") String z, @JsonProperty("a") String a) { this.z = z; this.a = a; }
}`,
};

const CONTROLLER = `package com.acme.o;
import org.springframework.web.bind.annotation.*;
@RestController
public class ModelController {
${Object.keys(MODELS).map((n) => `    @GetMapping("/${n.toLowerCase()}") public ${n} ${n.toLowerCase()}() { return null; }`).join('\n')}
}
`;

const CHECK = `import com.acme.o.*;
import tools.jackson.databind.json.JsonMapper;

public class Check {
    public static void main(String[] args) throws Exception {
        JsonMapper mapper = JsonMapper.builder().build();
        Object[] values = { new Plain(), new Sub(), new Created("z", "m"), new Point("y", "x", "a"), new Ordered(), new Idx(), new IdxMade("z", "a"), new Paint() };
        for (Object v : values) System.out.println(mapper.writeValueAsString(v));
    }
}
`;

let dir: string | undefined;
afterAll(() => dir && removeDir(dir));

describe('models under Jackson 3, checked by jackson-databind 3.1', () => {
  it("JsonMapper's defaults write the keys in the response models' order, enums as the models list them", async () => {
    dir = mkdtempSync(join(tmpdir(), 'apiscout-jackson3-order-'));
    const pkg = join(dir, 'src/main/java/com/acme/o');
    mkdirSync(pkg, { recursive: true });
    for (const [name, body] of Object.entries(MODELS)) writeFileSync(join(pkg, `${name}.java`), `package com.acme.o;\nimport com.fasterxml.jackson.annotation.*;\n${body}\n`);
    writeFileSync(join(pkg, 'ModelController.java'), CONTROLLER);
    writeFileSync(join(dir, 'pom.xml'), POM);
    const scan = await scanProject(dir, { parseWorker: false });
    const classpath = await javaClasspath(dir);
    const classes = join(dir, 'classes');
    writeFileSync(join(dir, 'Check.java'), CHECK);
    const sources = [join(dir, 'Check.java'), ...Object.keys(MODELS).map((n) => join(pkg, `${n}.java`))]; // Spring is not on this classpath
    const javac = await run('javac', [...QUICK_JVM.map((f) => `-J${f}`), '-nowarn', '-d', classes, '-cp', classpath, ...sources], { timeoutMs: 300_000 });
    expect(javac.status, javac.stderr).toBe(0);
    const java = await run('java', [...QUICK_JVM, '-cp', [classes, classpath].join(delimiter), 'Check'], { timeoutMs: 120_000 });
    expect(java.status, java.stderr).toBe(0);
    const lines = java.stdout.trim().split('\n');
    const paint = JSON.parse(lines.pop()!) as Record<string, string>;
    const written = lines.map((line) => Object.keys(JSON.parse(line) as object));
    const modelOrder = (path: string) => Object.keys(scan.endpoints.find((e) => e.path === path)!.response!.schema!.properties!);
    expect(['/plain', '/sub', '/created', '/point', '/ordered', '/idx', '/idxmade'].map(modelOrder)).toEqual(written);
    // Enums as their toString() (EnumFeature.WRITE_ENUMS_USING_TO_STRING), a constant's @JsonProperty still its name.
    expect(paint).toEqual({ color: 'dark_blue', high: 'top', kind: 'LARGE', low: 'low-ish' });
    const enums = scan.endpoints.find((e) => e.path === '/paint')!.response!.schema!.properties!;
    for (const [name, value] of Object.entries(paint)) expect(enums[name]!.enum, name).toContain(value);
  }, 600_000);
});
