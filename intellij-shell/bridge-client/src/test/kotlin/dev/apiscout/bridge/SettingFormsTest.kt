package dev.apiscout.bridge

import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.ide.ProjectRoots
import dev.apiscout.bridge.ide.SettingForms
import dev.apiscout.bridge.protocol.SettingRow
import dev.apiscout.bridge.protocol.SettingRowFrom
import dev.apiscout.bridge.protocol.SettingRowKind
import dev.apiscout.bridge.protocol.SettingRowScope
import dev.apiscout.bridge.protocol.SettingsPage
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The settings pages' field texts and values (the rows as the sidecar describes them), and the page and project routing. */
class SettingFormsTest {
    private fun row(key: String, kind: SettingRowKind, default: JsonElement?, expects: String, min: Int? = null, max: Int? = null, choices: List<String>? = null) =
        SettingRow(key, key, "general", kind, choices, min, max, SettingRowScope.ANY, false, expects, default, default, false, SettingRowFrom.DEFAULT)

    private val runtime = row("grpc.runtime", SettingRowKind.LIST, null, "a list of paths or null")
    private val hosts = row("http.insecureHosts", SettingRowKind.LIST, JsonArray(emptyList()), "a list of strings")
    private val deadline = row("grpc.deadlineMs", SettingRowKind.INTEGER, JsonPrimitive(30000), "an integer from 0 to 86400000", 0, 86_400_000)
    private val before = row("http.call.before", SettingRowKind.TEXT, null, "a string or null")
    private val mode = row("curl.renderMode", SettingRowKind.CHOICE, JsonPrimitive("keep"), "one of keep, resolve, ask", choices = listOf("keep", "resolve", "ask"))

    @Test
    fun `lists are one entry a line, and blank is not set where the setting allows it`() {
        val jars = JsonArray(listOf(JsonPrimitive("/a/grpc-netty.jar"), JsonPrimitive("/b/protobuf.jar")))
        assertEquals("/a/grpc-netty.jar\n/b/protobuf.jar", SettingForms.text(runtime, jars))
        assertEquals(jars, SettingForms.parse(runtime, " /a/grpc-netty.jar\n\n/b/protobuf.jar \n"))
        assertEquals(JsonNull, SettingForms.parse(runtime, "  \n"))
        assertEquals(JsonArray(emptyList()), SettingForms.parse(hosts, ""))
        assertEquals("", SettingForms.text(runtime, JsonNull))
    }

    @Test
    fun `numbers are checked against their range, naming the setting`() {
        assertEquals(JsonPrimitive(5000), SettingForms.parse(deadline, " 5000 "))
        val notNumber = assertThrows(IllegalArgumentException::class.java) { SettingForms.parse(deadline, "soon") }
        assertTrue(notNumber.message!!.contains("grpc.deadlineMs") && notNumber.message!!.contains("soon"), notNumber.message)
        assertThrows(IllegalArgumentException::class.java) { SettingForms.parse(deadline, "-1") }
        assertEquals("30000", SettingForms.text(deadline, JsonPrimitive(30000)))
    }

    @Test
    fun `scripts keep their text, choices must be one of theirs`() {
        val script = "groovy:```\nrequest.header('X', '1')\n```"
        assertEquals(JsonPrimitive(script), SettingForms.parse(before, script))
        assertEquals(JsonNull, SettingForms.parse(before, ""))
        assertEquals(JsonPrimitive("ask"), SettingForms.parse(mode, "ask"))
        assertThrows(IllegalArgumentException::class.java) { SettingForms.parse(mode, "always") }
    }

    @Test
    fun `settings pages and project roots`() {
        assertEquals(listOf("apiscout", "apiscout.grpc", "apiscout.grpc.runtime"), SettingsPage.entries.map(ConfigurableIds::of))
        val roots = listOf("/w/shop", "/w/shop/tools", "C:\\w\\other")
        assertEquals("/w/shop/tools", ProjectRoots.owner(roots, "/w/shop/tools/T.kt"))
        assertEquals("/w/shop", ProjectRoots.owner(roots, "/w/shop/a/A.java"))
        assertEquals("C:\\w\\other", ProjectRoots.owner(roots, "C:/w/other/B.java"))
        assertNull(ProjectRoots.owner(roots, "/w/shopping/C.java"))
    }
}

class ExportChannelsTest {
    @Test
    fun `offers every channel of the catalog once`() {
        val channels = dev.apiscout.bridge.ide.ExportChannels.choices.map { it.channel }
        assertEquals(dev.apiscout.bridge.protocol.ExportRequestChannel.entries.toSet(), channels.toSet())
        assertEquals(channels.size, channels.toSet().size)
    }
}
