// The default request body of each polymorphic endpoint (what Send posts as it comes), read by
// real Jackson into the declared type: the fixture's classes compiled against jackson-databind,
// Lombok's accessors stood in for by field visibility. A body without a valid type id fails here
// exactly as the application answers 400 ("Could not resolve type id").

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { QUICK_JVM } from '../quick-jvm';
import { removeDir, run } from './files';
import { javaClasspath } from './openapi-generator';

const CASE = fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url));
const SOURCES = join(CASE, 'src/main/java/com/acme/poly');

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.apiscout.check</groupId><artifactId>jackson-check</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.17.2</version></dependency>
  </dependencies>
</project>
`;

/** Reads `<class>\t<json>` lines; prints the class Jackson made of each, or its error. */
const CHECK = `import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Paths;

public class Check {
    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = new ObjectMapper().setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY);
        for (String line : Files.readAllLines(Paths.get(args[0]))) {
            int tab = line.indexOf('\\t');
            try {
                Object value = mapper.readValue(line.substring(tab + 1), Class.forName(line.substring(0, tab)));
                System.out.println(value.getClass().getName());
            } catch (Exception e) {
                System.out.println("error: " + e.getMessage().split("\\n")[0]);
            }
        }
    }
}
`;

let dir: string | undefined;
afterAll(() => dir && removeDir(dir));

describe('polymorphic request examples read by Jackson', () => {
  it('each default body is read as the first subtype; the body written before type ids were known is refused', async () => {
    const scan = await scanProject(CASE);
    const bodies = scan.endpoints
      .filter((e) => e.request?.body)
      .map((e) => ({ path: e.path, type: e.request!.body!.schema['x-java-type']!, json: JSON.stringify(e.request!.body!.example) }));
    dir = mkdtempSync(join(tmpdir(), 'apiscout-jackson-'));
    const src = join(dir, 'src');
    mkdirSync(join(src, 'com/acme/poly'), { recursive: true });
    for (const f of readdirSync(SOURCES)) {
      if (f === 'PolyController.java') continue; // Spring is not on this classpath
      const text = readFileSync(join(SOURCES, f), 'utf8').replace(/^import lombok\..*$|^@Data$/gm, '');
      writeFileSync(join(src, 'com/acme/poly', f), text);
    }
    writeFileSync(join(src, 'Check.java'), CHECK);
    writeFileSync(join(dir, 'pom.xml'), POM);
    const classpath = await javaClasspath(dir);
    const classes = join(dir, 'classes');
    const sources = [join(src, 'Check.java'), ...readdirSync(join(src, 'com/acme/poly')).map((f) => join(src, 'com/acme/poly', f))];
    const javac = await run('javac', [...QUICK_JVM.map((f) => `-J${f}`), '-nowarn', '-d', classes, '-cp', classpath, ...sources], { timeoutMs: 300_000 });
    expect(javac.status, javac.stderr).toBe(0);
    const lines = [...bodies.map((b) => `${b.type}\t${b.json}`), `com.acme.poly.DataSpecs\t{"dataType":"dataType"}`];
    writeFileSync(join(dir, 'cases.txt'), `${lines.join('\n')}\n`);
    const java = await run('java', [...QUICK_JVM, '-cp', [classes, classpath].join(delimiter), 'Check', join(dir, 'cases.txt')], { timeoutMs: 120_000 });
    expect(java.status, java.stderr).toBe(0);
    const read = java.stdout.trim().split('\n');
    expect(Object.fromEntries(bodies.map((b, i) => [b.path, read[i]]))).toEqual({
      '/specs': 'com.acme.poly.NumericSpec',
      '/specs/numeric': 'com.acme.poly.NumericSpec',
      '/shapes': 'com.acme.poly.Circle',
      '/events': 'com.acme.poly.Event$Created',
      '/payments': 'com.acme.poly.CardPayment',
      '/animals': 'com.acme.poly.Animal$Dog',
      '/vehicles': 'com.acme.poly.Vehicle$Car',
      '/drawings': 'com.acme.poly.Drawing',
      '/nodes': 'com.acme.poly.Node$Group',
    });
    expect(read[bodies.length]).toMatch(/Could not resolve type id 'dataType'/);
  }, 600_000);
});
