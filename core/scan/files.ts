// The project walker: lists the source files a scan reads and the build files module detection
// needs. It is synchronous on purpose: one readdir per folder and one stat per wanted file is
// the whole cost, and promise overhead would dominate on a 10k-file tree.

import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Diagnostic } from '../model/endpoint';
import { MAX_SOURCE_BYTES, reason, tooLarge } from './source-files';

export interface SourceEntry {
  /** Relative to the walked root, forward slashes. */
  path: string;
  abs: string;
  size: number;
}

export interface WalkOptions {
  includeTests?: boolean;
  /** Wanted extensions with their dot, e.g. `['.java', '.kt', '.proto']`. */
  extensions: readonly string[];
  /**
   * Stat every wanted file (default true): its size, the size limit and readability are known
   * from the walk. False leaves those to a reader that opens the files anyway (checkRead): a stat
   * per file costs several times the directory walk itself. `size` is then 0.
   */
  stat?: boolean;
}

export interface WalkResult {
  files: SourceEntry[];
  /** Relative paths of pom.xml, build.gradle(.kts) and settings.gradle(.kts) files. */
  buildFiles: string[];
  diagnostics: Diagnostic[];
}


export const BUILD_FILE_NAMES: ReadonlySet<string> = new Set(['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts']);
/** Never source, wherever they sit. `generated-sources` cannot be a Java package name (the dash). */
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', '.gradle', '.idea', '.apiscout', 'generated-sources']);
/**
 * Build output, unless the folder is a Java/Kotlin package inside a source root. Skipping them
 * also skips the generated sources they hold (`target/generated-sources`, `build/generated`).
 */
const BUILD_OUTPUT = new Set(['target', 'build', 'out']);
const SOURCE_ROOT_LANGS = new Set(['java', 'kotlin']);
/**
 * Roots whose folders are packages: the languages' (Groovy's too: its controllers are reported), and the proto roots (the protobuf Gradle
 * plugin's `src/main/proto`, Bazel's `src/main/protobuf`), where `build/` is a proto package
 * (`build/buildfarm/v1test/buildfarm.proto`).
 */
const PACKAGE_ROOTS = new Set([...SOURCE_ROOT_LANGS, 'groovy', 'proto', 'protobuf']);
const TEST_SOURCE_SETS = new Set(['test', 'testFixtures', 'integrationTest', 'it']);
/** Folders directly under `src` that hold main code or no code: never a test source set. */
const NOT_SOURCE_SETS = new Set(['java', 'kotlin', 'resources', 'webapp', 'proto', 'generated', 'docs', 'assembly']);
// git matches case-insensitively where the file system usually does.
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';
/** The repository's own ignore rules, read before the root's .gitignore (relative to the root). */
const EXCLUDE_FILE = '.git/info/exclude';

/** Per-folder state; children share it until a folder adds a .gitignore or enters a source root. */
interface Dir {
  abs: string;
  /** '' for the root. */
  rel: string;
  /** Real path, to tell a symlink that leads back to an ancestor. */
  real: string;
  /** Inside `src/<set>/java|kotlin/`: folders there are packages, whatever their name. */
  inSourceRoot: boolean;
  rules: Rules | undefined;
}

/** The .gitignore rules in force, root to current folder. */
interface Rules {
  ig: Ignore;
  /**
   * Whether any rule could match a file we keep. Usually none can (`target/`, `*.iml`), and then
   * files skip the matcher, which would otherwise cost as much as the stat.
   */
  files: boolean;
  /**
   * The literal endings of the rules that can ignore a file we keep (`Generated.java` of
   * `*Generated.java` under any folder), or undefined when one has none (`foo*`). A file reached by the walk
   * has no ignored folder above it, so only a rule matching its own name can ignore it: a name
   * ending in none of these is kept without asking the matcher, which costs more than the read.
   */
  tails: string[] | undefined;
  /**
   * The same for folders: the literal endings of every rule that ignores (a folder can be named
   * anything), or undefined when one has none (`gen*`). A folder the walk reaches has no ignored
   * folder above it, so only a rule matching its own name can ignore it: `com`, `acme`, `api`
   * under `target/`, `.idea`, `*.iml` rules are entered without asking the matcher.
   */
  folderTails: string[] | undefined;
}

