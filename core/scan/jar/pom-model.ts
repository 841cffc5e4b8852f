// What a pom's versions mean once its parents are read: `${project.version}` when the version is
// the parent's, `${revision}` and other properties a parent defines, and versions a parent's
// `<dependencyManagement>` pins for a dependency written without one. Maven builds the same
// (inheritance, then interpolation); this follows the `<parent>` chain a few levels, each parent's
// text found by `parentOf` (the project's own ../pom.xml, or the local caches).

import { child, childText, pomProperties, withoutComments } from './pom-elements';

/** A pom's parent as its `<parent>` names it. */
export interface ParentRef {
  group: string;
  artifact: string;
  version: string;
  /** `<relativePath>`, where a project's parent is looked for first (Maven's default `../pom.xml`). */
  relativePath?: string;
}

export interface PomModel {
  /** `<project>`'s inner text (comments out). */
  project: string;
  /** The properties in force: the parents', then the pom's own, with project.* filled in. */
  properties: Map<string, string>;
  /** `group:artifact` -> version, from the parents' and the pom's `<dependencyManagement>`. */
  managed: Map<string, string>;
}

/** How far up the `<parent>` chain is followed (a company parent, its parent, a framework's). */
const MAX_PARENTS = 6;

/** The pom's model with what its parents give it. `parentOf`: the parent pom's text, or undefined when not found. */
export function pomModel(xml: string, parentOf: (ref: ParentRef) => string | undefined): PomModel {
  const chain: string[] = [];
  let project = child(withoutComments(xml), 'project') ?? '';
  chain.push(project);
  for (let i = 0; i < MAX_PARENTS; i++) {
    const ref = parentRef(project);
    const text = ref && parentOf(ref);
    if (!text) break;
    project = child(withoutComments(text), 'project') ?? '';
    chain.push(project);
  }
  const own = chain[0]!;
  const properties = new Map<string, string>();
  // The furthest parent first: a pom's own properties override what it inherits.
  for (const p of [...chain].reverse()) for (const [k, v] of pomProperties(p)) properties.set(k, v);
  const parent = child(own, 'parent');
  const version = childText(own, 'version') ?? childText(parent, 'version');
  const group = childText(own, 'groupId') ?? childText(parent, 'groupId');
  for (const [key, value] of [
    ['project.version', version],
    ['version', version],
    ['pom.version', version],
    ['project.groupId', group],
    ['project.artifactId', childText(own, 'artifactId')],
    ['project.parent.version', childText(parent, 'version')],
    ['project.parent.groupId', childText(parent, 'groupId')],
  ] as const) {
    if (value) properties.set(key, value);
  }
  const managed = new Map<string, string>();
  for (const p of [...chain].reverse()) {
    for (const d of dependencyElements(child(child(p, 'dependencyManagement'), 'dependencies'))) {
      const v = d.version && interpolate(d.version, properties);
      if (v) managed.set(`${d.group}:${d.artifact}`, v);
    }
  }
  return { project: own, properties, managed };
}

/** `${name}` references replaced from `props` (a few rounds: a property may name another); undefined if one stays. */
export function interpolate(text: string, props: ReadonlyMap<string, string>): string | undefined {
  let out = text;
  for (let i = 0; i < 5 && out.includes('${'); i++) out = out.replace(/\$\{([^}]+)\}/g, (all, key: string) => props.get(key) ?? all);
  return out.includes('${') ? undefined : out;
}

/** The `<parent>` a pom's project names, when whole. */
export function parentRef(project: string): ParentRef | undefined {
  const parent = child(project, 'parent');
  const group = childText(parent, 'groupId');
  const artifact = childText(parent, 'artifactId');
  const version = childText(parent, 'version');
  if (!group || !artifact || !version || version.includes('${')) return undefined;
  const relativePath = childText(parent, 'relativePath');
  return { group, artifact, version, ...(relativePath !== undefined ? { relativePath } : {}) };
}

/** The `<dependency>` children of a `<dependencies>` element's text, their fields as written. */
export function dependencyElements(dependencies: string | undefined): Array<{ group: string; artifact: string; version?: string; scope?: string; optional?: boolean }> {
  const out: Array<{ group: string; artifact: string; version?: string; scope?: string; optional?: boolean }> = [];
  for (const m of dependencies?.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g) ?? []) {
    const group = childText(m[1], 'groupId');
    const artifact = childText(m[1], 'artifactId');
    if (!group || !artifact) continue;
    const version = childText(m[1], 'version');
    const scope = childText(m[1], 'scope');
    out.push({ group, artifact, ...(version ? { version } : {}), ...(scope ? { scope } : {}), ...(childText(m[1], 'optional') === 'true' ? { optional: true } : {}) });
  }
  return out;
}
