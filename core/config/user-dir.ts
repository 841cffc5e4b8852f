// The per-user folder for settings and secrets: the OS's config folder, never the project, so
// nothing personal is committed. `APISCOUT_CONFIG_DIR` moves it (tests, portable installs).
// Also the project's own state folder, `.apiscout/`.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * The `.gitignore` of the state folder: everything is personal (saved requests, the index, locks)
 * except the files a team shares. An allow-list, so any new personal file is ignored by default.
 */
export const STATE_GITIGNORE = `# apiscout: personal state and caches stay out of version control;
# the files listed below are meant to be committed and shared.
*
!.gitignore
!environments.json
!settings.json
!config.properties
`;

/** What earlier versions wrote; replaced so the shared files become visible to git. */
const OLD_GITIGNORE = '*\n';

/** Creates `<project>/.apiscout/` with its `.gitignore`; returns the folder. */
export function ensureProjectStateDir(projectDir: string): string {
  const dir = projectStateDir(projectDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, '.gitignore');
  try {
    writeFileSync(path, STATE_GITIGNORE, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      if (readFileSync(path, 'utf8') === OLD_GITIGNORE) writeFileSync(path, STATE_GITIGNORE);
    } catch {
      // unreadable: leave the user's file alone
    }
  }
  return dir;
}
