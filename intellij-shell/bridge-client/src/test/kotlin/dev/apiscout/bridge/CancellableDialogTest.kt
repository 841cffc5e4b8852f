package dev.apiscout.bridge

import dev.apiscout.bridge.ide.cancellableDialog
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * The IDE's file chooser answering ide/chooseFile (PluginIdeHost) when the sidecar cancels it: a UI
 * thread of our own stands in for the platform's, with a modal dialog that, as the platform's does,
 * runs the UI thread's queued work while it is open.
 */
class CancellableDialogTest {
    private val queue = LinkedBlockingQueue<() -> Unit>()
    private val ui = Thread({ runCatching { while (true) queue.take()() } }, "test UI thread").apply { isDaemon = true; start() }
    private val events = CopyOnWriteArrayList<String>()

    /** A modal dialog: open until [close] or an answer, running the UI thread's queue meanwhile. */
    inner class Dialog(private val answer: String?) {
        @Volatile var closed = false
        val shown = CountDownLatch(1)
        fun show(): String? {
            events += "shown"
            shown.countDown()
            while (!closed) queue.poll(20, TimeUnit.MILLISECONDS)?.invoke()
            return answer.takeIf { !dismissed }
        }
        @Volatile var dismissed = false
        fun dismiss() { events += "dismissed"; dismissed = true; closed = true }
    }

    private fun choose(dialog: Dialog): CompletableFuture<String?> = cancellableDialog(
        onUi = { queue.put(it) },
        onUiAny = { queue.put(it) },
        open = { events += "opened"; dialog },
        show = { it.show() },
        dismiss = { it.dismiss() },
    )

    @AfterEach
    fun stop() = ui.interrupt()

    @Test
    fun `answers the file the user chose`() {
        val dialog = Dialog("/p/a.json")
        val answer = choose(dialog)
        assertTrue(dialog.shown.await(10, TimeUnit.SECONDS))
        dialog.closed = true
        assertEquals("/p/a.json", answer.get(10, TimeUnit.SECONDS))
        assertEquals(listOf("opened", "shown"), events)
    }

    @Test
    fun `a cancel while the dialog is open closes it and frees the UI thread`() {
        val dialog = Dialog("/p/a.json")
        val answer = choose(dialog)
        assertTrue(dialog.shown.await(10, TimeUnit.SECONDS))
        answer.cancel(false)
        val after = CompletableFuture<Unit>()
        queue.put { after.complete(Unit) }
        after.get(10, TimeUnit.SECONDS) // the UI thread came back from the dialog
        assertTrue(dialog.dismissed)
        assertTrue(answer.isCancelled)
        assertEquals(listOf("opened", "shown", "dismissed"), events)
    }

    @Test
    fun `a cancel before the UI thread comes to it never opens the dialog`() {
        val busy = CountDownLatch(1)
        queue.put { busy.await(10, TimeUnit.SECONDS) }
        val answer = choose(Dialog("/p/a.json"))
        answer.cancel(false)
        busy.countDown()
        val after = CompletableFuture<Unit>()
        queue.put { after.complete(Unit) }
        after.get(10, TimeUnit.SECONDS)
        assertEquals(emptyList<String>(), events)
        assertTrue(answer.isCancelled)
    }

    @Test
    fun `a dialog that fails to open answers with the failure`() {
        val answer = cancellableDialog<Dialog, String>(onUi = { queue.put(it) }, onUiAny = { queue.put(it) }, open = { throw IllegalStateException("no frame to show the chooser in") }, show = { it.show() }, dismiss = { it.dismiss() })
        val failure = runCatching { answer.get(10, TimeUnit.SECONDS) }.exceptionOrNull()
        assertTrue(failure?.cause is IllegalStateException, "$failure")
        assertFalse(answer.isCancelled)
    }
}
