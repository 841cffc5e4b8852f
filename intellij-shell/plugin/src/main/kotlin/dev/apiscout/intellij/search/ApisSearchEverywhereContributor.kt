package dev.apiscout.intellij.search

import com.intellij.ide.actions.searcheverywhere.SearchEverywhereContributor
import com.intellij.ide.actions.searcheverywhere.SearchEverywhereContributorFactory
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.progress.ProgressIndicator
import com.intellij.openapi.project.Project
import com.intellij.ui.SimpleColoredComponent
import com.intellij.ui.SimpleTextAttributes
import com.intellij.util.Processor
import dev.apiscout.bridge.protocol.EndpointsSearchParams
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.SearchMatch
import dev.apiscout.intellij.ProjectApis
import java.util.concurrent.CancellationException
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import javax.swing.JList
import javax.swing.ListCellRenderer

/** The "APIs" tab of Search Everywhere (and its share of All): the sidecar's matcher, results open the source. */
class ApisSearchEverywhereContributor(private val project: Project) : SearchEverywhereContributor<SearchMatch> {
    override fun getSearchProviderId(): String = "apiscout.APIs"
    override fun getGroupName(): String = "APIs"
    override fun getSortWeight(): Int = 300
    override fun showInFindResults(): Boolean = false
    override fun isShownInSeparateTab(): Boolean = true

    override fun fetchElements(pattern: String, indicator: ProgressIndicator, consumer: Processor<in SearchMatch>) {
        if (pattern.isBlank()) return
        val apis = ProjectApis.of(project)
        val future = apis.sidecar().request(Requests.endpointsSearch, EndpointsSearchParams(apis.id(), pattern, 100))
        // Poll so a cancelled indicator (the user typed on) cancels the request too.
        while (true) {
            if (indicator.isCanceled) {
                future.cancel(true)
                return
            }
            try {
                val result = future.get(50, TimeUnit.MILLISECONDS)
                for (match in result.results) if (!consumer.process(match)) return
                return
            } catch (_: TimeoutException) {
                continue
            } catch (_: CancellationException) {
                return
            }
        }
    }

    override fun processSelectedItem(selected: SearchMatch, modifiers: Int, searchText: String): Boolean {
        ApplicationManager.getApplication().executeOnPooledThread { ProjectApis.of(project).navigateToSource(selected.endpoint.id) }
        return true
    }

    override fun getElementsRenderer(): ListCellRenderer<in SearchMatch> = ListCellRenderer { _: JList<out SearchMatch>, value, _, selected, _ ->
        SimpleColoredComponent().apply {
            append(value.endpoint.address, SimpleTextAttributes.REGULAR_BOLD_ATTRIBUTES)
            append("  ${value.endpoint.name}", SimpleTextAttributes.GRAYED_ATTRIBUTES)
            append("  ${value.endpoint.className.substringAfterLast('.')}", SimpleTextAttributes.GRAY_ITALIC_ATTRIBUTES)
            isOpaque = selected
        }
    }

    override fun getDataForItem(element: SearchMatch, dataId: String): Any? = null
}

class ApisSearchEverywhereContributorFactory : SearchEverywhereContributorFactory<SearchMatch> {
    override fun createContributor(initEvent: AnActionEvent): SearchEverywhereContributor<SearchMatch> =
        ApisSearchEverywhereContributor(requireNotNull(initEvent.project))

    /** The Search Everywhere feature toggle removes the tab. */
    override fun isAvailable(project: Project?): Boolean = project != null && ProjectApis.of(project).features().searchEverywhere
}
