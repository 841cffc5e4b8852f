package dev.apiscout.bridge.ide

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put

/**
 * What the IDE tells the explorer page hosted in JCEF, as JavaScript: one message shape
 * (`{type, ...}` posted to the page) so the tool window adapter holds no page knowledge.
 */
public object ExplorerUi {
    /** Select and show one endpoint (a gutter click). */
    public fun reveal(endpointId: String): String = post(buildJsonObject {
        put("type", "reveal")
        put("id", endpointId)
    }.toString())

    /** Open the export dialog for these endpoints (the Export action). */
    public fun export(endpointIds: List<String>): String = post(buildJsonObject {
        put("type", "export")
        put("ids", JsonArray(endpointIds.map(::JsonPrimitive)))
    }.toString())

    private fun post(json: String): String = "window.postMessage($json, '*');"
}
