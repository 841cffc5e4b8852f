// A cheap linear look at a .proto's text before protobufjs sees it: nesting past the guard
// (protobufjs parses recursively, so absurd nesting would exhaust the stack), braces that do not
// balance and strings left open. A file with one of these is not parsed at all; its problem is
// the file's diagnostic, with the line, and the project's other protos are read as usual.

import { MAX_NESTING } from '../nesting-guard';

export interface ProtoTextProblem {
  line: number;
  message: string;
}

const NL = 10;

export function protoTextProblem(text: string, limit = MAX_NESTING): ProtoTextProblem | undefined {
  const opened: number[] = []; // line of each open bracket
  let line = 1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NL) line++;
    else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end - 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 1;
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === NL) line++;
      i = stop;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) j++;
        else if (d === c) break;
        else if (d === NL) return { line, message: `unterminated string at line ${line}: the file is not read` };
      }
      if (j >= n) return { line, message: `unterminated string at line ${line}: the file is not read` };
      i = j;
    } else if (c === 123 /* { */ || c === 40 /* ( */ || c === 91 /* [ */) {
      opened.push(line);
      if (opened.length > limit) return { line, message: `nesting over ${limit} levels deep at line ${line} (messages, blocks or option values): the file is not read` };
    } else if (c === 125 /* } */ || c === 41 /* ) */ || c === 93 /* ] */) {
      if (opened.pop() === undefined) return { line, message: `unbalanced '${text[i]}' at line ${line}: the file is not read` };
    }
  }
  if (opened.length) return { line: opened[opened.length - 1]!, message: `a bracket opened at line ${opened[opened.length - 1]} is never closed: the file is not read` };
  return undefined;
}
