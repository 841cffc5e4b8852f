// What a pom's versions mean once its parents are read: `${project.version}` when the version is
// the parent's, `${revision}` and other properties a parent defines, and versions a parent's
// `<dependencyManagement>` pins for a dependency written without one. Maven builds the same
// (inheritance, then interpolation); the parent's model comes from `parentOf` (the project's own
// ../pom.xml, or the local caches), which may hand out one it made before.

import { child, children, pomProperties, textOf, withoutComments } from './pom-elements';

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
  /** `group:artifact` -> version as written (interpolated where used), from the parents' and the pom's `<dependencyManagement>`. */
  managed: Map<string, string>;
}

/** How far up the `<parent>` chain is followed (a company parent, its parent, a framework's). */
export const MAX_PARENTS = 6;

/** The pom's model with what its parent's model gives it. `parentOf`: undefined when the parent is not found. */
export function pomModel(xml: string, parentOf: (ref: ParentRef) => PomModel | undefined): PomModel {
  const own = child(withoutComments(xml), 'project') ?? '';
  const top = children(own);
  const ref = parentRef(top);
  const inherited = ref && parentOf(ref);
  const properties = new Map(inherited?.properties);
  for (const key of PROJECT_KEYS) properties.delete(key); // the parent's own coordinates are not the child's
  for (const [k, v] of pomProperties(top.get('properties'))) properties.set(k, v);
  const parent = children(top.get('parent'));
  const version = textOf(top.get('version')) ?? textOf(parent.get('version'));
  const group = textOf(top.get('groupId')) ?? textOf(parent.get('groupId'));
  const coordinates: Array<[string, string | undefined]> = [
    ['project.version', version],
    ['version', version],
    ['pom.version', version],
    ['project.groupId', group],
    ['project.artifactId', textOf(top.get('artifactId'))],
    ['project.parent.version', textOf(parent.get('version'))],
    ['project.parent.groupId', textOf(parent.get('groupId'))],
  ];
  for (const [key, value] of coordinates) if (value) properties.set(key, value);
  const managed = new Map(inherited?.managed);
  for (const d of dependencyElements(child(top.get('dependencyManagement'), 'dependencies'))) if (d.version) managed.set(`${d.group}:${d.artifact}`, d.version);
  return { project: own, properties, managed };
}

const PROJECT_KEYS = ['project.version', 'version', 'pom.version', 'project.groupId', 'project.artifactId', 'project.parent.version', 'project.parent.groupId'];

/** A dependency's version in the model: as written with its properties filled in, else the managed one. */
export function versionIn(model: PomModel, d: { group: string; artifact: string; version?: string }): string | undefined {
  const written = d.version && interpolate(d.version, model.properties);
  if (written) return written;
  const managed = model.managed.get(`${d.group}:${d.artifact}`);
  return managed ? interpolate(managed, model.properties) : undefined;
}

/**
 * `${name}` references replaced from `props` (a property may name another, five deep); undefined if
 * one stays: unknown, or naming itself through others (which would grow with every round).
 */
export function interpolate(text: string, props: ReadonlyMap<string, string>): string | undefined {
  let whole = true;
  const expand = (s: string, seen: readonly string[]): string =>
    s.replace(/\$\{([^}]+)\}/g, (all, key: string) => {
      const value = props.get(key);
      if (value === undefined || seen.includes(key) || seen.length >= 5) {
        whole = false;
        return all;
      }
      return expand(value, [...seen, key]);
    });
  const out = expand(text, []);
  return whole && !out.includes('${') ? out : undefined;
}

/** The `<parent>` a pom's project names (`top`: the project's children), when whole. */
function parentRef(top: ReadonlyMap<string, string>): ParentRef | undefined {
  const parent = children(top.get('parent'));
  const group = textOf(parent.get('groupId'));
  const artifact = textOf(parent.get('artifactId'));
  const version = textOf(parent.get('version'));
  if (!group || !artifact || !version || version.includes('${')) return undefined;
  const relativePath = textOf(parent.get('relativePath'));
  return { group, artifact, version, ...(relativePath !== undefined ? { relativePath } : {}) };
}

/** The `<dependency>` children of a `<dependencies>` element's text, their fields as written. */
export function dependencyElements(dependencies: string | undefined): Array<{ group: string; artifact: string; version?: string; scope?: string; optional?: boolean }> {
  const out: Array<{ group: string; artifact: string; version?: string; scope?: string; optional?: boolean }> = [];
  for (const m of dependencies?.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g) ?? []) {
    const fields = children(m[1]);
    const group = textOf(fields.get('groupId'));
    const artifact = textOf(fields.get('artifactId'));
    if (!group || !artifact) continue;
    const version = textOf(fields.get('version'));
    const scope = textOf(fields.get('scope'));
    out.push({ group, artifact, ...(version ? { version } : {}), ...(scope ? { scope } : {}), ...(textOf(fields.get('optional')) === 'true' ? { optional: true } : {}) });
  }
  return out;
}
