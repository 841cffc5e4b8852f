package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.protocol.ProjectFile
import dev.apiscout.bridge.protocol.GutterMark
import dev.apiscout.bridge.protocol.NotificationTypes
import dev.apiscout.bridge.protocol.Requests
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * The gutter marks of each file, cached for the line-marker pass (which must not wait on the
 * sidecar): [peek] answers from the cache and fetches a miss in the background, calling
 * [onFetched] so the IDE can repaint the file. Any index change or restart empties the cache.
 */
public class GutterMarks(
    private val sidecar: Sidecar,
    private val project: String,
    private val onFetched: (file: String) -> Unit,
) : AutoCloseable {
    private val cache = ConcurrentHashMap<String, List<GutterMark>>()
    private val inFlight = ConcurrentHashMap<String, CompletableFuture<*>>()
    /** Bumped by every invalidation: a fetch started before one must not refill the cache with old marks. */
    private val generation = AtomicInteger()
    private val subscriptions = listOf(
        sidecar.onNotification(NotificationTypes.indexChanged) { if (it.project == project) invalidate() },
        sidecar.onRestart { invalidate() },
    )

    /** The marks of [file] (absolute) if known; null while they are fetched. */
    public fun peek(file: String): List<GutterMark>? {
        cache[file]?.let { return it }
        // Claimed before asking: the answer may come before this thread returns, and its
        // callback must not run inside a map operation on the same key.
        val claim = CompletableFuture<Unit>()
        if (inFlight.putIfAbsent(file, claim) != null) return null
        val asked = generation.get()
        val request = sidecar.request(Requests.endpointsInFile, ProjectFile(project, file))
        claim.whenComplete { _, _ -> if (claim.isCancelled) request.cancel(false) }
        request.whenComplete { result, error ->
            inFlight.remove(file, claim)
            claim.complete(Unit)
            if (generation.get() == asked) {
                // A file outside the project, or a sidecar failure: no marks (the failure is in the log).
                cache[file] = if (error == null) result.marks else emptyList()
                onFetched(file)
            } else if (error == null) {
                peek(file) // the index changed meanwhile: ask again
            }
        }
        return null
    }

    /** The marks on a method name that starts at [line] and [column] (1-based): the icon's place. */
    public fun at(file: String, line: Int, column: Int): List<GutterMark> =
        peek(file)?.filter { it.line == line && it.column == column }.orEmpty()

    public fun invalidate() {
        generation.incrementAndGet()
        cache.clear()
    }

    override fun close() {
        subscriptions.forEach { it.close() }
        inFlight.values.forEach { it.cancel(false) }
    }
}
