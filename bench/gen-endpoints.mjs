#!/usr/bin/env node
// Writes a Spring code base with exactly N endpoints, for the explorer's scale tests and the UI
// benchmark: M Maven modules, each with controllers of P endpoints (mixed verbs, path variables,
// query parameters and a JSON body on writes). Unlike bench/gen-codebase.mjs it writes little
// else, so the scan is quick and the count is exact.
//   node bench/gen-endpoints.mjs OUT_DIR [--endpoints 20000] [--per-class 100] [--modules 8]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const VERBS = ['Get', 'Post', 'Put', 'Delete', 'Patch'];
const NOUNS = ['orders', 'items', 'customers', 'invoices', 'parcels', 'coupons', 'reviews', 'tenants', 'ledgers', 'quotas'];

export function generateEndpoints(out, { endpoints = 20_000, perClass = 100, modules = 8 } = {}) {
  fs.mkdirSync(out, { recursive: true });
  const classes = Math.ceil(endpoints / perClass);
  const mods = Array.from({ length: modules }, (_, i) => `svc${String(i + 1).padStart(2, '0')}`);
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  };
  write('pom.xml', pom('explorer-scale', 'pom', `  <modules>\n${mods.map((m) => `    <module>${m}</module>`).join('\n')}\n  </modules>\n`));
  let made = 0;
  for (let c = 0; c < classes; c++) {
    const mod = mods[c % modules];
    const pkg = `com.example.${mod}.web`;
    const noun = NOUNS[c % NOUNS.length];
    const name = `${cap(noun)}${String(c).padStart(4, '0')}Controller`;
    const methods = [];
    for (let m = 0; m < perClass && made < endpoints; m++, made++) {
      const verb = VERBS[m % VERBS.length];
      const body = verb === 'Post' || verb === 'Put' || verb === 'Patch';
      methods.push(`    /** ${verb === 'Get' ? 'Reads' : 'Changes'} ${noun} record ${m} of set ${c}. */
    @${verb}Mapping("/r${m}/{id}")
    public Payload op${m}(@PathVariable long id, @RequestParam(required = false) String filter${body ? ', @RequestBody Payload payload' : ''}) {
        return null;
    }`);
    }
    write(
      `${mod}/src/main/java/${pkg.replaceAll('.', '/')}/${name}.java`,
      `package ${pkg};

import org.springframework.web.bind.annotation.*;

/** ${cap(noun)} set ${c}. */
@RestController
@RequestMapping("/api/${noun}/s${c}")
public class ${name} {

    public static class Payload {
        public String name;
        public int quantity;
        public java.util.List<String> tags;
    }

${methods.join('\n\n')}
}
`,
    );
  }
  for (const m of mods) write(`${m}/pom.xml`, pom(m, 'jar', ''));
  write('bench-manifest.json', `${JSON.stringify({ endpoints: made, classes, modules }, null, 2)}\n`);
  return { endpoints: made, classes, modules };
}

function pom(artifactId, packaging, extra) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>${artifactId}</artifactId>
  <version>1.0.0</version>
  <packaging>${packaging}</packaging>
${extra}</project>
`;
}

const cap = (s) => s[0].toUpperCase() + s.slice(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { endpoints: { type: 'string', default: '20000' }, 'per-class': { type: 'string', default: '100' }, modules: { type: 'string', default: '8' } },
  });
  if (!positionals[0]) {
    process.stderr.write('usage: node bench/gen-endpoints.mjs OUT_DIR [--endpoints N] [--per-class P] [--modules M]\n');
    process.exit(2);
  }
  const made = generateEndpoints(positionals[0], { endpoints: Number(values.endpoints), perClass: Number(values['per-class']), modules: Number(values.modules) });
  process.stdout.write(`${JSON.stringify(made)}\n`);
}
