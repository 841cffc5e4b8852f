// The groovy subset: translations that read the same in both languages, run for real in the
// sandbox, and every construct outside the subset rejected with its line.
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptError } from '../core/errors';
import type { ScriptResponse } from './exchange';
import { translateGroovy } from './groovy';
import { ScriptRunner } from './runner';
import type { StorageOp } from './runner';
import { parseScriptProperty } from './script-source';

const runner = new ScriptRunner({ timeoutMs: 1000, memoryLimitMb: 32 });
afterAll(() => runner.dispose());

function storage(values: Record<string, unknown> = {}) {
  return {
    values,
    read: () => ({ ...values }),
    apply: (ops: StorageOp[]) => {
      for (const o of ops) if (o.op === 'set') values[o.key] = o.value;
    },
  };
}

const request = { method: 'GET', url: 'http://127.0.0.1/api/items?page=1', headers: [], body: null };
const response = (body: unknown): ScriptResponse => ({ status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], body: new TextEncoder().encode(JSON.stringify(body)) });

async function runGroovy(code: string, body: unknown = {}) {
  const store = storage();
  const result = await runner.runAfter({ name: 'after.groovy', language: 'groovy', code }, request, response(body), { storage: store });
  return { logs: result.logs.map((l) => l.text), stored: store.values };
}

describe('groovy subset: translation', () => {
  const cases: [string, string, string][] = [
    ['def declarations', `def a = 1\ndef b`, `let a = 1\nlet b`],
    ['def functions', `def twice(x) {\n  return x * 2\n}`, `function twice(x) {\n  return x * 2\n}`],
    ['GString interpolation', `def s = "Bearer \${token} for $user.name"`, 'let s = `Bearer ${token} for ${user.name}`'],
    ['escaped dollar and backtick', `"cost: \\$5 \`x\`"`, '`cost: \\$5 \\`x\\``'],
    ['single quotes stay literal', `'\${not} $interpolated'`, `'\${not} $interpolated'`],
    ["triple single quotes", `'''a\n$b'''`, '`a\n\\$b`'],
    ['closure with implicit it', `list.collect { it.id }`, 'list.collect ((it) => { return it.id })'],
    ['closure with parameters', `def add = { a, b -> a + b }`, 'let add = (a, b) => { return a + b }'],
    ['closure after call arguments', `list.inject(0) { acc, x -> acc + x }`, 'list.inject(0, (acc, x) => { return acc + x })'],
    ['multi-statement closure returns its last expression', `xs.each { x ->\n  def y = x\n  y + 1\n}`, 'xs.each ((x) => {\n  let y = x\n  return y + 1\n})'],
    ['assignment last is not returned', `xs.each { total += it }`, 'xs.each ((it) => { total += it })'],
    ['list and map literals', `def m = [a: 1, 'b': [1, 2], (k): v, "x": [:]]`, 'let m = {a: 1, \'b\': [1, 2], [k]: v, "x": {}}'],
    ['empty list, subscript and nested map', `def l = []\nl[0] = m['a']\n[x: [y: 1]]`, 'let l = []\nl[0] = m[\'a\']\n;({x: {y: 1}})'],
    ['safe navigation and elvis', `def t = a?.b?.c ?: 'none'`, "let t = a?.b?.c || 'none'"],
    ['ternary inside a list is not a map', `[c ? 1 : 2]`, '[c ? 1 : 2]'],
    ['if/else blocks stay blocks, conditions use Groovy truth', `if (a) {\n  b()\n} else {\n  c()\n}`, 'if (__groovyTruth(a)) {\n  b()\n} else {\n  c()\n}'],
    ['typed-looking comparisons are left alone', `def ok = A < b`, 'let ok = A < b'],
  ];
  for (const [label, groovy, js] of cases) {
    it(label, () => {
      expect(translateGroovy(groovy, 'g')).toBe(js);
    });
  }

  it('keeps every line where it was', () => {
    const source = `def a = [\n  x: 1,\n  y: { it ->\n    it * 2\n  }\n]\n"""\nz\n"""`;
    expect(translateGroovy(source, 'g').split('\n')).toHaveLength(source.split('\n').length);
  });
});

