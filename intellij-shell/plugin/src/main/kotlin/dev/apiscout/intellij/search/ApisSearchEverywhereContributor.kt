package dev.apiscout.intellij.search

import com.intellij.ide.actions.searcheverywhere.SearchEverywhereContributor
import com.intellij.ide.actions.searcheverywhere.SearchEverywhereContributorFactory
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.progress.ProgressIndicator
import com.intellij.openapi.project.Project
import com.intellij.ui.SimpleColoredComponent
import com.intellij.ui.SimpleTextAttributes
import com.intellij.util.Processor
import dev.apiscout.bridge.ide.EndpointSearch
import dev.apiscout.bridge.protocol.SearchMatch
import dev.apiscout.intellij.Notifier
import dev.apiscout.intellij.ProjectApis
import javax.swing.JList
import javax.swing.ListCellRenderer

/**
 * The "APIs" tab of Search Everywhere (and its share of All): the sidecar's matcher, results open
 * the source. The 2024.2 contributor API; newer platforms keep it working (see the README).
 */
class ApisSearchEverywhereContributor(private val project: Project) : SearchEverywhereContributor<SearchMatch> {
    private val log = logger<ApisSearchEverywhereContributor>()

    override fun getSearchProviderId(): String = "apiscout.APIs"
    override fun getGroupName(): String = "APIs"
    override fun getSortWeight(): Int = 300
    override fun showInFindResults(): Boolean = false
    override fun isShownInSeparateTab(): Boolean = true

    /** Never waits for the project to open (no results until it has) and never throws: bridge-client's EndpointSearch. */
    override fun fetchElements(pattern: String, indicator: ProgressIndicator, consumer: Processor<in SearchMatch>) {
        EndpointSearch.fetch(ProjectApis.of(project).bridgeIfOpen(), pattern, { indicator.isCanceled }, { consumer.process(it) }, { log.info(it) })
    }

    override fun processSelectedItem(selected: SearchMatch, modifiers: Int, searchText: String): Boolean {
        ApplicationManager.getApplication().executeOnPooledThread {
            try {
                ProjectApis.of(project).navigateToSource(selected.endpoint.id)
            } catch (e: RuntimeException) {
                Notifier.error(project, e.message ?: e.toString())
            }
        }
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
