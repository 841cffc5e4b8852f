// The per-user folder for settings and secrets: the OS's config folder, never the project, so
// nothing personal is committed. `APISCOUT_CONFIG_DIR` moves it (tests, portable installs).
// Also the project's own state folder, `.apiscout/`, and where it goes when the project is not
// ours to write to.

import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export function userConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.APISCOUT_CONFIG_DIR) return env.APISCOUT_CONFIG_DIR;
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'apiscout');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'apiscout');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'apiscout');
}

/**
 * The project's state folder: shared files (environments, settings overrides) and per-user state.
 * `<project>/.apiscout/` for a project of the user's; for the bundled sample (any folder inside
 * apiscout's own install or clone), a folder the user cannot write or one owned by someone else,
 * a folder of the user's own keyed by the project's path, so running the sample never changes
 * the tree the tests read, and a read-only checkout still keeps its index and edits.
 */
export function projectStateDir(projectDir: string): string {
  const root = resolve(projectDir);
  let dir = stateDirs.get(root);
  if (dir === undefined) {
    dir = inProject(root) ? join(root, '.apiscout') : externalStateDir(root);
    stateDirs.set(root, dir);
  }
  return dir;
}

const stateDirs = new Map<string, string>();

/** `<user folder>/state/<name>-<hash of the real path>`: readable, and one per project. */
export function externalStateDir(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const real = realOr(projectDir);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 16);
  return join(userConfigDir(env), 'state', `${basename(real) || 'root'}-${key}`);
}

/**
 * System folders no project lives in: opened as a project (or through a symlink to one), their
 * state goes to the user folder even when the user is root and could write there.
 */
const SYSTEM_DIRS = new Set(['/', '/bin', '/boot', '/dev', '/etc', '/lib', '/lib64', '/proc', '/run', '/sbin', '/sys', '/usr', '/var']);
const SYSTEM_TREES = ['/boot/', '/dev/', '/etc/', '/proc/', '/run/', '/sys/'];

function isSystemDir(real: string): boolean {
  if (process.platform === 'win32') return false;
  return SYSTEM_DIRS.has(real) || SYSTEM_TREES.some((t) => real.startsWith(t));
}

/** Decided on the real path: a symlink to a foreign or system folder is that folder. */
function inProject(root: string): boolean {
  const real = realOr(root);
  const own = packageRoot();
  if (own && (real === own || real.startsWith(own + sep))) return false;
  if (isSystemDir(real)) return false;
  try {
    const st = statSync(real);
    if (typeof process.getuid === 'function' && st.uid !== process.getuid() && !existsSync(join(real, '.apiscout'))) return false;
    accessSync(existsSync(join(real, '.apiscout')) ? join(real, '.apiscout') : real, constants.W_OK);
    return true;
  } catch {
    // missing (a later mkdir names it) or not writable
    return !existsSync(real);
  }
}

let ownRoot: string | null | undefined;

/** apiscout's own folder (the clone or the installed package): the nearest package.json named apiscout. */
function packageRoot(): string | null {
  if (ownRoot !== undefined) return ownRoot;
  ownRoot = null;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'apiscout') {
        ownRoot = realOr(dir);
        break;
      }
    } catch {
      // no package.json here: go up
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return ownRoot;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * A project's file in the user folder, `<user folder>/projects/<name>-<hash>.<suffix>`: where what
 * is personal to one project and must never be committed (secret values) lives. Keyed by the
 * project's real path, so a symlinked checkout finds the same file.
 */
export function projectUserFile(projectDir: string, userDir: string, suffix: string): string {
  const real = realOr(projectDir);
  const name = basename(real).replace(/[^\w.-]+/g, '_') || 'root';
  return join(userDir, 'projects', `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 12)}.${suffix}`);
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
