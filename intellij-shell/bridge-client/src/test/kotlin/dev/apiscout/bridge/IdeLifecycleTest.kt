package dev.apiscout.bridge

import dev.apiscout.bridge.ide.EndpointSearch
import dev.apiscout.bridge.ide.ExplorerPage
import dev.apiscout.bridge.ide.ExplorerUi
import dev.apiscout.bridge.ide.IdeLook
import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.ide.ProjectSession
import dev.apiscout.bridge.ide.WarmUp
import dev.apiscout.bridge.protocol.Empty
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.SearchMatch
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/** The IDE adapters' logic kept out of the plugin: page messages, warm-up, project close, search, closing off the UI thread. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdeLifecycleTest {
    private lateinit var tmp: Path
    private lateinit var shop: Path
    private lateinit var sidecar: Sidecar
    private val log = CopyOnWriteArrayList<String>()

    @BeforeAll
    fun start(@TempDir dir: Path) {
        tmp = dir
        shop = TestEnv.copyOf("shop", tmp)
        sidecar = TestEnv.sidecar(log = log)
    }

    @AfterAll
    fun stop() = sidecar.close()

    @Test
    fun `a message posted before the page loaded is delivered after the load, in order`() {
        val loads = CopyOnWriteArrayList<String>()
        val ran = CopyOnWriteArrayList<String>()
        val page = ExplorerPage(loadUrl = { loads += it }, runScript = { ran += it })
        page.load("http://127.0.0.1:1/t/")
        page.post(ExplorerUi.reveal("a"))
        page.post(ExplorerUi.reveal("b"))
        assertEquals(emptyList<String>(), ran, "nothing runs in a page still loading")
        page.loaded()
        assertEquals(listOf(ExplorerUi.reveal("a"), ExplorerUi.reveal("b")), ran)
        page.post(ExplorerUi.reveal("c"))
        assertEquals(ExplorerUi.reveal("c"), ran.last(), "a loaded page gets messages at once")
        // A reload (sidecar restarted) queues again until the new page is there.
        page.load("http://127.0.0.1:2/t/")
        page.post(ExplorerUi.reveal("d"))
        assertEquals(3, ran.size)
        page.loaded()
        assertEquals(ExplorerUi.reveal("d"), ran.last())
        assertEquals(listOf("http://127.0.0.1:1/t/", "http://127.0.0.1:2/t/"), loads)
    }

    @Test
    fun `the explorer URL and theme message carry the IDE's look`() {
        val dark = IdeLook(dark = true, fontSize = 13)
        assertEquals("http://127.0.0.1:5/tok/?host=intellij&theme=dark&fontSize=13", ExplorerUi.url("http://127.0.0.1:5/tok/", dark))
        assertEquals("http://h/x?a=1&host=intellij&theme=light&fontSize=15#e", ExplorerUi.url("http://h/x?a=1#e", IdeLook(false, 15)))
        assertEquals("window.postMessage({\"type\":\"theme\",\"theme\":\"dark\",\"fontSize\":13}, '*');", ExplorerUi.theme(dark))
    }

    @Test
    fun `after a sidecar restart the page loads the new UI URL`() {
        val own = TestEnv.sidecar(log = log)
        try {
            val first = own.start().uiUrl!!
            val loads = CopyOnWriteArrayList<String>()
            val page = ExplorerPage(loadUrl = { loads += it }, runScript = {})
            val look = IdeLook(dark = false, fontSize = 12)
            page.load(ExplorerUi.url(first, look))
            page.loaded()
            page.follow(own, { look }).use {
                val process = own.process()
                process.destroyForcibly()
                eventually("the page reloaded after the restart", 60_000) { loads.size == 2 }
            }
            val second = own.hello.uiUrl!!
            assertEquals(ExplorerUi.url(second, look), loads.last())
            assertTrue(loads.last().contains("host=intellij&theme=light&fontSize=12"))
        } finally {
            own.close()
        }
    }

    @Test
    fun `without Node js the warm-up tries once and reports once, until the settings change or the back-off ends`() {
        val inline = Executor { it.run() }
        var now = 0L
        val lookups = AtomicInteger()
        val reports = CopyOnWriteArrayList<String>()
        val warmUp = WarmUp(
            executor = inline,
            start = {
                lookups.incrementAndGet()
                NodeLocator.locate(tmp.resolve("no-node-here").toString())
            },
            onFailure = { reports += it.message!! },
            retryMillis = 60_000,
            clock = { now },
        )
        repeat(50) { warmUp.request() } // fifty highlighting passes
        assertEquals(1, lookups.get())
        assertEquals(1, reports.size)
        assertTrue(reports.single().contains("not an executable file"), reports.single())
        now += 61_000
        repeat(5) { warmUp.request() }
        assertEquals(2, lookups.get(), "one more try after the back-off")
        assertEquals(1, reports.size, "the same failure is not reported again")
        warmUp.reset() // the Node.js path was changed in the settings
        warmUp.request()
        assertEquals(3, lookups.get())
        assertEquals(2, reports.size)
    }

    @Test
    fun `a closed IDE project is closed in the sidecar and not replayed`() {
        val repainted = CopyOnWriteArrayList<String>()
        val session = ProjectSession(shop, { sidecar }, { repainted += it })
        val id = session.opened().bridge.project
        assertTrue(id in sidecar.openProjects())
        assertTrue(sidecar.call(Requests.projectList, Empty).projects.any { it.project == id })
        session.close()
        assertFalse(id in sidecar.openProjects(), "forgotten for replays at once")
        eventually("project/close reached the sidecar") { sidecar.call(Requests.projectList, Empty).projects.none { it.project == id } }
        assertThrows(IllegalStateException::class.java) { session.opened() }
    }

    @Test
    fun `Search Everywhere never throws and never waits for a project to open`() {
        val found = CopyOnWriteArrayList<SearchMatch>()
        // Not open yet: nothing, at once.
        EndpointSearch.fetch(null, "cart", { false }, { found += it; true })
        assertEquals(0, found.size)
        val session = ProjectSession(shop, { sidecar }, {})
        val bridge = session.opened().bridge
        sidecar.call(Requests.projectWait, ProjectRef(bridge.project))
        EndpointSearch.fetch(bridge, "cart", { false }, { found += it; true })
        assertTrue(found.size >= 3, "found ${found.size}")
        // The sidecar refuses the request (unknown project): logged, not thrown.
        val logged = CopyOnWriteArrayList<String>()
        EndpointSearch.fetch(ProjectBridge(sidecar, "no-such-project"), "cart", { false }, { found += it; true }, { logged += it })
        assertEquals(1, logged.size, "$logged")
        // The sidecar is gone: logged, not thrown.
        val gone = TestEnv.sidecar(log = log).also { it.close() }
        EndpointSearch.fetch(ProjectBridge(gone, bridge.project), "cart", { false }, { found += it; true }, { logged += it })
        assertEquals(2, logged.size, "$logged")
        // A cancelled indicator ends the search without results.
        val before = found.size
        EndpointSearch.fetch(bridge, "cart", { true }, { found += it; true })
        assertEquals(before, found.size)
        session.close()
    }

    @Test
    fun `closeAsync returns at once with the client closed, and the process ends`() {
        val own = TestEnv.sidecar(log = log)
        own.start()
        val process = own.process()
        val done = own.closeAsync()
        assertTrue(own.isClosed)
        done.get(60, TimeUnit.SECONDS)
        assertFalse(process.isAlive)
        assertThrows(RuntimeException::class.java) { own.call(Requests.projectList, Empty) }
    }
}
