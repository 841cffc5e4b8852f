package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.SettingRow
import dev.apiscout.bridge.protocol.SettingsGetParams
import dev.apiscout.bridge.protocol.SettingsSetParams
import dev.apiscout.bridge.protocol.SettingsSetParamsScope
import dev.apiscout.bridge.protocol.SettingsView
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.booleanOrNull
import kotlinx.serialization.json.contentOrNull
import kotlinx.serialization.json.intOrNull
import java.util.concurrent.atomic.AtomicBoolean

/**
 * The keys of the sidecar's settings (core/config/settings.ts) that the IDE's pages and fast paths
 * read; a test checks each against the real sidecar's settings/get.
 */
public object SettingKeys {
    public const val GRPC_ENABLED: String = "grpc.enabled"
    /** The gRPC runtime entries (null: not set, Auto Detect fills it). */
    public const val GRPC_RUNTIME: String = "grpc.runtime"
    public const val GRPC_REFLECTION: String = "grpc.reflection"
    public const val GRPC_DEADLINE_MS: String = "grpc.deadlineMs"
    public const val ACTUATOR: String = "actuator.enabled"
    public const val COPY_API_URL: String = "features.copyApiUrl"
    public const val SEARCH_EVERYWHERE: String = "features.searchEverywhere"
    public const val CALL_BEFORE: String = "http.call.before"
    public const val CALL_AFTER: String = "http.call.after"
    public const val CURL_RENDER_MODE: String = "curl.renderMode"
    public const val CURL_RUN_SCRIPTS: String = "curl.runPreRequestScripts"
    public const val CURL_COPY_SOURCE: String = "curl.copySource"

    public val all: List<String> = listOf(
        GRPC_ENABLED, GRPC_RUNTIME, GRPC_REFLECTION, GRPC_DEADLINE_MS, ACTUATOR, COPY_API_URL, SEARCH_EVERYWHERE,
        CALL_BEFORE, CALL_AFTER, CURL_RENDER_MODE, CURL_RUN_SCRIPTS, CURL_COPY_SOURCE,
    )
}

/** The Features toggles (§2.6): turning one off removes its action or tab. */
public data class Features(
    val copyApiUrl: Boolean = true,
    val searchEverywhere: Boolean = true,
) {
    /** Whether the IDE shows an action: the toggled ones follow their switch, the rest always show. */
    public fun shows(actionId: String): Boolean = when (actionId) {
        ActionIds.COPY_API_URL -> copyApiUrl
        else -> true
    }
}

/** A settings/get answer read as typed values. */
public class SettingsSnapshot(public val view: SettingsView) {
    private val rows = view.settings.associateBy { it.key }

    public fun row(key: String): SettingRow = rows[key] ?: throw IllegalArgumentException("the sidecar has no setting '$key'")

    /** The effective value (a secret's is null). */
    public fun value(key: String): JsonElement = row(key).value ?: JsonNull

    public fun boolean(key: String): Boolean =
        (value(key) as? JsonPrimitive)?.booleanOrNull ?: throw IllegalArgumentException("setting '$key' is not a boolean: ${value(key)}")

    public fun int(key: String): Int =
        (value(key) as? JsonPrimitive)?.intOrNull ?: throw IllegalArgumentException("setting '$key' is not an integer: ${value(key)}")

    /** A text or choice value; null when not set. */
    public fun text(key: String): String? = (value(key) as? JsonPrimitive)?.takeIf { it !is JsonNull }?.contentOrNull

    /** A list value; null when not set. */
    public fun list(key: String): List<String>? = (value(key) as? JsonArray)?.map { (it as JsonPrimitive).content }

    /** The rows of one page section (general, grpc, grpcRuntime, curl, http, scripts), in the sidecar's order. */
    public fun section(name: String): List<SettingRow> = view.settings.filter { it.section == name }

    public val features: Features get() = Features(boolean(SettingKeys.COPY_API_URL), boolean(SettingKeys.SEARCH_EVERYWHERE))
}

/** A settings page's edits as one settings/set. */
public object SettingsPatch {
    /**
     * The change from [current] (read at the same scope the page edits) to the [edited] values: keys
     * whose value did not change are left alone, a value back at its default is unset (so later
     * default changes and lower levels show through), the rest are set. Null when nothing changed.
     */
    public fun of(
        current: SettingsSnapshot,
        edited: Map<String, JsonElement>,
        scope: SettingsSetParamsScope = SettingsSetParamsScope.USER,
        project: String? = null,
    ): SettingsSetParams? {
        val values = LinkedHashMap<String, JsonElement?>()
        val unset = ArrayList<String>()
        for ((key, value) in edited) {
            val row = current.row(key)
            if (value == current.value(key)) continue
            if (value == (row.default ?: JsonNull)) unset += key else values[key] = value
        }
        if (values.isEmpty() && unset.isEmpty()) return null
        return SettingsSetParams(project, scope, values, unset.takeIf { it.isNotEmpty() })
    }
}

/**
 * The sidecar's settings for the IDE's fast paths (an action's update, Search Everywhere's
 * availability), which must never wait on the sidecar: [peek] answers from the last snapshot and
 * refreshes it in the background once it is older than [maxAgeMillis] (another window, the browser
 * UI or the CLI may have changed the files). [set] and [get] block and refresh it at once.
 */
public class LiveSettings(
    private val sidecar: Sidecar,
    /** The project whose overrides apply; null reads the user level, as the IDE's application settings pages do. */
    private val project: String?,
    private val maxAgeMillis: Long = 5_000,
) : AutoCloseable {
    @Volatile private var snapshot: SettingsSnapshot? = null
    @Volatile private var fetchedAt = 0L
    private val fetching = AtomicBoolean(false)
    private val restart = sidecar.onRestart { fetchedAt = 0L }

    /** The last snapshot (null before the first answer); a stale one is refreshed in the background. */
    public fun peek(): SettingsSnapshot? {
        if (System.currentTimeMillis() - fetchedAt > maxAgeMillis && fetching.compareAndSet(false, true)) {
            sidecar.request(Requests.settingsGet, SettingsGetParams(project)).whenComplete { view, _ ->
                if (view != null) keep(view)
                fetching.set(false)
            }
        }
        return snapshot
    }

    /** The toggles as last known; the spec's defaults (on) until the sidecar answered. */
    public fun features(): Features = peek()?.features ?: Features()

    /** Reads the settings now (blocking: off the UI thread). */
    public fun get(): SettingsSnapshot = keep(sidecar.call(Requests.settingsGet, SettingsGetParams(project)))

    /** Writes a page's change (blocking); the answer becomes the snapshot. Refused values throw RpcException naming the key. */
    public fun set(change: SettingsSetParams): SettingsSnapshot = keep(sidecar.call(Requests.settingsSet, change.copy(project = change.project ?: project)))

    private fun keep(view: SettingsView): SettingsSnapshot = SettingsSnapshot(view).also {
        snapshot = it
        fetchedAt = System.currentTimeMillis()
    }

    override fun close() = restart.close()
}
