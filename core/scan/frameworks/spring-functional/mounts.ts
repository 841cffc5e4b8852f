// Which of a class's router methods another class's router composes (`.nest(path("/x"),
// other::routes)`, `.add(other.routes())`, Kotlin `"/x".nest { add(Routes(ref()).routes()) }`).
// The answer draws on the router files that name the class: each is a dependency, and a re-scan
// meets a router file that comes to name it through mountMarker(name), which the file sets off.

import { readFileSync } from 'node:fs';
import { ProjectIndex } from '../../project-index';
import type { Dependencies } from '../../project-index';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { readRouters } from './router-reading';
import type { ReadText, RoutersRead } from './router-reading';

/** The dependency on the list of router files naming `name` (a missing name no identifier can be). */
export function mountMarker(name: string): string {
  return `mounts:${name}`;
}

/** The markers a router file's text sets off: one for each class name it could mount. */
export function mountMarkers(text: string): string[] {
  return [...new Set(text.match(CLASS_NAME))].map(mountMarker);
}

const NAMES_KEY = 'spring-functional:names-in-router-files';

/** The methods of `type`, among `methods`, that a router of another class includes. */
export function mountedElsewhere(type: TypeDecl, methods: readonly MethodDecl[], index: ProjectIndex, readText: ReadText): Set<MethodDecl> {
  const out = new Set<MethodDecl>();
  if (!methods.length) return out;
  index.noteMissing([mountMarker(type.name)]);
  const paths = routerFilesNaming(index, type.name);
  // Their edits may mount or unmount the class. This also keeps the class's result when a mount
  // leaves it nothing to list (a root without endpoints or dependencies is not remembered).
  index.noteFiles(paths);
  for (const path of paths) {
    const entry = index.files.get(path);
    const file = entry && index.parse(entry);
    if (!file) continue;
    for (const other of ProjectIndex.allTypes(file)) {
      if (other === type) continue;
      const followed = followedBy(other, index, readText);
      if (followed) for (const m of methods) if (followed.has(m)) out.add(m);
      if (out.size === methods.length) return out;
    }
  }
  return out;
}

const FOLLOWED_KEY = 'spring-functional:followed-by-class';

/**
 * The methods `other`'s routers include; undefined when it has none or they cannot be read. Read
 * once per state of the index: each class of a router file is asked again for every class the
 * file names (halo's router files name several of the classes they mount).
 */
function followedBy(other: TypeDecl, index: ProjectIndex, readText: ReadText): ReadonlySet<MethodDecl> | undefined {
  const known = index.derived(FOLLOWED_KEY, () => new Map<TypeDecl, { followed: ReadonlySet<MethodDecl> | undefined; deps: Dependencies }>());
  const hit = known.get(other);
  if (hit) {
    index.replay(hit.deps);
    return hit.followed;
  }
  const { value, deps } = index.recorded(() => {
    let read: RoutersRead | undefined;
    try {
      read = readRouters(other, index, readText);
    } catch {
      return undefined; // nested beyond the reader's reach: that class's own scan reports it
    }
    return read && new Set(read.routers.flatMap((r) => [...r.follows]));
  });
  known.set(other, { followed: value, deps });
  return value;
}

/** Files mentioning a router (RouterFunction, Kotlin's router { }) whose text names `name`. */
function routerFilesNaming(index: ProjectIndex, name: string): readonly string[] {
  const byName = index.derived(NAMES_KEY, () => {
    const names = new Map<string, string[]>();
    for (const entry of index.files.values()) {
      if (!entry.mentions?.length) continue;
      let text: string;
      try {
        text = readFileSync(entry.abs, 'utf8');
      } catch {
        continue;
      }
      for (const n of new Set(text.match(CLASS_NAME))) {
        const list = names.get(n);
        if (list) list.push(entry.path);
        else names.set(n, [entry.path]);
      }
    }
    return names;
  });
  return byName.get(name) ?? [];
}

/** Names a class could be written with (a capital first, as Java and Kotlin classes are). */
const CLASS_NAME = /\b[A-Z][A-Za-z0-9_]*/g;
