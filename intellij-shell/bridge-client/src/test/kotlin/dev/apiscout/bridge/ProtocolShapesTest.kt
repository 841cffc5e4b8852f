package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.ExportDestination
import dev.apiscout.bridge.protocol.HelloParams
import dev.apiscout.bridge.protocol.HttpRequestDraft
import dev.apiscout.bridge.protocol.HttpRequestDraftBodyMode
import dev.apiscout.bridge.protocol.RequestDraft
import dev.apiscout.bridge.protocol.Selection
import dev.apiscout.bridge.protocol.SyncTokenParams
import dev.apiscout.bridge.rpc.ProtocolJson
import kotlinx.serialization.SerializationException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The wire form of the generated types where Kotlin and JSON differ most: tagged unions, and absent versus null. */
class ProtocolShapesTest {
    private fun selection(s: Selection) = ProtocolJson.encodeToString(Selection.serializer(), s)

    @Test
    fun `a union member carries its tag, and the tag picks the member back`() {
        assertEquals("""{"kind":"all"}""", selection(Selection.All))
        assertEquals("""{"kind":"ids","ids":["a","b"]}""", selection(Selection.Ids(listOf("a", "b"))))
        assertEquals("""{"kind":"folder","folder":"orders"}""", selection(Selection.Folder("orders")))
        for (s in listOf(Selection.All, Selection.Ids(listOf("a")), Selection.Folder("f", "m"), Selection.Query("GET /x"))) {
            assertEquals(s, ProtocolJson.decodeFromString(Selection.serializer(), selection(s)))
        }
        assertEquals(ExportDestination.Text, ProtocolJson.decodeFromString(ExportDestination.serializer(), """{"kind":"text"}"""))
        val unknown = assertThrows(SerializationException::class.java) { ProtocolJson.decodeFromString(Selection.serializer(), """{"kind":"everything"}""") }
        assertTrue(unknown.message!!.contains("unknown kind 'everything'"), unknown.message)
        assertThrows(SerializationException::class.java) { ProtocolJson.decodeFromString(Selection.serializer(), """{"ids":["a"]}""") }
    }

    @Test
    fun `the untagged member is the one without the tag`() {
        val http = HttpRequestDraft("GET", "{{host}}", "/a", emptyList(), emptyList(), emptyList(), emptyList(), emptyList(), HttpRequestDraftBodyMode.NONE, "")
        val text = ProtocolJson.encodeToString(RequestDraft.serializer(), http)
        assertTrue(!text.contains("protocol"), text)
        assertEquals(http, ProtocolJson.decodeFromString(RequestDraft.serializer(), text))
    }

    @Test
    fun `an optional field is left out, a required one that may be null is sent as null`() {
        assertEquals("{}", ProtocolJson.encodeToString(HelloParams.serializer(), HelloParams()))
        assertEquals("""{"token":null}""", ProtocolJson.encodeToString(SyncTokenParams.serializer(), SyncTokenParams(null)))
        assertEquals("""{"token":"t","persist":true}""", ProtocolJson.encodeToString(SyncTokenParams.serializer(), SyncTokenParams("t", true)))
    }
}
