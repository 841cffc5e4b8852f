// Puts the process environment back to `saved` in place. Never `process.env = saved`: a plain
// object there is no longer the process's environment, so a worker thread started later (test
// files share processes: vitest.config.ts isolate false) would not see what a test sets.
export function restoreEnv(saved: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}
