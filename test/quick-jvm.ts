// The flags for the short-lived JVMs the tests start (openapi-generator, javac, Maven, the Spring
// application): C1 only and the serial collector. In a run of a minute or two on two busy cores,
// C2's compiler threads and a parallel collector cost more CPU than they return (openapi-consumers:
// 76 s CPU with the JVM's defaults, 51 s with these). intellij-shell's and the Spring fixture's
// .mvn/jvm.config give Maven the same two.
export const QUICK_JVM: readonly string[] = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** The environment for a Maven run with QUICK_JVM (mvn reads MAVEN_OPTS). */
export function quickMavenEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MAVEN_OPTS: [...QUICK_JVM, env.MAVEN_OPTS ?? ''].join(' ').trim() };
}
