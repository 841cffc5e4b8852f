// Which flag raises TurboFan's threshold on which V8 (cli/jit-tuning.ts sets it). Pure, so a test
// can ask without changing its own process's flags.

/**
 * The flag that raises TurboFan's threshold 15 times on this Node's V8, or undefined where none
 * is known: V8 prints a flag it does not know to stderr, on every run of every command.
 */
export function tieringFlag(nodeVersion = process.versions.node): string | undefined {
  const major = Number(nodeVersion.split('.')[0]);
  // V8 11.3: a budget of bytecode run, 67,584 bytes by default.
  if (major === 20) return '--interrupt-budget=1000000';
  // V8 12 and later: a budget per byte of the function's bytecode, 3,000 by default. Node 22,
  // 10,000 files, CPU of three cold runs: 1.38-1.45 s to 1.07-1.13 s without models, 2.40-2.73 s
  // to 2.11-2.23 s with them.
  if (major >= 22) return '--invocation-count-for-turbofan=45000';
  return undefined;
}
