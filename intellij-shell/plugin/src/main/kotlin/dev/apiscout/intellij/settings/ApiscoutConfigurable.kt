package dev.apiscout.intellij.settings

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.ui.DialogPanel
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.dsl.builder.bindSelected
import com.intellij.ui.dsl.builder.bindText
import com.intellij.ui.dsl.builder.panel
import dev.apiscout.bridge.protocol.MIN_NODE_VERSION
import dev.apiscout.intellij.SidecarService

/** Settings > Other Settings > apiscout: Node.js, actuator support, the Features toggles, the sync token. */
class ApiscoutConfigurable : BoundConfigurable("apiscout") {
    private var draft = SettingsStore.get()
    private val token = JBPasswordField()
    private var tokenLoaded = false

    override fun createPanel(): DialogPanel {
        draft = SettingsStore.get()
        // The password safe may block: read it in the background.
        ApplicationManager.getApplication().executeOnPooledThread {
            val saved = PostmanToken.get()
            ApplicationManager.getApplication().invokeLater {
                token.text = saved.orEmpty()
                tokenLoaded = true
            }
        }
        return panel {
            row("Node.js:") {
                textField().bindText({ draft.nodePath }, { draft = draft.copy(nodePath = it) })
                    .comment("Path of node $MIN_NODE_VERSION or newer; empty uses the one on the PATH.")
            }
            row { checkBox("Actuator support").bindSelected({ draft.actuatorSupport }, { draft = draft.copy(actuatorSupport = it) }) }
            group("Features") {
                row { checkBox("Copy API URL").bindSelected({ draft.features.copyApiUrl }, { draft = draft.copy(features = draft.features.copy(copyApiUrl = it)) }) }
                row { checkBox("Search Everywhere").bindSelected({ draft.features.searchEverywhere }, { draft = draft.copy(features = draft.features.copy(searchEverywhere = it)) }) }
            }
            group("Environment Sync") {
                row("Postman API token:") { cell(token).comment("Kept in the IDE's password safe, never in project files.") }
            }
        }
    }

    override fun apply() {
        val nodeChanged = draft.nodePath != SettingsStore.get().nodePath
        super.apply()
        val settings = draft
        SettingsStore.update { settings }
        if (nodeChanged) SidecarService.get().reset()
        if (tokenLoaded) {
            val value = String(token.password)
            ApplicationManager.getApplication().executeOnPooledThread { PostmanToken.set(value) }
        }
    }
}
