// Spring Cloud Config's repositories in the project. A config server module serves `<application>.yml`
// files from its own classpath (`spring.cloud.config.server.native.search-locations:
// classpath:/shared`), a folder of the project (`file:./config-repo`, `file:${user.dir}/config`)
// or a git repository that is such a folder (`spring.cloud.config.server.git.uri:
// file://${user.dir}/config-repo`, read as the working copy it is); each client names itself in
// bootstrap.yml (or its application properties) and takes its properties from there, over its own,
// with the files of its active profiles (`<application>-<profile>.yml`) over those. In piggymetrics
// each service's context path and port are written only in the server's `shared/<service>.yml`.
// A repository outside the project (a remote git URL, an absolute folder, a folder or file of the
// project that is a link to one outside it) is not read: nothing is fetched, and a diagnostic names
// it. The composite backend (`spring.cloud.config.server.composite[i]`) layers its native and git
// repositories, the first winning; `{label}` in a folder is the client's label (else the server's
// default one), and a wildcard search path (`envs/*`, `envs/**` at any depth) the folders matching it.

import { readdirSync, realpathSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { antMatch } from '../scan/ant-match';
import { resolvePlaceholders } from './spring-placeholders';
import { readPropertyFiles } from './spring-boot-config';
import type { Diagnostic } from '../model/endpoint';

const RESOURCES = 'src/main/resources';
const SEARCH_LOCATIONS = ['spring.cloud.config.server.native.search-locations', 'spring.cloud.config.server.native.searchLocations'];
/** The native profile's default search locations, on the classpath (the `file:` ones are the working folder's). */
const DEFAULT_LOCATIONS = 'classpath:/,classpath:/config';
const EXTENSIONS = ['yaml', 'yml', 'properties'];
/** The profile a client asks for when it names none. */
const DEFAULT_PROFILE = 'default';

/** Where a config server module's problems are reported: the config file that sets its repository. */
export type ConfigFileOf = (moduleDir: string) => string;

/**
 * The folders (root-relative, lowest first) config server modules serve as a repository;
 * `{application}` and `{profile}` in a folder stand for the client's name and profile. A
 * repository outside the project becomes a diagnostic.
 */
export function nativeRepositories(
  modules: readonly { dir: string }[],
  propsOf: (dir: string) => ReadonlyMap<string, string> | undefined,
  diagnostics: Diagnostic[] = [],
  configFileOf: ConfigFileOf = (dir) => [dir, RESOURCES, 'application.yml'].filter(Boolean).join('/'),
): string[] {
  const out: string[] = [];
  for (const m of modules) {
    const props = propsOf(m.dir);
    if (!props) continue;
    const report = (message: string) => diagnostics.push({ file: configFileOf(m.dir), message });
    const composite = compositeBackends(props);
    if (composite.length) {
      // The first backend's properties win: it is read last.
      for (const backend of composite.reverse()) out.push(...backendFolders(m.dir, props, backend, report));
      continue;
    }
    out.push(...backendFolders(m.dir, props, { type: 'git', prefix: 'spring.cloud.config.server.git.' }, report));
    const native = (props.get('spring.profiles.active') ?? '').split(',').some((p) => p.trim() === 'native');
    const explicit = SEARCH_LOCATIONS.some((k) => props.has(k));
    if (explicit || (native && [...props.keys()].some((k) => k.startsWith('spring.cloud.config.server.')))) out.push(...backendFolders(m.dir, props, { type: 'native', prefix: 'spring.cloud.config.server.native.' }, report));
  }
  return out;
}

interface Backend {
  type: 'native' | 'git';
  /** Where its keys are: `spring.cloud.config.server.native.`, `spring.cloud.config.server.composite[0].`. */
  prefix: string;
}

/** The backends `spring.cloud.config.server.composite[i].type` lists, in order; none when it lists none. */
function compositeBackends(props: ReadonlyMap<string, string>): Backend[] {
  const out: Backend[] = [];
  for (let i = 0; ; i++) {
    const prefix = `spring.cloud.config.server.composite[${i}].`;
    const type = props.get(`${prefix}type`)?.trim().toLowerCase();
    if (type === undefined) return out;
    // Another type (jdbc, vault, svn, ..) holds no folder of the project.
    if (type === 'native' || type === 'git') out.push({ type, prefix });
  }
}

/** A backend's folders, lowest first, its `{label}` standing for its default label unless the client names one. */
function backendFolders(moduleDir: string, props: ReadonlyMap<string, string>, backend: Backend, report: (message: string) => void): string[] {
  // A list may be written as YAML's (`search-paths: [a, b]`, flattened to `search-paths[0]`..).
  const get = (...names: string[]) => names.map((n) => props.get(backend.prefix + n) ?? listed(props, backend.prefix + n)).find((v) => v !== undefined);
  const label = resolvePlaceholders(get('default-label', 'defaultLabel'), props)?.trim() || (backend.type === 'git' ? 'main' : 'master');
  const withLabel = (folders: string[]) => folders.map((f) => f.replace(/\{label\}/g, `{label=${label}}`));
  if (backend.type === 'git') return withLabel(gitRepository(moduleDir, get('uri'), get('search-paths', 'searchPaths'), props, report) ?? []);
  const written = get('search-locations', 'searchLocations');
  const locations = written !== undefined ? resolvePlaceholders(written, props) : DEFAULT_LOCATIONS;
  if (locations === undefined) return [];
  const out: string[] = [];
  // An earlier location is taken to win (Spring Boot's own config locations do the opposite; one location is the norm).
  for (const location of locations.split(',').map((l) => l.trim()).filter(Boolean).reverse()) {
    const path = /^classpath\*?:(.*)$/.exec(location)?.[1];
    if (path !== undefined) {
      if (path.includes('${')) continue;
      const folder = inProject([moduleDir, RESOURCES, path.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/'));
      if (folder !== undefined) out.push(folder);
      continue;
    }
    const file = fileFolders(moduleDir, location, props);
    if (file === undefined) report(`config server repository ${location} is not a folder of the project; its properties are not read`);
    else out.push(...file);
  }
  return withLabel(out);
}

/** `key[0]`, `key[1]`.. joined with commas, as Spring binds a list; undefined when there is no `key[0]`. */
function listed(props: ReadonlyMap<string, string>, key: string): string | undefined {
  const items: string[] = [];
  for (let i = 0; props.has(`${key}[${i}]`); i++) items.push(props.get(`${key}[${i}]`)!);
  return items.length ? items.join(',') : undefined;
}

/**
 * A git-backed config server's repository, when it is a folder of the project (`file:` URI),
 * with its `search-paths` (lowest first, the repository's root lowest); a remote one is reported.
 */
function gitRepository(moduleDir: string, raw: string | undefined, paths: string | undefined, props: ReadonlyMap<string, string>, report: (message: string) => void): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const uri = resolveKeepingUserDir(raw.trim(), props);
  if (!/^file:/i.test(uri)) {
    report(`config server git repository ${withoutUserInfo(uri)} is not in the project: nothing is fetched, and its properties are not read`);
    return undefined;
  }
  const roots = fileFolders(moduleDir, uri, props);
  if (roots === undefined) {
    report(`config server git repository ${uri} is not a folder of the project; its properties are not read`);
    return undefined;
  }
  const searchPaths = (paths !== undefined ? (resolvePlaceholders(paths, props) ?? '') : '')
    .split(',')
    .map((p) => p.trim().replace(/^['"]|['"]$/g, '').replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''))
    // A wildcard search path (`envs/*`) stays a pattern: the folders matching it are listed when read.
    .filter((p) => p !== '' && !p.includes('${'));
  const out: string[] = [];
  for (const root of roots) {
    out.push(root);
    for (const path of [...searchPaths].reverse()) {
      const folder = inProject(`${root}/${path}`);
      if (folder !== undefined) out.push(folder);
    }
  }
  return out;
}

/** A URI as a diagnostic may show it: a user and password written in it (`https://user:token@host/..`) are not. */
function withoutUserInfo(uri: string): string {
  return uri.replace(/^([a-z][\w+.-]*:\/\/)[^/\s]*@/i, '$1***@');
}

/** Placeholders filled, `${user.dir}` kept: it is the working folder, known only as where the project is. */
function resolveKeepingUserDir(value: string, props: ReadonlyMap<string, string>): string {
  return resolvePlaceholders(value, { get: (k) => (k === 'user.dir' ? undefined : props.get(k)) }) ?? value;
}

/**
 * The root-relative folders a `file:` location may stand for: relative to the working folder
 * (`${user.dir}`, or a relative path), which is the project's root when it runs from there and the
 * module's when it runs from the module (both are read, the root's winning). Undefined: a folder
 * outside the project, or one only the running machine knows.
 */
function fileFolders(moduleDir: string, location: string, props: ReadonlyMap<string, string>): string[] | undefined {
  const m = /^file:(.*)$/i.exec(resolveKeepingUserDir(location, props));
  if (!m) return undefined;
  // Windows' separators are separators: `file:..\..\x` climbs out as `file:../../x` does.
  let path = m[1]!.replace(/\\/g, '/').replace(/^\/\/(?=\$\{user\.dir\})/, '');
  if (path.startsWith('${user.dir}')) path = `./${path.slice('${user.dir}'.length)}`;
  // `file:///srv/config`, `file:/srv/config`, `file:C:/config`: another folder of the machine.
  if (path.includes('${') || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.startsWith('~')) return undefined;
  const bases = moduleDir ? [moduleDir, ''] : [''];
  const out: string[] = [];
  for (const base of bases) {
    const folder = inProject([base, path.replace(/\/+$/g, '')].filter(Boolean).join('/'));
    if (folder !== undefined && !out.includes(folder)) out.push(folder);
  }
  return out.length ? out : undefined;
}

/** Normalized, so a changed file matches it; a folder climbing out of the project is not read. */
function inProject(path: string): string | undefined {
  const folder = posix.normalize(path).replace(/\/+$/, '');
  if (folder === '..' || folder.startsWith('../')) return undefined;
  return folder === '.' ? '' : folder;
}

/** A client's bootstrap files, lowest first (.properties wins over .yml, as Spring Boot reads them). */
export function bootstrapFiles(moduleDir: string): string[] {
  return EXTENSIONS.map((ext) => [moduleDir, RESOURCES, `bootstrap.${ext}`].filter(Boolean).join('/'));
}

/**
 * The name a module asks the config server for, when it is a client of one: `spring.cloud.config.name`
 * or `spring.application.name`, from its bootstrap or application properties. A module that serves
 * a repository itself is not its client here.
 */
export function clientName(bootstrap: ReadonlyMap<string, string>, props: ReadonlyMap<string, string>): string | undefined {
  const get = (key: string) => props.get(key) ?? bootstrap.get(key);
  const all = { get };
  const isServer = [...props.keys(), ...bootstrap.keys()].some((k) => k.startsWith('spring.cloud.config.server.'));
  const imports = get('spring.config.import') ?? '';
  const isClient = imports.includes('configserver:') || [...bootstrap.keys(), ...props.keys()].some((k) => k.startsWith('spring.cloud.config.') && !k.startsWith('spring.cloud.config.server.'));
  if (isServer || !isClient) return undefined;
  const name = resolvePlaceholders(get('spring.cloud.config.name') ?? get('spring.application.name'), all)?.trim();
  return name && !name.includes('${') && /^[\w.-]+$/.test(name) && !/^\.+$/.test(name) ? name : undefined;
}

/**
 * The profiles a client asks the server for: `spring.cloud.config.profile`, else its active
 * profiles (`${ENV:dev}`'s default), else `default`.
 */
export function clientProfiles(bootstrap: ReadonlyMap<string, string>, props: ReadonlyMap<string, string>): string[] {
  const get = (key: string) => props.get(key) ?? bootstrap.get(key);
  const value = resolvePlaceholders(get('spring.cloud.config.profile') ?? get('spring.profiles.active'), { get });
  const profiles = (value ?? '').split(',').map((p) => p.trim()).filter((p) => /^[\w.-]+$/.test(p) && !/^\.+$/.test(p));
  return profiles.length ? profiles : [DEFAULT_PROFILE];
}

/**
 * The label a client asks for (`spring.cloud.config.label`, the first of a list of fallbacks);
 * undefined: the server's default one.
 */
export function clientLabel(bootstrap: ReadonlyMap<string, string>, props: ReadonlyMap<string, string>): string | undefined {
  const get = (key: string) => props.get(key) ?? bootstrap.get(key);
  const label = resolvePlaceholders(get('spring.cloud.config.label'), { get })?.split(',')[0]?.trim();
  return label && /^[\w.-]+$/.test(label) && !/^\.+$/.test(label) ? label : undefined;
}

/**
 * The repository files a client named `name` takes, lowest first, as the server layers them:
 * `application.*`, then its own name's, then the same for each profile (`application-dev.yml`,
 * `<name>-dev.yml`), a later profile winning. A folder with `{profile}` is read once per profile,
 * `{label}` is the client's label (else the backend's default, written `{label=main}`), and a
 * folder with a wildcard is the folders `expand` lists for it (none without).
 */
export function repositoryFiles(repos: readonly string[], name: string, profiles: readonly string[] = [DEFAULT_PROFILE], label?: string, expand: (pattern: string) => string[] = () => []): string[] {
  const folders: string[] = [];
  for (const repo of repos) {
    const named = repo.replace(/\{application\}/g, name).replace(/\{label(?:=([^}]*))?\}/g, (_, fallback: string | undefined) => label ?? fallback ?? '{label}');
    for (const dir of named.includes('{profile}') ? profiles.map((p) => named.replace(/\{profile\}/g, p)) : [named]) {
      for (const each of /[*?]/.test(dir) ? expand(dir) : [dir]) if (!each.includes('{') && !folders.includes(each)) folders.push(each);
    }
  }
  const out: string[] = [];
  for (const profile of [undefined, ...profiles]) {
    for (const base of ['application', name]) {
      for (const dir of folders) {
        for (const ext of EXTENSIONS) out.push([dir, `${base}${profile ? `-${profile}` : ''}.${ext}`].filter(Boolean).join('/'));
      }
    }
  }
  return out;
}

/**
 * The project's folders (root-relative, sorted) matching a folder pattern whose segments may hold
 * `*` and `?`, and `**` for any number of folders (none too: `envs/**` is `envs` and every folder
 * under it), as the server's Ant-style resource patterns match them.
 */
export function matchingFolders(root: string, pattern: string): string[] {
  let found = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const next: string[] = [];
    for (const dir of found) {
      if (segment === '**') {
        for (const d of [dir, ...foldersUnder(root, dir)]) if (!next.includes(d)) next.push(d);
        continue;
      }
      if (!/[*?]/.test(segment)) {
        next.push(dir ? `${dir}/${segment}` : segment);
        continue;
      }
      for (const n of folderNames(root, dir)) if (antMatch(segment, n, '/')) next.push(dir ? `${dir}/${n}` : n);
    }
    found = next;
  }
  return found.filter((f) => f !== '');
}

/** How many folders a `**` lists at most: a pattern at the project's root does not walk all of a large tree. */
const MAX_DEEP_FOLDERS = 2000;

/** The names of a folder's folders (and links to folders), sorted; none when it cannot be read. */
function folderNames(root: string, dir: string): string[] {
  try {
    return readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink()).map((d) => d.name).sort();
  } catch {
    return [];
  }
}

/**
 * Every folder under `dir` at any depth, each before its own, sorted by name; a link is listed,
 * not entered (it may loop). Hidden folders (a working copy's `.git`) hold no configuration: skipped.
 */
function foldersUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, at), { withFileTypes: true }).filter((d) => (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const d of entries) {
      if (out.length >= MAX_DEEP_FOLDERS) return;
      const rel = at ? `${at}/${d.name}` : d.name;
      out.push(rel);
      if (d.isDirectory()) walk(rel);
    }
  };
  walk(dir);
  return out;
}

