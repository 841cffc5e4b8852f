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
  /** The root's real path, and the walk's answer for a project folder at its own path (made at the first link into the project). */
  rootReal: string;
  scope: () => WalkScope;
}

export function walkProject(root: string, opts: WalkOptions): WalkResult {
  const result: WalkResult = { files: [], buildFiles: [], diagnostics: [] };
  const abs = path.resolve(root);
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch (err) {
    result.diagnostics.push({ file: '.', message: `cannot read the project folder ${abs}: ${reason(err)}` });
    return result;
  }
  const walk = newWalk(abs, real, opts, result);
  const rules = addIgnoreFile(walk, undefined, path.join(abs, ...EXCLUDE_FILE.split('/')), '', false);
  walkDir(walk, { abs, rel: '', real, inSourceRoot: false, rules });
  return sorted(result);
}

/**
 * What walkProject lists under the folder `rel` (relative, forward slashes), and the problems it
 * meets there, without walking the rest: for a re-scan of a folder reported whole. `scope` gives
 * the rules in force on the way down (the .gitignore files above, the links passed).
 */
export function walkFolder(root: string, rel: string, opts: WalkOptions, scope: WalkScope): WalkResult {
  const result: WalkResult = { files: [], buildFiles: [], diagnostics: [] };
  const abs = path.resolve(root);
  const down = scope.descend(rel.split('/'));
  if ('skipped' in down) {
    if (down.skipped) result.diagnostics.push(down.skipped);
    return result;
  }
  const walk = newWalk(abs, scope.rootReal, opts, result, () => scope);
  for (const real of down.above) walk.ancestors.add(real);
  walkDir(walk, { abs: path.join(abs, ...rel.split('/')), rel, real: down.real, inSourceRoot: down.inSourceRoot, rules: down.rules });
  return sorted(result);
}

function newWalk(abs: string, rootReal: string, opts: WalkOptions, result: WalkResult, scope?: () => WalkScope): Walk {
  let own: WalkScope | undefined;
  return {
    wanted: wantedBy(opts.extensions),
    suffixes: keptSuffixes(opts.extensions),
    includeTests: opts.includeTests ?? false,
    stat: opts.stat ?? true,
    user: currentUser(),
    result,
    ancestors: new Set(),
    reportedLoops: new Set(),
    rootReal,
    scope: scope ?? (() => (own ??= new WalkScope(abs, opts, rootReal))),
  };
}

