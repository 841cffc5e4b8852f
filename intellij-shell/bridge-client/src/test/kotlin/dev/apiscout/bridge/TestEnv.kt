package dev.apiscout.bridge

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonObject
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import kotlin.io.path.copyTo
import kotlin.io.path.createDirectories

/** The real sidecar bundle, node, and the repository's fixtures, as the Maven build passes them. */
object TestEnv {
    private val root: Path = Paths.get("../..").toAbsolutePath().normalize()

    val bundle: Path = Paths.get(System.getProperty("apiscout.sidecar") ?: root.resolve("dist/apiscout.mjs").toString()).toAbsolutePath().normalize()
    val fixtures: Path = Paths.get(System.getProperty("apiscout.fixtures") ?: root.resolve("test/fixtures").toString()).toAbsolutePath().normalize()
    val packageVersion: String by lazy {
        Json.parseToJsonElement(Files.readString(root.resolve("package.json"))).jsonObject["version"].toString().trim('"')
    }

    val node: NodeRuntime by lazy {
        check(Files.isRegularFile(bundle)) { "no sidecar bundle at $bundle: run `npm run build` in the repository root first" }
        NodeLocator.locate(System.getProperty("apiscout.node"))
    }

    val fakeSidecar: Path get() = Paths.get(TestEnv::class.java.getResource("/fake-sidecar.mjs")!!.toURI())

    /** The sidecar writes its retained index into the project: tests work on a copy. */
    fun copyOf(fixture: String, into: Path): Path {
        val from = fixtures.resolve(fixture)
        val to = into.resolve(fixture)
        Files.walk(from).use { paths ->
            paths.forEach { p ->
                val target = to.resolve(from.relativize(p).toString())
                if (Files.isDirectory(p)) target.createDirectories() else p.copyTo(target)
            }
        }
        return to.toRealPath()
    }

    /** What the CLI finds in a project: the reference the sidecar's answers are checked against. */
    fun scanJson(project: Path): JsonObject {
        val process = ProcessBuilder(node.executable.toString(), bundle.toString(), "scan", "--json", "--pretty", project.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD).start()
        val text = process.inputStream.bufferedReader().readText()
        check(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0) { "apiscout scan failed on $project" }
        return Json.parseToJsonElement(text).jsonObject
    }

    /**
     * Where temporary folders go: TMPDIR when set (`npm test` gives each run one, removed when the
     * run ends; the JVM itself reads only java.io.tmpdir), else the JVM's default.
     */
    private val tempRoot: Path? = System.getenv("TMPDIR")?.takeIf { it.isNotEmpty() }?.let { Paths.get(it) }?.takeIf { Files.isDirectory(it) }

    fun tempDirectory(prefix: String): Path =
        if (tempRoot != null) Files.createTempDirectory(tempRoot, prefix) else Files.createTempDirectory(prefix)

    /**
     * A client for the sidecar; its user settings and secrets live in [configDir] (a fresh temporary
     * folder by default), never the real user's, and no Postman key from the environment reaches it.
     */
    fun sidecar(bundle: Path = this.bundle, log: MutableList<String> = CopyOnWriteArrayList(), vararg args: String, configDir: Path = tempDirectory("apiscout-config")): Sidecar =
        Sidecar(
            SidecarConfig(
                node.executable, bundle, clientName = "junit", log = { log += it }, extraArgs = args.toList(),
                environment = mapOf("APISCOUT_CONFIG_DIR" to configDir.toString(), "APISCOUT_POSTMAN_API_KEY" to null),
            ),
        )
}

/** Polls until [condition] holds; fails naming what was awaited. */
fun eventually(what: String, timeoutMillis: Long = 20_000, condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMillis
    while (!condition()) {
        if (System.currentTimeMillis() > deadline) throw AssertionError("timed out waiting for $what")
        Thread.sleep(20)
    }
}
