// Model classes from the jars of the organisation's own artifacts: a controller returning
// `Response<UserDto>` where both come from a company API jar (xxl-job's `com.xuxueli:xxl-tool`)
// is modelled from the compiled classes (class-file.ts) in the local Maven or Gradle cache, as
// if their sources were in the project. Only dependencies whose group shares its first two
// segments with a group of the project's own build are read: a framework's classes (Spring's,
// Jackson's) are not beans to model, and known library types keep their hand-written shapes.
// The jars are found when a name is first missed (the build files read then, and every look
// into the caches journalled, as jar-protos.ts does); each is read once per process.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { moduleBuildFiles } from '../modules';
import type { ModuleInfo } from '../modules';
import type { SourceFile, TypeDecl } from '../source-model';
import { dependencyJars, readZipEntries } from '../proto/jar-protos';
import { readClassFile } from './class-file';
import { isKnownLibraryType } from '../types/library-types';
import { child, childText, withoutComments } from './pom-elements';
import { journalHolds, withOwnJournal } from '../scan-inputs';
import type { JournalEntry } from '../scan-inputs';

interface Jar {
  path: string;
  zip: Buffer;
  /** Class entries, `com/acme/Dto.class` and `com/acme/Outer$Inner.class`. */
  classes: Set<string>;
}

/**
 * Jars read in this process, by path, while their size and mtime hold; the least recently used go
 * past `jarCache.budget` in all, so a sidecar that opens project after project does not keep them all.
 */
const JARS = new Map<string, { stamp: string; jar: Jar }>();
let heldBytes = 0;

/** The budget, and what the cache holds now (for tests). */
export const jarCache = { budget: 64 * 1024 * 1024, held: () => ({ jars: [...JARS.keys()], bytes: heldBytes }) };

function keep(path: string, entry: { stamp: string; jar: Jar }): void {
  const old = JARS.get(path);
  if (old) {
    heldBytes -= old.jar.zip.length;
    JARS.delete(path);
  }
  JARS.set(path, entry);
  heldBytes += entry.jar.zip.length;
  for (const [p, e] of JARS) {
    if (heldBytes <= jarCache.budget || p === path) break;
    JARS.delete(p);
    heldBytes -= e.jar.zip.length;
  }
}

/** Classes of a project's own-organisation dependency jars, by dotted name; memoised per instance (one scan). */
export class JarTypes {
  private jars?: Jar[];
  /** Every look into the caches the discovery made (jars by their stat, folders by their listing). */
  private looks: JournalEntry[] = [];
  private readonly found = new Map<string, TypeDecl | null>();

  constructor(
    private readonly root: string,
    private readonly modules: readonly ModuleInfo[],
  ) {}

  typeByFqn(fqn: string): TypeDecl | undefined {
    const known = this.found.get(fqn);
    if (known !== undefined) return known ?? undefined;
    // Its hand-written shape is what the schema shows (mybatis-plus's Page for a com.baomidou project too).
    if (isKnownLibraryType(fqn)) return undefined;
    this.jars ??= this.discoverJournalled();
    let decl: TypeDecl | undefined;
    if (this.jars.length) {
      const segs = fqn.split('.');
      // `a.b.Outer.Inner`: `a/b/Outer$Inner.class`, the package being the longest that holds one.
      for (let i = segs.length - 1; i >= 1 && !decl; i--) {
        const entry = `${segs.slice(0, i).join('/')}/${segs.slice(i).join('$')}.class`;
        const jar = this.jars.find((j) => j.classes.has(entry));
        if (jar) decl = this.read(jar, entry, segs.slice(0, i).join('.'));
      }
    }
    this.found.set(fqn, decl ?? null);
    return decl;
  }

  /**
   * Whether this instance reads the jars `before` read (the same files, unchanged: a jar held is
   * the same object while its stamp holds). Jars `before` never looked for gave no type: same.
   */
  sameJarsAs(before: JarTypes): boolean {
    if (!before.jars) return true;
    this.jars ??= this.discoverJournalled();
    return this.jars.length === before.jars.length && this.jars.every((j, i) => j === before.jars![i]);
  }

  /**
   * Finds the jars now (journalled), as a first look-up would: a scan whose worker computed roots
   * that read them (root-split.ts) has jarsMoved check them on its re-scans all the same.
   */
  discoverNow(): void {
    this.jars ??= this.discoverJournalled();
  }

  /**
   * Whether the jars this instance read may be others now, with no build file changed: a SNAPSHOT
   * installed again, a newer version folder, a jar downloaded. Its looks into the caches are checked again.
   */
  jarsMoved(): boolean {
    return this.jars !== undefined && !journalHolds(this.looks);
  }

