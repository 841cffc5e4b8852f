#!/usr/bin/env node
// Writes a synthetic, deterministic multi-module Maven code base for the scan benchmark:
//   node bench/gen-codebase.mjs OUT_DIR --files N [--kotlin-share 0.0] [--seed 1] [--grpc-actuator] [--shape wide]
// The mix follows a typical Spring service estate: ~8% @RestController classes (class-level
// @RequestMapping, paths from constants, some inheriting mappings from an abstract base), ~2%
// JAX-RS resources, ~25% DTOs and enums, the rest services, repositories and utilities whose
// method bodies make the files average a few KB. OUT_DIR/bench-manifest.json records what was
// written, including how many endpoints a scanner should find. With --grpc-actuator, ~2% of the
// files are gRPC services (`@GrpcService` extending a generated ImplBase; one .proto each with
// an RPC of every streaming kind, importing a module-wide common.proto) and ~0.5% actuator
// @Endpoint classes with zero, one and two selectors.
// --shape wide gives the traits of a real multi-module estate: each domain is a tree of layer
// modules (`order/order-api`, `order/order-core`, `order/order-web`) under an aggregator pom,
// each with its own .gitignore (one of whose rules could match a source file, so the walk must
// test files against it); resources beside the sources (MyBatis mappers, messages, SQL, static
// assets, about one per two source files); build output in `target/`; a front-end folder; and
// more DTOs with getters and setters (45% of the files), fewer controllers (5.6%).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE_NAMES = [
  'order', 'catalog', 'billing', 'customer', 'inventory', 'shipping',
  'notification', 'payment', 'review', 'search', 'analytics', 'identity',
];
/** The layer modules of each domain in the wide shape. */
const LAYERS = ['web', 'core', 'api'];
const PREFIXES = [
  'Order', 'Line', 'Customer', 'Product', 'Price', 'Stock', 'Warehouse', 'Invoice', 'Payment', 'Refund',
  'Coupon', 'Cart', 'Address', 'Shipment', 'Parcel', 'Carrier', 'Review', 'Rating', 'Account', 'Tenant',
  'Report', 'Ledger', 'Tax', 'Discount', 'Bundle', 'Supplier', 'Contract', 'Promotion', 'Voucher', 'Return',
];
const NOUNS = [
  'Item', 'Entry', 'Record', 'Summary', 'Detail', 'Snapshot', 'Batch', 'Rule', 'Policy', 'Event',
  'Note', 'Slot', 'Window', 'Quota', 'Limit', 'Profile', 'Setting', 'Schedule', 'Plan', 'Group',
  'Tag', 'Label', 'Option', 'Variant', 'History', 'Audit', 'Export', 'Import', 'Request', 'Task',
];
const FIELD_TYPES = [
  ['Long', 'id'], ['String', 'name'], ['String', 'code'], ['String', 'description'], ['BigDecimal', 'amount'],
  ['BigDecimal', 'price'], ['Integer', 'quantity'], ['Instant', 'createdAt'], ['Instant', 'updatedAt'],
  ['LocalDate', 'validFrom'], ['LocalDate', 'validTo'], ['Boolean', 'active'], ['List<String>', 'tags'],
  ['Map<String, Integer>', 'counters'], ['String', 'currency'], ['Long', 'version'], ['String', 'externalRef'],
  ['Double', 'weight'], ['Set<Long>', 'relatedIds'], ['String', 'ownerEmail'],
];
const KOTLIN_TYPES = {
  Long: 'Long', String: 'String', BigDecimal: 'BigDecimal', Integer: 'Int', Instant: 'Instant', LocalDate: 'LocalDate',
  Boolean: 'Boolean', 'List<String>': 'List<String>', 'Map<String, Integer>': 'Map<String, Int>', Double: 'Double',
  'Set<Long>': 'Set<Long>',
};
const WORDS = [
  'the', 'value', 'is', 'checked', 'against', 'current', 'limits', 'before', 'it', 'is', 'stored', 'and', 'an',
  'event', 'is', 'published', 'for', 'downstream', 'consumers', 'when', 'something', 'changes', 'in', 'a', 'way',
  'that', 'matters', 'to', 'billing', 'or', 'reporting', 'callers', 'should', 'not', 'rely', 'on', 'ordering',
];

// ---------------------------------------------------------------- deterministic randomness

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  shuffle(list) {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  sentence(min, max) {
    const n = this.int(min, max);
    const words = Array.from({ length: n }, () => this.pick(WORDS));
    const s = words.join(' ');
    return s[0].toUpperCase() + s.slice(1) + '.';
  }
}

// ---------------------------------------------------------------- names

const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const lowerFirst = (s) => s[0].toLowerCase() + s.slice(1);
const plural = (s) => (s.endsWith('y') ? `${s.slice(0, -1)}ies` : s.endsWith('s') || s.endsWith('x') ? `${s}es` : `${s}s`);

/** `count` distinct entity base names such as `RefundSnapshot`. */
function baseNames(rng, count) {
  const combos = rng.shuffle(PREFIXES.flatMap((p) => NOUNS.map((n) => p + n)));
  return Array.from({ length: count }, (_, i) => (i < combos.length ? combos[i] : `${combos[i % combos.length]}${Math.floor(i / combos.length) + 1}`));
}

// ---------------------------------------------------------------- Java method bodies

