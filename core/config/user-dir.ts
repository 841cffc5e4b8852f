// The per-user folder for settings and secrets: the OS's config folder, never the project, so
// nothing personal is committed. `APISCOUT_CONFIG_DIR` moves it (tests, portable installs).

import { homedir } from 'node:os';
import { join } from 'node:path';

export function userConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.APISCOUT_CONFIG_DIR) return env.APISCOUT_CONFIG_DIR;
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'apiscout');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'apiscout');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'apiscout');
}

/** The project's own state folder: shared files (environments, settings overrides) and per-user state. */
export function projectStateDir(projectDir: string): string {
  return join(projectDir, '.apiscout');
}