/** What reading an ignore file needs: the endings of the names we keep, and where its problems go. */
interface RuleReader {
  suffixes: string[];
  result: { diagnostics: Diagnostic[] };
}

interface Walk extends RuleReader {
  wanted: (name: string) => boolean;
  /** Endings of every file name we keep: the extensions and the build file names. */
  suffixes: string[];
  includeTests: boolean;
  stat: boolean;
  /** Effective uid and groups, read once; undefined where there are none (Windows) or for root. */
  user: { uid: number; gids: Set<number> } | undefined;
  result: WalkResult;
  /** Real paths of the folders on the current descent. */
  ancestors: Set<string>;
  /** Links already reported as loops, by real location, so a loop reached twice is told once. */
  reportedLoops: Set<string>;
}

export function walkProject(root: string, opts: WalkOptions): WalkResult {
  const result: WalkResult = { files: [], buildFiles: [], diagnostics: [] };
  const walk: Walk = {
    wanted: wantedBy(opts.extensions),
    suffixes: keptSuffixes(opts.extensions),
    includeTests: opts.includeTests ?? false,
    stat: opts.stat ?? true,
    user: currentUser(),
    result,
    ancestors: new Set(),
    reportedLoops: new Set(),
  };
  const abs = path.resolve(root);
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch (err) {
    result.diagnostics.push({ file: '.', message: `cannot read the project folder ${abs}: ${reason(err)}` });
    return result;
  }
  const rules = addIgnoreFile(walk, undefined, path.join(abs, ...EXCLUDE_FILE.split('/')), '', false);
  walkDir(walk, { abs, rel: '', real, inSourceRoot: false, rules });

  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  result.files.sort((a, b) => byPath(a.path, b.path));
  result.buildFiles.sort(byPath);
  result.diagnostics.sort((a, b) => byPath(a.file, b.file));
  return result;
}

function wantedBy(extensions: readonly string[]): (name: string) => boolean {
  const exts = [...extensions];
  return (name) => exts.some((e) => name.length > e.length && name.endsWith(e));
}

function keptSuffixes(extensions: readonly string[]): string[] {
  return [...extensions, ...BUILD_FILE_NAMES].map((e) => (IGNORE_CASE ? e.toLowerCase() : e));
}

function walkDir(walk: Walk, dir: Dir): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir.abs, { withFileTypes: true });
  } catch (err) {
    walk.result.diagnostics.push({ file: dir.rel || '.', message: `cannot read folder: ${reason(err)}` });
    return;
  }
  let rules = dir.rules;
  if (entries.some((e) => e.name === '.gitignore' && !e.isDirectory())) {
    rules = addIgnoreFile(walk, rules, path.join(dir.abs, '.gitignore'), dir.rel, true);
  }
  const fileRules = rules?.files ? rules : undefined;
  walk.ancestors.add(dir.real);
  for (const entry of entries) {
    const name = entry.name;
    const rel = dir.rel ? `${dir.rel}/${name}` : name;
    const abs = dir.abs + path.sep + name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let linkStat: fs.Stats | undefined;
    if (entry.isSymbolicLink()) {
      try {
        linkStat = fs.statSync(abs);
      } catch (err) {
        if (walk.wanted(name) || BUILD_FILE_NAMES.has(name)) {
          walk.result.diagnostics.push({ file: rel, message: `broken symlink: ${reason(err)}` });
        }
        continue;
      }
      isDir = linkStat.isDirectory();
      isFile = linkStat.isFile();
    }
    if (isDir) {
      if (!shouldEnter(walk.includeTests, dir, name, rel, rules, abs)) continue;
      const real = linkStat ? realPath(abs) : `${dir.real}${path.sep}${name}`;
      if (walk.ancestors.has(real)) {
        reportLoop(walk, rel, `${dir.real}${path.sep}${name}`, real);
        continue;
      }
      walkDir(walk, { abs, rel, real, inSourceRoot: dir.inSourceRoot || isSourceRoot(rel), rules });
    } else if (isFile) {
      if (BUILD_FILE_NAMES.has(name)) {
        if (!isIgnoredFile(fileRules, name, rel)) walk.result.buildFiles.push(rel);
      } else if (walk.wanted(name) && !isIgnoredFile(fileRules, name, rel)) {
        addSource(walk, abs, rel, linkStat);
      }
    }
  }
  walk.ancestors.delete(dir.real);
}

