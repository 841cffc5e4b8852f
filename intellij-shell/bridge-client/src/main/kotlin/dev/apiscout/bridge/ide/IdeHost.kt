package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.protocol.HostNotification
import dev.apiscout.bridge.protocol.HostRequests
import dev.apiscout.bridge.protocol.IdeChooseFileParams
import dev.apiscout.bridge.protocol.IdeChooseFileResult
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.NotificationTypes
import dev.apiscout.bridge.protocol.SettingsPage
import java.util.concurrent.CompletableFuture

/**
 * What the IDE does when a UI asks it through the sidecar (host/navigate, host/copy, host/openSettings,
 * host/notify, host/chooseFile): the sidecar relays each to its stdio connection only, this client's.
 * Called on the connection's reader thread: an implementation hands UI work to the IDE's UI thread
 * and returns.
 */
public interface IdeHost {
    /** Open [NavigateTarget.file] (absolute) at its 1-based line and column. */
    public fun navigate(target: NavigateTarget)

    public fun copyToClipboard(text: String)

    /** Open a settings page; its configurable id is [ConfigurableIds.of]. */
    public fun openSettings(page: SettingsPage)

    public fun notify(notification: HostNotification)

    /**
     * Show the IDE's file chooser (one file, opening in [IdeChooseFileParams.directory]); complete
     * with the chosen file's absolute path, or null when the user cancelled. The sidecar may cancel
     * the request (its page closed): the future is then cancelled, and the dialog should close
     * ([cancellableDialog]).
     */
    public fun chooseFile(request: IdeChooseFileParams): CompletableFuture<String?>

    public companion object {
        /** Subscribes [host] to the host notifications and requests for the client's whole life (restarts included); close to stop. */
        public fun attach(sidecar: Sidecar, host: IdeHost): AutoCloseable {
            val subscriptions = listOf(
                sidecar.onNotification(NotificationTypes.hostNavigate, host::navigate),
                sidecar.onNotification(NotificationTypes.hostClipboard) { host.copyToClipboard(it.text) },
                sidecar.onNotification(NotificationTypes.hostOpenSettings) { host.openSettings(it.page) },
                sidecar.onNotification(NotificationTypes.hostNotification, host::notify),
                sidecar.onRequest(HostRequests.ideChooseFile) { request -> withCancel(host.chooseFile(request)) { it.thenApply(::IdeChooseFileResult) } },
            )
            return AutoCloseable { subscriptions.forEach { it.close() } }
        }
    }
}

/** [then] applied to [source], a cancel of the result passed on to [source] (thenApply does not). */
internal fun <T, R> withCancel(source: CompletableFuture<T>, then: (CompletableFuture<T>) -> CompletableFuture<R>): CompletableFuture<R> =
    then(source).also { result -> result.whenComplete { _, _ -> if (result.isCancelled) source.cancel(false) } }

/** The ids of the plugin's settings pages (plugin.xml's applicationConfigurable ids; a test checks them). */
public object ConfigurableIds {
    public const val APISCOUT: String = "apiscout"
    public const val GRPC: String = "apiscout.grpc"
    public const val GRPC_RUNTIME: String = "apiscout.grpc.runtime"

    public fun of(page: SettingsPage): String = when (page) {
        SettingsPage.APISCOUT -> APISCOUT
        SettingsPage.GRPC -> GRPC
        SettingsPage.GRPC_RUNTIME -> GRPC_RUNTIME
    }
}
