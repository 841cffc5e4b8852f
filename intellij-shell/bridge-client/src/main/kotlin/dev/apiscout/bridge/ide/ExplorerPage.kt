package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar

/**
 * The explorer page in the IDE's browser, as far as the IDE talks to it: scripts posted before the
 * page has loaded (a gutter click that opens the tool window) wait and run once it has; a sidecar
 * restarted on another port is followed by loading its new UI URL. The browser itself is the
 * caller's: [loadUrl] and [runScript] reach it (from any thread).
 */
public class ExplorerPage(
    private val loadUrl: (String) -> Unit,
    private val runScript: (String) -> Unit,
) {
    private val lock = Any()
    private var loaded = false
    private val pending = ArrayDeque<String>()

    /** Runs [script] in the page now if it has loaded, else once it has. */
    public fun post(script: String) {
        synchronized(lock) {
            if (!loaded) {
                // Only the latest messages matter when a page never loads; keep the queue small.
                if (pending.size >= MAX_PENDING) pending.removeFirst()
                pending.addLast(script)
                return
            }
        }
        runScript(script)
    }

    /** Loads [url]; what is posted until [loaded] waits for the new page. */
    public fun load(url: String) {
        synchronized(lock) { loaded = false }
        loadUrl(url)
    }

    /** The page's main frame finished loading: runs what waited, in order. */
    public fun loaded() {
        val waiting = synchronized(lock) {
            loaded = true
            pending.toList().also { pending.clear() }
        }
        waiting.forEach(runScript)
    }

    /** While open, a restarted [sidecar] (new process, new UI port) makes the page load its new URL. */
    public fun follow(sidecar: Sidecar, look: () -> IdeLook): AutoCloseable = sidecar.onRestart {
        sidecar.hello.uiUrl?.let { load(ExplorerUi.url(it, look())) }
    }

    private companion object {
        const val MAX_PENDING = 32
    }
}