/**
 * Whether the walk never reaches the file `rel` (relative, forward slashes), whatever the ignore
 * files say: a folder on its way is always skipped, or is build output outside a source root.
 * A re-scan leaves such a build file out (Maven copies each pom into target/classes/META-INF/maven/)
 * without walking the tree again.
 */
export function outsideWalk(rel: string): boolean {
  const folders = rel.split('/').slice(0, -1);
  let inSourceRoot = false;
  for (let i = 0; i < folders.length; i++) {
    const name = folders[i]!;
    if (ALWAYS_SKIPPED.has(name) || (BUILD_OUTPUT.has(name) && !inSourceRoot)) return true;
    inSourceRoot ||= isSourceRoot(folders.slice(0, i + 1).join('/'));
  }
  return false;
}

/** Whether a file's change can alter what the walk gives: an ignore file (a .gitignore anywhere, or `.git/info/exclude`). */
export function isIgnoreFile(rel: string): boolean {
  return rel === EXCLUDE_FILE || rel === '.gitignore' || rel.endsWith('/.gitignore');
}

/**
 * The walk's answer for single files, without walking: whether walkProject would list the file
 * `rel` (relative, forward slashes; existence, size and readability are the reader's to tell). A
 * re-scan asks it about each file a watcher reports. The same rules decide as in the walk: the
 * folders on the way are entered or skipped as walkDir would, under the .gitignore rules read
 * from the root down to each one. Those rules are kept per folder, so a one-file re-scan reads no
 * ignore file twice; forget() drops them after an ignore file changed.
 */
export class WalkScope {
  private readonly root: string;
  private readonly includeTests: boolean;
  private readonly wanted: (name: string) => boolean;
  private readonly reader: RuleReader;
  /** The rules in force inside a folder (its own .gitignore included), by relative path; '' for the root. */
  private readonly rules = new Map<string, Rules | undefined>();

  constructor(root: string, opts: Pick<WalkOptions, 'includeTests' | 'extensions'>) {
    this.root = path.resolve(root);
    this.includeTests = opts.includeTests ?? false;
    this.wanted = wantedBy(opts.extensions);
    // Problems reading an ignore file are the walk's to report (a full walk follows an ignore file's change).
    this.reader = { suffixes: keptSuffixes(opts.extensions), result: { diagnostics: [] } };
  }

  reaches(rel: string): boolean {
    const parts = rel.split('/');
    const name = parts.pop()!;
    if (!this.wanted(name) && !BUILD_FILE_NAMES.has(name)) return false;
    let dir = { rel: '', inSourceRoot: false };
    let rules = this.rulesIn('', undefined);
    for (const folder of parts) {
      const sub = dir.rel ? `${dir.rel}/${folder}` : folder;
      if (!shouldEnter(this.includeTests, dir, folder, sub, rules, path.join(this.root, sub))) return false;
      dir = { rel: sub, inSourceRoot: dir.inSourceRoot || isSourceRoot(sub) };
      rules = this.rulesIn(sub, rules);
    }
    return !isIgnoredFile(rules?.files ? rules : undefined, name, rel);
  }

  /** Drops the rules read so far: an ignore file changed. */
  forget(): void {
    this.rules.clear();
  }

  private rulesIn(rel: string, parent: Rules | undefined): Rules | undefined {
    if (this.rules.has(rel)) return this.rules.get(rel);
    let rules = parent;
    if (!rel) rules = addIgnoreFile(this.reader, undefined, path.join(this.root, ...EXCLUDE_FILE.split('/')), '', false);
    rules = addIgnoreFile(this.reader, rules, path.join(this.root, rel, '.gitignore'), rel, false);
    this.rules.set(rel, rules);
    return rules;
  }
}

function shouldEnter(includeTests: boolean, parent: Pick<Dir, 'rel' | 'inSourceRoot'>, name: string, rel: string, rules: Rules | undefined, abs: string): boolean {
  if (ALWAYS_SKIPPED.has(name)) return false;
  if (BUILD_OUTPUT.has(name) && !parent.inSourceRoot) return false;
  if (!includeTests && isTestSourceSet(parent.rel, name, abs)) return false;
  return !isIgnoredFolder(rules, name, rel);
}

