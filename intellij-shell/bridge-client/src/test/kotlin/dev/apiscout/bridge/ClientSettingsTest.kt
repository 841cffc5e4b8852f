package dev.apiscout.bridge

import dev.apiscout.bridge.ide.ActionIds
import dev.apiscout.bridge.ide.ClientSettings
import dev.apiscout.bridge.ide.Features
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ClientSettingsTest {
    @Test
    fun `round-trips through the JSON the plugin stores, tolerating old and broken state`() {
        val s = ClientSettings(nodePath = "/opt/node/bin/node")
        assertEquals(s, ClientSettings.fromJson(s.toJson()))
        assertEquals("", ClientSettings().nodePath)
        // Fields of the first version (now the sidecar's settings) are dropped, not fatal.
        assertEquals(ClientSettings("/n"), ClientSettings.fromJson("""{"nodePath":"/n","actuatorSupport":true,"features":{"copyApiUrl":false}}"""))
        assertEquals(ClientSettings(), ClientSettings.fromJson("{not json"))
        assertEquals(ClientSettings(), ClientSettings.fromJson(null))
    }

    @Test
    fun `the Copy API URL toggle removes its action, and only that one`() {
        val off = Features(copyApiUrl = false)
        assertFalse(off.shows(ActionIds.COPY_API_URL))
        assertTrue(off.shows(ActionIds.COPY_PATH))
        assertTrue(off.shows(ActionIds.COPY_AS_CURL))
        assertTrue(off.shows(ActionIds.EXPORT))
        assertTrue(Features().shows(ActionIds.COPY_API_URL))
    }
}
