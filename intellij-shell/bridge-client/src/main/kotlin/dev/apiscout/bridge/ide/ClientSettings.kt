package dev.apiscout.bridge.ide

import dev.apiscout.bridge.rpc.ProtocolJson
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException

/**
 * The settings the IDE side keeps (Settings > Other Settings > apiscout), with the defaults of the
 * spec (§2.6). Stored by the plugin as this JSON, so the field list exists once. The Postman token
 * is never here: it lives in the IDE's password safe.
 */
@Serializable
public data class ClientSettings(
    /** Path of the node executable; blank means the one on the PATH. */
    val nodePath: String = "",
    val enableGrpcCall: Boolean = false,
    /** The gRPC runtime JARs (the gRPC Runtime page). */
    val grpcRuntimeJars: List<String> = emptyList(),
    val actuatorSupport: Boolean = false,
    val features: Features = Features(),
) {
    public fun toJson(): String = ProtocolJson.encodeToString(serializer(), this)

    public companion object {
        /** Settings saved by any version: unknown fields are dropped, missing ones take their defaults. */
        public fun fromJson(json: String?): ClientSettings = try {
            if (json.isNullOrBlank()) ClientSettings() else ProtocolJson.decodeFromString(serializer(), json)
        } catch (_: SerializationException) {
            ClientSettings()
        } catch (_: IllegalArgumentException) {
            ClientSettings()
        }
    }
}

/** The Features toggles: turning one off removes its action or tab. */
@Serializable
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

/** The plugin's action ids: plugin.xml and the adapters use these, and a test checks plugin.xml against them. */
public object ActionIds {
    public const val EXPORT: String = "apiscout.Export"
    public const val COPY_API_URL: String = "apiscout.CopyApiUrl"
    public const val COPY_PATH: String = "apiscout.CopyPath"
    public const val NAVIGATE_TO_SOURCE: String = "apiscout.NavigateToSource"
    public const val REFRESH: String = "apiscout.Refresh"
}
