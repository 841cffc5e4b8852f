package dev.apiscout.intellij.settings

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.components.JBTextField
import com.intellij.ui.dsl.builder.Panel
import com.intellij.ui.dsl.builder.columns
import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.protocol.MIN_NODE_VERSION
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.SidecarService
import javax.swing.JComponent

/**
 * Settings > Other Settings > apiscout: the Node.js path (the IDE's own, needed before a sidecar
 * runs), the sidecar's general, cURL, HTTP and script settings (Actuator support, the Features
 * toggles, http.call.before/after…), and the Postman token, kept in the password safe.
 * Its Swing fields are made in createComponent (the platform may construct a configurable just to search it).
 */
class ApiscoutConfigurable : SidecarSettingsPage(ConfigurableIds.APISCOUT, "apiscout", "general", "curl", "http", "scripts") {
    private var fields: Fields? = null
    @Volatile private var savedToken: String? = null
    private var tokenLoaded = false

    private class Fields(val node: JBTextField, val token: JBPasswordField)

    override fun addBefore(panel: Panel) {
        val node = fields?.node ?: return
        panel.row("Node.js:") { cell(node).comment("Path of node $MIN_NODE_VERSION or newer; empty uses the one on the PATH.") }
    }

    override fun createComponent(): JComponent {
        fields = Fields(JBTextField(SettingsStore.get().nodePath, 30), JBPasswordField())
        tokenLoaded = false
        loadToken()
        return super.createComponent()
    }

    override fun addAfter(panel: Panel) {
        val token = fields?.token ?: return
        panel.group("Environment Sync") {
            row("Postman API token:") { cell(token).columns(30).comment("Kept in the IDE's password safe, never in project files; handed to apiscout for this run.") }
        }
    }

    private fun loadToken() {
        // The password safe may block: read it in the background.
        ApplicationManager.getApplication().executeOnPooledThread {
            val saved = PostmanToken.get()
            ApplicationManager.getApplication().invokeLater({
                val token = fields?.token ?: return@invokeLater
                savedToken = saved
                token.text = saved.orEmpty()
                tokenLoaded = true
            }, ModalityState.any())
        }
    }

    override fun isOwnModified(): Boolean {
        val f = fields ?: return false
        return f.node.text.trim() != SettingsStore.get().nodePath || (tokenLoaded && String(f.token.password) != savedToken.orEmpty())
    }

    override fun applyOwn() {
        val f = fields ?: return
        val path = f.node.text.trim()
        if (path != SettingsStore.get().nodePath) {
            SettingsStore.update { it.copy(nodePath = path) }
            // The old sidecar is closed in the background: Apply never waits for a process to end.
            SidecarService.get().reset()
        }
        if (tokenLoaded && String(f.token.password) != savedToken.orEmpty()) {
            val value = String(f.token.password).trim().takeIf { it.isNotEmpty() }
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
        val f = fields ?: return
        f.node.text = SettingsStore.get().nodePath
        if (tokenLoaded) f.token.text = savedToken.orEmpty()
    }

    override fun disposeUIResources() {
        super.disposeUIResources()
        fields = null
    }
}
