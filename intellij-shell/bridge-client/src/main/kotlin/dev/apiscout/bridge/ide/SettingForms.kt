package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.SettingRow
import dev.apiscout.bridge.protocol.SettingRowKind
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.booleanOrNull
import kotlinx.serialization.json.contentOrNull

/**
 * How the IDE's settings pages show the sidecar's setting rows: which rows a page has, and each
 * value as the text of its field and back. The plugin only lays out one widget per row by its kind
 * (check box, combo box, text field, text area); the sidecar checks what is written.
 */
public object SettingForms {
    /** The rows of these sections, in the sidecar's order; secrets have fields of their own (the password safe). */
    public fun rows(snapshot: SettingsSnapshot, vararg sections: String): List<SettingRow> =
        sections.flatMap { snapshot.section(it) }.filter { !it.secret }

    /** Whether the row's field takes several lines: lists, and the request scripts. */
    public fun multiline(row: SettingRow): Boolean =
        row.kind == SettingRowKind.LIST || row.key == SettingKeys.CALL_BEFORE || row.key == SettingKeys.CALL_AFTER

    /** A check box's state. */
    public fun checked(value: JsonElement): Boolean = (value as? JsonPrimitive)?.booleanOrNull ?: false

    /** The text of a field: an integer's digits, a text or choice as is ("" when not set), a list one entry a line. */
    public fun text(row: SettingRow, value: JsonElement): String = when {
        value is JsonNull -> ""
        row.kind == SettingRowKind.LIST -> (value as? JsonArray)?.joinToString("\n") { (it as? JsonPrimitive)?.contentOrNull ?: it.toString() } ?: ""
        value is JsonPrimitive -> value.content
        else -> value.toString()
    }

    /**
     * A field's text as the setting's value: blank is "not set" (null) where the setting allows it,
     * a list takes one entry a line without blanks. A number that is not one, or is out of range,
     * fails naming the setting, before anything is written.
     */
    public fun parse(row: SettingRow, text: String): JsonElement {
        val nullable = row.default == null || row.default is JsonNull
        return when (row.kind) {
            SettingRowKind.BOOLEAN -> JsonPrimitive(text.trim().toBooleanStrictOrNull() ?: throw IllegalArgumentException("${row.label} (${row.key}) must be true or false"))
            SettingRowKind.INTEGER -> {
                val n = text.trim().toIntOrNull() ?: throw IllegalArgumentException("${row.label} (${row.key}) must be ${row.expects}, not '${text.trim()}'")
                if ((row.min != null && n < row.min) || (row.max != null && n > row.max)) throw IllegalArgumentException("${row.label} (${row.key}) must be ${row.expects}, not $n")
                JsonPrimitive(n)
            }
            SettingRowKind.LIST -> {
                val entries = text.lines().map(String::trim).filter(String::isNotEmpty)
                if (entries.isEmpty() && nullable) JsonNull else JsonArray(entries.map(::JsonPrimitive))
            }
            SettingRowKind.TEXT -> if (text.isBlank() && nullable) JsonNull else JsonPrimitive(text)
            SettingRowKind.CHOICE -> {
                val choice = text.trim()
                if (row.choices != null && choice !in row.choices) throw IllegalArgumentException("${row.label} (${row.key}) must be ${row.expects}")
                JsonPrimitive(choice)
            }
        }
    }
}
