package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.EndpointsAtParams
import dev.apiscout.bridge.protocol.EndpointRef
import dev.apiscout.bridge.protocol.CopyTextParamsWhat
import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.protocol.ProjectFile
import dev.apiscout.bridge.protocol.EndpointsSearchParams
import dev.apiscout.bridge.protocol.ErrorCodes
import dev.apiscout.bridge.protocol.FileChange
import dev.apiscout.bridge.protocol.FileChangeKind
import dev.apiscout.bridge.protocol.FilesChangedParams
import dev.apiscout.bridge.protocol.IndexChangedParams
import dev.apiscout.bridge.protocol.NotificationTypes
import dev.apiscout.bridge.protocol.PROTOCOL_VERSION
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.ProjectStatusState
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.ScanProgressParams
import dev.apiscout.bridge.protocol.ScanProgressParamsPhase
import dev.apiscout.bridge.ide.EndpointScope
import dev.apiscout.bridge.ide.GutterMarks
import dev.apiscout.bridge.rpc.RpcException
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.MethodOrderer
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.TestMethodOrder
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit

/** The client against the real sidecar bundle on a copy of test/fixtures/shop, checked against `apiscout scan --json`. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation::class)
class RealSidecarTest {
    private lateinit var tmp: Path
    private lateinit var shop: Path
    private lateinit var expected: JsonObject
    private lateinit var sidecar: Sidecar
    private lateinit var project: String
    private val log = CopyOnWriteArrayList<String>()
    private val progress = CopyOnWriteArrayList<ScanProgressParams>()
    private val changes = CopyOnWriteArrayList<IndexChangedParams>()

    private val endpoints get() = expected["endpoints"]!!.jsonArray.map { it.jsonObject }
    private fun str(o: JsonObject, vararg path: String): String =
        path.dropLast(1).fold(o) { acc, k -> acc[k]!!.jsonObject }[path.last()]!!.jsonPrimitive.content

    @BeforeAll
    fun start(@TempDir dir: Path) {
        tmp = dir
        shop = TestEnv.copyOf("shop", tmp)
        expected = TestEnv.scanJson(shop)
        sidecar = TestEnv.sidecar(log = log)
        sidecar.onNotification(NotificationTypes.scanProgress) { progress += it }
        sidecar.onNotification(NotificationTypes.indexChanged) { changes += it }
    }

    @AfterAll
    fun stop() {
        val process = sidecar.process()
        sidecar.close()
        assertFalse(process.isAlive, "the sidecar ends on close")
        assertTrue(log.any { it.contains("ready on stdio") }, "stderr reaches the log: $log")
    }

    @Test
    @Order(1)
    fun `says hello with the protocol version the client was generated for`() {
        val hello = sidecar.start()
        assertEquals(PROTOCOL_VERSION, hello.protocolVersion)
        assertEquals(TestEnv.packageVersion, hello.serverVersion)
        // The explorer the tool window hosts: loopback only, with the run's token in the path.
        val url = hello.uiUrl ?: throw AssertionError("hello carries no UI URL")
        assertTrue(Regex("^http://127\\.0\\.0\\.1:\\d+/[A-Za-z0-9_-]{16,}/$").matches(url), url)
    }

    @Test
    @Order(2)
    fun `opens a project, streams progress and ends the scan with what the CLI finds`() {
        val opened = sidecar.openProject(shop)
        project = opened.project
        assertEquals(shop.toString(), project)
        val ready = sidecar.call(Requests.projectWait, ProjectRef(project))
        assertEquals(ProjectStatusState.READY, ready.state)
        assertEquals(endpoints.size, ready.endpointCount)
        assertFalse(ready.fromRetainedIndex)
        eventually("index/changed") { changes.any { it.project == project && it.endpointCount == endpoints.size } }
        assertEquals(endpoints.map { str(it, "id") }.sorted(), changes.first { it.project == project }.added.sorted())
        assertTrue(progress.any { it.phase == ScanProgressParamsPhase.READ && it.project == project })
        assertEquals(setOf(project), sidecar.openProjects())
    }

    @Test
    @Order(3)
    fun `gives the tree by module and class in scan order`() {
        val tree = sidecar.call(Requests.endpointsTree, ProjectRef(project)).modules
        val ids = tree.flatMap { m -> m.classes.flatMap { c -> c.endpoints.map { it.id } } }
        assertEquals(endpoints.map { str(it, "id") }.sorted(), ids.sorted())
        for (m in tree) for (c in m.classes) for (e in c.endpoints) {
            assertEquals(m.module, e.module)
            assertEquals(c.className, e.className)
            assertEquals(c.className.substringAfterLast('.'), c.simpleName)
        }
        val modules = endpoints.map { str(it, "module") }.distinct()
        assertEquals(modules.sorted(), tree.map { it.module }.sorted())
    }

    @Test
    @Order(4)
    fun `searches with the shared matcher`() {
        val exact = sidecar.call(Requests.endpointsSearch, EndpointsSearchParams(project, "DELETE /api/v1/carts/c1/items/sku-9", 5))
        assertEquals(endpoints.size, exact.total)
        assertEquals("DELETE /api/v1/carts/{cartId}/items/{sku}", exact.results.first().endpoint.address)
        assertEquals("exact", exact.results.first().kind)
        val fuzzy = sidecar.call(Requests.endpointsSearch, EndpointsSearchParams(project, "cart"))
        assertTrue(fuzzy.results.size >= 3)
        for (r in fuzzy.results) assertTrue(r.ranges.isNotEmpty() && r.ranges.all { range -> range.ranges.all { it.size == 2 } })
    }

    @Test
    @Order(5)
    fun `lists the endpoints of a file at the lines and columns of their methods`() {
        val file = "orders/src/main/java/com/acme/shop/orders/web/CartController.java"
        val marks = sidecar.call(Requests.endpointsInFile, ProjectFile(project, file)).marks
        val want = endpoints.filter { str(it, "source", "file") == file }
        assertEquals(want.map { str(it, "id") }.toSet(), marks.map { it.id }.toSet())
        assertEquals(marks.sortedBy { it.line }, marks)
        // Checked against the source text itself: the line and column point at the method's name.
        val lines = Files.readAllLines(shop.resolve(file))
        for (mark in marks) {
            val member = str(want.first { str(it, "id") == mark.id }, "source", "member")
            assertTrue(lines[mark.line - 1].startsWith(member, mark.column - 1), "line ${mark.line} col ${mark.column}: ${lines[mark.line - 1]}")
        }
        // An absolute path names the same file; a click on a mark's line finds its endpoint.
        assertEquals(marks, sidecar.call(Requests.endpointsInFile, ProjectFile(project, shop.resolve(file).toString())).marks)
        val at = sidecar.call(Requests.endpointsAt, EndpointsAtParams(project, file, marks.first().line)).endpoints
        assertEquals(listOf(marks.first().id), at.map { it.id })
    }

    @Test
    @Order(6)
    fun `reads one endpoint with its models and where it is declared`() {
        val want = endpoints.first { str(it, "path") == "/api/v1/carts/{cartId}/items" && str(it, "method") == "POST" }
        val endpoint = sidecar.call(Requests.endpointsGet, EndpointRef(project, str(want, "id"))).endpoint
        assertEquals(str(want, "address"), endpoint.address)
        val body = assertNotNull(endpoint.request?.body).let { endpoint.request!!.body!! }
        assertEquals("application/json", body.contentType)
        assertEquals(want["request"]!!.jsonObject["body"]!!.jsonObject["schema"], body.schema)
        val target = sidecar.call(Requests.navigationTarget, EndpointRef(project, endpoint.id))
        assertEquals(shop.resolve(str(want, "source", "file")).toString(), target.file)
        assertEquals(want["source"]!!.jsonObject["line"]!!.jsonPrimitive.int, target.line)
    }

    @Test
    @Order(7)
    fun `maps the sidecar's errors to typed exceptions and keeps serving`() {
        val missing = assertThrows(RpcException::class.java) { sidecar.call(Requests.endpointsGet, EndpointRef(project, "nope")) }
        assertEquals(ErrorCodes.NOT_FOUND, missing.code)
        val closed = assertThrows(RpcException::class.java) { sidecar.call(Requests.endpointsTree, ProjectRef(tmp.resolve("elsewhere").toString())) }
        assertEquals(ErrorCodes.PROJECT_NOT_OPEN, closed.code)
        val outside = assertThrows(RpcException::class.java) { sidecar.call(Requests.endpointsInFile, ProjectFile(project, "/etc/passwd")) }
        assertEquals(ErrorCodes.BAD_INPUT, outside.code)
        assertTrue(outside.message!!.contains("/etc/passwd"))
        assertEquals(PROTOCOL_VERSION, sidecar.call(Requests.hello, dev.apiscout.bridge.protocol.HelloParams()).protocolVersion)
    }

    @Test
    @Order(8)
    fun `selects the endpoints of files and folders and copies their addresses`() {
        val tree = sidecar.call(Requests.endpointsTree, ProjectRef(project)).modules
        val cart = "orders/src/main/java/com/acme/shop/orders/web/CartController.java"
        val inCart = endpoints.filter { str(it, "source", "file") == cart }
        assertEquals(inCart.map { str(it, "id") }.toSet(), EndpointScope.select(tree, listOf(cart)).map { it.id }.toSet())
        assertEquals(endpoints.filter { str(it, "module") == "orders" }.size, EndpointScope.select(tree, listOf("orders/")).size)
        assertEquals(endpoints.size, EndpointScope.select(tree, listOf("")).size)
        assertEquals(emptyList<Any>(), EndpointScope.select(tree, listOf("orders/src/main/java/com/acme/shop/orders/web/Cart")))
        val line = inCart.first()["source"]!!.jsonObject["line"]!!.jsonPrimitive.int
        val onCaret = EndpointScope.select(tree, listOf(cart), caretLine = line)
        assertEquals(listOf(str(inCart.first(), "id")), onCaret.map { it.id })
        assertEquals(str(inCart.first(), "address"), ProjectBridge(sidecar, project).copy(onCaret.map { it.id }, CopyTextParamsWhat.API_URL).text)
        assertEquals(inCart.size, EndpointScope.select(tree, listOf(cart), caretLine = 1).size)
    }

    @Test
    @Order(9)
    fun `caches gutter marks without blocking and drops them when the index changes`() {
        val cart = shop.resolve("orders/src/main/java/com/acme/shop/orders/web/CartController.java").toString()
        val fetched = CopyOnWriteArrayList<String>()
        GutterMarks(sidecar, project) { fetched += it }.use { marks ->
            assertNull(marks.peek(cart), "the first look only starts the fetch")
            try {
                eventually("the marks of $cart") { fetched.contains(cart) }
            } catch (e: AssertionError) {
                throw AssertionError("${e.message}; fetched $fetched, peek ${marks.peek(cart)}, direct ${runCatching { sidecar.call(Requests.endpointsInFile, ProjectFile(project, cart), 5000) }}; log ${log.takeLast(10)}")
            }
            val known = assertNotNull(marks.peek(cart)).let { marks.peek(cart)!! }
            assertTrue(known.isNotEmpty())
            val first = known.first()
            assertEquals(listOf(first), marks.at(cart, first.line, first.column))
            assertEquals(emptyList<Any>(), marks.at(cart, first.line, first.column + 1))
            // An index change announced by the sidecar (here: the end of a refresh) empties the cache.
            sidecar.call(Requests.projectRefresh, ProjectRef(project))
            eventually("the cache to be dropped") { marks.peek(cart) == null }
        }
    }

    @Test
    @Order(10)
    fun `survives a killed sidecar, restarted with the project replayed and listeners kept`() {
        val before = sidecar.call(Requests.endpointsTree, ProjectRef(project))
        val first = sidecar.process()
        val restarted = java.util.concurrent.CountDownLatch(1)
        sidecar.onRestart { restarted.countDown() }
        first.destroyForcibly()
        assertTrue(restarted.await(60, TimeUnit.SECONDS), "restarted; log: ${log.takeLast(10)}")
        assertEquals(1, sidecar.restartCount)
        assertTrue(sidecar.process().pid() != first.pid())
        // The replayed project answers as before, under the same id.
        sidecar.call(Requests.projectWait, ProjectRef(project))
        assertEquals(before, sidecar.call(Requests.endpointsTree, ProjectRef(project)))
        // Notifications reach the listeners registered before the restart.
        val file = "orders/src/main/java/com/acme/shop/orders/web/CartController.java"
        val path = shop.resolve(file)
        Files.writeString(path, Files.readString(path).replace(Regex("\n}\\s*$"), "\n\n    @GetMapping(\"/{cartId}/total\")\n    public long total(@PathVariable String cartId) {\n        return 0;\n    }\n}\n"))
        val seen = changes.size
        val change = sidecar.call(Requests.filesChanged, FilesChangedParams(project, listOf(FileChange(file, FileChangeKind.CHANGED))))
        assertEquals(1, change.added.size)
        eventually("index/changed after the restart") { changes.drop(seen).any { it.added == change.added } }
    }
}