  /**
   * The simple names (outer and nested) of the classes in the jars that this instance and `before`
   * do not both read: the names a root that read one of them looked up (ProjectIndex records a jar's
   * class as a name missing from the sources).
   */
  namesChangedFrom(before: JarTypes): Set<string> {
    this.jars ??= this.discoverJournalled();
    const now = new Set(this.jars);
    const was = new Set(before.jars ?? []);
    const out = new Set<string>();
    for (const jar of [...this.jars.filter((j) => !was.has(j)), ...(before.jars ?? []).filter((j) => !now.has(j))]) {
      for (const entry of jar.classes) {
        for (const name of entry.slice(entry.lastIndexOf('/') + 1, -'.class'.length).split('$')) if (name && !/^\d/.test(name)) out.add(name);
      }
    }
    return out;
  }

  private read(jar: Jar, entry: string, pkg: string): TypeDecl | undefined {
    const file: SourceFile = { path: `${jar.path}!/${entry}`, lang: 'java', pkg, imports: [], types: [], module: '', jar: jar.path };
    try {
      const data = readZipEntries(jar.zip, (n) => n === entry)[0]?.data;
      return data && readClassFile(data, file);
    } catch {
      return undefined; // a class this reader cannot follow stays unknown, as it was
    }
  }

  private discoverJournalled(): Jar[] {
    const { value, entries } = withOwnJournal(() => this.discover());
    this.looks = entries;
    return value;
  }

  private discover(): Jar[] {
    const groups = projectGroups(this.root, this.modules);
    if (groups.size === 0) return [];
    const artifacts = new Set(this.modules.map((m) => m.name));
    const own = (d: { group: string; artifact: string }) => groups.has(orgOf(d.group)) && !artifacts.has(d.artifact);
    const paths = new Set<string>();
    for (const m of this.modules) for (const jar of dependencyJars(join(this.root, m.dir), own)) paths.add(jar);
    const out: Jar[] = [];
    for (const path of paths) {
      const jar = openJar(path);
      if (jar) out.push(jar);
    }
    return out;
  }
}

function openJar(path: string): Jar | undefined {
  try {
    const st = statSync(path);
    const stamp = `${st.size}:${st.mtimeMs}`;
    const held = JARS.get(path);
    if (held?.stamp === stamp) {
      keep(path, held); // the most recently used now
      return held.jar;
    }
    const zip = readFileSync(path);
    const classes = new Set<string>();
    readZipEntries(zip, (name) => {
      if (name.endsWith('.class') && !name.endsWith('module-info.class') && !name.endsWith('package-info.class')) classes.add(name);
      return false;
    });
    const jar = { path, zip, classes };
    keep(path, { stamp, jar });
    return jar;
  } catch {
    return undefined; // unreadable: its classes stay unknown
  }
}

/**
 * `com.xuxueli.job` -> `com.xuxueli`: the organisation a group belongs to. On a code host the
 * owner is the third segment (`com.github.xiaoymin`): every project hosted there is not one organisation.
 */
function orgOf(group: string): string {
  const segs = group.split('.');
  return segs.slice(0, HOSTS.has(segs.slice(0, 2).join('.')) ? 3 : 2).join('.');
}

/** Group prefixes of code hosts (Maven Central's convention for projects without a domain of their own). */
const HOSTS = new Set(['com.github', 'io.github', 'com.gitee', 'io.gitee', 'com.gitlab', 'io.gitlab', 'org.bitbucket', 'io.bitbucket', 'com.bitbucket']);

/** The organisations of the groups the project's own build files declare (pom `groupId`, its parent's, Gradle `group`). */
function projectGroups(root: string, modules: readonly ModuleInfo[]): Set<string> {
  const out = new Set<string>();
  for (const m of modules) {
    for (const file of moduleBuildFiles(m)) {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        continue;
      }
      if (file.endsWith('pom.xml')) {
        // The project's own and its parent's: never a profile's, a plugin's or a dependency's.
        const project = child(withoutComments(text), 'project');
        for (const g of [childText(project, 'groupId'), childText(child(project, 'parent'), 'groupId')]) {
          if (g && !g.includes('${') && !FRAMEWORK_PARENTS.has(orgOf(g))) out.add(orgOf(g));
        }
      } else {
        const g = /^\s*group\s*=\s*["']([\w.-]+)["']/m.exec(text)?.[1];
        if (g) out.add(orgOf(g));
      }
    }
  }
  return out;
}

/** Parents a project inherits from without being of their organisation (`spring-boot-starter-parent`). */
const FRAMEWORK_PARENTS = new Set(['org.springframework', 'io.quarkus', 'io.dropwizard', 'org.apache', 'io.micronaut', 'io.helidon', 'org.sonatype', 'com.google', 'io.grpc']);
