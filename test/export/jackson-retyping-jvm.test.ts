// The request and response models of spring-mvc/jackson-retyping against a real Jackson 2.17:
// the fixture's classes compiled against jackson-databind read the request example (a request
// example Jackson refused would be a 400 on Send), and what Jackson writes for the same object has
// the JSON types the response model says.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { QUICK_JVM } from '../quick-jvm';
import { removeDir, run } from './files';
import { javaClasspath } from './openapi-generator';

const CASE = fileURLToPath(new URL('../fixtures/spring-mvc/jackson-retyping', import.meta.url));
const SOURCES = join(CASE, 'src/main/java/com/acme/retype');

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.apiscout.check</groupId><artifactId>jackson-retyping-check</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.17.2</version></dependency>
    <dependency><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId><version>1.18.38</version></dependency>
  </dependencies>
</project>
`;

/** Reads the request example into OrderForm, prints the classes it made and values it read, then what Jackson writes for it. */
const CHECK = `import com.acme.retype.*;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Paths;

public class Check {
    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        OrderForm form = mapper.readValue(Files.readString(Paths.get(args[0])), OrderForm.class);
        System.out.println(form.shipment.getClass().getSimpleName() + " " + form.attachments.get(0).getClass().getSimpleName() + " " + form.detail.getClass().getSimpleName());
        System.out.println(mapper.writeValueAsString(new Object[] { form.refund.getReason(), form.voucher.getCode(), form.voucher.getUses(), form.amount.currency, form.getTags() }));
        form.settings = "[1, 2]"; // raw JSON text, as the application keeps it
        System.out.println(mapper.writeValueAsString(form));
    }
}
`;

let dir: string | undefined;
afterAll(() => dir && removeDir(dir));

const jsonType = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v === 'number' ? 'number' : typeof v);

describe('request and response models of retyped properties, checked by Jackson', () => {
  it('Jackson reads the request example as the implementations; it writes the types the response model says', async () => {
    const scan = await scanProject(CASE);
    const e = scan.endpoints.find((x) => x.path === '/orders')!;
    dir = mkdtempSync(join(tmpdir(), 'apiscout-jackson-retyping-'));
    const src = join(dir, 'src');
    mkdirSync(join(src, 'com/acme/retype'), { recursive: true });
    for (const f of readdirSync(SOURCES)) {
      if (f !== 'OrderController.java') writeFileSync(join(src, 'com/acme/retype', f), readFileSync(join(SOURCES, f))); // Spring is not on this classpath
    }
    writeFileSync(join(src, 'Check.java'), CHECK);
    writeFileSync(join(dir, 'pom.xml'), POM);
    writeFileSync(join(dir, 'request.json'), JSON.stringify(e.request!.body!.example));
    const classpath = await javaClasspath(dir);
    const classes = join(dir, 'classes');
    const sources = [join(src, 'Check.java'), ...readdirSync(join(src, 'com/acme/retype')).map((f) => join(src, 'com/acme/retype', f))];
    const javac = await run('javac', [...QUICK_JVM.map((f) => `-J${f}`), '-nowarn', '-d', classes, '-cp', classpath, ...sources], { timeoutMs: 300_000 });
    expect(javac.status, javac.stderr).toBe(0);
    const java = await run('java', [...QUICK_JVM, '-cp', [classes, classpath].join(delimiter), 'Check', join(dir, 'request.json')], { timeoutMs: 120_000 });
    expect(java.status, java.stderr).toBe(0);
    const [made, read, written] = java.stdout.trim().split('\n');
    expect(made).toBe('ParcelShipment FileAttachment OrderDetail');
    // Through Refund's builder (its default reason the example), Voucher's Lombok builder, Amount's
    // fields and the tags' String setter (before, the example held the fields' names, a string
    // Amount and a list: Jackson refused each).
    const example = e.request!.body!.example as Record<string, unknown>;
    expect(JSON.parse(read!)).toEqual(['other', 'code', 1, 'currency', [example.tags]]);
    const out = JSON.parse(written!) as Record<string, unknown>;
    const response = e.response!.schema!.properties!;
    // What the response model says of each property Jackson writes from the declared type (the
    // shipment is written as its runtime class, which a declared interface cannot tell).
    for (const name of ['id', 'total', 'detail', 'attachments', 'settings', 'config', 'pet', 'refund', 'voucher', 'amount', 'tags']) {
      const s = response[name]!;
      if (s.type) expect(jsonType(out[name]), name).toBe(s.type === 'integer' ? 'number' : s.type);
      // In Jackson's order too: Lombok's renamed `isGift` (getter `isGift()`: `gift`) after the fields.
      if (s.properties) expect(Object.keys(out[name] as object), name).toEqual(Object.keys(s.properties));
    }
    expect(out.settings).toEqual([1, 2]);
    expect(Object.keys((out.attachments as object[])[0]!)).toEqual(['fileName', 'size']); // the runtime class, here the one read
  }, 600_000);
});
