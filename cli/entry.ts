// The bundle's entry point: `node dist/apiscout.mjs <command>`.
import './jit-tuning';
import { processIO } from './io';
import { main } from './main';
import { endsWithOutput, exitWhenWritten } from './exit-when-written';

// `apiscout scan | head` closes the pipe early: that ends the output, it is not a failure.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const argv = process.argv.slice(2);
main(argv, processIO()).then(
  (code) => {
    process.exitCode = code;
    if (endsWithOutput(argv[0])) exitWhenWritten(code);
  },
  (e: unknown) => {
    process.stderr.write(`apiscout: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
