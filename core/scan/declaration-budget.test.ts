import { describe, expect, it } from 'vitest';
import { MAX_DECLARATIONS_PER_FILE as MAX, cutDeclarations } from './declaration-budget';
import { parseJava } from './java/java-source';
import { parseKotlin } from './kotlin/kotlin-source';

describe('the declaration budget of one file', () => {
  it('leaves a file under the budget alone', () => {
    expect(cutDeclarations('class A { int a; void f() { } }', 'java', 3)).toBeUndefined();
  });

  it('cuts a Java file after the budget, keeping lines, closing its braces, skipping strings and comments', () => {
    const src = 'class A {\n  String s = ";;;"; // ;;;\n  int a;\n  int b;\n  int c;\n}\n';
    const cut = cutDeclarations(src, 'java', 2)!;
    expect(cut.line).toBe(3);
    expect(cut.text.length).toBe(src.length);
    expect(cut.text.split('\n').length).toBe(src.split('\n').length);
    expect(cut.text.trimEnd().endsWith('}')).toBe(true);
    expect(cut.text).toContain('int a;');
    expect(cut.text).not.toContain('int b;');
  });

  it('blanks a tail of any characters to the same length, lines kept, the open braces closed last', () => {
    const src = 'class A {\n  class B {\n  int a;\n  int b; // é 😀\n  String s = "ü";\n  int c;\n'; // two braces left open
    const cut = cutDeclarations(src, 'java', 1)!;
    expect(cut.text.length).toBe(src.length); // the two closing braces take the last blanks
    expect(cut.text.split('\n').length).toBe(src.split('\n').length);
    expect(cut.text.slice(cut.text.indexOf('int a;') + 6)).toMatch(/^[ \n]*}}\n$/);
  });

  it('reads the members before the cut of a 120,000-member Java class and names the line', () => {
    const src = `package a;\n@RestController\npublic class Big {\n  @GetMapping("/first") String first() { return ""; }\n${Array.from({ length: 120_000 }, (_, i) => `  void m${i}() { }`).join('\n')}\n}\n`;
    const { file, errorLine } = parseJava(src, 'Big.java', 'm');
    expect(errorLine).toBeUndefined();
    expect(file.cutAtLine).toBe(MAX + 3);
    const big = file.types[0]!;
    expect(big.methods[0]!.name).toBe('first');
    expect(big.methods.length).toBe(MAX);
  });

  it('cuts a Kotlin class the same way', () => {
    const src = `package a\nclass Big {\n  fun first(): String = ""\n${Array.from({ length: 40_000 }, (_, i) => `  val f${i} = 1`).join('\n')}\n}\n`;
    const { file } = parseKotlin(src, 'Big.kt', 'm');
    expect(file.cutAtLine).toBeGreaterThan(MAX - 1000);
    expect(file.cutAtLine).toBeLessThan(MAX + 1000);
    expect(file.types[0]!.methods[0]!.name).toBe('first');
  });
});
