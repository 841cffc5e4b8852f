package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import java.nio.file.Path

/**
 * One IDE project as the sidecar knows it: opened on first use (again after the sidecar was
 * replaced, as after a Node.js path change), with its operations and gutter-mark cache; [close]
 * closes it in the sidecar too, without waiting, so a closed project is not replayed after a
 * restart and receives no more files/changed.
 */
public class ProjectSession(
    private val root: Path,
    private val sidecar: () -> Sidecar,
    private val repaint: (file: String) -> Unit,
    private val log: (String) -> Unit = {},
) : AutoCloseable {
    public class Opened(public val bridge: ProjectBridge, public val marks: GutterMarks) {
        public val sidecar: Sidecar get() = bridge.sidecar
        internal fun release() {
            marks.close()
            bridge.close()
        }
    }

    @Volatile private var opened: Opened? = null
    @Volatile private var closed = false

    /** Opens the project in the sidecar if needed (blocking: call off the UI thread). */
    public fun opened(): Opened = current() ?: synchronized(this) {
        check(!closed) { "the project was closed" }
        current() ?: run {
            opened?.release()
            val sidecar = sidecar()
            val id = sidecar.openProject(root).project
            Opened(ProjectBridge(sidecar, id), GutterMarks(sidecar, id, repaint)).also { opened = it }
        }
    }

    /** The open project, or null until it was opened: never blocks. */
    public fun current(): Opened? = opened?.takeUnless { it.sidecar.isClosed }

    override fun close() {
        val last = synchronized(this) {
            closed = true
            opened.also { opened = null }
        } ?: return
        last.release()
        if (!last.sidecar.isClosed) {
            last.sidecar.closeProjectAsync(last.bridge.project).exceptionally { e -> log("project/close ${last.bridge.project}: ${e.message}"); null }
        }
    }
}
