package dev.apiscout.intellij.actions

import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.ide.CopyPasteManager
import com.intellij.openapi.project.Project
import dev.apiscout.bridge.ide.EndpointScope
import dev.apiscout.bridge.ide.ExplorerUi
import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.ProjectApis
import dev.apiscout.intellij.toolwindow.ExplorerToolWindowFactory
import java.awt.datatransfer.StringSelection

/** Export (Alt+Shift+E; Ctrl+E on macOS): the explorer's export dialog for the selected APIs. */
class ExportAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = onUi {
        ExplorerToolWindowFactory.show(project, ExplorerUi.export(endpoints.map { it.id }))
    }
}

/** Copy API URL: `METHOD /path` per API, no host. Hidden when its feature toggle is off. */
class CopyApiUrlAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = copy(EndpointScope.apiUrls(endpoints))
}

class CopyPathAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = copy(EndpointScope.paths(endpoints))
}

class NavigateToSourceAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = ProjectApis.of(project).navigateToSource(endpoints.first().id)
}

/** The explorer toolbar's Refresh: a full scan, which also refills the index Search Everywhere reads. */
class RefreshAction : AnAction() {
    override fun getActionUpdateThread(): ActionUpdateThread = ActionUpdateThread.BGT

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabledAndVisible = e.project != null
    }

    override fun actionPerformed(e: AnActionEvent) {
        val project = e.project ?: return
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                val status = ProjectApis.of(project).refresh()
                Notifier.info(project, "${status.endpointCount} APIs found")
            } catch (ex: RuntimeException) {
                Notifier.error(project, ex.message ?: ex.toString())
            }
        }
    }
}

private fun copy(text: String) = onUi { CopyPasteManager.getInstance().setContents(StringSelection(text)) }

private fun onUi(block: () -> Unit) = ApplicationManager.getApplication().invokeLater(block)
