package dev.apiscout.intellij

import com.intellij.codeInsight.daemon.DaemonCodeAnalyzer
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.fileEditor.OpenFileDescriptor
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.LocalFileSystem
import com.intellij.psi.PsiManager
import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.ide.Features
import dev.apiscout.bridge.ide.GutterMarks
import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import java.nio.file.Path

/** This project as the sidecar knows it: opened on first use, with its operations, settings and gutter-mark cache. */
@Service(Service.Level.PROJECT)
class ProjectApis(private val project: Project) : Disposable {
    @Volatile private var opened: Opened? = null

    private class Opened(val bridge: ProjectBridge, val marks: GutterMarks) {
        val sidecar: Sidecar get() = bridge.sidecar
        fun close() {
            marks.close()
            bridge.close()
        }
    }

    /** Opens the project in the sidecar (blocking: call off the UI thread). */
    private fun opened(): Opened = opened?.takeUnless { it.sidecar.isClosed } ?: synchronized(this) {
        // A sidecar replaced after a settings change (Node.js path) is opened again here.
        opened?.takeUnless { it.sidecar.isClosed } ?: run {
            opened?.close()
            val sidecar = SidecarService.get().sidecar()
            val id = sidecar.openProject(Path.of(requireNotNull(project.basePath) { "the project has no base directory" })).project
            Opened(ProjectBridge(sidecar, id), GutterMarks(sidecar, id, ::repaint)).also { opened = it }
        }
    }

    /** The project's operations (blocking calls: off the UI thread). */
    fun bridge(): ProjectBridge = opened().bridge
    fun sidecar(): Sidecar = opened().sidecar
    fun id(): String = opened().bridge.project

    /** Gutter marks from the cache only; null until fetched (the file is repainted then). Never blocks on a scan. */
    fun marks(): GutterMarks? = opened?.takeUnless { it.sidecar.isClosed }?.marks

    /** The Features toggles as last read, for actions' update and Search Everywhere: never blocks (defaults until the sidecar answered). */
    fun features(): Features = opened?.takeUnless { it.sidecar.isClosed }?.bridge?.settings?.features() ?: Features()

    /** Starts the sidecar and the scan in the background, so the first gutter pass has marks to ask for. */
    fun warmUp() {
        if (marks() != null || warming.getAndSet(true)) return
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                opened()
                // The gutter passes that ran before had no marks to ask for: run them again.
                ApplicationManager.getApplication().invokeLater { if (!project.isDisposed) DaemonCodeAnalyzer.getInstance(project).restart() }
            } catch (e: RuntimeException) {
                Notifier.error(project, e.message ?: e.toString())
            } finally {
                warming.set(false)
            }
        }
    }

    private val warming = java.util.concurrent.atomic.AtomicBoolean(false)

    fun refresh() = opened().let { it.sidecar.call(Requests.projectRefresh, ProjectRef(it.bridge.project), 10 * 60_000) }

    /** Opens the declaring method of an endpoint in the editor (called off the UI thread). */
    fun navigateToSource(endpointId: String) = open(bridge().navigationTarget(endpointId))

    /** Opens a file at a 1-based line and column, on the UI thread. */
    fun open(target: NavigateTarget) {
        ApplicationManager.getApplication().invokeLater {
            if (project.isDisposed) return@invokeLater
            val file = LocalFileSystem.getInstance().refreshAndFindFileByPath(target.file) ?: return@invokeLater
            OpenFileDescriptor(project, file, target.line - 1, target.column - 1).navigate(true)
        }
    }

    private fun repaint(file: String) {
        ApplicationManager.getApplication().invokeLater {
            if (project.isDisposed) return@invokeLater
            val vf = LocalFileSystem.getInstance().findFileByPath(file) ?: return@invokeLater
            PsiManager.getInstance(project).findFile(vf)?.let { DaemonCodeAnalyzer.getInstance(project).restart(it) }
        }
    }

    override fun dispose() {
        opened?.close()
    }

    companion object {
        fun of(project: Project): ProjectApis = project.service()
    }
}
