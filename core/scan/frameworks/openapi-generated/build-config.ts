// Where a spec-first project keeps its OpenAPI document and how it turns it into Java: the
// `openapi-generator-maven-plugin` (or swagger-codegen's) executions of a pom.xml, and the
// Gradle `openApiGenerate` task (or any `GenerateTask`) of build.gradle / build.gradle.kts.
// Only what decides the generated interfaces is read: generator name, input spec, api package,
// and the options that change grouping and naming (useTags, delegatePattern, ...).

import { posix } from 'node:path';
import { blankComments, blankXmlComments, lineOf, matching } from '../../config-text';

export interface GeneratorConfig {
  /** Module directory relative to the root ('' for the root). */
  moduleDir: string;
  /** The build file naming it, relative to the root, and the line of its inputSpec. */
  buildFile: string;
  line: number;
  /** `jaxrs-spec`, `spring`, ... ('' when the build file does not say). */
  generator: string;
  /** The spec, relative to the root (undefined when the value could not be read). */
  inputSpec: string | undefined;
  /** The inputSpec as written, for diagnostics. */
  inputSpecText: string;
  /** The address the build downloads the spec from, when inputSpec names one (`https://...`). */
  remoteSpec?: string;
  apiPackage?: string;
  /** Where the model classes go, and the prefix/suffix their names get (`modelNameSuffix`: `Dto`). */
  modelPackage?: string;
  modelNamePrefix?: string;
  modelNameSuffix?: string;
  /** `generateModels` is not `false`: model classes are written. */
  generatesModels: boolean;
  /** configOptions / additionalProperties, keys as written, values as strings. */
  options: Record<string, string>;
  /**
   * Spec schemas the generator writes no class for but points to an existing one (`schemaMappings`,
   * `importMappings`, `typeMappings` with the import of its type): schema name -> class name as
   * written (qualified, or simple when only a type mapping names it).
   */
  mappings?: Record<string, string>;
}

const MAVEN_PLUGINS = /<artifactId>\s*(openapi-generator-maven-plugin|swagger-codegen-maven-plugin)\s*<\/artifactId>/;

/**
 * The generator configurations a module's build file declares ([] when none). `read` (a project
 * file by its path from the root) lets a pom's `${...}` properties come from its parent poms too.
 */
export function generatorConfigs(buildFile: string, text: string, moduleDir: string, read?: (path: string) => string | undefined): GeneratorConfig[] {
  if (buildFile.endsWith('pom.xml')) return mavenConfigs(buildFile, text, moduleDir, read);
  return gradleConfigs(buildFile, text, moduleDir);
}

/** Whether a build file mentions a generator at all: the cheap test before reading it closely. */
export function mentionsGenerator(text: string): boolean {
  return /openapi-generator|swagger-codegen|openApiGenerate|GenerateTask/.test(text);
}

/** The build files of each kind of module (modules.ts names a folder with a pom.xml a Maven module). */
const BUILD_FILES: Record<'maven' | 'gradle' | 'none', readonly string[]> = { maven: ['pom.xml'], gradle: ['build.gradle', 'build.gradle.kts'], none: [] };

/**
 * Every openapi-generator configuration the modules' build files hold, module by module. `read`
 * is the scan's project reader: each build file asked for becomes a scan input.
 */
export function moduleGeneratorConfigs(modules: ReadonlyArray<{ dir: string; build: 'maven' | 'gradle' | 'none' }>, read: (path: string) => string | undefined): GeneratorConfig[] {
  const out: GeneratorConfig[] = [];
  for (const m of modules) {
    for (const name of BUILD_FILES[m.build]) {
      const buildFile = m.dir ? `${m.dir}/${name}` : name;
      const text = read(buildFile);
      if (text !== undefined && mentionsGenerator(text)) out.push(...generatorConfigs(buildFile, text, m.dir, read));
    }
  }
  return out;
}

/** What the three mapping settings make of each schema name (see `GeneratorConfig.mappings`); undefined when none. */
function schemaClasses(imports: Record<string, string>, types: Record<string, string>, schemas: Record<string, string>): Record<string, string> | undefined {
  const out: Record<string, string> = { ...imports };
  // `Interval=CustomInterval` with `CustomInterval=com.acme.CustomInterval` (or `Interval=com.acme.CustomInterval`) imported.
  for (const [name, type] of Object.entries(types)) {
    const imported = imports[type] ?? (imports[name]?.endsWith(`.${type}`) ? imports[name] : undefined);
    out[name] = imported ?? type;
  }
  Object.assign(out, schemas);
  return Object.keys(out).length ? out : undefined;
}

