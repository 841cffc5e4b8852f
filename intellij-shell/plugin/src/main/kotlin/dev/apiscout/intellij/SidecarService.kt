package dev.apiscout.intellij

import com.intellij.ide.plugins.PluginManagerCore
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.extensions.PluginId
import com.intellij.openapi.project.ProjectManager
import dev.apiscout.bridge.NodeLocator
import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.SidecarBundle
import dev.apiscout.bridge.SidecarConfig
import dev.apiscout.bridge.ide.FileChanges
import dev.apiscout.bridge.ide.IdeHost
import dev.apiscout.bridge.ide.LiveSettings
import dev.apiscout.bridge.ide.SyncTokenHandover
import dev.apiscout.bridge.protocol.FileChange
import dev.apiscout.bridge.protocol.FilesChangedParams
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.intellij.settings.PostmanToken
import dev.apiscout.intellij.settings.SettingsStore

/**
 * The one sidecar process of the IDE (it serves every open project), with what hangs on it for its
 * whole life: the host notifications, the token hand-over and the user-level settings. Closed with
 * the application.
 */
@Service(Service.Level.APP)
class SidecarService : Disposable {
    private val log = logger<SidecarService>()
    @Volatile private var running: Running? = null

    private class Running(val sidecar: Sidecar, val settings: LiveSettings, val token: SyncTokenHandover, val host: AutoCloseable) {
        /** Returns at once: the process is stopped on a thread of its own (never on the UI thread, which Apply and exit run on). */
        fun close() {
            host.close()
            token.close()
            settings.close()
            sidecar.closeAsync()
        }
    }

    /** The running client; throws NodeNotFoundException (its message is for the user) when node is missing. */
    fun sidecar(): Sidecar = running().sidecar

    /** The user-level settings the settings pages edit (blocking reads and writes: off the UI thread). */
    fun settings(): LiveSettings = running().settings

    /** The token hand-over, for the settings page's token field. */
    fun token(): SyncTokenHandover = running().token

    private fun running(): Running = running ?: synchronized(this) {
        running ?: create().also { running = it }
    }

    private fun create(): Running {
        val plugin = PluginManagerCore.getPlugin(PluginId.getId(PLUGIN_ID))
        val node = NodeLocator.locate(SettingsStore.get().nodePath)
        val bundle = SidecarBundle.locate(roots = listOfNotNull(plugin?.pluginPath))
        val sidecar = Sidecar(
            SidecarConfig(
                node = node.executable,
                bundle = bundle,
                clientName = "apiscout-intellij",
                clientVersion = plugin?.version,
                log = { line -> log.info("sidecar: $line") },
            ),
        )
        sidecar.onFailure { e -> Notifier.error(null, e.message ?: "the apiscout sidecar stopped") }
        val host = IdeHost.attach(sidecar, PluginIdeHost)
        val token = SyncTokenHandover(sidecar, PostmanToken::get) { log.info(it) }
        // The password safe may block: the first hand-over runs in the background.
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                token.handOver()
            } catch (e: RuntimeException) {
                log.info("sync/token: ${e.message}")
            }
        }
        return Running(sidecar, LiveSettings(sidecar, project = null), token, host)
    }

    /** File events for the open projects; nothing when the sidecar is not running (it scans on open). */
    fun forward(changes: List<FileChange>) {
        val sidecar = running?.sidecar ?: return
        for ((project, ofProject) in FileChanges.byProject(sidecar.openProjects(), changes)) {
            sidecar.request(Requests.filesChanged, FilesChangedParams(project, ofProject))
                .exceptionally { e -> log.info("files/changed for $project: ${e.message}"); null }
        }
    }

    /** After the Node.js path changed: the next use starts a sidecar with the new one. Does not wait for the old one to end. */
    fun reset() {
        val old = synchronized(this) { running.also { running = null } }
        old?.close()
        for (project in ProjectManager.getInstance().openProjects) if (!project.isDisposed) ProjectApis.of(project).settingsChanged()
    }

    override fun dispose() = reset()

    companion object {
        const val PLUGIN_ID = "dev.apiscout.intellij"
        fun get(): SidecarService = service()
    }
}
