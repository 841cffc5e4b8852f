package dev.apiscout.bridge.ide

import dev.apiscout.bridge.rpc.ProtocolJson
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException

/**
 * What the IDE itself must know before a sidecar runs (Settings > Other Settings > apiscout), stored
 * by the plugin as this JSON so the field list exists once. Everything else on the settings pages
 * (gRPC, actuator, Features, scripts, cURL) is the sidecar's, read and written with settings/get and
 * settings/set ([LiveSettings], [SettingsPatch]), so the IDE, the browser UI and the CLI share one
 * value. The Postman token is in neither: it lives in the IDE's password safe ([SyncTokenHandover]).
 */
@Serializable
public data class ClientSettings(
    /** Path of the node executable; blank means the one on the PATH. */
    val nodePath: String = "",
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

/** The plugin's action ids: plugin.xml and the adapters use these, and a test checks plugin.xml against them. */
public object ActionIds {
    public const val EXPORT: String = "apiscout.Export"
    public const val COPY_API_URL: String = "apiscout.CopyApiUrl"
    public const val COPY_PATH: String = "apiscout.CopyPath"
    public const val COPY_AS_CURL: String = "apiscout.CopyAsCurl"
    public const val NAVIGATE_TO_SOURCE: String = "apiscout.NavigateToSource"
    public const val RESET_TO_DEFAULT: String = "apiscout.ResetToDefault"
    public const val REFRESH: String = "apiscout.Refresh"
}