// ---- Maven -------------------------------------------------------------------------------

function mavenConfigs(buildFile: string, xml: string, moduleDir: string, read?: (path: string) => string | undefined): GeneratorConfig[] {
  const text = blankXmlComments(xml);
  const props = mavenProperties(text);
  if (read) inheritProperties(props, text, posix.dirname(buildFile), read);
  const out: GeneratorConfig[] = [];
  for (const m of text.matchAll(/<plugin>([\s\S]*?)<\/plugin>/g)) {
    const plugin = m[1]!;
    if (!MAVEN_PLUGINS.test(plugin)) continue;
    const pluginStart = m.index! + '<plugin>'.length;
    // Plugin-level configuration applies to every execution; an execution's own wins.
    const executions = [...plugin.matchAll(/<execution>([\s\S]*?)<\/execution>/g)];
    const outside = plugin.replace(/<executions>[\s\S]*?<\/executions>/, (s) => ' '.repeat(s.length));
    const shared = configurationOf(outside);
    const blocks = executions.length ? executions.map((e) => ({ body: e[1]!, at: pluginStart + e.index! })) : [{ body: '', at: pluginStart }];
    for (const block of blocks) {
      const own = configurationOf(block.body);
      const conf = { values: { ...shared.values, ...own.values }, options: { ...shared.options, ...own.options } };
      const specText = conf.values.inputSpec;
      if (specText === undefined) continue;
      const specAt = text.indexOf(specText, block.at);
      const resolved = mavenValue(specText, props, moduleDir);
      const mapping = (key: string) => ({ ...mavenMappings(outside, key), ...mavenMappings(block.body, key) });
      const mappings = schemaClasses(mapping('importMappings'), mapping('typeMappings'), mapping('schemaMappings'));
      out.push({
        moduleDir,
        buildFile,
        line: lineOf(text, specAt >= 0 ? specAt : block.at),
        generator: mavenValue(conf.values.generatorName ?? conf.values.language ?? '', props, moduleDir) ?? '',
        inputSpec: resolved === undefined ? undefined : specPath(resolved, moduleDir),
        inputSpecText: specText,
        ...remote(resolved),
        ...(conf.values.apiPackage ? { apiPackage: mavenValue(conf.values.apiPackage, props, moduleDir) ?? conf.values.apiPackage } : {}),
        ...modelSettings((k) => (conf.values[k] === undefined ? undefined : mavenValue(conf.values[k]!, props, moduleDir))),
        options: conf.options,
        ...(mappings ? { mappings } : {}),
      });
    }
  }
  return out;
}

/** `<importMappings><importMapping>A=com.acme.A</importMapping></importMappings>`, or `A=com.acme.A,B=...` as the element's text. */
function mavenMappings(body: string, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  const conf = /<configuration>([\s\S]*?)<\/configuration>/.exec(body)?.[1] ?? '';
  const inner = new RegExp(`<${key}>([\\s\\S]*?)</${key}>`).exec(conf)?.[1];
  for (const e of (inner ?? '').replace(/<[^>]*>/g, ',').matchAll(/([\w.$-]+)\s*=\s*([\w.$]+)/g)) out[e[1]!] = e[2]!;
  return out;
}

interface MavenConfiguration {
  values: Record<string, string>;
  options: Record<string, string>;
}

function configurationOf(body: string): MavenConfiguration {
  const conf = /<configuration>([\s\S]*?)<\/configuration>/.exec(body)?.[1] ?? '';
  const values: Record<string, string> = {};
  const options: Record<string, string> = {};
  for (const block of ['configOptions', 'additionalProperties']) {
    const inner = new RegExp(`<${block}>([\\s\\S]*?)</${block}>`).exec(conf)?.[1];
    if (!inner) continue;
    for (const o of inner.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) options[o[1]!] = o[2]!;
    // <additionalProperty>useTags=true</additionalProperty>
    for (const o of inner.matchAll(/<additionalProperty>\s*([\w.-]+)\s*=\s*([^<]*?)\s*<\/additionalProperty>/g)) options[o[1]!] = o[2]!;
  }
  const top = conf.replace(/<(configOptions|additionalProperties)>[\s\S]*?<\/\1>/g, '');
  for (const v of top.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) values[v[1]!] = v[2]!;
  // Options may also be plain configuration parameters of the plugin (`<useTags>true</useTags>`).
  for (const key of ['useTags', 'interfaceOnly', 'delegatePattern', 'skipDefaultInterface', 'useSpringController']) {
    if (values[key] !== undefined && options[key] === undefined) options[key] = values[key]!;
  }
  return { values, options };
}

function mavenProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const props = /<properties>([\s\S]*?)<\/properties>/.exec(text)?.[1] ?? '';
  for (const p of props.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) out.set(p[1]!, p[2]!);
  return out;
}

/** Levels of parent poms read for properties: real hierarchies are a few deep; a cycle must end. */
const MAX_PARENTS = 8;

/** Adds the properties of the parent poms (`<parent><relativePath>`, `../pom.xml` by default) that the pom does not set itself. */
function inheritProperties(props: Map<string, string>, text: string, dir: string, read: (path: string) => string | undefined): void {
  let pom = text;
  let at = dir === '.' ? '' : dir;
  for (let i = 0; i < MAX_PARENTS; i++) {
    const parent = /<parent>([\s\S]*?)<\/parent>/.exec(pom)?.[1];
    if (parent === undefined) return;
    const relative = /<relativePath>\s*([^<]*?)\s*<\/relativePath>/.exec(parent)?.[1] ?? '../pom.xml';
    if (relative === '') return; // `<relativePath/>`: the parent comes from a repository
    let path = posix.normalize(posix.join(at, relative));
    if (!path.endsWith('.xml')) path = posix.join(path, 'pom.xml');
    if (path.startsWith('..')) return;
    const next = read(path);
    if (next === undefined) return;
    pom = blankXmlComments(next);
    for (const [k, v] of mavenProperties(pom)) if (!props.has(k)) props.set(k, v);
    at = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  }
}

/** `${project.basedir}/src/main/openapi/api.yaml` with the module's folder for basedir; undefined when a property is unknown. */
function mavenValue(text: string, props: Map<string, string>, moduleDir: string): string | undefined {
  let unknown = false;
  const out = text.replace(/\$\{([^}]+)\}/g, (_, key: string) => {
    if (key === 'project.basedir' || key === 'basedir' || key === 'pom.basedir') return `@root/${moduleDir}`;
    const v = props.get(key);
    if (v === undefined) unknown = true;
    return v ?? '';
  });
  return unknown ? undefined : out;
}

/** `{ remoteSpec }` when the resolved inputSpec is a download address, not a file. */
function remote(resolved: string | undefined): { remoteSpec?: string } {
  return resolved !== undefined && REMOTE.test(resolved) && !resolved.startsWith('file:') ? { remoteSpec: resolved } : {};
}

/** The model settings of one configuration, read by `value` (undefined when absent or unreadable). */
function modelSettings(value: (key: string) => string | undefined): Pick<GeneratorConfig, 'modelPackage' | 'modelNamePrefix' | 'modelNameSuffix' | 'generatesModels'> {
  const out: ReturnType<typeof modelSettings> = { generatesModels: value('generateModels')?.toLowerCase() !== 'false' };
  for (const key of ['modelPackage', 'modelNamePrefix', 'modelNameSuffix'] as const) {
    const v = value(key);
    if (v) out[key] = v;
  }
  return out;
}

// ---- Gradle ------------------------------------------------------------------------------

