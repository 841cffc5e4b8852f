// "Ask each export" (curl.renderMode = ask) on a terminal: which environment fills the cURL
// placeholders, or keep them. The CLI asks only when stdin and stderr are both a terminal; a
// pipe or a file keeps today's warning and the placeholders (see commands/export.ts).

import { createInterface } from 'node:readline';

export interface Terminal {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/** The answer: an environment's name, or undefined to keep the placeholders. */
export type RenderAnswer = { environment: string } | { keep: true };

/**
 * Lists the environments (the active one first and the default) and "keep placeholders"; an empty
 * line takes the default, an answer out of range asks again, end of input keeps.
 */
export async function askRender(terminal: Terminal, environments: readonly string[], active: string | undefined): Promise<RenderAnswer> {
  const names = active !== undefined && environments.includes(active) ? [active, ...environments.filter((n) => n !== active)] : [...environments];
  const fallback = names.length ? 1 : 0;
  const lines = ["curl.renderMode is 'Ask each export': which environment fills the placeholders?"];
  names.forEach((n, i) => lines.push(`  ${i + 1}) ${n}${n === active ? ' (active)' : ''}`));
  lines.push('  0) keep placeholders');
  terminal.output.write(`${lines.join('\n')}\n`);
  const rl = createInterface({ input: terminal.input, output: terminal.output, terminal: false });
  const iterator = rl[Symbol.asyncIterator]();
  try {
    for (;;) {
      terminal.output.write(`Choice [${fallback}]: `);
      const next = await iterator.next();
      if (next.done) {
        terminal.output.write('\n');
        return { keep: true };
      }
      const text = String(next.value).trim();
      const choice = text === '' ? fallback : /^\d+$/.test(text) ? Number(text) : names.indexOf(text) + 1 || -1;
      if (choice === 0) return { keep: true };
      if (choice >= 1 && choice <= names.length) return { environment: names[choice - 1]! };
      terminal.output.write(`'${text}' is not one of 0-${names.length}\n`);
    }
  } finally {
    rl.close();
  }
}
