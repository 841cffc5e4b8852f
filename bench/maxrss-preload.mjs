// Preloaded with `node --import` into every benchmarked child process: reports the child's peak
// resident set size on stderr as it exits, so the benchmark needs no /usr/bin/time.
process.on('exit', () => {
  process.stderr.write(`\n[bench] maxrss-kb=${process.resourceUsage().maxRSS}\n`);
});
