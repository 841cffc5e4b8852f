package dev.apiscout.bridge.ide

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

    private fun post(json: String): String = "window.postMessage($json, '*');"
}
