import { describe, expect, it } from 'vitest';
import { protoTextProblem } from './proto-text';

describe('protoTextProblem', () => {
  it('passes sound protos, braces and quotes inside strings and comments included', () => {
    expect(protoTextProblem('syntax = "proto3";\n// a } stray\n/* { */\nmessage M { string a = 1 [default = "}{\\"", (x) = { a: [1, 2] }]; }\n')).toBeUndefined();
  });

  it('names the line of deep nesting, an unbalanced or unclosed bracket and an unterminated string', () => {
    expect(protoTextProblem(`${'message M {\n'.repeat(300)}${'}\n'.repeat(300)}`)?.message).toBe('nesting over 256 levels deep at line 257 (messages, blocks or option values): the file is not read');
    expect(protoTextProblem('message M { }\n}\n')).toEqual({ line: 2, message: "unbalanced '}' at line 2: the file is not read" });
    expect(protoTextProblem('syntax = "proto3";\nmessage M {\n  string a = 1;\n')).toEqual({ line: 2, message: 'a bracket opened at line 2 is never closed: the file is not read' });
    expect(protoTextProblem("option x = 'abc;\nmessage M {}\n")).toEqual({ line: 1, message: 'unterminated string at line 1: the file is not read' });
    expect(protoTextProblem('option x = "abc')?.line).toBe(1);
  });
});