function gradleConfigs(buildFile: string, text: string, moduleDir: string): GeneratorConfig[] {
  const code = blankComments(text);
  const out: GeneratorConfig[] = [];
  // `openApiGenerate { ... }`, `tasks.named<GenerateTask>("x") { ... }`, `task x(type: GenerateTask) { ... }`,
  // `tasks.register("x", GenerateTask) { ... }`: every block that sets inputSpec.
  const starts = /(?:\bopenApiGenerate\b|GenerateTask\b)[^{\n]*\{/g;
  for (let m = starts.exec(code); m; m = starts.exec(code)) {
    const open = m.index + m[0].length - 1;
    const close = matching(code, open);
    if (close < 0) continue;
    const body = code.slice(open + 1, close);
    const spec = setting(body, 'inputSpec');
    if (!spec) continue;
    const resolved = gradleValue(spec.value, moduleDir);
    out.push({
      moduleDir,
      buildFile,
      line: lineOf(code, open + 1 + spec.at),
      generator: gradleValue(setting(body, 'generatorName')?.value ?? '', moduleDir) ?? '',
      inputSpec: resolved === undefined ? undefined : specPath(resolved, moduleDir),
      inputSpecText: spec.value,
      ...remote(resolved),
      ...(setting(body, 'apiPackage') ? { apiPackage: gradleValue(setting(body, 'apiPackage')!.value, moduleDir) ?? '' } : {}),
      ...modelSettings((k) => { const v = setting(body, k); return v && gradleValue(v.value, moduleDir); }),
      options: { ...mapSetting(body, 'additionalProperties'), ...mapSetting(body, 'configOptions') },
      ...gradleMappings(body),
    });
    starts.lastIndex = close;
  }
  return out;
}

function gradleMappings(body: string): Pick<GeneratorConfig, 'mappings'> {
  const mappings = schemaClasses(mapSetting(body, 'importMappings'), mapSetting(body, 'typeMappings'), mapSetting(body, 'schemaMappings'));
  return mappings ? { mappings } : {};
}

/** `name = "x"`, `name.set("x")`, `name.set(file("x"))`, `name "x"`: the value expression. */
function setting(body: string, name: string): { value: string; at: number } | undefined {
  const m = new RegExp(`\\b${name}\\b\\s*(\\.set\\s*\\(|=|(?=["']))\\s*([^\\n]+)`).exec(body);
  if (!m) return undefined;
  let value = m[2]!.trim();
  if (m[1]!.startsWith('.set')) value = value.replace(/\)\s*$/, '').trim();
  return { value, at: m.index };
}

/** `configOptions.set(mapOf("interfaceOnly" to "true"))`, `configOptions = [interfaceOnly: "true"]`. */
function mapSetting(body: string, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const m = new RegExp(`\\b${name}\\s*(?:=|\\.set\\s*\\(|\\.putAll\\s*\\()\\s*`).exec(body);
  if (!m) return out;
  const start = m.index + m[0].length;
  const open = body.slice(start).search(/[[(]/);
  if (open < 0) return out;
  const close = matching(body, start + open);
  const inner = body.slice(start + open + 1, close < 0 ? undefined : close);
  for (const e of inner.matchAll(/["']?([\w.-]+)["']?\s*(?::|to)\s*["']?([\w.\-/]+)["']?/g)) out[e[1]!] = e[2]!;
  return out;
}

/** A Groovy/Kotlin string expression with the few variables builds use for paths. */
function gradleValue(expr: string, moduleDir: string): string | undefined {
  let e = expr.trim();
  // `.asFile.path`, `.get().asFile.absolutePath`, `.toString()`: the same location.
  for (let before = ''; before !== e; ) {
    before = e;
    e = e.replace(/\.(?:toString\(\)|absolutePath|path|asFile|get\(\))$/, '');
  }
  const call = /^(?:project\.)?(?:file|layout\.projectDirectory\.file|rootProject\.file)\s*\(\s*([\s\S]*)\)$/.exec(e);
  if (call) e = call[1]!.trim();
  const str = /^"([^"]*)"$|^'([^']*)'$/.exec(e);
  if (!str) return undefined;
  let s = str[1] ?? str[2]!;
  const root = '@root';
  s = s
    .replace(/\$\{?(?:project\.)?rootDir\}?|\$\{?rootProject\.projectDir\}?|\$\{?rootProject\.rootDir\}?/g, root + '/')
    .replace(/\$\{?(?:project\.)?projectDir\}?|\$\{(?:project\.)?layout\.projectDirectory\}/g, `${root}/${moduleDir}/`);
  if (/\$/.test(s)) return undefined;
  // `rootProject.file("x")` is relative to the root, `file("x")` to the module.
  if (call && /rootProject/.test(expr) && !s.startsWith(root)) s = `${root}/${s}`;
  return s;
}

/** A spec location relative to the root: `@root/...` absolute within the project, else relative to the module. */
const REMOTE = /^[a-z]+:\/\//i;

function specPath(value: string, moduleDir: string): string | undefined {
  if (REMOTE.test(value) && !value.startsWith('file:')) return undefined; // a URL: not in the project
  const v = value.replace(/^file:(\/\/)?/, '');
  const full = v.startsWith('@root') ? v.slice('@root'.length) : posix.join(moduleDir, v);
  const norm = posix.normalize(full.replace(/^\/+/, '')).replace(/^\.\/?/, '');
  return norm.startsWith('..') ? undefined : norm;
}
