package dev.apiscout.intellij

import com.intellij.ide.plugins.PluginManagerCore
import com.intellij.openapi.Disposable
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.extensions.PluginId
import dev.apiscout.bridge.NodeLocator
import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.SidecarBundle
import dev.apiscout.bridge.SidecarConfig
import dev.apiscout.bridge.ide.FileChanges
import dev.apiscout.bridge.protocol.FileChange
import dev.apiscout.bridge.protocol.FilesChangedParams
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.intellij.settings.SettingsStore

/** The one sidecar process of the IDE (it serves every open project); closed with the application. */
@Service(Service.Level.APP)
class SidecarService : Disposable {
    private val log = logger<SidecarService>()
    @Volatile private var sidecar: Sidecar? = null

    /** The running client; throws NodeNotFoundException (its message is for the user) when node is missing. */
    fun sidecar(): Sidecar = sidecar ?: synchronized(this) {
        sidecar ?: create().also { sidecar = it }
    }

    private fun create(): Sidecar {
        val plugin = PluginManagerCore.getPlugin(PluginId.getId(PLUGIN_ID))
        val node = NodeLocator.locate(SettingsStore.get().nodePath)
        val bundle = SidecarBundle.locate(roots = listOfNotNull(plugin?.pluginPath))
        return Sidecar(
            SidecarConfig(
                node = node.executable,
                bundle = bundle,
                clientName = "apiscout-intellij",
                clientVersion = plugin?.version,
                log = { line -> log.info("sidecar: $line") },
            ),
        ).also { it.onFailure { e -> Notifier.error(null, e.message ?: "the apiscout sidecar stopped") } }
    }

    /** File events for the open projects; nothing when the sidecar is not running (it scans on open). */
    fun forward(changes: List<FileChange>) {
        val running = sidecar ?: return
        for ((project, ofProject) in FileChanges.byProject(running.openProjects(), changes)) {
            running.request(Requests.filesChanged, FilesChangedParams(project, ofProject))
                .exceptionally { e -> log.info("files/changed for $project: ${e.message}"); null }
        }
    }

    /** After the Node.js path changed: the next use starts a sidecar with the new one. */
    fun reset() = synchronized(this) {
        sidecar?.close()
        sidecar = null
    }

    override fun dispose() = reset()

    companion object {
        const val PLUGIN_ID = "dev.apiscout.intellij"
        fun get(): SidecarService = service()
    }
}