/** Where a file of the project really is, when a link takes it outside the project; undefined when it is inside (or absent). */
function linkedOutside(root: string, rel: string): string | undefined {
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(join(root, rel));
    realRoot = realpathSync(root);
  } catch {
    return undefined;
  }
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep) ? undefined : real;
}

/**
 * A client module's properties with its bootstrap files below and the repository's files above,
 * as its environment has them; `undefined` when it takes none from a repository. `files`: every
 * file looked at, present or not, so that a change to one re-reads the configuration.
 */
export function withCloudConfig(
  root: string,
  moduleDir: string,
  props: ReadonlyMap<string, string>,
  repos: readonly string[],
  diagnostics: Diagnostic[],
  files: Set<string>,
): Map<string, string> | undefined {
  const bootstrapAt = bootstrapFiles(moduleDir);
  bootstrapAt.forEach((f) => files.add(f));
  const bootstrap = readPropertyFiles(root, bootstrapAt, diagnostics);
  const name = clientName(bootstrap, props);
  if (name === undefined) return undefined;
  const remoteAt = repositoryFiles(repos, name, clientProfiles(bootstrap, props), clientLabel(bootstrap, props), (pattern) => matchingFolders(root, pattern));
  remoteAt.forEach((f) => files.add(f));
  // A repository folder (or file) linked to one outside the project is not the project's: not read.
  const inside = remoteAt.filter((f) => {
    const real = linkedOutside(root, f);
    if (real === undefined) return true;
    const message = `config server repository file ${f} is a link to ${real}, outside the project; it is not read`;
    if (!diagnostics.some((d) => d.file === f && d.message === message)) diagnostics.push({ file: f, message });
    return false;
  });
  const remote = readPropertyFiles(root, inside, diagnostics);
  if (remote.size === 0) return undefined;
  const out = new Map(bootstrap);
  for (const [k, v] of props) out.set(k, v);
  for (const [k, v] of remote) out.set(k, v);
  return out;
}
