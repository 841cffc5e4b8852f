// Gradle module metadata (`<artifact>-<version>.module`, JSON) beside a jar in a Maven-layout
// repository or in Gradle's cache. Gradle reads it before the pom, and a library published with
// it may have no pom in Gradle's cache at all; a Kotlin multiplatform library's root module has no
// jar either, its JVM variant being another module (`available-at`: api -> api-jvm). What is read
// here: the JVM library variants' dependencies, their jar's file name, and where they are available.

export interface ModuleCoordinates {
  group: string;
  artifact: string;
  version: string;
}

export interface GradleModule {
  /** The JVM variant is published as another module: its jar and dependencies are there. */
  availableAt?: ModuleCoordinates;
  /** The JVM variant's jar, when named otherwise than `<artifact>-<version>.jar`. */
  jar?: string;
  /** What the JVM variants (api and runtime) depend on. */
  dependencies: Array<{ group: string; artifact: string; version?: string }>;
}

interface Variant {
  attributes?: Record<string, unknown>;
  'available-at'?: { group?: string; module?: string; version?: string };
  files?: Array<{ name?: string }>;
  dependencies?: Array<{ group?: string; module?: string; version?: { strictly?: string; requires?: string; prefers?: string } }>;
}

/** The metadata's JVM library variants read, or undefined when the text is not module metadata. */
export function readGradleModule(text: string): GradleModule | undefined {
  let doc: { formatVersion?: unknown; variants?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return undefined;
  }
  if (typeof doc?.formatVersion !== 'string' || !Array.isArray(doc.variants)) return undefined;
  const jvm = (doc.variants as Variant[]).filter(isJvmLibrary);
  const out: GradleModule = { dependencies: [] };
  const at = jvm.find((v) => v['available-at'])?.['available-at'];
  if (at?.group && at.module && at.version) out.availableAt = { group: at.group, artifact: at.module, version: at.version };
  const jar = jvm.flatMap((v) => v.files ?? []).find((f) => f.name?.endsWith('.jar'))?.name;
  if (jar) out.jar = jar;
  const seen = new Set<string>();
  for (const v of jvm) {
    for (const d of v.dependencies ?? []) {
      if (!d.group || !d.module || seen.has(`${d.group}:${d.module}`)) continue;
      seen.add(`${d.group}:${d.module}`);
      const version = d.version?.strictly ?? d.version?.requires ?? d.version?.prefers;
      out.dependencies.push(version ? { group: d.group, artifact: d.module, version } : { group: d.group, artifact: d.module });
    }
  }
  return out;
}

/** A variant a JVM build compiles or runs against: Java API or runtime usage, a library, not another platform's. */
function isJvmLibrary(v: Variant): boolean {
  const a = v.attributes ?? {};
  const usage = a['org.gradle.usage'];
  if (usage !== 'java-api' && usage !== 'java-runtime') return false;
  const category = a['org.gradle.category'];
  if (category !== undefined && category !== 'library') return false;
  const platform = a['org.jetbrains.kotlin.platform.type'];
  return platform === undefined || platform === 'jvm';
}