function sorted(result: WalkResult): WalkResult {
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
      const skipped = linkStat && linkNotFollowed(walk.rootReal, rel, real, (target) => walk.scope().entersFolder(target));
      if (skipped) {
        walk.result.diagnostics.push(skipped);
        continue;
      }
      walkDir(walk, { abs, rel, real, inSourceRoot: dir.inSourceRoot || isSourceRoot(rel), rules });
    } else if (isFile) {
      const build = BUILD_FILE_NAMES.has(name);
      if (!(build || walk.wanted(name)) || isIgnoredFile(fileRules, name, rel)) continue;
      const skipped = linkStat && linkedFileNotListed(walk.rootReal, rel, realPath(abs), (target) => walk.scope().reaches(target));
      if (skipped) walk.result.diagnostics.push(skipped);
      else if (build) walk.result.buildFiles.push(rel);
      else addSource(walk, abs, rel, linkStat);
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
  readonly rootReal: string;

  constructor(root: string, opts: Pick<WalkOptions, 'includeTests' | 'extensions'>, rootReal?: string) {
    this.root = path.resolve(root);
    this.rootReal = rootReal ?? realPath(this.root);
    this.includeTests = opts.includeTests ?? false;
    this.wanted = wantedBy(opts.extensions);
    // Problems reading an ignore file are the walk's to report (a full walk follows an ignore file's change).
    this.reader = { suffixes: keptSuffixes(opts.extensions), result: { diagnostics: [] } };
  }

  reaches(rel: string): boolean {
    const parts = rel.split('/');
    const name = parts.pop()!;
    if (!this.wanted(name) && !BUILD_FILE_NAMES.has(name)) return false;
    const down = this.descend(parts);
    if ('skipped' in down || isIgnoredFile(down.rules?.files ? down.rules : undefined, name, rel)) return false;
    const abs = path.join(this.root, rel);
    const link = statAt(abs);
    if (link === null) return false;
    if (!link?.isSymbolicLink()) return true;
    // A broken link is no file of the walk's; a working one leads to a file that is no link (realpath).
    if (!statAt(abs, true)?.isFile()) return false;
    return !linkedFileNotListed(this.rootReal, rel, realPath(abs), (t) => this.reaches(t));
  }

  /**
   * What the walk says of the file `rel` when it is a link: broken, or leading to a file the walk
   * lists at its own path. A re-scan of a reported link says it as a fresh walk would.
   */
  linkProblem(rel: string): Diagnostic | undefined {
    const parts = rel.split('/');
    const name = parts.pop()!;
    if (!this.wanted(name) && !BUILD_FILE_NAMES.has(name)) return undefined;
    const abs = path.join(this.root, rel);
    if (!statAt(abs)?.isSymbolicLink()) return undefined;
    const down = this.descend(parts);
    if ('skipped' in down) return undefined;
    try {
      if (fs.statSync(abs).isDirectory()) return undefined;
    } catch (err) {
      return { file: rel, message: `broken symlink: ${reason(err)}` };
    }
    if (isIgnoredFile(down.rules?.files ? down.rules : undefined, name, rel)) return undefined;
    return linkedFileNotListed(this.rootReal, rel, realPath(abs), (t) => this.reaches(t));
  }

  /** Whether the walk enters the folder `rel` at that path. */
  entersFolder(rel: string): boolean {
    return !('skipped' in this.descend(rel.split('/')));
  }

  /**
   * The walk's way down `folders` from the root: the rules in force in the last one, its real
   * path and those of the folders above it; or `skipped` when the walk does not go there, with
   * the problem it reports when that is a link it does not follow (a loop, a folder scanned elsewhere).
   */
  descend(folders: readonly string[]): { rules: Rules | undefined; real: string; above: string[]; inSourceRoot: boolean } | { skipped: Diagnostic | undefined } {
    let dir = { rel: '', inSourceRoot: false };
    let rules = this.rulesIn('', undefined);
    let real = this.rootReal;
    const above: string[] = [];
    for (const folder of folders) {
      if (folder === '' || folder === '.' || folder === '..') return { skipped: undefined }; // no path of the walk's
      const sub = dir.rel ? `${dir.rel}/${folder}` : folder;
      const abs = path.join(this.root, sub);
      if (!shouldEnter(this.includeTests, dir, folder, sub, rules, abs)) return { skipped: undefined };
      above.push(real);
      real = `${real}${path.sep}${folder}`;
      const link = statAt(abs);
      if (link === null) return { skipped: undefined }; // below a folder it may not search: the walk's problem is that folder's
      if (link?.isSymbolicLink()) {
        const target = statAt(abs, true);
        if (!target?.isDirectory()) return { skipped: undefined };
        real = realPath(abs);
        if (above.includes(real)) return { skipped: { file: sub, message: loopMessage(sub, real) } };
        const skipped = linkNotFollowed(this.rootReal, sub, real, (t) => this.entersFolder(t));
        if (skipped) return { skipped };
      }
      dir = { rel: sub, inSourceRoot: dir.inSourceRoot || isSourceRoot(sub) };
      rules = this.rulesIn(sub, rules);
    }
    return { rules, real, above, inSourceRoot: dir.inSourceRoot };
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
  walk.result.diagnostics.push({ file: rel, message: loopMessage(rel, target) });
}

function loopMessage(rel: string, target: string): string {
  return `symlink loop: ${rel} leads back to ${target}, which is already being walked; not followed`;
}

/**
 * Why the walk does not follow the link `rel` to the folder `real`, or undefined when it does. A
 * folder is walked once, at one path: a link to a folder of the project the walk enters at its
 * own path would list its files twice (a class found twice, an endpoint shown under the link's
 * path), and a link to a folder holding the project would walk the project again and its
 * neighbours. A link leading out of the project is followed (a shared source folder), as is one
 * to a project folder the walk skips at its own path (`build/`).
 */
function linkNotFollowed(rootReal: string, rel: string, real: string, entersAtOwnPath: (rel: string) => boolean): Diagnostic | undefined {
  if (rootReal.startsWith(withSep(real))) return { file: rel, message: `symlink to ${real}, a folder holding the project: not followed` };
  const target = insideRoot(rootReal, real);
  if (target === undefined || !entersAtOwnPath(target)) return undefined;
  return { file: rel, message: `symlink to ${target}, a folder the scan reads at its own path: not followed, so its files are listed once` };
}

/** Whether `d` is what the walk says of a link to a file (broken, or to a file listed at its own path). */
export function isLinkedFileProblem(d: Diagnostic): boolean {
  return d.message.startsWith('broken symlink:') || d.message.endsWith(LINKED_FILE_NOT_READ);
}

const LINKED_FILE_NOT_READ = 'a file the scan reads at its own path: not read again';

/** The same for a link to a file: one the walk lists at its own path is not listed again under the link's. */
function linkedFileNotListed(rootReal: string, rel: string, real: string, listedAtOwnPath: (rel: string) => boolean): Diagnostic | undefined {
  const target = insideRoot(rootReal, real);
  if (target === undefined || !listedAtOwnPath(target)) return undefined;
  return { file: rel, message: `symlink to ${target}, ${LINKED_FILE_NOT_READ}` };
}

/** `real` relative to the root's real path (forward slashes), when it lies inside it. */
function insideRoot(rootReal: string, real: string): string | undefined {
  const base = withSep(rootReal);
  return real.startsWith(base) && real.length > base.length ? real.slice(base.length).split(path.sep).join('/') : undefined;
}

/** A folder's real path ending in one separator: `/` and `C:\` end in theirs already. */
function withSep(real: string): string {
  return real.endsWith(path.sep) ? real : real + path.sep;
}

/**
 * The path's lstat (its stat with `follow`): undefined when there is nothing there, null when it
 * cannot be looked at (a folder above it may not be searched), where the walk lists nothing.
 */
function statAt(abs: string, follow = false): fs.Stats | undefined | null {
  try {
    return follow ? fs.statSync(abs, { throwIfNoEntry: false }) : fs.lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return null;
  }
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
