// Spring Cloud Config's native repository. A config server module serves `<application>.yml`
// files from its own classpath (`spring.cloud.config.server.native.search-locations:
// classpath:/shared`), and each client names itself in bootstrap.yml (or its application
// properties) and takes its properties from there, over its own. In piggymetrics each service's
// context path and port are written only in the server's `shared/<service>.yml`.
// A git or file-system repository outside the project cannot be read and is left alone.

import { posix } from 'node:path';
import { resolvePlaceholders } from './spring-placeholders';
import { readPropertyFiles } from './spring-boot-config';
import type { Diagnostic } from '../model/endpoint';

const RESOURCES = 'src/main/resources';
const SEARCH_LOCATIONS = ['spring.cloud.config.server.native.search-locations', 'spring.cloud.config.server.native.searchLocations'];
/** The native profile's default search locations, on the classpath (the `file:` ones are the working folder's). */
const DEFAULT_LOCATIONS = 'classpath:/,classpath:/config';
const EXTENSIONS = ['yaml', 'yml', 'properties'];

/**
 * The folders (root-relative, lowest first) config server modules serve as a native repository;
 * `{application}` in a location stands for the client's name.
 */
export function nativeRepositories(modules: readonly { dir: string }[], propsOf: (dir: string) => ReadonlyMap<string, string> | undefined): string[] {
  const out: string[] = [];
  for (const m of modules) {
    const props = propsOf(m.dir);
    if (!props) continue;
    const key = SEARCH_LOCATIONS.find((k) => props.has(k));
    const native = (props.get('spring.profiles.active') ?? '').split(',').some((p) => p.trim() === 'native');
    const locations = key !== undefined ? resolvePlaceholders(props.get(key), props) : native && [...props.keys()].some((k) => k.startsWith('spring.cloud.config.server.')) ? DEFAULT_LOCATIONS : undefined;
    if (locations === undefined) continue;
    // An earlier location is taken to win (Spring Boot's own config locations do the opposite; one location is the norm).
    for (const location of locations.split(',').map((l) => l.trim()).reverse()) {
      const path = /^classpath\*?:(.*)$/.exec(location)?.[1];
      if (path === undefined || path.includes('${')) continue;
      // Normalized, so a changed file matches it; one climbing out of the project is not read.
      const folder = posix.normalize([m.dir, RESOURCES, path.replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/')).replace(/\/+$/, '');
      if (folder === '..' || folder.startsWith('../')) continue;
      out.push(folder);
    }
  }
  return out;
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

/** The repository files a client named `name` takes, lowest first: `application.*`, then its own name's. */
export function repositoryFiles(repos: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (const base of ['application', name]) {
    for (const repo of repos) {
      const dir = repo.replace(/\{application\}/g, name);
      if (dir.includes('{')) continue;
      for (const ext of EXTENSIONS) out.push(`${dir}/${base}.${ext}`);
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
  const remoteAt = repositoryFiles(repos, name);
  remoteAt.forEach((f) => files.add(f));
  const remote = readPropertyFiles(root, remoteAt, diagnostics);
  if (remote.size === 0) return undefined;
  const out = new Map(bootstrap);
  for (const [k, v] of props) out.set(k, v);
  for (const [k, v] of remote) out.set(k, v);
  return out;
}
