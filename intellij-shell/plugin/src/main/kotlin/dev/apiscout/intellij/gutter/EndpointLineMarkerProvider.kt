package dev.apiscout.intellij.gutter

import com.intellij.codeInsight.daemon.GutterIconNavigationHandler
import com.intellij.codeInsight.daemon.LineMarkerInfo
import com.intellij.codeInsight.daemon.LineMarkerProvider
import com.intellij.icons.AllIcons
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.editor.markup.GutterIconRenderer
import com.intellij.psi.PsiDocumentManager
import com.intellij.psi.PsiElement
import com.intellij.psi.PsiNameIdentifierOwner
import dev.apiscout.bridge.protocol.EndpointsAtParams
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.ProjectApis
import dev.apiscout.intellij.toolwindow.ExplorerToolWindowFactory

/**
 * A play icon on the name of every endpoint method (Java and Kotlin alike: the leaf identifier of a
 * named declaration). Where the endpoints are comes from the sidecar's marks, by line and column;
 * a click opens the explorer at the endpoint, the sidecar re-scanning the file on a miss.
 */
class EndpointLineMarkerProvider : LineMarkerProvider {
    override fun getLineMarkerInfo(element: PsiElement): LineMarkerInfo<*>? {
        if (element.firstChild != null) return null
        val owner = element.parent as? PsiNameIdentifierOwner ?: return null
        if (owner.nameIdentifier != element) return null
        val project = element.project
        val apis = ProjectApis.of(project)
        val marks = apis.marks()
        if (marks == null) {
            apis.warmUp() // the pass after the project is open shows the icons
            return null
        }
        val file = element.containingFile?.virtualFile?.path ?: return null
        val document = PsiDocumentManager.getInstance(project).getDocument(element.containingFile) ?: return null
        val offset = element.textRange.startOffset
        val line = document.getLineNumber(offset)
        val here = marks.at(file, line + 1, offset - document.getLineStartOffset(line) + 1)
        if (here.isEmpty()) return null
        val tooltip = here.joinToString("\n") { it.address }
        // Read here, inside the highlighting pass's read action: the click handler runs on a pooled thread.
        val fileName = element.containingFile.name
        val open = GutterIconNavigationHandler<PsiElement> { _, _ ->
            ApplicationManager.getApplication().executeOnPooledThread {
                try {
                    val found = apis.sidecar().call(Requests.endpointsAt, EndpointsAtParams(apis.id(), file, line + 1)).endpoints
                    val id = found.firstOrNull()?.id ?: return@executeOnPooledThread Notifier.info(project, "No API at line ${line + 1} of $fileName")
                    ApplicationManager.getApplication().invokeLater { ExplorerToolWindowFactory.reveal(project, id) }
                } catch (e: RuntimeException) {
                    Notifier.error(project, e.message ?: e.toString())
                }
            }
        }
        return LineMarkerInfo(element, element.textRange, AllIcons.Actions.Execute, { tooltip }, open, GutterIconRenderer.Alignment.LEFT) { tooltip }
    }
}