describe('groovy subset: rejected constructs name the construct and line', () => {
  const rejected: [string, string, number, RegExp][] = [
    ['typed declaration', `def a = 1\nString s = "x"`, 2, /a typed declaration \(String …\).*declare with def/],
    ['primitive declaration', `int n = 1`, 1, /a typed declaration \(int\)/],
    ['def with a type', `def String s = ''`, 1, /a typed declaration is outside the groovy subset apiscout runs; declare with def s$/],
    ['generic declaration', `\n\nList<String> names = []`, 3, /a typed declaration/],
    ['class', `class A {}`, 1, /a class declaration/],
    ['import', `import groovy.json.JsonSlurper`, 1, /an import/],
    ['new', `def x = 1\ndef s = new JsonSlurper()`, 2, /object construction with new/],
    ['range', `def r = 1..5`, 1, /a range \(a\.\.b\)/],
    ['left shift', `def l = []\n\nl << 1`, 3, /the << operator/],
    ['regex operators', `if (s ==~ 'a.*') {}`, 1, /regex match operator/],
    ['find operator', `def m = s =~ 'a'`, 1, /regex find operator/],
    ['spread-dot', `def ids = items*.id`, 1, /spread-dot/],
    ['method reference', `def f = this.&go`, 1, /method reference/],
    ['in / for-in', `for (x in list) {}`, 1, /the in operator/],
    ['as', `def n = s as Integer`, 1, /type coercion with as/],
    ['switch', `switch (x) {\n case 1: break\n}`, 1, /switch/],
    ['command expression', `def t = 1\nprintln t`, 2, /a method call without parentheses \(println …\).*write println\(…\)/],
    ['slashy string', `def p = /ab+c/`, 1, /a slashy string/],
    ['number suffix', `def big = 10L`, 1, /a number with a type suffix \(10L\)/],
    ['negative index', `def last = list[-1]`, 1, /a negative index/],
    ['typed closure parameter', `list.each { String s -> s }`, 1, /a typed closure parameter/],
    ['typed catch', `try {\n  a()\n} catch (Exception e) {\n}`, 3, /a typed catch parameter.*catch \(e\)/],
    ['annotation', `@Field def x = 1`, 1, /annotation/],
    ['multiple assignment', `def (a, b) = [1, 2]`, 1, /multiple assignment/],
    ['JavaScript syntax', `const a = 1`, 1, /JavaScript keyword const/],
    ['arrow function', `def f = (a) => a`, 1, /JavaScript arrow function/],
    ['unclosed brace', `if (a) {\n  b()`, 1, /an unclosed '\{'/],
    ['mismatched bracket', `def a = [1, 2)`, 1, /'\)' where '\]' closes the '\[' of line 1/],
    ['string across lines', `def s = "abc\n"`, 1, /a string that runs past the end of its line/],
    ['unclosed string', `\ndef s = 'abc`, 2, /an unclosed string/],
    // JavaScript ends a // comment at CR, U+2028 and U+2029: what follows is code and is checked.
    ['arrow after a CR in a comment', `def a = 1 // note\rdef f = (x) => x`, 2, /JavaScript arrow function/],
    ['new after a U+2028 in a comment', `// note\u2028def s = new Date()`, 2, /object construction with new/],
    ['class after a U+2029 in a comment', `def a = 1\n// note\u2029class A {}`, 3, /a class declaration/],
    ['backtick after a CR in a comment', `// note\r\`x\``, 2, /a backtick/],
  ];
  for (const [label, code, line, message] of rejected) {
    it(label, () => {
      let error: unknown;
      try {
        translateGroovy(code, 'http.call.after');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScriptError);
      const e = error as ScriptError;
      expect(e.line).toBe(line);
      expect(e.message).toMatch(new RegExp(`^http\\.call\\.after, line ${line}: `));
      expect(e.message).toMatch(message);
    });
  }

  it('Object.prototype names are ordinary member names, not rejected constructs', async () => {
    const code = `def m = [a: 1]\ndef s = m.toString()\ndef own = m.hasOwnProperty('a')\ndef c = m.constructor\nlocalStorage.set('r', [s, own, c == null])`;
    expect(() => translateGroovy(code, 'g')).not.toThrow();
    const { stored } = await runGroovy(code);
    expect(stored.r).toEqual(['[object Object]', true, false]);
  });

  it('a CR LF file still counts its lines once per CR LF', () => {
    expect(() => translateGroovy(`def a = 1\r\n\r\ndef s = new Date()`, 'g')).toThrow(/^g, line 3: object construction with new/);
  });

  it('a rejected script fails its run before anything runs', async () => {
    const store = storage();
    await expect(
      runner.runBefore({ name: 'before.groovy', language: 'groovy', code: `localStorage.set('a', 1)\ndef s = new Date()` }, request, { storage: store }),
    ).rejects.toThrow('before.groovy, line 2: object construction with new');
    expect(store.values).toEqual({});
  });
});

