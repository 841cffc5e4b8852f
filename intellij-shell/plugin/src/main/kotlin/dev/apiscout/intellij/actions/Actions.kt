package dev.apiscout.intellij.actions

import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.fileChooser.FileChooser
import com.intellij.openapi.fileChooser.FileChooserDescriptorFactory
import com.intellij.openapi.ide.CopyPasteManager
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.guessProjectDir
import com.intellij.openapi.ui.popup.JBPopupFactory
import com.intellij.ui.SimpleListCellRenderer
import dev.apiscout.bridge.ide.ExportChannels
import dev.apiscout.bridge.protocol.CopyTextParamsWhat
import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.bridge.protocol.ExportDestination
import dev.apiscout.bridge.protocol.Selection
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.ProjectApis
import java.awt.datatransfer.StringSelection

/**
 * Export (Alt+Shift+E; Ctrl+E on macOS): a channel, then a folder; the sidecar writes the files
 * (export/run, the same files as `apiscout export`) and a balloon says what was written.
 */
class ExportAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = onUi {
        JBPopupFactory.getInstance()
            .createPopupChooserBuilder(ExportChannels.choices)
            .setTitle("Export ${if (endpoints.size == 1) endpoints.single().address else "${endpoints.size} APIs"} to")
            .setRenderer(SimpleListCellRenderer.create("") { it.label })
            .setItemChosenCallback { choice -> chooseFolder(project, endpoints, choice) }
            .createPopup()
            .showCenteredInCurrentWindow(project)
    }

    private fun chooseFolder(project: Project, endpoints: List<EndpointSummary>, choice: ExportChannels.Choice) {
        val folder = FileChooser.chooseFile(FileChooserDescriptorFactory.createSingleFolderDescriptor(), project, project.guessProjectDir()) ?: return
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                val outcome = ProjectApis.of(project).bridge().export(choice.channel, Selection.Ids(endpoints.map { it.id }), ExportDestination.File(folder.path))
                folder.refresh(true, true)
                Notifier.info(project, ExportChannels.summary(choice, outcome))
            } catch (e: RuntimeException) {
                Notifier.error(project, e.message ?: e.toString())
            }
        }
    }
}

/** The copy actions: the sidecar's copy/text, so they read exactly as the explorer's and the exports. */
abstract class CopyAction(private val what: CopyTextParamsWhat) : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) {
        val copied = ProjectApis.of(project).bridge().copy(endpoints.map { it.id }, what)
        onUi { CopyPasteManager.getInstance().setContents(StringSelection(copied.text)) }
        // Placeholders without a value stay in the text; say which.
        if (copied.warnings.isNotEmpty()) Notifier.warning(project, copied.warnings.joinToString("\n"))
    }
}

/** Copy API URL: `METHOD /path` per API, no host. Hidden when its feature toggle is off. */
class CopyApiUrlAction : CopyAction(CopyTextParamsWhat.API_URL)

class CopyPathAction : CopyAction(CopyTextParamsWhat.PATH)

/** Copy as cURL: with the saved cURL formatting, from the edited request or the source (curl.copySource). */
class CopyAsCurlAction : CopyAction(CopyTextParamsWhat.CURL)

class NavigateToSourceAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) = ProjectApis.of(project).navigateToSource(endpoints.first().id)
}

/** Reset to Default: drops the saved edits of the selected APIs; their requests are built from source again. */
class ResetToDefaultAction : EndpointAction() {
    override fun perform(project: Project, endpoints: List<EndpointSummary>) {
        val bridge = ProjectApis.of(project).bridge()
        for (endpoint in endpoints) bridge.reset(endpoint.id)
        Notifier.info(project, if (endpoints.size == 1) "${endpoints.single().address}: request reset to default" else "${endpoints.size} API requests reset to default")
    }
}

/** The explorer toolbar's Refresh: a full scan, which also refills the index Search Everywhere reads. */
class RefreshAction : AnAction(), DumbAware {
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

private fun onUi(block: () -> Unit) = ApplicationManager.getApplication().invokeLater(block)