/**
 * `<parent>/src/<set>` where <set> is a test source set: a known name, or any other Gradle source
 * set (`src/kafkaStreamTest/java`, `src/jmh/java`) than `main` (and Kotlin Multiplatform's
 * `jvmMain`, `commonMain`): only main code serves requests. A folder under `src` without a
 * java/ or kotlin/ child is not a source set (`src/com/acme/...` of an Ant layout).
 */
function isTestSourceSet(parentRel: string, name: string, abs: string): boolean {
  if (!(parentRel === 'src' || parentRel.endsWith('/src'))) return false;
  if (TEST_SOURCE_SETS.has(name)) return true;
  if (name === 'main' || name.endsWith('Main') || NOT_SOURCE_SETS.has(name)) return false;
  return [...SOURCE_ROOT_LANGS].some((lang) => fs.existsSync(path.join(abs, lang)));
}

/** `.../src/<set>/java`, `.../src/<set>/kotlin`, `.../src/<set>/groovy` or a proto root `.../src/<set>/proto(buf)`. */
function isSourceRoot(rel: string): boolean {
  const parts = rel.split('/');
  const n = parts.length;
  return n >= 3 && PACKAGE_ROOTS.has(parts[n - 1]!) && parts[n - 3] === 'src';
}

function addSource(walk: Walk, abs: string, rel: string, known: fs.Stats | undefined): void {
  if (!walk.stat && !known) {
    walk.result.files.push({ path: rel, abs, size: 0 });
    return;
  }
  let st: fs.Stats;
  try {
    st = known ?? fs.statSync(abs);
  } catch (err) {
    walk.result.diagnostics.push({ file: rel, message: `cannot read file: ${reason(err)}` });
    return;
  }
  if (st.size > MAX_SOURCE_BYTES) {
    walk.result.diagnostics.push({ file: rel, message: tooLarge(st.size) });
    return;
  }
  const denied = unreadable(walk, abs, st);
  if (denied) {
    walk.result.diagnostics.push({ file: rel, message: `cannot read file: ${denied}` });
    return;
  }
  walk.result.files.push({ path: rel, abs, size: st.size });
}

/**
 * The permission bits answer "readable?" without a syscall; only when they say no is the file
 * opened, so ACLs cannot make us drop a readable file. open() (unlike access()) checks the
 * effective uid, which is what a later read will use.
 */
function unreadable(walk: Walk, abs: string, st: fs.Stats): string | undefined {
  const user = walk.user;
  if (!user) return undefined;
  const bit = st.uid === user.uid ? 0o400 : user.gids.has(st.gid) ? 0o040 : 0o004;
  if (st.mode & bit) return undefined;
  try {
    fs.closeSync(fs.openSync(abs, 'r'));
    return undefined;
  } catch (err) {
    return reason(err);
  }
}

function currentUser(): Walk['user'] {
  if (!process.geteuid || !process.getegid) return undefined;
  const uid = process.geteuid();
  if (uid === 0) return undefined; // root reads everything
  return { uid, gids: new Set([process.getegid(), ...(process.getgroups?.() ?? [])]) };
}

function reportLoop(walk: Walk, rel: string, linkReal: string, target: string): void {
  if (walk.reportedLoops.has(linkReal)) return;
  walk.reportedLoops.add(linkReal);
  walk.result.diagnostics.push({
    file: rel,
    message: `symlink loop: ${rel} leads back to ${target}, which is already being walked; not followed`,
  });
}

function realPath(abs: string): string {
  try {
    return fs.realpathSync(abs);
  } catch {
    return abs;
  }
}

function isIgnored(ig: Ignore | undefined, rel: string): boolean {
  if (!ig) return false;
  try {
    return ig.ignores(rel);
  } catch {
    // A name `ignore` refuses as a path (e.g. a folder called `...`): no rule can be about it.
    return false;
  }
}

function isIgnoredFile(rules: Rules | undefined, name: string, rel: string): boolean {
  if (!rules) return false;
  if (rules.tails && !endsWithAny(name, rules.tails)) return false;
  return isIgnored(rules.ig, rel);
}