/** Statement blocks for a method that has `key`, `items`, `mode`, `total`, `result` in scope. */
const JAVA_BLOCKS = [
  (r, n, ind) => [
    `${ind}List<String> names${n} = new ArrayList<>();`,
    `${ind}for (int i = 0; i < items.size(); i++) {`,
    `${ind}    String item = items.get(i);`,
    `${ind}    if (item == null || item.isEmpty()) {`,
    `${ind}        continue;`,
    `${ind}    }`,
    `${ind}    names${n}.add(item.trim());`,
    `${ind}    total += item.length() * ${r.int(2, 9)};`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}if (total > ${r.int(10, 5000)}) {`,
    `${ind}    log.warn("limit exceeded for {} ({})", key, total);`,
    `${ind}    total = total % ${r.int(7, 97)};`,
    `${ind}} else if (mode == ${r.int(1, 4)}) {`,
    `${ind}    result = result + "-" + key;`,
    `${ind}} else {`,
    `${ind}    log.debug("nothing to do for {}", key);`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}try {`,
    `${ind}    int parsed${n} = Integer.parseInt(key.substring(0, Math.min(key.length(), ${r.int(2, 6)})));`,
    `${ind}    total += parsed${n};`,
    `${ind}} catch (NumberFormatException | StringIndexOutOfBoundsException ex) {`,
    `${ind}    log.error("could not read a number from " + key, ex);`,
    `${ind}    result = "invalid:" + key;`,
    `${ind}} finally {`,
    `${ind}    total++;`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}List<String> sorted${n} = items.stream()`,
    `${ind}        .filter(s -> s != null && s.length() > ${r.int(1, 4)})`,
    `${ind}        .map(String::toUpperCase)`,
    `${ind}        .sorted(Comparator.reverseOrder())`,
    `${ind}        .collect(Collectors.toList());`,
    `${ind}result = String.join(",", sorted${n});`,
  ],
  (r, n, ind) => [
    `${ind}switch (mode) {`,
    `${ind}    case 0:`,
    `${ind}        total += ${r.int(1, 50)};`,
    `${ind}        break;`,
    `${ind}    case 1:`,
    `${ind}        total *= ${r.int(2, 5)};`,
    `${ind}        break;`,
    `${ind}    case 2:`,
    `${ind}        result = result.toLowerCase(Locale.ROOT);`,
    `${ind}        break;`,
    `${ind}    default:`,
    `${ind}        total = -total;`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}StringBuilder sb${n} = new StringBuilder(${r.int(16, 256)});`,
    `${ind}sb${n}.append(key).append(':').append(total).append('/').append(mode);`,
    `${ind}if (sb${n}.length() > ${r.int(20, 80)}) {`,
    `${ind}    sb${n}.setLength(${r.int(10, 20)});`,
    `${ind}}`,
    `${ind}result = sb${n}.toString();`,
  ],
  (r, n, ind) => [
    `${ind}Map<String, Integer> counts${n} = new HashMap<>();`,
    `${ind}for (String item : items) {`,
    `${ind}    counts${n}.merge(item, 1, Integer::sum);`,
    `${ind}}`,
    `${ind}for (Map.Entry<String, Integer> e : counts${n}.entrySet()) {`,
    `${ind}    if (e.getValue() > ${r.int(1, 5)}) {`,
    `${ind}        total += e.getValue();`,
    `${ind}    }`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}Iterator<String> it${n} = items.iterator();`,
    `${ind}while (it${n}.hasNext() && total < ${r.int(100, 900)}) {`,
    `${ind}    String next = it${n}.next();`,
    `${ind}    total += next.hashCode() & 0x${r.int(15, 255).toString(16)};`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}// ${r.sentence(6, 14)}`,
    `${ind}final long started${n} = System.nanoTime();`,
    `${ind}total += mode > 0 ? key.length() : ${r.int(1, 9)};`,
    `${ind}long elapsed${n} = System.nanoTime() - started${n};`,
    `${ind}if (elapsed${n} > ${r.int(1000, 99999)}L) {`,
    `${ind}    log.info("slow step {} took {} ns", ${n}, elapsed${n});`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}Optional<String> first${n} = items.stream().filter(s -> s.startsWith(key)).findFirst();`,
    `${ind}if (first${n}.isPresent()) {`,
    `${ind}    result = first${n}.get();`,
    `${ind}} else {`,
    `${ind}    result = Objects.requireNonNullElse(result, "${r.pick(WORDS)}");`,
    `${ind}}`,
  ],
];

const JAVA_UTIL_IMPORTS = [
  'java.util.ArrayList', 'java.util.Comparator', 'java.util.HashMap', 'java.util.Iterator', 'java.util.List',
  'java.util.Locale', 'java.util.Map', 'java.util.Objects', 'java.util.Optional', 'java.util.stream.Collectors',
];

/** A method with a body of about `lines` lines. */
function javaWorkMethod(r, name, lines, modifiers) {
  const out = [
    '    /**',
    `     * ${r.sentence(8, 16)}`,
    '     *',
    '     * @param key the lookup key',
    '     * @param items the candidate values',
    '     * @param mode processing mode, see the switch below',
    '     * @return a score',
    '     */',
    `    ${modifiers} int ${name}(String key, List<String> items, int mode) {`,
    '        int total = 0;',
    '        String result = "";',
  ];
  let n = 0;
  while (out.length < lines) {
    const block = r.pick(JAVA_BLOCKS)(r, n++, '        ');
    if (r.chance(0.15)) {
      out.push(`        if (mode != ${r.int(5, 9)}) {`, ...block.map((l) => `    ${l}`), '        }');
    } else {
      out.push(...block);
    }
  }
  out.push('        return total + result.length();', '    }', '');
  return out;
}

/** Work methods adding up to about `totalLines` lines. */
function javaWorkMethods(r, totalLines, verbs, modifiers = 'public') {
  const out = [];
  let i = 0;
  while (out.length < totalLines) {
    const size = Math.min(Math.max(totalLines - out.length, 20), r.int(20, 60));
    out.push(...javaWorkMethod(r, `${r.pick(verbs)}${i++ === 0 ? '' : i}`, size, modifiers));
  }
  return out;
}

const WORK_VERBS = ['reconcile', 'recalculate', 'normalize', 'score', 'merge', 'rebalance', 'validate', 'expand', 'collect', 'rank'];

/** Lines of the "other" classes: mostly 50-300, now and then a legacy giant over 32 KiB. */
function workLines(r) {
  if (r.chance(0.006)) return r.int(1000, 1400);
  return Math.round(50 + 250 * r.next() ** 3);
}

// ---------------------------------------------------------------- Java files

function javaFile(pkg, imports, body) {
  const sorted = [...new Set(imports)].sort();
  return [`package ${pkg};`, '', ...sorted.map((i) => `import ${i};`), '', ...body].join('\n') + '\n';
}

function apiPathsJava(mod) {
  return javaFile(`${mod.pkg}.web`, [], [
    '/**',
    ' * Path fragments shared by the controllers of this module.',
    ' */',
    'public interface ApiPaths {',
    '    String API = "/api";',
    '    String V1 = API + "/v1";',
    '    String V2 = API + "/v2";',
    `    String ROOT = V1 + "/${mod.name}";`,
    '    String STATS = "/stats";',
    '    String ARCHIVE = "archive";',
    '    String EXPORT = STATS + "/export";',
    '}',
  ]);
}

function resultJava(mod) {
  return javaFile(`${mod.pkg}.dto`, ['java.util.List'], [
    '/**',
    ' * Envelope of every API answer.',
    ' *',
    ' * @param <T> the payload type',
    ' */',
    'public class Result<T> {',
    '',
    '    /** Zero when the call succeeded. */',
    '    private int code;',
    '    /** Human-readable message. */',
    '    private String message;',
    '    /** The payload. */',
    '    private T data;',
    '    /** Validation problems, if any. */',
    '    private List<String> errors;',
    '',
    '    public static <T> Result<T> ok(T data) {',
    '        Result<T> r = new Result<>();',
    '        r.data = data;',
    '        r.message = "ok";',
    '        return r;',
    '    }',
    '',
    '    public int getCode() {',
    '        return code;',
    '    }',
    '',
    '    public String getMessage() {',
    '        return message;',
    '    }',
    '',
    '    public T getData() {',
    '        return data;',
    '    }',
    '',
    '    public List<String> getErrors() {',
    '        return errors;',
    '    }',
    '}',
  ]);
}

const BASE_MAPPINGS = 4;

function baseControllerJava(mod) {
  return javaFile(`${mod.pkg}.web`, [
    `${mod.pkg}.dto.Result`, 'java.util.List', 'org.springframework.http.ResponseEntity',
    'org.springframework.web.bind.annotation.DeleteMapping', 'org.springframework.web.bind.annotation.GetMapping',
    'org.springframework.web.bind.annotation.PathVariable', 'org.springframework.web.bind.annotation.PostMapping',
    'org.springframework.web.bind.annotation.RequestBody', 'org.springframework.web.bind.annotation.RequestParam',
  ], [
    '/**',
    ' * CRUD mappings every resource controller inherits.',
    ' *',
    ' * @param <T> the resource DTO',
    ' * @param <ID> its identifier',
    ' */',
    'public abstract class AbstractCrudController<T, ID> {',
    '',
    '    protected abstract T findOne(ID id);',
    '',
    '    protected abstract List<T> findPage(int page, int size);',
    '',
    '    protected abstract T store(T body);',
    '',
    '    protected abstract void remove(ID id);',
    '',
    '    /** Reads one resource. */',
    '    @GetMapping("/{id}")',
    '    public ResponseEntity<Result<T>> get(@PathVariable("id") ID id) {',
    '        T found = findOne(id);',
    '        return found == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(Result.ok(found));',
    '    }',
    '',
    '    /** Lists one page of resources. */',
    '    @GetMapping',
    '    public Result<List<T>> list(@RequestParam(value = "page", defaultValue = "0") int page,',
    '                                @RequestParam(value = "size", defaultValue = "20") int size) {',
    '        return Result.ok(findPage(page, size));',
    '    }',
    '',
    '    /** Creates a resource. */',
    '    @PostMapping',
    '    public Result<T> create(@RequestBody T body) {',
    '        return Result.ok(store(body));',
    '    }',
    '',
    '    /** Deletes a resource. */',
    '    @DeleteMapping("/{id}")',
    '    public ResponseEntity<Void> delete(@PathVariable("id") ID id) {',
    '        remove(id);',
    '        return ResponseEntity.noContent().build();',
    '    }',
    '}',
  ]);
}

function applicationJava(mod) {
  // `catalog-web` → CatalogWebApplication: a Java name (the file held `Catalog-webApplication`, which does not parse).
  const cls = `${mod.name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('')}Application`;
  return javaFile(mod.pkg, ['org.springframework.boot.SpringApplication', 'org.springframework.boot.autoconfigure.SpringBootApplication'], [
    '@SpringBootApplication',
    `public class ${cls} {`,
    '',
    '    public static void main(String[] args) {',
    `        SpringApplication.run(${cls}.class, args);`,
    '    }',
    '}',
  ]);
}

function dtoFields(r, hasEnum) {
  const fields = r.shuffle(FIELD_TYPES).slice(0, r.int(5, 14));
  if (!fields.some(([, n]) => n === 'id')) fields.unshift(['Long', 'id']);
  if (hasEnum) fields.push(['@ENUM', 'status']);
  return fields;
}

function dtoJava(r, mod, e) {
  const enumType = e.enumName;
  const fields = dtoFields(r, Boolean(enumType)).map(([t, n]) => [t === '@ENUM' ? enumType : t, n]);
  const generic = r.chance(0.1);
  if (generic) fields.push(['Result<T>', 'payload']);
  const cls = `${e.dto}${generic ? '<T>' : ''}`;
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' *', ` * <p>${r.sentence(10, 20)}`];
  if (generic) body.push(' *', ' * @param <T> the payload carried along');
  body.push(' */', `public class ${cls}${r.chance(0.3) ? ' implements Serializable' : ''} {`, '');
  for (const [t, n] of fields) body.push(`    /** ${r.sentence(4, 10)} */`, `    private ${t} ${n};`, '');
  body.push(`    public ${e.dto}() {`, '    }', '');
  for (const [t, n] of fields) {
    const cap = n[0].toUpperCase() + n.slice(1);
    body.push(
      '    /**', `     * Returns the ${kebab(n).replace(/-/g, ' ')}.`, '     *', `     * @return the ${n}`, '     */',
      `    public ${t} get${cap}() {`, `        return ${n};`, '    }', '',
      `    public void set${cap}(${t} ${n}) {`, `        this.${n} = ${n};`, '    }', '',
    );
  }
  body.push('    @Override', '    public String toString() {', `        return "${e.dto}{id=" + id + "}";`, '    }', '}');
  return javaFile(`${mod.pkg}.dto`, [
    'java.io.Serializable', 'java.math.BigDecimal', 'java.time.Instant', 'java.time.LocalDate', 'java.util.List',
    'java.util.Map', 'java.util.Set',
  ], body);
}

function enumJava(r, mod, name) {
  const values = r.shuffle(['NEW', 'PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED', 'ARCHIVED', 'FAILED', 'DRAFT']).slice(0, r.int(3, 7));
  const body = ['/**', ` * ${r.sentence(5, 12)}`, ' */', `public enum ${name} {`];
  values.forEach((v, i) => body.push(`    /** ${r.sentence(3, 8)} */`, `    ${v}("${v.toLowerCase()}")${i === values.length - 1 ? ';' : ','}`));
  body.push('', '    private final String code;', '', `    ${name}(String code) {`, '        this.code = code;', '    }', '',
    '    public String getCode() {', '        return code;', '    }', '}');
  return javaFile(`${mod.pkg}.dto`, [], body);
}

// Mapping templates: paths counts endpoints, `base` marks the four the abstract base already has.
const SPRING_MAPPINGS = [
  { base: true, paths: 1, ann: '@GetMapping', name: 'list', ret: 'Result<List<%D>>', params: '@RequestParam(defaultValue = "0") int page, @RequestParam(required = false) String q', call: 'Result.ok(service.findAll(page, 20, q))' },
  { base: true, paths: 1, ann: '@GetMapping("/{id}")', name: 'get', ret: 'ResponseEntity<%D>', params: '@PathVariable Long id', call: 'ResponseEntity.ok(service.findById(id))' },
  { base: true, paths: 1, ann: '@PostMapping(consumes = "application/json")', name: 'create', ret: '%D', params: '@RequestBody %D body', call: 'service.save(body)' },
  { base: true, paths: 1, ann: '@DeleteMapping(value = "/{id}")', name: 'remove', ret: 'void', params: '@PathVariable("id") Long id', call: 'service.delete(id)' },
  { paths: 1, ann: '@PutMapping("/{id}")', name: 'update', ret: '%D', params: '@PathVariable Long id, @RequestBody %D body', call: 'service.save(body)' },
  { paths: 2, ann: '@PatchMapping(path = {"/{id}/status", "/{id}/state"})', name: 'changeStatus', ret: '%D', params: '@PathVariable Long id, @RequestParam String status', call: 'service.findById(id)' },
  { paths: 1, ann: '@RequestMapping(value = "/search", method = RequestMethod.GET)', name: 'search', ret: 'List<%D>', params: '@RequestParam("q") String query, @RequestParam(defaultValue = "10") int limit', call: 'service.findAll(0, limit, query)' },
  { paths: 1, ann: '@GetMapping("/{id:\\\\d+}/history")', name: 'history', ret: 'List<%D>', params: '@PathVariable Long id', call: 'service.findAll(0, 50, String.valueOf(id))' },
  { paths: 1, ann: '@PostMapping("/{id}/actions/" + ApiPaths.ARCHIVE)', name: 'archive', ret: 'ResponseEntity<Void>', params: '@PathVariable Long id', call: 'ResponseEntity.accepted().build()' },
  { paths: 1, ann: '@GetMapping(value = ApiPaths.EXPORT, produces = "text/csv")', name: 'exportCsv', ret: 'String', params: '@RequestHeader(value = "X-Tenant", required = false) String tenant', call: 'String.valueOf(tenant)' },
  { paths: 1, ann: '@PostMapping("/batch")', name: 'createBatch', ret: 'List<%D>', params: '@RequestBody List<%D> bodies', call: 'bodies' },
  { paths: 1, ann: '@GetMapping(ApiPaths.STATS)', name: 'stats', ret: 'Map<String, Integer>', params: '', call: 'new HashMap<>()' },
  { paths: 1, ann: '@RequestMapping("/ping")', name: 'ping', ret: 'String', params: '', call: '"pong"' },
  { paths: 1, ann: '@GetMapping("count")', name: 'count', ret: 'long', params: '@RequestParam(name = "active", defaultValue = "true") boolean active', call: 'service.findAll(0, 1000, null).size()' },
];

function controllerJava(r, mod, e) {
  const extendsBase = r.chance(0.3);
  const pool = SPRING_MAPPINGS.filter((m) => !(extendsBase && m.base));
  const mappings = r.shuffle(pool).slice(0, r.int(3, Math.min(8, pool.length)));
  const segment = kebab(plural(e.base));
  const variant = r.int(0, 9);
  const classPaths = variant === 0 ? 2 : 1;
  const classMapping = [
    `@RequestMapping({"/api/${segment}", "/api/legacy/${segment}"})`,
    `@RequestMapping("/api/${segment}")`,
    `@RequestMapping(ApiPaths.V1 + "/${segment}")`,
    `@RequestMapping(path = ApiPaths.ROOT + "/${segment}")`,
    `@RequestMapping(value = ApiPaths.V2 + "/${segment}")`,
  ][variant < 2 ? variant : 2 + (variant % 3)];
  const endpoints = classPaths * (mappings.reduce((s, m) => s + m.paths, 0) + (extendsBase ? BASE_MAPPINGS : 0));
  const d = e.dto;
  const body = ['/**', ` * REST endpoints for ${kebab(plural(e.base)).replace(/-/g, ' ')}.`, ' *', ` * <p>${r.sentence(8, 18)}`, ' */',
    '@RestController', classMapping,
    `public class ${e.controller}${extendsBase ? ` extends AbstractCrudController<${d}, Long>` : ''} {`, '',
    `    private final ${e.service} service;`, '',
    `    public ${e.controller}(${e.service} service) {`, '        this.service = service;', '    }', ''];
  for (const m of mappings) {
    const ret = m.ret.replace(/%D/g, d);
    body.push('    /**', `     * ${r.sentence(5, 12)}`, '     */', `    ${m.ann}`,
      `    public ${ret} ${m.name}(${m.params.replace(/%D/g, d)}) {`);
    if (r.chance(0.4)) body.push(`        log.debug("${m.name} called");`);
    body.push(ret === 'void' ? `        ${m.call};` : `        return ${m.call};`, '    }', '');
  }
  if (extendsBase) {
    body.push('    @Override', `    protected ${d} findOne(Long id) {`, '        return service.findById(id);', '    }', '',
      '    @Override', `    protected List<${d}> findPage(int page, int size) {`, '        return service.findAll(page, size, null);', '    }', '',
      '    @Override', `    protected ${d} store(${d} body) {`, '        return service.save(body);', '    }', '',
      '    @Override', '    protected void remove(Long id) {', '        service.delete(id);', '    }', '');
  }
  body.push(`    private static final Logger log = LoggerFactory.getLogger(${e.controller}.class);`, '}');
  const source = javaFile(`${mod.pkg}.web`, [
    `${mod.pkg}.dto.${d}`, `${mod.pkg}.dto.Result`, `${mod.pkg}.service.${e.service}`, 'java.util.HashMap', 'java.util.List', 'java.util.Map',
    'org.slf4j.Logger', 'org.slf4j.LoggerFactory', 'org.springframework.http.ResponseEntity', 'org.springframework.web.bind.annotation.*',
  ], body);
  return { source, endpoints, mappings: mappings.length };
}

const JAXRS_METHODS = [
  { ann: ['@GET'], name: 'list', ret: 'List<%D>', params: '@QueryParam("limit") @DefaultValue("20") int limit', call: 'service.findAll(0, limit, null)' },
  { ann: ['@GET', '@Path("{id}")'], name: 'get', ret: '%D', params: '@PathParam("id") Long id', call: 'service.findById(id)' },
  { ann: ['@POST'], name: 'create', ret: 'Response', params: '%D body', call: 'Response.status(Response.Status.CREATED).entity(service.save(body)).build()' },
  { ann: ['@PUT', '@Path("{id}")'], name: 'update', ret: '%D', params: '@PathParam("id") Long id, %D body', call: 'service.save(body)' },
  { ann: ['@DELETE', '@Path("/{id}")'], name: 'delete', ret: 'void', params: '@PathParam("id") Long id', call: 'service.delete(id)' },
  { ann: ['@GET', '@Path("{id}/items")', '@Produces(MediaType.TEXT_PLAIN)'], name: 'items', ret: 'String', params: '@PathParam("id") Long id, @HeaderParam("Accept-Language") String lang', call: 'String.valueOf(id) + lang' },
];

function resourceJava(r, mod, e) {
  const methods = JAXRS_METHODS.slice(0, r.int(3, JAXRS_METHODS.length));
  const ns = r.chance(0.5) ? 'jakarta.ws.rs' : 'javax.ws.rs';
  const d = e.dto;
  const body = ['/**', ` * JAX-RS resource for ${kebab(plural(e.base)).replace(/-/g, ' ')}.`, ' */',
    `@Path("/rs/${kebab(plural(e.base))}")`, '@Produces(MediaType.APPLICATION_JSON)', '@Consumes(MediaType.APPLICATION_JSON)',
    `public class ${e.resource} {`, '', `    private final ${e.service} service;`, '', '    @Inject',
    `    public ${e.resource}(${e.service} service) {`, '        this.service = service;', '    }', ''];
  for (const m of methods) {
    const ret = m.ret.replace(/%D/g, d);
    body.push(`    /** ${r.sentence(4, 10)} */`, ...m.ann.map((a) => `    ${a}`), `    public ${ret} ${m.name}(${m.params.replace(/%D/g, d)}) {`,
      ret === 'void' ? `        ${m.call};` : `        return ${m.call};`, '    }', '');
  }
  body.push('}');
  const source = javaFile(`${mod.pkg}.api`, [
    `${mod.pkg}.dto.${d}`, `${mod.pkg}.service.${e.service}`, 'java.util.List', `${ns}.*`, `${ns}.core.MediaType`,
    `${ns}.core.Response`, `${ns === 'jakarta.ws.rs' ? 'jakarta' : 'javax'}.inject.Inject`,
  ], body);
  return { source, endpoints: methods.length, mappings: methods.length };
}

function serviceJava(r, mod, e) {
  const d = e.dto;
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' */', '@Service', `public class ${e.service} {`, '',
    `    private static final Logger log = LoggerFactory.getLogger(${e.service}.class);`, '',
    `    private final Map<Long, ${d}> store = new ConcurrentHashMap<>();`, '',
    `    public ${d} findById(Long id) {`, '        return store.get(id);', '    }', '',
    `    public List<${d}> findAll(int page, int size, String q) {`,
    `        List<${d}> all = new ArrayList<>(store.values());`,
    '        int from = Math.min(page * size, all.size());',
    '        return all.subList(from, Math.min(from + size, all.size()));', '    }', '',
    `    public ${d} save(${d} dto) {`, '        store.put(dto.getId(), dto);', '        return dto;', '    }', '',
    '    public void delete(Long id) {', '        store.remove(id);', '    }', '',
    ...javaWorkMethods(r, workLines(r), WORK_VERBS), '}'];
  return javaFile(`${mod.pkg}.service`, [...JAVA_UTIL_IMPORTS, `${mod.pkg}.dto.${d}`, 'java.util.concurrent.ConcurrentHashMap',
    'org.slf4j.Logger', 'org.slf4j.LoggerFactory', 'org.springframework.stereotype.Service'], body);
}

const OTHER_KINDS = [
  { pkg: 'repository', suffix: 'Repository', ann: '@Repository', imp: 'org.springframework.stereotype.Repository' },
  { pkg: 'util', suffix: 'Utils', ann: '', imp: '' },
  { pkg: 'mapping', suffix: 'Mapper', ann: '@Component', imp: 'org.springframework.stereotype.Component' },
  { pkg: 'validation', suffix: 'Validator', ann: '@Component', imp: 'org.springframework.stereotype.Component' },
  { pkg: 'job', suffix: 'Job', ann: '@Component', imp: 'org.springframework.stereotype.Component' },
];

function otherJava(r, mod, kind, cls) {
  const body = ['/**', ` * ${r.sentence(6, 16)}`, ' */'];
  if (kind.ann) body.push(kind.ann);
  body.push(`public ${kind.ann ? '' : 'final '}class ${cls} {`, '',
    `    private static final Logger log = LoggerFactory.getLogger(${cls}.class);`,
    `    private static final int LIMIT = ${r.int(10, 10000)};`, '');
  if (!kind.ann) body.push(`    private ${cls}() {`, '    }', '');
  body.push(...javaWorkMethods(r, workLines(r), WORK_VERBS, kind.ann ? 'public' : 'public static'), '}');
  return javaFile(`${mod.pkg}.${kind.pkg}`, [...JAVA_UTIL_IMPORTS, 'org.slf4j.Logger', 'org.slf4j.LoggerFactory', ...(kind.imp ? [kind.imp] : [])], body);
}

// ---------------------------------------------------------------- Kotlin files

function ktFile(pkg, imports, body) {
  const sorted = [...new Set(imports)].sort();
  return [`package ${pkg}`, '', ...sorted.map((i) => `import ${i}`), '', ...body].join('\n') + '\n';
}

const KT_TYPE = (t) => KOTLIN_TYPES[t] ?? t;

function dtoKotlin(r, mod, e) {
  const fields = dtoFields(r, Boolean(e.enumName)).map(([t, n]) => [t === '@ENUM' ? e.enumName : KT_TYPE(t), n]);
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' *'];
  for (const [, n] of fields) body.push(` * @property ${n} ${r.sentence(3, 8)}`);
  body.push(' */', `data class ${e.dto}(`);
  fields.forEach(([t, n], i) => body.push(`    val ${n}: ${t}${n === 'id' ? '' : '? = null'}${i === fields.length - 1 ? '' : ','}`));
  body.push(') {', '    fun describe(): String {', `        return "${e.dto}(id=" + id + ")"`, '    }', '}');
  return ktFile(`${mod.pkg}.dto`, ['java.math.BigDecimal', 'java.time.Instant', 'java.time.LocalDate'], body);
}

function enumKotlin(r, mod, name) {
  const values = r.shuffle(['NEW', 'PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED', 'ARCHIVED', 'FAILED', 'DRAFT']).slice(0, r.int(3, 7));
  const body = ['/**', ` * ${r.sentence(5, 12)}`, ' */', `enum class ${name}(val code: String) {`];
  values.forEach((v, i) => body.push(`    /** ${r.sentence(3, 8)} */`, `    ${v}("${v.toLowerCase()}")${i === values.length - 1 ? ';' : ','}`));
  body.push('', '    fun isFinal(): Boolean = this == values().last()', '}');
  return ktFile(`${mod.pkg}.dto`, [], body);
}

const KT_BLOCKS = [
  (r, n, ind) => [
    `${ind}val names${n} = mutableListOf<String>()`,
    `${ind}for (item in items) {`,
    `${ind}    if (item.isBlank()) continue`,
    `${ind}    names${n}.add(item.trim())`,
    `${ind}    total += item.length * ${r.int(2, 9)}`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}val sorted${n} = items.filter { it.length > ${r.int(1, 4)} }.map { it.uppercase() }.sortedDescending()`,
    `${ind}result = sorted${n}.joinToString(",")`,
  ],
  (r, n, ind) => [
    `${ind}when (mode) {`,
    `${ind}    0 -> total += ${r.int(1, 50)}`,
    `${ind}    1 -> total *= ${r.int(2, 5)}`,
    `${ind}    2 -> result = result.lowercase()`,
    `${ind}    else -> total = -total`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}try {`,
    `${ind}    total += key.take(${r.int(2, 6)}).toInt()`,
    `${ind}} catch (ex: NumberFormatException) {`,
    `${ind}    log.warn("not a number: {}", key, ex)`,
    `${ind}    result = "invalid:" + key`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}if (total > ${r.int(10, 5000)}) {`,
    `${ind}    log.warn("limit exceeded for {} ({})", key, total)`,
    `${ind}    total %= ${r.int(7, 97)}`,
    `${ind}} else if (mode == ${r.int(1, 4)}) {`,
    `${ind}    result = result + "-" + key`,
    `${ind}}`,
  ],
  (r, n, ind) => [
    `${ind}val counts${n} = items.groupingBy { it }.eachCount()`,
    `${ind}for ((name, count) in counts${n}) {`,
    `${ind}    if (count > ${r.int(1, 5)}) total += count + name.length`,
    `${ind}}`,
  ],
];

function ktWorkMethods(r, totalLines) {
  const out = [];
  let i = 0;
  while (out.length < totalLines) {
    const target = out.length + r.int(15, 50);
    out.push('    /**', `     * ${r.sentence(8, 16)}`, '     */', `    fun ${r.pick(WORK_VERBS)}${i++ || ''}(key: String, items: List<String>, mode: Int): Int {`,
      '        var total = 0', '        var result = ""');
    let n = 0;
    while (out.length < target) out.push(...r.pick(KT_BLOCKS)(r, n++, '        '));
    out.push('        return total + result.length', '    }', '');
  }
  return out;
}

function controllerKotlin(r, mod, e) {
  const d = e.dto;
  const extendsBase = r.chance(0.3);
  const segment = kebab(plural(e.base));
  const pool = [
    !extendsBase && { paths: 1, lines: ['@GetMapping("/{id}")', `fun get(@PathVariable id: Long): ResponseEntity<${d}> = ResponseEntity.ok(service.findById(id))`] },
    !extendsBase && { paths: 1, lines: ['@PostMapping', `fun create(@RequestBody body: ${d}): ${d} = service.save(body)`] },
    { paths: 1, lines: ['@PutMapping("/{id}")', `fun update(@PathVariable id: Long, @RequestBody body: ${d}): ${d} {`, '    log.debug("update {}", id)', '    return service.save(body)', '}'] },
    { paths: 2, lines: ['@PatchMapping(path = ["/{id}/status", "/{id}/state"])', `fun changeStatus(@PathVariable id: Long, @RequestParam status: String): ${d} = service.findById(id)`] },
    { paths: 1, lines: ['@RequestMapping(value = ["/search"], method = [RequestMethod.GET])', `fun search(@RequestParam("q") query: String, @RequestParam(defaultValue = "10") limit: Int): List<${d}> =`, '    service.findAll(0, limit, query)'] },
    { paths: 1, lines: ['@GetMapping(ApiPaths.STATS)', 'fun stats(): Map<String, Int> = emptyMap()'] },
    { paths: 1, lines: ['@PostMapping("/{id}/actions/" + ApiPaths.ARCHIVE)', 'fun archive(@PathVariable id: Long): ResponseEntity<Void> = ResponseEntity.accepted().build()'] },
    { paths: 1, lines: ['@GetMapping("/{id:\\\\d+}/history")', `fun history(@PathVariable id: Long): List<${d}> = service.findAll(0, 50, id.toString())`] },
  ].filter(Boolean);
  const mappings = r.shuffle(pool).slice(0, r.int(3, pool.length));
  const endpoints = mappings.reduce((s, m) => s + m.paths, 0) + (extendsBase ? BASE_MAPPINGS : 0);
  const body = ['/**', ` * REST endpoints for ${segment.replace(/-/g, ' ')}.`, ' */', '@RestController', `@RequestMapping(ApiPaths.V1 + "/${segment}")`,
    `class ${e.controller}(private val service: ${e.service})${extendsBase ? ` : AbstractCrudController<${d}, Long>()` : ''} {`, ''];
  for (const m of mappings) body.push(`    /** ${r.sentence(4, 10)} */`, ...m.lines.map((l) => `    ${l}`), '');
  if (extendsBase) {
    body.push(`    override fun findOne(id: Long): ${d} = service.findById(id)`, '',
      `    override fun findPage(page: Int, size: Int): List<${d}> = service.findAll(page, size, null)`, '',
      `    override fun store(body: ${d}): ${d} = service.save(body)`, '',
      '    override fun remove(id: Long) {', '        service.delete(id)', '    }', '');
  }
  body.push('    companion object {', `        private val log = LoggerFactory.getLogger(${e.controller}::class.java)`, '    }', '}');
  const source = ktFile(`${mod.pkg}.web`, [`${mod.pkg}.dto.${d}`, `${mod.pkg}.service.${e.service}`, 'org.slf4j.LoggerFactory',
    'org.springframework.http.ResponseEntity', 'org.springframework.web.bind.annotation.*'], body);
  return { source, endpoints, mappings: mappings.length };
}

function resourceKotlin(r, mod, e) {
  const d = e.dto;
  const body = ['/**', ` * JAX-RS resource for ${kebab(plural(e.base)).replace(/-/g, ' ')}.`, ' */', `@Path("/rs/${kebab(plural(e.base))}")`,
    '@Produces(MediaType.APPLICATION_JSON)', `class ${e.resource} @Inject constructor(private val service: ${e.service}) {`, '',
    '    @GET', `    fun list(@QueryParam("limit") @DefaultValue("20") limit: Int): List<${d}> = service.findAll(0, limit, null)`, '',
    '    @GET', '    @Path("{id}")', `    fun get(@PathParam("id") id: Long): ${d} = service.findById(id)`, '',
    '    @DELETE', '    @Path("{id}")', '    fun delete(@PathParam("id") id: Long) {', '        service.delete(id)', '    }', '}'];
  const source = ktFile(`${mod.pkg}.api`, [`${mod.pkg}.dto.${d}`, `${mod.pkg}.service.${e.service}`, 'jakarta.inject.Inject', 'jakarta.ws.rs.*', 'jakarta.ws.rs.core.MediaType'], body);
  return { source, endpoints: 3, mappings: 3 };
}

function serviceKotlin(r, mod, e) {
  const d = e.dto;
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' */', '@Service', `class ${e.service} {`, '',
    `    private val store = ConcurrentHashMap<Long, ${d}>()`, '',
    `    fun findById(id: Long): ${d} = store.getValue(id)`, '',
    `    fun findAll(page: Int, size: Int, q: String?): List<${d}> {`, '        val all = store.values.toList()',
    '        val from = minOf(page * size, all.size)', '        return all.subList(from, minOf(from + size, all.size))', '    }', '',
    `    fun save(dto: ${d}): ${d} {`, '        store[dto.id] = dto', '        return dto', '    }', '',
    '    fun delete(id: Long) {', '        store.remove(id)', '    }', '',
    ...ktWorkMethods(r, workLines(r)),
    '    companion object {', `        private val log = LoggerFactory.getLogger(${e.service}::class.java)`, '    }', '}'];
  return ktFile(`${mod.pkg}.service`, [`${mod.pkg}.dto.${d}`, 'java.util.concurrent.ConcurrentHashMap', 'org.slf4j.LoggerFactory',
    'org.springframework.stereotype.Service'], body);
}

function otherKotlin(r, mod, kind, cls) {
  const body = ['/**', ` * ${r.sentence(6, 16)}`, ' */'];
  if (kind.ann) body.push(kind.ann);
  body.push(`${kind.ann ? 'class' : 'object'} ${cls} {`, '', ...ktWorkMethods(r, workLines(r)),
    `    private val log = LoggerFactory.getLogger(${cls}::class.java)`, '}');
  return ktFile(`${mod.pkg}.${kind.pkg}`, ['org.slf4j.LoggerFactory', ...(kind.imp ? [kind.imp] : [])], body);
}

// ---------------------------------------------------------------- build files

function rootPom(modules) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <!-- Synthetic code base written by bench/gen-codebase.mjs -->
  <groupId>com.acme</groupId>
  <artifactId>acme-platform</artifactId>
  <version>1.0.0-SNAPSHOT</version>
  <packaging>pom</packaging>
  <modules>
${modules.map((m) => `    <module>${m.dir}</module>`).join('\n')}
  </modules>
</project>
`;
}

/** The pom of one domain in the wide shape: the parent of its layer modules. */
function aggregatorPom(domain, modules) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>com.acme</groupId>
    <artifactId>acme-platform</artifactId>
    <version>1.0.0-SNAPSHOT</version>
  </parent>
  <artifactId>${domain}</artifactId>
  <packaging>pom</packaging>
  <modules>
${modules.map((m) => `    <module>${m.dir.slice(domain.length + 1)}</module>`).join('\n')}
  </modules>
</project>
`;
}

function modulePom(mod, kotlin, parent = 'acme-platform') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>com.acme</groupId>
    <artifactId>${parent}</artifactId>
    <version>1.0.0-SNAPSHOT</version>
  </parent>
  <artifactId>${mod.artifactId}</artifactId>
  <dependencies>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-web</artifactId>
    </dependency>${kotlin ? `
    <dependency>
      <groupId>org.jetbrains.kotlin</groupId>
      <artifactId>kotlin-stdlib</artifactId>
    </dependency>` : ''}
  </dependencies>
</project>
`;
}

// ---------------------------------------------------------------- gRPC services and actuator endpoints

/** Money and a status enum, imported by every service proto of the module. */
function commonProto(mod) {
  return `syntax = "proto3";

package acme.${mod.name}.v1;

option java_package = "${mod.pkg}.grpc.v1";
option java_multiple_files = true;

// An amount in one currency.
message Money {
  // ISO 4217 code.
  string currency = 1;
  int64 amount_minor = 2;
}

enum RecordStatus {
  RECORD_STATUS_UNSPECIFIED = 0;
  ACTIVE = 1;
  ARCHIVED = 2;
}
`;
}

/** One service with an RPC of each streaming kind (U, S, C, B). */
function serviceProto(r, mod, e) {
  const b = e.base;
  return `syntax = "proto3";

package acme.${mod.name}.v1;

import "acme/${mod.name}/v1/common.proto";
import "google/protobuf/timestamp.proto";

option java_package = "${mod.pkg}.grpc.v1";
option java_multiple_files = true;

// ${r.sentence(5, 12)}
service ${b}Service {
  // ${r.sentence(4, 10)}
  rpc Get${b}(Get${b}Request) returns (${b}Message);
  rpc Watch${b}(Get${b}Request) returns (stream ${b}Message);
  rpc Upload${b}(stream ${b}Message) returns (Upload${b}Summary);
  rpc Sync${b}(stream ${b}Message) returns (stream ${b}Message);
}

message Get${b}Request {
  int64 id = 1;
}

message ${b}Message {
  int64 id = 1;
  string name = 2;
  Money amount = 3;
  google.protobuf.Timestamp updated_at = 4;
  map<string, string> labels = 5;
  repeated string tags = 6;
  oneof ref {
    string code = 7;
    int64 external_id = 8;
  }
  RecordStatus status = 9;
}

message Upload${b}Summary {
  int32 accepted = 1;
  repeated int64 rejected_ids = 2;
}
`;
}

function grpcServiceJava(r, mod, e) {
  const b = e.base;
  const cls = `${b}GrpcService`;
  const v1 = `${mod.pkg}.grpc.v1`;
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' */', '@GrpcService', `public class ${cls} extends ${b}ServiceGrpc.${b}ServiceImplBase {`, '',
    `    private static final Logger log = LoggerFactory.getLogger(${cls}.class);`, '',
    '    @Override',
    `    public void get${b}(Get${b}Request request, StreamObserver<${b}Message> responseObserver) {`,
    `        responseObserver.onNext(${b}Message.newBuilder().setId(request.getId()).build());`,
    '        responseObserver.onCompleted();', '    }', '',
    '    @Override',
    `    public void watch${b}(Get${b}Request request, StreamObserver<${b}Message> responseObserver) {`,
    '        responseObserver.onCompleted();', '    }', '',
    '    @Override',
    `    public StreamObserver<${b}Message> upload${b}(StreamObserver<Upload${b}Summary> responseObserver) {`,
    '        return null;', '    }', '',
    '    @Override',
    `    public StreamObserver<${b}Message> sync${b}(StreamObserver<${b}Message> responseObserver) {`,
    '        return null;', '    }', '',
    ...javaWorkMethods(r, workLines(r), WORK_VERBS, 'private'), '}'];
  return javaFile(`${mod.pkg}.grpc`, [...JAVA_UTIL_IMPORTS, `${v1}.${b}ServiceGrpc`, `${v1}.Get${b}Request`, `${v1}.${b}Message`, `${v1}.Upload${b}Summary`,
    'io.grpc.stub.StreamObserver', 'net.devh.boot.grpc.server.service.GrpcService', 'org.slf4j.Logger', 'org.slf4j.LoggerFactory'], body);
}

function actuatorJava(r, mod, e) {
  const cls = `${e.base}Endpoint`;
  const body = ['/**', ` * ${r.sentence(6, 14)}`, ' */', `@Endpoint(id = "${lowerFirst(e.base)}")`, `public class ${cls} {`, '',
    `    private static final Logger log = LoggerFactory.getLogger(${cls}.class);`, '',
    `    /** ${r.sentence(4, 9)} */`, '    @ReadOperation', '    public Map<String, Long> summary() {', '        return Map.of();', '    }', '',
    '    @ReadOperation', `    public ${e.dto} one(@Selector Long id) {`, '        return null;', '    }', '',
    '    @WriteOperation', '    public void configure(@Selector String key, boolean enabled, @Nullable String note) {', '    }', '',
    '    @DeleteOperation', '    public void evict(@Selector String region, @Selector String key) {', '    }', '',
    ...javaWorkMethods(r, workLines(r), WORK_VERBS, 'private'), '}'];
  return javaFile(`${mod.pkg}.ops`, [...JAVA_UTIL_IMPORTS, `${mod.pkg}.dto.${e.dto}`, 'org.slf4j.Logger', 'org.slf4j.LoggerFactory', 'org.springframework.lang.Nullable',
    ...['DeleteOperation', 'Endpoint', 'ReadOperation', 'Selector', 'WriteOperation'].map((a) => `org.springframework.boot.actuate.endpoint.annotation.${a}`)], body);
}

// ---------------------------------------------------------------- plan and write

/**
 * Splits N files over the modules and kinds. Per module: 4 support files (constants, base
 * controller, Result, application); then controllers, resources, DTOs/enums and the rest.
 */
export function generate(outDir, { files, kotlinShare = 0, seed = 1, grpcActuator = false, shape = 'flat' }) {
  if (!Number.isInteger(files) || files < 60) throw new Error('--files must be an integer of at least 60');
  if (shape !== 'flat' && shape !== 'wide') throw new Error('--shape must be flat or wide');
  const r = new Rng(seed);
  const wide = shape === 'wide';
  const moduleCount = wide
    ? Math.min(MODULE_NAMES.length * LAYERS.length, Math.max(2, Math.round(files / 150)))
    : Math.min(MODULE_NAMES.length, Math.max(2, Math.round(files / 1500)));
  const modules = wide
    ? Array.from({ length: moduleCount }, (_, i) => {
      const domain = MODULE_NAMES[Math.floor(i / LAYERS.length)];
      const layer = LAYERS[i % LAYERS.length];
      return { name: `${domain}-${layer}`, domain, dir: `${domain}/${domain}-${layer}`, artifactId: `${domain}-${layer}`, pkg: `com.acme.${domain}.${layer}` };
    })
    : MODULE_NAMES.slice(0, moduleCount).map((name) => ({
      name, dir: `${name}-service`, artifactId: `${name}-service`, pkg: `com.acme.${name}`,
    }));
  const total = wide
    ? { controllers: Math.round(files * 0.056), resources: Math.round(files * 0.014), dtos: Math.round(files * 0.45) }
    : { controllers: Math.round(files * 0.08), resources: Math.round(files * 0.02), dtos: Math.round(files * 0.25) };
  const share = (n, i) => Math.floor(n / moduleCount) + (i < n % moduleCount ? 1 : 0);
  const manifest = {
    generator: 'bench/gen-codebase.mjs', seed, kotlinShare, shape, files: 0, bytes: 0, modules: modules.map((m) => m.artifactId),
    // Files the scan walks past: resources, build output, the front end (--shape wide).
    otherFiles: 0,
    java: { files: 0, controllers: 0, resources: 0, mappings: 0, endpoints: 0 },
    kotlin: { files: 0, controllers: 0, resources: 0, mappings: 0, endpoints: 0 },
    // With --grpc-actuator: gRPC services (one .proto each, beside the counted sources) and actuator endpoints.
    grpc: { services: 0, protos: 0, endpoints: 0 },
    actuator: { classes: 0, endpoints: 0 },
  };

  const written = [];
  const write = (rel, text) => {
    const abs = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    return Buffer.byteLength(text);
  };
  const source = (mod, lang, sub, cls, text) => {
    const rel = `${mod.dir}/src/main/${lang === 'kt' ? 'kotlin' : 'java'}/${mod.pkg.replace(/\./g, '/')}/${sub ? `${sub}/` : ''}${cls}.${lang}`;
    manifest.bytes += write(rel, text);
    manifest.files++;
    manifest[lang === 'kt' ? 'kotlin' : 'java'].files++;
    written.push(rel);
  };
  const count = (lang, kind, res) => {
    const m = manifest[lang === 'kt' ? 'kotlin' : 'java'];
    m[kind]++;
    m.mappings += res.mappings;
    m.endpoints += res.endpoints;
  };
  const lang = () => (kotlinShare > 0 && r.chance(kotlinShare) ? 'kt' : 'java');

  const extra = (rel, text) => {
    write(rel, text);
    manifest.otherFiles++;
  };
  write('pom.xml', rootPom(wide ? [...new Set(modules.map((m) => m.domain))].map((d) => ({ dir: d })) : modules));
  if (wide) {
    for (const domain of new Set(modules.map((m) => m.domain))) {
      write(`${domain}/pom.xml`, aggregatorPom(domain, modules.filter((m) => m.domain === domain)));
    }
    // A front end beside the services: many files, none of them Java or Kotlin.
    for (let i = 0; i < Math.round(files * 0.05); i++) extra(`frontend/src/app/feature-${i % 40}/part-${i}.ts`, `export const part${i} = ${i};\n`);
    for (let i = 0; i < 200; i++) extra(`frontend/node_modules/lib-${i % 20}/index-${i}.js`, `module.exports = ${i};\n`);
  }
  write('.gitignore', 'target/\n*.iml\n.idea/\n');
  write('README.md', '# acme-platform\n\nSynthetic code base for the apiscout scan benchmark.\n');
  modules.forEach((mod, mi) => {
    write(`${mod.dir}/pom.xml`, modulePom(mod, kotlinShare > 0, wide ? mod.domain : undefined));
    if (wide) {
      // Rules that name folders, and one that could name a source file: the walk tests every file against it.
      write(`${mod.dir}/.gitignore`, '/target/\n*.log\n/local-config/\n*.bak\n**/*Generated.java\n!keep.log\n');
      const nOther = Math.round(share(files, mi) * 0.5);
      for (let i = 0; i < nOther; i++) {
        const kind = i % 5;
        if (kind === 0) extra(`${mod.dir}/src/main/resources/mapper/${mod.domain}/Mapper${i}.xml`, `<?xml version="1.0"?>\n<mapper namespace="${mod.pkg}.Mapper${i}">\n  <select id="find${i}">SELECT * FROM t${i}</select>\n</mapper>\n`);
        else if (kind === 1) extra(`${mod.dir}/src/main/resources/i18n/messages_${i}.properties`, `greeting.${i}=Hello ${i}\n`);
        else if (kind === 2) extra(`${mod.dir}/src/main/resources/db/migration/V${i}__change.sql`, `ALTER TABLE t${i} ADD COLUMN c${i} INT;\n`);
        else if (kind === 3) extra(`${mod.dir}/src/main/resources/static/js/page-${i}.js`, `console.log(${i});\n`);
        else extra(`${mod.dir}/target/classes/${mod.pkg.replace(/\./g, '/')}/Compiled${i}.class`, `\u00ca\u00fe\u00ba\u00be${i}`);
      }
      extra(`${mod.dir}/local-config/application-local.yml`, 'debug: true\n');
    }
    write(`${mod.dir}/src/main/resources/application.yml`, `server:\n  port: ${8080 + mi}\nspring:\n  application:\n    name: ${mod.artifactId}\n`);
    source(mod, 'java', 'web', 'ApiPaths', apiPathsJava(mod));
    source(mod, 'java', 'web', 'AbstractCrudController', baseControllerJava(mod));
    source(mod, 'java', 'dto', 'Result', resultJava(mod));
    const app = applicationJava(mod);
    source(mod, 'java', '', /public class (\w+)/.exec(app)[1], app);

    const nFiles = share(files, mi) - 4;
    const nCtl = share(total.controllers, mi);
    const nRes = share(total.resources, mi);
    const nDto = share(total.dtos, mi);
    const nEnum = Math.round(nDto * 0.15);
    const entities = baseNames(r, nDto - nEnum).map((base) => ({
      base, dto: `${base}Dto`, controller: `${base}Controller`, resource: `${base}Resource`, service: `${base}Service`,
    }));
    // Each enum belongs to one DTO, which gets a `status` field of that type.
    entities.slice(0, nEnum).forEach((e) => (e.enumName = `${e.base}Status`));
    let other = nFiles - nCtl - nRes - nDto;
    for (const e of entities) {
      if (e.enumName) {
        const l = lang();
        source(mod, l, 'dto', e.enumName, l === 'kt' ? enumKotlin(r, mod, e.enumName) : enumJava(r, mod, e.enumName));
      }
      const l = lang();
      source(mod, l, 'dto', e.dto, l === 'kt' ? dtoKotlin(r, mod, e) : dtoJava(r, mod, e));
    }
    // Controllers and resources take DTOs from the front, each with the service behind it.
    entities.slice(0, nCtl + nRes).forEach((e, i) => {
      const l = lang();
      if (i < nCtl) {
        const res = l === 'kt' ? controllerKotlin(r, mod, e) : controllerJava(r, mod, e);
        source(mod, l, 'web', e.controller, res.source);
        count(l, 'controllers', res);
      } else {
        const res = l === 'kt' ? resourceKotlin(r, mod, e) : resourceJava(r, mod, e);
        source(mod, l, 'api', e.resource, res.source);
        count(l, 'resources', res);
      }
      const ls = lang();
      source(mod, ls, 'service', e.service, ls === 'kt' ? serviceKotlin(r, mod, e) : serviceJava(r, mod, e));
      other--;
    });
    if (grpcActuator) {
      // About 2% of the files serve gRPC and 0.5% actuator endpoints, in place of utility classes.
      const nGrpc = Math.max(1, Math.round(nFiles * 0.02));
      const nAct = Math.max(1, Math.round(nFiles * 0.005));
      const protoDir = `${mod.dir}/src/main/proto/acme/${mod.name}/v1`;
      write(`${protoDir}/common.proto`, commonProto(mod));
      manifest.grpc.protos++;
      entities.slice(-nGrpc).forEach((e) => {
        write(`${protoDir}/${kebab(e.base).replace(/-/g, '_')}_service.proto`, serviceProto(r, mod, e));
        source(mod, 'java', 'grpc', `${e.base}GrpcService`, grpcServiceJava(r, mod, e));
        manifest.grpc.services++;
        manifest.grpc.protos++;
        manifest.grpc.endpoints += 4;
        other--;
      });
      entities.slice(-nGrpc - nAct, -nGrpc).forEach((e) => {
        source(mod, 'java', 'ops', `${e.base}Endpoint`, actuatorJava(r, mod, e));
        manifest.actuator.classes++;
        manifest.actuator.endpoints += 4;
        other--;
      });
    }
    for (let i = 0; other > 0; i++, other--) {
      const kind = OTHER_KINDS[i % OTHER_KINDS.length];
      const e = entities[i % entities.length];
      const cls = `${e.base}${kind.suffix}${i >= entities.length ? Math.floor(i / entities.length) + 1 : ''}`;
      const l = lang();
      source(mod, l, kind.pkg, cls, l === 'kt' ? otherKotlin(r, mod, kind, cls) : otherJava(r, mod, kind, cls));
    }
  });
  // Actuator endpoints are found only with the actuator setting on: counted apart.
  manifest.endpoints = manifest.java.endpoints + manifest.kotlin.endpoints + manifest.grpc.endpoints;
  write('bench-manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function parseArgs(argv) {
  const out = { outDir: undefined, files: undefined, kotlinShare: 0, seed: 1, grpcActuator: false, shape: 'flat' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--files') out.files = Number(argv[++i]);
    else if (a === '--kotlin-share') out.kotlinShare = Number(argv[++i]);
    else if (a === '--seed') out.seed = Number(argv[++i]);
    else if (a === '--grpc-actuator') out.grpcActuator = true;
    else if (a === '--shape') out.shape = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else out.outDir = a;
  }
  if (!out.outDir || out.files === undefined) throw new Error('usage: gen-codebase.mjs OUT_DIR --files N [--kotlin-share 0.0] [--seed 1] [--grpc-actuator] [--shape flat|wide]');
  if (!(out.kotlinShare >= 0 && out.kotlinShare <= 1)) throw new Error('--kotlin-share must be between 0 and 1');
  if (!Number.isInteger(out.seed)) throw new Error('--seed must be an integer');
  return out;
}

/** Clears OUT_DIR first, but only if it is empty or was written by this generator. */
function prepareOutDir(dir) {
  if (!fs.existsSync(dir)) return;
  const entries = fs.readdirSync(dir);
  if (entries.length && !entries.includes('bench-manifest.json')) {
    throw new Error(`${dir} is not empty and holds no bench-manifest.json; refusing to overwrite it`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const args = parseArgs(process.argv.slice(2));
    prepareOutDir(args.outDir);
    const manifest = generate(args.outDir, args);
    process.stdout.write(`${JSON.stringify(manifest)}\n`);
  } catch (err) {
    process.stderr.write(`gen-codebase: ${err.message}\n`);
    process.exit(2);
  }
}
