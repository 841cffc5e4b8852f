package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.MIN_NODE_VERSION
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.TimeUnit

/** A Node.js executable that was found and runs a version the sidecar supports. */
public data class NodeRuntime(val executable: Path, val version: String)

/** No usable `node`: the message says what to install or set, naming the minimum version. */
public class NodeNotFoundException(message: String) : RuntimeException(message)

/**
 * Finds `node`: the path from the plugin's settings first, then the PATH. IntelliJ ships no
 * Node.js, so a missing or too old one is reported in words a user can act on.
 */
public object NodeLocator {
    public fun locate(
        configured: String? = null,
        path: String? = System.getenv("PATH"),
        windows: Boolean = System.getProperty("os.name").startsWith("Windows", ignoreCase = true),
    ): NodeRuntime {
        if (!configured.isNullOrBlank()) {
            val file = Paths.get(configured.trim())
            if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
                throw NodeNotFoundException(
                    "The Node.js path set in Settings > Other Settings > apiscout is not an executable file: $configured. " +
                        "Point it at node $MIN_NODE_VERSION or newer, or clear it to use the one on the PATH.",
                )
            }
            return check(file, "the path set in settings")
        }
        val names = if (windows) listOf("node.exe", "node.cmd") else listOf("node")
        val found = (path ?: "").split(File.pathSeparatorChar).filter { it.isNotBlank() }.asSequence()
            .flatMap { dir -> names.asSequence().map { Paths.get(dir, it) } }
            .firstOrNull { Files.isRegularFile(it) && Files.isExecutable(it) }
            ?: throw NodeNotFoundException(
                "apiscout needs Node.js $MIN_NODE_VERSION or newer, and no `node` is on the PATH. " +
                    "Install it from https://nodejs.org (or with your package manager), " +
                    "or set its path in Settings > Other Settings > apiscout.",
            )
        return check(found, "the PATH")
    }

    private fun check(executable: Path, where: String): NodeRuntime {
        val version = versionOf(executable)
            ?: throw NodeNotFoundException("$executable (from $where) did not answer `--version`: apiscout needs Node.js $MIN_NODE_VERSION or newer.")
        if (!atLeast(version, MIN_NODE_VERSION)) {
            throw NodeNotFoundException(
                "apiscout needs Node.js $MIN_NODE_VERSION or newer; $executable (from $where) is $version. " +
                    "Install a newer one from https://nodejs.org, or set its path in Settings > Other Settings > apiscout.",
            )
        }
        return NodeRuntime(executable, version)
    }

    private fun versionOf(executable: Path): String? = try {
        val process = ProcessBuilder(executable.toString(), "--version").redirectErrorStream(true).start()
        val text = process.inputStream.bufferedReader().readText().trim()
        if (process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0) text.removePrefix("v").takeIf { it.isNotEmpty() } else null
    } catch (_: java.io.IOException) {
        null
    }

    /** "20.18.1" ≥ "20.18"; pre-release tails ("21.0.0-nightly…") compare by their numbers. */
    public fun atLeast(version: String, minimum: String): Boolean {
        val have = numbers(version)
        val want = numbers(minimum)
        for (i in 0 until maxOf(have.size, want.size)) {
            val a = have.getOrElse(i) { 0 }
            val b = want.getOrElse(i) { 0 }
            if (a != b) return a > b
        }
        return true
    }

    private fun numbers(v: String): List<Int> =
        v.removePrefix("v").substringBefore('-').split('.').map { it.toIntOrNull() ?: 0 }
}
