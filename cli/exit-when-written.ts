// A one-shot command's process ends as soon as its output is written. Left to end by itself,
// Node disposes of V8's heap page by page first: after a cold scan of the 10,000 bench files
// (a heap of 80-200 MB) that came to 60-100 ms of the scan's wall time at load 20, between the
// 'exit' event and the parent seeing the exit (36 ms with the heap left to the kernel).

/**
 * Commands whose work is done when they return: nothing of theirs (a server, a watcher, a
 * background write) runs on after. `scan` waits for its parse worker and writes its state
 * files before it answers.
 */
const ONE_SHOT = new Set(['scan']);

export function endsWithOutput(command: string | undefined): boolean {
  return command !== undefined && ONE_SHOT.has(command);
}

/**
 * Exits with `code` once what was written to stdout and stderr has left the process: a write
 * a full pipe held back is waited for (its callback comes after every earlier write's), never cut off.
 */
export function exitWhenWritten(code: number): void {
  let left = 2;
  const done = () => {
    if (--left === 0) process.exit(code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.destroyed || !stream.writable) done();
    else stream.write('', done);
  }
}