function isIgnoredFolder(rules: Rules | undefined, name: string, rel: string): boolean {
  if (!rules) return false;
  if (rules.folderTails && !endsWithAny(name, rules.folderTails)) return false;
  return isIgnored(rules.ig, `${rel}/`);
}

function endsWithAny(name: string, tails: readonly string[]): boolean {
  const n = IGNORE_CASE ? name.toLowerCase() : name;
  return tails.some((t) => n.endsWith(t));
}

/**
 * Returns a matcher holding the parent's rules followed by this file's rules rebased onto the
 * root. One matcher with git's "last rule wins" order gives nested files their precedence, and
 * its parent-folder check keeps git's "an excluded folder cannot be re-included from inside".
 */
function addIgnoreFile(walk: RuleReader, parent: Rules | undefined, file: string, baseRel: string, mustExist: boolean): Rules | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (mustExist) {
      const rel = baseRel ? `${baseRel}/.gitignore` : '.gitignore';
      walk.result.diagnostics.push({ file: rel, message: `cannot read: ${reason(err)}` });
    }
    return parent;
  }
  const patterns = rebaseGitignore(text, baseRel);
  if (patterns.length === 0) return parent;
  const ig = ignore({ ignorecase: IGNORE_CASE });
  if (parent) ig.add(parent.ig);
  ig.add(patterns);
  // Negations only keep files: the endings of the rules that ignore are what can matter.
  const fileTails = patterns.filter((p) => !p.startsWith('!') && canMatchFile(p, walk.suffixes)).map(literalTail);
  const tails = parent && !parent.tails ? undefined : fileTails.includes('') ? undefined : [...(parent?.tails ?? []), ...fileTails];
  const ownFolderTails = patterns.filter((p) => !p.startsWith('!')).map(literalTail);
  const folderTails = parent && !parent.folderTails ? undefined : ownFolderTails.includes('') ? undefined : [...(parent?.folderTails ?? []), ...ownFolderTails];
  return { ig, files: (parent?.files ?? false) || patterns.some((p) => canMatchFile(p, walk.suffixes)), tails, folderTails };
}

/**
 * False when the pattern cannot match a file whose name ends with one of `suffixes`: it names
 * folders only (`x/`), or its literal ending (after the last wildcard) and every suffix differ,
 * as `*.iml` and `.java` do. A name ending in both, one must end with the other.
 */
export function canMatchFile(pattern: string, suffixes: readonly string[]): boolean {
  if (pattern.replace(/(?<!\\)\s+$/, '').endsWith('/')) return false;
  const tail = literalTail(pattern);
  return tail === '' || suffixes.some((s) => s.endsWith(tail) || tail.endsWith(s));
}

/** The literal ending of a pattern's last segment (`build/`: `build`), after its last wildcard or escape ('' when it ends in one). */
function literalTail(pattern: string): string {
  const body = pattern.replace(/^!/, '').replace(/(?<!\\)\s+$/, '').replace(/\/+$/, '');
  let tail = body.slice(body.lastIndexOf('/') + 1);
  tail = tail.slice(Math.max(...['*', '?', '[', ']', '\\'].map((c) => tail.lastIndexOf(c))) + 1);
  return IGNORE_CASE ? tail.toLowerCase() : tail;
}

/**
 * Rewrites the patterns of the .gitignore in `base` so they match paths relative to the root:
 * a pattern with a slash before its end is anchored to `base`, any other matches at any depth
 * below it (gitignore(5)).
 */
export function rebaseGitignore(text: string, base: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/^\uFEFF/, '');
    if (!line.trim() || line.startsWith('#')) continue;
    if (!base) {
      out.push(line);
      continue;
    }
    let neg = '';
    if (line.startsWith('!')) {
      neg = '!';
      line = line.slice(1);
    }
    const body = line.replace(/(?<!\\)\s+$/, '');
    const anchored = body.replace(/\/+$/, '').includes('/');
    const rest = body.startsWith('/') ? body.slice(1) : body;
    out.push(`${neg}${base}/${anchored ? '' : '**/'}${rest}`);
  }
  return out;
}
