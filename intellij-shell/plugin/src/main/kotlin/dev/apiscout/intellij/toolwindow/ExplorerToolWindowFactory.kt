package dev.apiscout.intellij.toolwindow

import com.intellij.ide.ui.LafManagerListener
import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.openapi.wm.ToolWindowManager
import com.intellij.ui.JBColor
import com.intellij.ui.components.JBLabel
import com.intellij.ui.content.Content
import com.intellij.ui.content.ContentFactory
import com.intellij.ui.jcef.JBCefApp
import com.intellij.ui.jcef.JBCefBrowser
import com.intellij.ui.jcef.JBCefBrowserBase
import com.intellij.ui.jcef.JBCefJSQuery
import com.intellij.util.ui.UIUtil
import dev.apiscout.bridge.ide.ExplorerPage
import dev.apiscout.bridge.ide.ExplorerUi
import dev.apiscout.bridge.ide.IdeLook
import dev.apiscout.intellij.ProjectApis
import javax.swing.JComponent
import javax.swing.SwingConstants

/**
 * The API Explorer: the sidecar's web UI (its URL from `hello`) in JCEF, or a plain message. The
 * browser lives as long as the tool window's content (disposed with it); messages to the page go
 * through bridge-client's ExplorerPage, which holds them until the page has loaded.
 */
class ExplorerToolWindowFactory : ToolWindowFactory, DumbAware {
    override fun createToolWindowContent(project: Project, toolWindow: ToolWindow) {
        ActionManager.getInstance().getAction(REFRESH_ACTION)?.let { toolWindow.setTitleActions(listOf(it)) }
        val holder = ContentFactory.getInstance().createContent(message("Starting apiscout…"), "", false)
        toolWindow.contentManager.addContent(holder)
        if (!JBCefApp.isSupported()) {
            holder.component = message("The API Explorer needs JCEF, which this IDE runtime lacks. Choose a runtime with JCEF (Help > Find Action > Choose Boot Java Runtime).")
            return
        }
        val browser = JBCefBrowser()
        Disposer.register(holder, browser)
        val page = ExplorerPage(loadUrl = { browser.loadURL(it) }, runScript = { browser.cefBrowser.executeJavaScript(it, browser.cefBrowser.url, 0) })
        attach(project, holder, browser, page)
        ApplicationManager.getApplication().executeOnPooledThread {
            val url = runCatching { ProjectApis.of(project).connect(page) }
            ApplicationManager.getApplication().invokeLater {
                // The content was closed meanwhile (its disposal cleared the page).
                if (project.isDisposed || ProjectApis.of(project).page !== page) return@invokeLater
                url.fold(
                    onSuccess = { u ->
                        if (u == null) holder.component = message("The explorer UI server is not running in this sidecar.")
                        else {
                            page.load(u)
                            holder.component = browser.component
                        }
                    },
                    onFailure = { holder.component = message(it.message ?: it.toString()) },
                )
            }
        }
    }

    /** Ties the page to the content: the project finds it while the content lives; theme changes reach it. */
    private fun attach(project: Project, holder: Content, browser: JBCefBrowser, page: ExplorerPage) {
        val apis = ProjectApis.of(project)
        apis.page = page
        Disposer.register(holder) { if (apis.page === page) apis.page = null }
        // The page asks the IDE to open a method: window.apiscoutIde.navigate(endpointId).
        // The JBCefBrowserBase overload: create(JBCefBrowser) is deprecated for removal.
        val base: JBCefBrowserBase = browser
        val navigate = JBCefJSQuery.create(base)
        Disposer.register(holder, navigate)
        navigate.addHandler { id ->
            ApplicationManager.getApplication().executeOnPooledThread { ProjectApis.of(project).navigateToSource(id) }
            null
        }
        browser.jbCefClient.addLoadHandler(object : org.cef.handler.CefLoadHandlerAdapter() {
            override fun onLoadEnd(b: org.cef.browser.CefBrowser, frame: org.cef.browser.CefFrame, status: Int) {
                if (!frame.isMain) return
                b.executeJavaScript("window.apiscoutIde = { navigate: function (id) { ${navigate.inject("id")} } };", b.url, 0)
                page.loaded()
            }
        }, browser.cefBrowser)
        ApplicationManager.getApplication().messageBus.connect(holder).subscribe(LafManagerListener.TOPIC, LafManagerListener { page.post(ExplorerUi.theme(look())) })
    }

    private fun message(text: String): JComponent = JBLabel(text, SwingConstants.CENTER).apply { setCopyable(true) }

    companion object {
        const val REFRESH_ACTION = "apiscout.Refresh"

        /** The IDE's look for the page: dark or light theme, and the UI font size in pixels. */
        fun look(): IdeLook = IdeLook(dark = !JBColor.isBright(), fontSize = UIUtil.getLabelFont().size)

        /** Shows the explorer and runs one of ExplorerUi's scripts in its page (once the page has loaded). */
        fun show(project: Project, script: String? = null) {
            val window = ToolWindowManager.getInstance(project).getToolWindow("API Explorer") ?: return
            window.activate {
                if (script != null) ProjectApis.of(project).page?.post(script)
            }
        }

        fun reveal(project: Project, endpointId: String) = show(project, ExplorerUi.reveal(endpointId))
    }
}
