package dev.apiscout.intellij.settings

import com.intellij.ui.dsl.builder.Align
import com.intellij.ui.dsl.builder.Panel
import com.intellij.ui.dsl.builder.columns
import com.intellij.ui.dsl.builder.rows
import dev.apiscout.bridge.ide.SettingForms
import dev.apiscout.bridge.ide.SettingsSnapshot
import dev.apiscout.bridge.protocol.SettingRow
import dev.apiscout.bridge.protocol.SettingRowFrom
import dev.apiscout.bridge.protocol.SettingRowKind
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonPrimitive
import javax.swing.text.JTextComponent

/**
 * One widget per sidecar setting, by its kind: check box, combo box, text field, or text area for
 * lists and scripts. What a field's text means is bridge-client's SettingForms; this only lays out.
 */
class SettingsForm(private val rows: List<SettingRow>, private val snapshot: SettingsSnapshot) {
    private val readers = LinkedHashMap<String, () -> JsonElement>()
    private val texts = HashMap<String, JTextComponent>()

    fun addTo(panel: Panel) = with(panel) {
        readers.clear()
        texts.clear()
        for (setting in rows) {
            val value = snapshot.value(setting.key)
            // The IDE pages edit the user's values; a project file may override one.
            val note = if (setting.from == SettingRowFrom.PROJECT) "Overridden by this project's .apiscout/settings.json" else null
            when {
                setting.kind == SettingRowKind.BOOLEAN -> row {
                    val box = checkBox(setting.label).comment(note).component.apply { isSelected = SettingForms.checked(value) }
                    readers[setting.key] = { JsonPrimitive(box.isSelected) }
                }
                setting.kind == SettingRowKind.CHOICE -> row(setting.label) {
                    val combo = comboBox(setting.choices.orEmpty()).comment(note).component.apply { selectedItem = SettingForms.text(setting, value) }
                    readers[setting.key] = { SettingForms.parse(setting, combo.selectedItem as String) }
                }
                SettingForms.multiline(setting) -> {
                    row(setting.label) {}
                    row {
                        val area = textArea().rows(5).align(Align.FILL).comment(note ?: setting.expects).component.apply { text = SettingForms.text(setting, value) }
                        texts[setting.key] = area
                        readers[setting.key] = { SettingForms.parse(setting, area.text) }
                    }
                }
                else -> row(setting.label) {
                    val field = textField().columns(30).comment(note ?: setting.expects).component.apply { text = SettingForms.text(setting, value) }
                    texts[setting.key] = field
                    readers[setting.key] = { SettingForms.parse(setting, field.text) }
                }
            }
        }
    }

    /** The values as edited; a field that does not parse throws IllegalArgumentException naming its setting. */
    fun values(): Map<String, JsonElement> = readers.mapValues { it.value() }

    /** Replaces a text field's content (Auto Detect filling the runtime list). */
    fun fill(key: String, text: String) {
        texts[key]?.text = text
    }
}
