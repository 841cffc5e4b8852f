package dev.apiscout.intellij.toolwindow

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.openapi.wm.ToolWindowManager
import com.intellij.ui.components.JBLabel
import com.intellij.ui.content.ContentFactory
import com.intellij.ui.jcef.JBCefApp
import com.intellij.ui.jcef.JBCefBrowser
import com.intellij.ui.jcef.JBCefJSQuery
import dev.apiscout.bridge.ide.ExplorerUi
import dev.apiscout.intellij.ProjectApis
import dev.apiscout.intellij.SidecarService
import javax.swing.JComponent
import javax.swing.SwingConstants

/** The API Explorer: the sidecar's web UI (its URL from `hello`) in JCEF, or a plain message. */
class ExplorerToolWindowFactory : ToolWindowFactory, DumbAware {
    override fun createToolWindowContent(project: Project, toolWindow: ToolWindow) {
        val holder = ContentFactory.getInstance().createContent(message("Starting apiscout…"), "", false)
        toolWindow.contentManager.addContent(holder)
        if (!JBCefApp.isSupported()) {
            holder.component = message("The API Explorer needs JCEF, which this IDE runtime lacks. Choose a runtime with JCEF (Help > Find Action > Choose Boot Java Runtime).")
            return
        }
        ApplicationManager.getApplication().executeOnPooledThread {
            val url = runCatching {
                ProjectApis.of(project).id() // opens the project: the UI lists it
                SidecarService.get().sidecar().hello.uiUrl
            }
            ApplicationManager.getApplication().invokeLater {
                if (project.isDisposed) return@invokeLater
                val content = url.fold(
                    onSuccess = { it?.let { u -> browser(project, u, toolWindow) } ?: message("The explorer UI server is not running in this sidecar.") },
                    onFailure = { message(it.message ?: it.toString()) },
                )
                holder.component = content
            }
        }
    }

    private fun browser(project: Project, url: String, toolWindow: ToolWindow): JComponent {
        val browser = JBCefBrowser(url)
        Disposer.register(toolWindow.disposable, browser)
        // The page asks the IDE to open a method: window.apiscoutIde.navigate(endpointId).
        val navigate = JBCefJSQuery.create(browser)
        navigate.addHandler { id ->
            ApplicationManager.getApplication().executeOnPooledThread { ProjectApis.of(project).navigateToSource(id) }
            null
        }
        browser.jbCefClient.addLoadHandler(object : org.cef.handler.CefLoadHandlerAdapter() {
            override fun onLoadEnd(b: org.cef.browser.CefBrowser, frame: org.cef.browser.CefFrame, status: Int) {
                if (frame.isMain) b.executeJavaScript("window.apiscoutIde = { navigate: function (id) { ${navigate.inject("id")} } };", b.url, 0)
            }
        }, browser.cefBrowser)
        browsers[project] = browser
        return browser.component
    }

    private fun message(text: String): JComponent = JBLabel(text, SwingConstants.CENTER).apply { setCopyable(true) }

    companion object {
        private val browsers = java.util.WeakHashMap<Project, JBCefBrowser>()

        /** Shows the explorer and runs one of ExplorerUi's scripts in its page. */
        fun show(project: Project, script: String? = null) {
            val window = ToolWindowManager.getInstance(project).getToolWindow("API Explorer") ?: return
            window.activate {
                val browser = browsers[project] ?: return@activate
                if (script != null) browser.cefBrowser.executeJavaScript(script, browser.cefBrowser.url, 0)
            }
        }

        fun reveal(project: Project, endpointId: String) = show(project, ExplorerUi.reveal(endpointId))
    }
}
