// The bundle's entry point: `node dist/apiscout.mjs <command>`.
import { processIO } from './io';
import { main } from './main';

main(process.argv.slice(2), processIO()).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`apiscout: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
