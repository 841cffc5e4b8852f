// The "Ask each export" question with injected streams: what it lists, what each answer gives.
// The real terminal path (a pseudo-terminal through `script`) is in export-command.test.ts.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askRender } from '../../cli/ask-render';

function terminal(answers: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => {
    shown += d.toString();
    // Answer each prompt as it appears, as a person would.
    if (shown.endsWith(': ') && answers.length) input.write(`${answers.shift()}\n`);
    else if (shown.endsWith(': ')) input.end();
  });
  return { t: { input, output }, shown: () => shown };
}

describe('askRender', () => {
  it('lists the active environment first as the default; an empty line takes it', async () => {
    const { t, shown } = terminal(['']);
    expect(await askRender(t, ['staging', 'local'], 'local')).toEqual({ environment: 'local' });
    expect(shown()).toContain('  1) local (active)\n  2) staging\n  0) keep placeholders\nChoice [1]: ');
  });

  it('asks again after an answer out of range; 0 keeps the placeholders; a name is an answer too', async () => {
    const again = terminal(['7', '2']);
    expect(await askRender(again.t, ['staging', 'local'], undefined)).toEqual({ environment: 'local' });
    expect(again.shown()).toContain("'7' is not one of 0-2");
    expect(await askRender(terminal(['0']).t, ['staging'], undefined)).toEqual({ keep: true });
    expect(await askRender(terminal(['staging']).t, ['staging', 'local'], undefined)).toEqual({ environment: 'staging' });
  });

  it('keeps the placeholders at the end of input, and by default when there is no environment', async () => {
    expect(await askRender(terminal([]).t, ['staging'], undefined)).toEqual({ keep: true });
    const none = terminal(['']);
    expect(await askRender(none.t, [], undefined)).toEqual({ keep: true });
    expect(none.shown()).toContain('Choice [0]: ');
  });
});
