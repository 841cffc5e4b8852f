package dev.apiscout.bridge.ide

import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import java.net.URLEncoder
import java.nio.charset.StandardCharsets

/** How the IDE looks, passed to the explorer page so it can follow: dark or light, and the UI font size in pixels. */
public data class IdeLook(val dark: Boolean, val fontSize: Int)

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

    /** The IDE's theme or font size changed (contract with the page: `{type:"theme", theme, fontSize}`). */
    public fun theme(look: IdeLook): String = post(buildJsonObject {
        put("type", "theme")
        put("theme", if (look.dark) "dark" else "light")
        put("fontSize", look.fontSize)
    }.toString())

    /** The explorer's address as the IDE loads it: `host=intellij&theme=dark|light&fontSize=N` added to the sidecar's UI URL. */
    public fun url(uiUrl: String, look: IdeLook): String {
        val fragment = uiUrl.substringAfter('#', "").let { if (it.isEmpty()) "" else "#$it" }
        val base = uiUrl.substringBefore('#')
        val params = listOf("host" to "intellij", "theme" to (if (look.dark) "dark" else "light"), "fontSize" to look.fontSize.toString())
            .joinToString("&") { (k, v) -> "$k=${URLEncoder.encode(v, StandardCharsets.UTF_8)}" }
        return base + (if ('?' in base) "&" else "?") + params + fragment
    }

    private fun post(json: String): String = "window.postMessage($json, '*');"
}
