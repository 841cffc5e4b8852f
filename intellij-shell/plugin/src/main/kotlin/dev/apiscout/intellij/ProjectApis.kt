package dev.apiscout.intellij

import com.intellij.codeInsight.daemon.DaemonCodeAnalyzer
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.fileEditor.OpenFileDescriptor
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.LocalFileSystem
import com.intellij.psi.PsiManager
import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.ide.ExplorerPage
import dev.apiscout.bridge.ide.Features
import dev.apiscout.bridge.ide.GutterMarks
import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.ide.ProjectSession
import dev.apiscout.bridge.ide.WarmUp
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.ide.ExplorerUi
import dev.apiscout.intellij.toolwindow.ExplorerToolWindowFactory
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicReference

/**
 * This project as the sidecar knows it (bridge-client's ProjectSession: opened on first use, closed
 * in the sidecar when the project closes), with the warm-up for the gutter and the explorer page
 * of its tool window while that is open.
 */
@Service(Service.Level.PROJECT)
class ProjectApis(private val project: Project) : Disposable {
    private val log = logger<ProjectApis>()
    private val session = ProjectSession(
        Path.of(requireNotNull(project.basePath) { "the project has no base directory" }),
        { SidecarService.get().sidecar() },
        ::repaint,
        { log.info(it) },
    )

    /** The explorer page of the open tool window; set and cleared by the tool window's content. */
    @Volatile var page: ExplorerPage? = null
        set(value) {
            field = value
            if (value == null) following.getAndSet(null)?.close()
        }

    /** The page's subscription to the running sidecar's restarts. */
    private val following = AtomicReference<AutoCloseable?>(null)

    /**
     * Opens the project and ties [page] to the running sidecar: a restart reloads it at the new UI
     * URL. Returns the explorer URL to load now (with the IDE's look), or null when the sidecar serves
     * no UI. Blocking: off the UI thread.
     */
    fun connect(page: ExplorerPage): String? {
        id() // opens the project: the UI lists it
        val sidecar = SidecarService.get().sidecar()
        following.getAndSet(page.follow(sidecar, ExplorerToolWindowFactory::look))?.close()
        return sidecar.hello.uiUrl?.let { ExplorerUi.url(it, ExplorerToolWindowFactory.look()) }
    }

    /** The project's operations (blocking calls: off the UI thread). */
    fun bridge(): ProjectBridge = session.opened().bridge
    fun sidecar(): Sidecar = session.opened().sidecar
    fun id(): String = session.opened().bridge.project

    /** The operations if the project is open in the sidecar, else null (and the opening starts): never blocks. */
    fun bridgeIfOpen(): ProjectBridge? = session.current()?.bridge ?: run {
        warmUp()
        null
    }

    /** Gutter marks from the cache only; null until fetched (the file is repainted then). Never blocks on a scan. */
    fun marks(): GutterMarks? = session.current()?.marks

    /** The Features toggles as last read, for actions' update and Search Everywhere: never blocks (defaults until the sidecar answered). */
    fun features(): Features = session.current()?.bridge?.settings?.features() ?: Features()

    private val warming = WarmUp(
        executor = { task -> ApplicationManager.getApplication().executeOnPooledThread(task) },
        start = {
            session.opened()
            // The gutter passes that ran before had no marks to ask for: run them again.
            ApplicationManager.getApplication().invokeLater { if (!project.isDisposed) DaemonCodeAnalyzer.getInstance(project).restart() }
        },
        onFailure = { e -> Notifier.error(project, e.message ?: e.toString()) },
    )

    /** Starts the sidecar and the scan in the background, so the first gutter pass has marks to ask for; after a failure, waits (WarmUp). */
    fun warmUp() {
        if (marks() == null) warming.request()
    }

    /** The Node.js path changed (the old sidecar is closing): the next warm-up tries at once, an open explorer moves to the new sidecar. */
    fun settingsChanged() {
        warming.reset()
        val open = page ?: return
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                connect(open)?.let { open.load(it) }
            } catch (e: RuntimeException) {
                Notifier.error(project, e.message ?: e.toString())
            }
        }
    }

    fun refresh() = session.opened().let { it.sidecar.call(Requests.projectRefresh, ProjectRef(it.bridge.project), 10 * 60_000) }

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

    /** The project closed: closed in the sidecar too (project/close, without waiting), so it is not replayed or sent file changes. */
    override fun dispose() {
        page = null
        session.close()
    }

    companion object {
        fun of(project: Project): ProjectApis = project.service()
    }
}
