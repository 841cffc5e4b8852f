package dev.apiscout.bridge.ide

import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Starting the sidecar ahead of the first gutter pass, asked for by every highlighting pass until
 * it has worked. One start at a time; after a failure (no Node.js) the next try waits [retryMillis]
 * or a [reset] (the Node.js path changed), and a failure is reported once until the message changes,
 * so editing a file does not look for Node.js or show a balloon on each keystroke.
 */
public class WarmUp(
    private val executor: Executor,
    private val start: () -> Unit,
    private val onFailure: (RuntimeException) -> Unit,
    private val retryMillis: Long = 5 * 60_000,
    private val clock: () -> Long = System::currentTimeMillis,
) {
    private val running = AtomicBoolean(false)
    @Volatile private var failedAt: Long? = null
    @Volatile private var reported: String? = null

    /** Starts in the background unless a start runs or failed recently. */
    public fun request() {
        val failed = failedAt
        if (failed != null && clock() - failed < retryMillis) return
        if (!running.compareAndSet(false, true)) return
        executor.execute {
            try {
                start()
                failedAt = null
                reported = null
            } catch (e: RuntimeException) {
                failedAt = clock()
                val message = e.message ?: e.toString()
                if (message != reported) {
                    reported = message
                    onFailure(e)
                }
            } finally {
                running.set(false)
            }
        }
    }

    /** The next [request] tries at once and reports its failure again (after a settings change). */
    public fun reset() {
        failedAt = null
        reported = null
    }
}
