// Spring Cloud Config's repositories in the project. A config server module serves `<application>.yml`
// files from its own classpath (`spring.cloud.config.server.native.search-locations:
// classpath:/shared`), a folder of the project (`file:./config-repo`, `file:${user.dir}/config`)
// or a git repository that is such a folder (`spring.cloud.config.server.git.uri:
// file://${user.dir}/config-repo`, read as the working copy it is); each client names itself in
// bootstrap.yml (or its application properties) and takes its properties from there, over its own,
// with the files of its active profiles (`<application>-<profile>.yml`) over those. In piggymetrics
// each service's context path and port are written only in the server's `shared/<service>.yml`.
// A repository outside the project (a remote git URL, an absolute folder) is not read: nothing is
// fetched, and a diagnostic names it.

import { posix } from 'node:path';
import { resolvePlaceholders } from './spring-placeholders';
import { readPropertyFiles } from './spring-boot-config';
import type { Diagnostic } from '../model/endpoint';

const RESOURCES = 'src/main/resources';
const SEARCH_LOCATIONS = ['spring.cloud.config.server.native.search-locations', 'spring.cloud.config.server.native.searchLocations'];
const GIT_URI = 'spring.cloud.config.server.git.uri';
const GIT_SEARCH_PATHS = ['spring.cloud.config.server.git.search-paths', 'spring.cloud.config.server.git.searchPaths'];
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
    const git = gitRepository(m.dir, props, report);
    if (git) out.push(...git);
    const key = SEARCH_LOCATIONS.find((k) => props.has(k));
    const native = (props.get('spring.profiles.active') ?? '').split(',').some((p) => p.trim() === 'native');
    const locations = key !== undefined ? resolvePlaceholders(props.get(key), props) : native && [...props.keys()].some((k) => k.startsWith('spring.cloud.config.server.')) ? DEFAULT_LOCATIONS : undefined;
    if (locations === undefined) continue;
    // An earlier location is taken to win (Spring Boot's own config locations do the opposite; one location is the norm).
    for (const location of locations.split(',').map((l) => l.trim()).filter(Boolean).reverse()) {
      const path = /^classpath\*?:(.*)$/.exec(location)?.[1];
      if (path !== undefined) {
        if (path.includes('${')) continue;
        const folder = inProject([m.dir, RESOURCES, path.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/'));
        if (folder !== undefined) out.push(folder);
        continue;
      }
      const file = fileFolders(m.dir, location, props);
      if (file === undefined) report(`config server repository ${location} is not a folder of the project; its properties are not read`);
      else out.push(...file);
    }
  }
  return out;
}

/**
 * A git-backed config server's repository, when it is a folder of the project (`file:` URI),
 * with its `search-paths` (lowest first, the repository's root lowest); a remote one is reported.
 */
function gitRepository(moduleDir: string, props: ReadonlyMap<string, string>, report: (message: string) => void): string[] | undefined {
  const raw = props.get(GIT_URI);
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
  const key = GIT_SEARCH_PATHS.find((k) => props.has(k));
  const searchPaths = (key !== undefined ? resolvePlaceholders(props.get(key), props) ?? '' : '')
    .split(',')
    .map((p) => p.trim().replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''))
    // A wildcard search path (`foo*`) matches folders only the server lists.
    .filter((p) => p !== '' && !p.includes('*') && !p.includes('${'));
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
 * The repository files a client named `name` takes, lowest first, as the server layers them:
 * `application.*`, then its own name's, then the same for each profile (`application-dev.yml`,
 * `<name>-dev.yml`), a later profile winning. A folder with `{profile}` is read once per profile.
 */
export function repositoryFiles(repos: readonly string[], name: string, profiles: readonly string[] = [DEFAULT_PROFILE]): string[] {
  const folders: string[] = [];
  for (const repo of repos) {
    const named = repo.replace(/\{application\}/g, name);
    for (const dir of named.includes('{profile}') ? profiles.map((p) => named.replace(/\{profile\}/g, p)) : [named]) {
      if (!dir.includes('{') && !folders.includes(dir)) folders.push(dir);
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
  const remoteAt = repositoryFiles(repos, name, clientProfiles(bootstrap, props));
  remoteAt.forEach((f) => files.add(f));
  const remote = readPropertyFiles(root, remoteAt, diagnostics);
  if (remote.size === 0) return undefined;
  const out = new Map(bootstrap);
  for (const [k, v] of props) out.set(k, v);
  for (const [k, v] of remote) out.set(k, v);
  return out;
}
