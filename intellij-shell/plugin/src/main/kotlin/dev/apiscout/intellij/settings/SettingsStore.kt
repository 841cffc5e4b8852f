package dev.apiscout.intellij.settings

import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.RoamingType
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.State
import com.intellij.openapi.components.Storage
import com.intellij.openapi.components.service
import dev.apiscout.bridge.ide.ClientSettings

/** Keeps bridge-client's ClientSettings as its JSON in apiscout.xml: the field list exists once, in bridge-client. */
@Service(Service.Level.APP)
// The Node.js path is this machine's: never synced to other machines by Settings Sync.
@State(name = "ApiscoutSettings", storages = [Storage(value = "apiscout.xml", roamingType = RoamingType.DISABLED)])
class SettingsStore : PersistentStateComponent<SettingsStore.Bean> {
    class Bean {
        var json: String = ""
    }

    @Volatile private var settings = ClientSettings()

    override fun getState(): Bean = Bean().also { it.json = settings.toJson() }

    override fun loadState(state: Bean) {
        settings = ClientSettings.fromJson(state.json)
    }

    fun update(change: (ClientSettings) -> ClientSettings) {
        settings = change(settings)
    }

    companion object {
        fun get(): ClientSettings = service<SettingsStore>().settings
        fun update(change: (ClientSettings) -> ClientSettings) = service<SettingsStore>().update(change)
    }
}
