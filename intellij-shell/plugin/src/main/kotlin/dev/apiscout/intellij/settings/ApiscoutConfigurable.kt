package dev.apiscout.intellij.settings

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.components.JBTextField
import com.intellij.ui.dsl.builder.Panel
import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.protocol.MIN_NODE_VERSION
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.SidecarService
import javax.swing.JComponent

/**
 * Settings > Other Settings > apiscout: the Node.js path (the IDE's own, needed before a sidecar
 * runs), the sidecar's general, cURL, HTTP and script settings (Actuator support, the Features
 * toggles, http.call.before/after…), and the Postman token, kept in the password safe.
 */
class ApiscoutConfigurable : SidecarSettingsPage(ConfigurableIds.APISCOUT, "apiscout", "general", "curl", "http", "scripts") {
    private val node = JBTextField(SettingsStore.get().nodePath, 30)
    private val token = JBPasswordField()
    @Volatile private var savedToken: String? = null
    private var tokenLoaded = false

    override fun addBefore(panel: Panel) {
        panel.row("Node.js:") { cell(node).comment("Path of node $MIN_NODE_VERSION or newer; empty uses the one on the PATH.") }
    }

    override fun createComponent(): JComponent {
        loadToken()
        return super.createComponent()
    }

    override fun addAfter(panel: Panel) {
        panel.group("Environment Sync") {
            row("Postman API token:") { cell(token).columns(30).comment("Kept in the IDE's password safe, never in project files; handed to apiscout for this run.") }
        }
    }

    private fun loadToken() {
        // The password safe may block: read it in the background.
        ApplicationManager.getApplication().executeOnPooledThread {
            val saved = PostmanToken.get()
            ApplicationManager.getApplication().invokeLater({
                savedToken = saved
                token.text = saved.orEmpty()
                tokenLoaded = true
            }, ModalityState.any())
        }
    }

    override fun isOwnModified(): Boolean =
        node.text.trim() != SettingsStore.get().nodePath || (tokenLoaded && String(token.password) != savedToken.orEmpty())

    override fun applyOwn() {
        val path = node.text.trim()
        if (path != SettingsStore.get().nodePath) {
            SettingsStore.update { it.copy(nodePath = path) }
            SidecarService.get().reset() // the next use starts node from the new path
        }
        if (tokenLoaded && String(token.password) != savedToken.orEmpty()) {
            val value = String(token.password).trim().takeIf { it.isNotEmpty() }
            savedToken = value
            ApplicationManager.getApplication().executeOnPooledThread {
                PostmanToken.set(value)
                try {
                    SidecarService.get().token().changed(value)
                } catch (e: RuntimeException) {
                    Notifier.error(null, "The Postman token was saved but apiscout could not take it: ${e.message}")
                }
            }
        }
    }

    override fun resetOwn() {
        node.text = SettingsStore.get().nodePath
        if (tokenLoaded) token.text = savedToken.orEmpty()
    }
}