describe('groovy subset: runs for real', () => {
  it('reads a token from a JSON response into localStorage with closures, maps and elvis', async () => {
    const { logs, stored } = await runGroovy(
      `def body = response.json()
def token = body?.data?.token ?: 'anonymous'
localStorage.set("token", token)
def names = body.items.findAll { it.price > 10 }.collect { it.name }
def byName = [:]
body.items.each { item -> byName[item.name] = item.price }
def total = body.items.sum { it.price }
println("\${names.size()} expensive: \${names.join(', ')}; total $total; first \${body.items.first().name}")
def summary = [count: body.items.size(), (token): byName.containsKey('pen')]
logger.info(json.stringify(summary))
def missing = body?.nothing?.deeper
println(missing == null)`,
      { data: { token: 'tok-1' }, items: [{ name: 'pen', price: 5 }, { name: 'book', price: 20 }, { name: 'lamp', price: 30 }] },
    );
    expect(stored).toEqual({ token: 'tok-1' });
    expect(logs).toEqual(['2 expensive: book, lamp; total 55; first pen', '{"count":3,"tok-1":true}', 'true']);
  });

  it('defines and calls functions and closures, and iterates maps', async () => {
    const { logs } = await runGroovy(`def twice(x) {
  return x * 2
}
def add = { a, b -> a + b }
def parts = []
[b: 2, a: 1].each { k, v -> parts.add("$k=\${twice(v)}") }
def m = [:]
m['k'] = 'v'
println(add(twice(2), 1), parts.join('&'), "abc".size(), [].isEmpty(), 'x'.contains('x'), m.k, m.containsKey('k'), m.size())`);
    expect(logs).toEqual(['5 b=4&a=2 3 true true v true 1']);
  });

  it("runs the README's example and inject with a trailing closure", async () => {
    const { logs, stored } = await runGroovy(
      `def body = response.json()
def expensive = body.items.findAll { it.price > 10 }.collect { it.name }
localStorage.set("token", body?.data?.token ?: 'anonymous')
println("\${expensive.size()} expensive items: \${expensive.join(', ')}")
println(body.items.inject(0) { acc, x -> acc + x.price })`,
      { items: [{ name: 'pen', price: 5 }, { name: 'book', price: 20 }] },
    );
    expect(logs).toEqual(['1 expensive items: book', '25']);
    expect(stored).toEqual({ token: 'anonymous' });
  });

  it('conditions follow Groovy truth: empty lists, maps and strings are false', async () => {
    const { logs } = await runGroovy(`def seen = []
[[], [0], [:], [a: 1], '', 'x', 0, 1, null, response].each { v ->
  if (v) { seen.add('T') } else { seen.add('F') }
}
def n = 0
while (n < 3 && seen) { n++ }
println(seen.join(''), n)`);
    expect(logs).toEqual(['FTFTFTFTFT 3']);
  });

  it('a runtime error points at the groovy line', async () => {
    await expect(runGroovy(`def a = 1\n\ndef b = a.missing.deeper`)).rejects.toThrow(/^after\.groovy, line 3: TypeError: Cannot read properties of undefined/);
  });

  it('a before-script from a property value sets a header built with a GString', async () => {
    const script = parseScriptProperty('groovy:```\nrequest.setHeader("Authorization", "Bearer ${localStorage.get(\'token\')}")\n```', 'http.call.before')!;
    const result = await runner.runBefore(script, request, { storage: storage({ token: 'abc' }) });
    expect(result.request.headers).toEqual([{ name: 'Authorization', value: 'Bearer abc' }]);
  });
});

describe('script property values', () => {
  it('read groovy: and js: prefixes with or without fences; no prefix is JavaScript', () => {
    expect(parseScriptProperty('groovy:```\nprintln(1)\n```', 'p')).toEqual({ name: 'p', language: 'groovy', code: 'println(1)' });
    expect(parseScriptProperty('js:```js\nlogger.info(1)\n```', 'p')).toEqual({ name: 'p', language: 'js', code: 'logger.info(1)' });
    expect(parseScriptProperty('groovy:\nprintln(1)\nprintln(2)', 'p')).toEqual({ name: 'p', language: 'groovy', code: 'println(1)\nprintln(2)' });
    expect(parseScriptProperty('logger.info(1)', 'p')).toEqual({ name: 'p', language: 'js', code: 'logger.info(1)' });
    expect(parseScriptProperty('js:   ', 'p')).toBeUndefined();
    expect(() => parseScriptProperty('groovy:```\nprintln(1)', 'p')).toThrow('p: the code block opened with ``` is never closed');
  });
});
