package dev.apiscout.intellij.settings

import com.intellij.openapi.progress.ProgressManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.ui.Messages
import com.intellij.openapi.util.ThrowableComputable
import com.intellij.openapi.wm.IdeFocusManager
import com.intellij.ui.dsl.builder.Panel
import dev.apiscout.bridge.ide.AutoDetected
import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.ide.SettingKeys
import dev.apiscout.intellij.ProjectApis
import javax.swing.JComponent

/**
 * Settings > Other Settings > apiscout > gRPC > gRPC Runtime: the runtime entries gRPC calls load,
 * one a line, and Auto Detect, which asks the sidecar what the open project offers (grpc/detect),
 * shows its summary and fills the list (saved with OK, like any edit).
 */
class GrpcRuntimeConfigurable : SidecarSettingsPage(ConfigurableIds.GRPC_RUNTIME, "gRPC Runtime", "grpcRuntime") {
    override fun addAfter(panel: Panel) {
        panel.row {
            button("Auto Detect") { e -> detect(e.source as JComponent) }
                .comment("Finds the project's protos, descriptor sets and gRPC runtime, and fills the list.")
        }
    }

    private fun detect(anchor: JComponent) {
        val project = activeProject() ?: return Messages.showInfoMessage(anchor, "Open a project first: Auto Detect looks at its sources.", "Auto Detect")
        val detected = try {
            ProgressManager.getInstance().runProcessWithProgressSynchronously(
                ThrowableComputable<AutoDetected, RuntimeException> { ProjectApis.of(project).bridge().autoDetect() },
                "Detecting the gRPC runtime",
                true,
                project,
            )
        } catch (e: RuntimeException) {
            return Messages.showErrorDialog(anchor, e.message ?: e.toString(), "Auto Detect")
        }
        form?.fill(SettingKeys.GRPC_RUNTIME, detected.runtime.joinToString("\n"))
        Messages.showInfoMessage(anchor, detected.summary, "Auto Detect")
    }

    private fun activeProject(): Project? =
        IdeFocusManager.getGlobalInstance().lastFocusedFrame?.project ?: ProjectManager.getInstance().openProjects.firstOrNull()
}
