package dev.apiscout.intellij.settings

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.options.ConfigurationException
import com.intellij.openapi.options.SearchableConfigurable
import com.intellij.openapi.progress.ProgressManager
import com.intellij.openapi.util.ThrowableComputable
import com.intellij.ui.dsl.builder.Panel
import com.intellij.ui.dsl.builder.panel
import dev.apiscout.bridge.ide.SettingForms
import dev.apiscout.bridge.ide.SettingsPatch
import dev.apiscout.bridge.ide.SettingsSnapshot
import dev.apiscout.intellij.SidecarService
import java.awt.BorderLayout
import javax.swing.JComponent
import javax.swing.JPanel

/**
 * A settings page over the sidecar's settings (settings/get and settings/set at user level), so the
 * IDE, the browser explorer and the CLI share one value. The rows are read in the background (the
 * sidecar may be starting); saving writes only what changed, a value back at its default is unset.
 * Subclasses add fields the sidecar does not hold (the Node.js path, the token) or buttons.
 */
abstract class SidecarSettingsPage(private val id: String, private val name: String, private vararg val sections: String) : SearchableConfigurable {
    /** Made in createComponent, not with the page: the platform builds configurables to search their names. */
    private var root: JPanel? = null
    @Volatile private var loaded: Loaded? = null
    private var problem: String? = null

    private class Loaded(val snapshot: SettingsSnapshot, val form: SettingsForm)

    /** The form once the sidecar answered, for subclasses (Auto Detect fills it). */
    protected val form: SettingsForm? get() = loaded?.form

    override fun getId(): String = id
    override fun getDisplayName(): String = name

    override fun createComponent(): JComponent {
        val panel = JPanel(BorderLayout())
        root = panel
        problem = null
        render()
        load()
        return panel
    }

    private fun load() {
        ApplicationManager.getApplication().executeOnPooledThread {
            val result = runCatching { SidecarService.get().settings().get() }
            // The settings dialog is modal: run in its modality or not before it closes.
            ApplicationManager.getApplication().invokeLater({
                result.onSuccess { show(it) }.onFailure { problem = it.message ?: it.toString(); render() }
            }, ModalityState.any())
        }
    }

    private fun show(snapshot: SettingsSnapshot) {
        loaded = Loaded(snapshot, SettingsForm(SettingForms.rows(snapshot, *sections), snapshot))
        render()
    }

    private fun render() {
        val root = root ?: return
        val content = panel {
            addBefore(this)
            val ready = loaded
            when {
                ready != null -> ready.form.addTo(this)
                problem != null -> row { comment("The apiscout settings could not be read: $problem") }
                else -> row { comment("Reading the apiscout settings…") }
            }
            addAfter(this)
        }
        root.removeAll()
        root.add(content, BorderLayout.NORTH)
        root.revalidate()
        root.repaint()
    }

    /** Fields above the sidecar's rows. */
    protected open fun addBefore(panel: Panel) {}

    /** Fields and buttons below them. */
    protected open fun addAfter(panel: Panel) {}

    protected open fun isOwnModified(): Boolean = false
    protected open fun applyOwn() {}
    protected open fun resetOwn() {}

    override fun isModified(): Boolean {
        val ready = loaded ?: return isOwnModified()
        val changed = try {
            SettingsPatch.of(ready.snapshot, ready.form.values()) != null
        } catch (_: IllegalArgumentException) {
            true // apply() says what is wrong
        }
        return changed || isOwnModified()
    }

    override fun apply() {
        applyOwn()
        val ready = loaded ?: return
        val change = try {
            SettingsPatch.of(ready.snapshot, ready.form.values())
        } catch (e: IllegalArgumentException) {
            throw ConfigurationException(e.message ?: e.toString())
        } ?: return
        val saved = try {
            ProgressManager.getInstance().runProcessWithProgressSynchronously(
                ThrowableComputable<SettingsSnapshot, RuntimeException> { SidecarService.get().settings().set(change) },
                "Saving apiscout settings",
                false,
                null,
            )
        } catch (e: RuntimeException) {
            // A refused value: the sidecar's message names the setting.
            throw ConfigurationException(e.message ?: e.toString())
        }
        loaded = Loaded(saved, ready.form)
    }

    override fun reset() {
        resetOwn()
        loaded?.let { show(it.snapshot) }
    }

    override fun disposeUIResources() {
        loaded = null
        root = null
    }
}
