package dev.apiscout.bridge

import java.nio.file.Files
import java.nio.file.Path

/** Where the sidecar bundle (`apiscout.mjs`, the CLI built by `npm run build`) is. */
public object SidecarBundle {
    public const val FILE_NAME: String = "apiscout.mjs"

    /**
     * The explicit path when given, else the first bundle under [roots]: `<root>/sidecar/dist/apiscout.mjs`
     * (the plugin's layout: the bundle with its package.json and native node_modules beside it),
     * `<root>/dist/apiscout.mjs` (a repository checkout) or `<root>/apiscout.mjs`.
     */
    public fun locate(explicit: Path? = null, roots: List<Path> = emptyList()): Path {
        if (explicit != null) {
            require(Files.isRegularFile(explicit)) { "no sidecar bundle at $explicit" }
            return explicit.toAbsolutePath()
        }
        val candidates = roots.flatMap { listOf(it.resolve("sidecar/dist/$FILE_NAME"), it.resolve("dist/$FILE_NAME"), it.resolve(FILE_NAME)) }
        return candidates.firstOrNull { Files.isRegularFile(it) }?.toAbsolutePath()
            ?: throw IllegalStateException("no sidecar bundle ($FILE_NAME) in ${candidates.joinToString()}: the plugin is incomplete, reinstall it")
    }
}
