package dev.apiscout.intellij

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.fileChooser.FileChooserDescriptorFactory
import com.intellij.openapi.fileChooser.FileChooserFactory
import com.intellij.openapi.ide.CopyPasteManager
import com.intellij.openapi.options.SearchableConfigurable
import com.intellij.openapi.options.ShowSettingsUtil
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.ui.DialogWrapper
import com.intellij.openapi.vfs.LocalFileSystem
import com.intellij.openapi.wm.IdeFocusManager
import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.ide.IdeHost
import dev.apiscout.bridge.ide.ProjectRoots
import dev.apiscout.bridge.ide.cancellableDialog
import dev.apiscout.bridge.protocol.HostNotification
import dev.apiscout.bridge.protocol.IdeChooseFileParams
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.SettingsPage
import java.awt.datatransfer.StringSelection
import java.util.concurrent.CompletableFuture

/**
 * What the explorer page asks of the IDE through the sidecar (navigate, copy, settings, notify, choose a file): open a source
 * line, use the clipboard (JCEF pages cannot always), open a settings page, show a balloon, show the
 * file chooser (a page cannot learn a chosen file's path). Called on the connection's reader thread;
 * the UI work goes to the UI thread.
 */
object PluginIdeHost : IdeHost {
    override fun navigate(target: NavigateTarget) {
        val project = projectOf(target.file) ?: return
        ProjectApis.of(project).open(target)
    }

    override fun copyToClipboard(text: String) = onUi { CopyPasteManager.getInstance().setContents(StringSelection(text)) }

    override fun openSettings(page: SettingsPage) = onUi {
        val id = ConfigurableIds.of(page)
        ShowSettingsUtil.getInstance().showSettingsDialog(activeProject(), { (it as? SearchableConfigurable)?.id == id }, null)
    }

    override fun notify(notification: HostNotification) = Notifier.show(activeProject(), notification)

    /** The chooser closes when the sidecar cancels the request (its page closed); a native one (macOS) cannot be closed, its answer is dropped. */
    override fun chooseFile(request: IdeChooseFileParams): CompletableFuture<String?> {
        val project = lazy { projectOf(request.directory) }
        return cancellableDialog(
            onUi = ::onUi,
            onUiAny = { block -> ApplicationManager.getApplication().invokeLater(block, ModalityState.any()) },
            open = {
                val descriptor = FileChooserDescriptorFactory.createSingleFileNoJarsDescriptor().withTitle(request.title)
                FileChooserFactory.getInstance().createFileChooser(descriptor, project.value, null)
            },
            show = { dialog ->
                val start = LocalFileSystem.getInstance().findFileByPath(request.directory)
                dialog.choose(project.value, *listOfNotNull(start).toTypedArray()).firstOrNull()?.path
            },
            dismiss = { dialog -> (dialog as? DialogWrapper)?.close(DialogWrapper.CANCEL_EXIT_CODE) },
        )
    }

    /** The open project whose directory holds the file (the deepest, for nested projects), else the active one. */
    private fun projectOf(file: String): Project? {
        val open = ProjectManager.getInstance().openProjects.filter { !it.isDisposed && it.basePath != null }
        val root = ProjectRoots.owner(open.map { it.basePath!! }, file)
        return open.firstOrNull { it.basePath == root } ?: activeProject()
    }

    private fun activeProject(): Project? =
        IdeFocusManager.getGlobalInstance().lastFocusedFrame?.project ?: ProjectManager.getInstance().openProjects.firstOrNull()

    private fun onUi(block: () -> Unit) = ApplicationManager.getApplication().invokeLater(block)
}
