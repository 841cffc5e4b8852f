package dev.apiscout.intellij.settings

import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.ui.DialogPanel
import com.intellij.ui.dsl.builder.bindSelected
import com.intellij.ui.dsl.builder.panel

/** Settings > Other Settings > apiscout > gRPC. */
class GrpcConfigurable : BoundConfigurable("gRPC") {
    private var draft = SettingsStore.get()

    override fun createPanel(): DialogPanel {
        draft = SettingsStore.get()
        return panel {
            row {
                checkBox("Enable gRPC call").bindSelected({ draft.enableGrpcCall }, { draft = draft.copy(enableGrpcCall = it) })
                    .comment("gRPC methods can be called once the runtime JARs are set (gRPC Runtime).")
            }
        }
    }

    override fun apply() {
        super.apply()
        val value = draft.enableGrpcCall
        SettingsStore.update { it.copy(enableGrpcCall = value) }
    }
}
