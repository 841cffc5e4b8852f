package dev.apiscout.intellij.actions

import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.actionSystem.CommonDataKeys
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VfsUtilCore
import dev.apiscout.bridge.ide.EndpointScope
import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.ProjectApis
import java.nio.file.Path

/**
 * An action on the APIs of the selection: the files and folders picked in the project view, or
 * the editor's file (the API on the caret line when there is one). Which endpoints that means is
 * bridge-client's EndpointScope; the subclass only says what to do with them.
 */
/** DumbAware: the APIs come from the sidecar, not the IDE's indexes, so the actions work while indexing. */
abstract class EndpointAction : AnAction(), DumbAware {
    override fun getActionUpdateThread(): ActionUpdateThread = ActionUpdateThread.BGT

    override fun update(e: AnActionEvent) {
        val id = e.actionManager.getId(this)
        val hasSelection = e.project != null && (e.getData(CommonDataKeys.VIRTUAL_FILE_ARRAY)?.isNotEmpty() == true || e.getData(CommonDataKeys.VIRTUAL_FILE) != null)
        // The Features toggles (Copy API URL) remove their action: read from the last settings snapshot, never waiting.
        e.presentation.isEnabledAndVisible = hasSelection && (id == null || ProjectApis.of(e.project!!).features().shows(id))
    }

    override fun actionPerformed(e: AnActionEvent) {
        val project = e.project ?: return
        val base = project.basePath?.let(Path::of) ?: return
        val files = e.getData(CommonDataKeys.VIRTUAL_FILE_ARRAY)?.toList() ?: listOfNotNull(e.getData(CommonDataKeys.VIRTUAL_FILE))
        val editor = e.getData(CommonDataKeys.EDITOR)
        val caretLine = editor?.caretModel?.logicalPosition?.line?.plus(1)
        val paths = files.mapNotNull { f -> runCatching { base.relativize(VfsUtilCore.virtualToIoFile(f).toPath()).toString().replace('\\', '/') }.getOrNull() }
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                val apis = ProjectApis.of(project)
                val selected = EndpointScope.select(apis.bridge().tree(), paths, caretLine.takeIf { files.size == 1 })
                if (selected.isEmpty()) Notifier.info(project, "No APIs in the selection")
                else perform(project, selected)
            } catch (ex: RuntimeException) {
                Notifier.error(project, ex.message ?: ex.toString())
            }
        }
    }

    /** Runs off the UI thread with the selected endpoints, in tree order. */
    protected abstract fun perform(project: Project, endpoints: List<EndpointSummary>)
}
