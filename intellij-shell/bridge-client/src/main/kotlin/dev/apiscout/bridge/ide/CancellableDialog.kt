package dev.apiscout.bridge.ide

import java.util.concurrent.CompletableFuture
import java.util.concurrent.atomic.AtomicReference

/**
 * A modal dialog that answers one request of the sidecar (ide/chooseFile) and closes when the request
 * is cancelled (`$/cancelRequest`: its page closed, another page asked, the sidecar's wait ran out).
 * Before, the dialog stayed open for nobody. Cancelling the returned future closes the dialog, or keeps
 * it from opening when the cancel comes first. The platform parts come in as functions, so this runs
 * and is tested without the platform:
 * - [onUi] runs a block on the UI thread (where the dialog opens), in the IDE's default modality;
 * - [onUiAny] runs one there in any modality: the dialog's own modal loop runs it while it is open;
 * - [open] makes the dialog, [show] shows it until the user answers or it is closed (null: no answer),
 *   [dismiss] closes it.
 */
public fun <D : Any, R> cancellableDialog(
    onUi: (() -> Unit) -> Unit,
    onUiAny: (() -> Unit) -> Unit,
    open: () -> D,
    show: (D) -> R?,
    dismiss: (D) -> Unit,
): CompletableFuture<R?> {
    val answer = CompletableFuture<R?>()
    val showing = AtomicReference<D?>()
    answer.whenComplete { _, _ ->
        if (answer.isCancelled) showing.get()?.let { dialog -> onUiAny { if (showing.get() === dialog) dismiss(dialog) } }
    }
    onUi {
        if (answer.isDone) return@onUi // cancelled before the UI thread came to it: never shown
        try {
            val dialog = open()
            showing.set(dialog)
            // A cancel between the check above and now saw no dialog to close: do not show it.
            if (!answer.isCancelled) answer.complete(show(dialog))
        } catch (e: Throwable) {
            // Whatever stops the dialog (an IDE without this API) answers the sidecar, which would otherwise wait out its limit.
            answer.completeExceptionally(e)
        } finally {
            showing.set(null)
        }
    }
    return answer
}
