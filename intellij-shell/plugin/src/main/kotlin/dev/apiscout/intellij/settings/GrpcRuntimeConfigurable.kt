package dev.apiscout.intellij.settings

import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.ui.DialogPanel
import com.intellij.ui.dsl.builder.Align
import com.intellij.ui.dsl.builder.bindText
import com.intellij.ui.dsl.builder.panel

/** Settings > Other Settings > apiscout > gRPC > gRPC Runtime: the runtime JARs, one path a line. */
class GrpcRuntimeConfigurable : BoundConfigurable("gRPC Runtime") {
    private var draft = SettingsStore.get()

    override fun createPanel(): DialogPanel {
        draft = SettingsStore.get()
        return panel {
            row {
                textArea().rows(8).align(Align.FILL)
                    .bindText({ draft.grpcRuntimeJars.joinToString("\n") }, { text -> draft = draft.copy(grpcRuntimeJars = text.lines().map(String::trim).filter(String::isNotEmpty)) })
                    .comment("gRPC runtime JARs (grpc-netty-shaded, grpc-protobuf, grpc-stub, protobuf-java).")
            }
        }
    }

    override fun apply() {
        super.apply()
        val jars = draft.grpcRuntimeJars
        SettingsStore.update { it.copy(grpcRuntimeJars = jars) }
    }
}
