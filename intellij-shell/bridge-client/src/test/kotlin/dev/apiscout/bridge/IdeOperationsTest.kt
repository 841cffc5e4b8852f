package dev.apiscout.bridge

import com.sun.net.httpserver.HttpServer
import dev.apiscout.bridge.ide.AutoDetected
import dev.apiscout.bridge.ide.ConfigurableIds
import dev.apiscout.bridge.ide.IdeHost
import dev.apiscout.bridge.ide.LiveSettings
import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.ide.SettingKeys
import dev.apiscout.bridge.ide.SettingsPatch
import dev.apiscout.bridge.ide.SyncTokenHandover
import dev.apiscout.bridge.ide.withHost
import dev.apiscout.bridge.protocol.ClipboardText
import dev.apiscout.bridge.protocol.CopyTextParamsWhat
import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.bridge.protocol.ErrorCodes
import dev.apiscout.bridge.protocol.ExportDestination
import dev.apiscout.bridge.protocol.ExportRequest
import dev.apiscout.bridge.protocol.ExportRequestChannel
import dev.apiscout.bridge.protocol.HostNotification
import dev.apiscout.bridge.protocol.HostNotificationLevel
import dev.apiscout.bridge.protocol.HostOpenSettingsParams
import dev.apiscout.bridge.protocol.HostChooseFileParams
import dev.apiscout.bridge.protocol.HostChooseFileResult
import dev.apiscout.bridge.protocol.IdeChooseFileParams
import dev.apiscout.bridge.protocol.GrpcRequestDraft
import dev.apiscout.bridge.protocol.HttpRequestDraft
import dev.apiscout.bridge.protocol.HttpRequestDraftBodyMode
import dev.apiscout.bridge.protocol.NameValue
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.Selection
import dev.apiscout.bridge.protocol.SettingRowFrom
import dev.apiscout.bridge.protocol.SettingsPage
import dev.apiscout.bridge.protocol.SettingsSetParams
import dev.apiscout.bridge.protocol.SettingsSetParamsScope
import dev.apiscout.bridge.rpc.ProtocolJson
import dev.apiscout.bridge.rpc.RpcException
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertInstanceOf
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
import java.net.InetSocketAddress
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * The operations the IDE's actions and pages use, through [ProjectBridge] and the other bridge-client
 * helpers, against the real sidecar on a copy of test/fixtures/shop: a request sent to a loopback
 * server, the request state, export and the copy texts, settings, Auto Detect, the host
 * notifications and the sync-token hand-over (across a restart).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation::class)
class IdeOperationsTest {
    private lateinit var tmp: Path
    private lateinit var shop: Path
    private lateinit var configDir: Path
    private lateinit var sidecar: Sidecar
    private lateinit var bridge: ProjectBridge
    private lateinit var endpoints: List<EndpointSummary>
    private val log = CopyOnWriteArrayList<String>()

    private class Received(val method: String, val uri: String, val headers: Map<String, List<String>>, val body: String)
    private val received = CopyOnWriteArrayList<Received>()
    private lateinit var server: HttpServer

    private val cartFile = "orders/src/main/java/com/acme/shop/orders/web/CartController.java"
    private fun endpoint(address: String) = endpoints.firstOrNull { it.address == address } ?: throw AssertionError("no $address in ${endpoints.map { it.address }}")

    @BeforeAll
    fun start(@TempDir dir: Path) {
        tmp = dir
        shop = TestEnv.copyOf("shop", tmp)
        configDir = Files.createDirectories(tmp.resolve("user-config"))
        server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
            createContext("/") { exchange ->
                val body = exchange.requestBody.readAllBytes().decodeToString()
                received += Received(exchange.requestMethod, exchange.requestURI.toString(), exchange.requestHeaders.mapKeys { it.key.lowercase() }, body)
                val reply = """{"cart":"c-42","items":1}""".toByteArray()
                exchange.responseHeaders.add("Content-Type", "application/json")
                exchange.responseHeaders.add("X-Served-By", "junit")
                exchange.sendResponseHeaders(201, reply.size.toLong())
                exchange.responseBody.use { it.write(reply) }
            }
            start()
        }
        sidecar = TestEnv.sidecar(log = log, configDir = configDir)
        val project = sidecar.openProject(shop).project
        sidecar.call(Requests.projectWait, ProjectRef(project))
        bridge = ProjectBridge(sidecar, project)
        endpoints = bridge.tree().flatMap { m -> m.classes.flatMap { it.endpoints } }
    }

    @AfterAll
    fun stop() {
        bridge.close()
        sidecar.close()
        server.stop(0)
    }

    @Test
    @Order(1)
    fun `sends a request to a loopback server and reads the reply`() {
        val add = endpoint("POST /api/v1/carts/{cartId}/items")
        val state = bridge.request(add.id)
        assertFalse(state.edited)
        val draft = assertInstanceOf(HttpRequestDraft::class.java, state.draft)
        assertEquals("POST", draft.method)
        assertEquals(listOf("cartId"), draft.pathParams.map { it.name })
        val edited = (draft.withHost("http://127.0.0.1:${server.address.port}") as HttpRequestDraft).copy(
            pathParams = listOf(NameValue("cartId", "c-42")),
            headers = draft.headers + NameValue("X-Trace", "ide-1"),
            bodyMode = HttpRequestDraftBodyMode.JSON,
            body = """{"sku":"sku-9","quantity":2}""",
        )
        val result = bridge.send(add.id, edited)

        val arrived = received.single()
        assertEquals("POST", arrived.method)
        assertEquals("/api/v1/carts/c-42/items", arrived.uri)
        assertEquals(listOf("ide-1"), arrived.headers["x-trace"])
        assertTrue(arrived.headers["content-type"]!!.single().startsWith("application/json"), arrived.headers.toString())
        assertEquals("""{"sku":"sku-9","quantity":2}""", arrived.body)

        val http = result.http ?: throw AssertionError("no HTTP reply: $result")
        assertEquals(201, http.status)
        assertEquals("""{"cart":"c-42","items":1}""", http.text)
        assertTrue(http.json)
        assertTrue(http.headers.any { it[0].equals("x-served-by", ignoreCase = true) && it[1] == "junit" }, http.headers.toString())
        assertEquals("http://127.0.0.1:${server.address.port}/api/v1/carts/c-42/items", http.sent.url)
        assertEquals(emptyList<String>(), result.unresolved)
    }

    @Test
    @Order(2)
    fun `keeps the sent draft as the edits, saves others, and Reset to Default drops them`() {
        val add = endpoint("POST /api/v1/carts/{cartId}/items")
        val sent = bridge.request(add.id)
        assertTrue(sent.edited)
        val draft = sent.draft as HttpRequestDraft
        assertEquals("http://127.0.0.1:${server.address.port}", draft.host)
        assertEquals("""{"sku":"sku-9","quantity":2}""", draft.body)
        assertTrue(sent.hosts.contains(draft.host), sent.hosts.toString())

        bridge.save(add.id, draft.copy(query = listOf(NameValue("dryRun", "true"))))
        assertEquals(listOf(NameValue("dryRun", "true")), (bridge.request(add.id).draft as HttpRequestDraft).query)

        val reset = bridge.reset(add.id)
        assertFalse(reset.edited)
        // Built from source again: example values, no edits (the host is the project's last used one, not an edit).
        val fresh = reset.draft as HttpRequestDraft
        assertTrue(fresh.query.isEmpty() && fresh.headers.none { it.name == "X-Trace" }, fresh.toString())
        assertEquals(listOf("cartId"), fresh.pathParams.map { it.name })
        assertTrue(fresh.body != draft.body && fresh.body.contains("\"sku\""), fresh.body)
        assertEquals(reset, bridge.request(add.id))

        // A gRPC method's draft is the other member of RequestDraft: tagged `protocol: grpc` on the wire.
        val grpc = endpoints.first { it.protocol == dev.apiscout.bridge.protocol.EndpointProtocol.GRPC }
        val grpcDraft = assertInstanceOf(GrpcRequestDraft::class.java, bridge.request(grpc.id).draft)
        val wire = ProtocolJson.encodeToJsonElement(dev.apiscout.bridge.protocol.RequestDraft.serializer(), grpcDraft).jsonObject
        assertEquals("grpc", wire["protocol"]!!.jsonPrimitive.content)
        val edited = grpcDraft.copy(host = "127.0.0.1:9", messages = listOf("{}"), deadlineMs = 1500)
        bridge.save(grpc.id, edited)
        assertEquals(edited, bridge.request(grpc.id).draft)
        bridge.reset(grpc.id)
    }

    @Test
    @Order(3)
    fun `exports a file's APIs to a directory, and a selection as text`() {
        val out = tmp.resolve("exported")
        val inCart = endpoints.filter { it.source.file == cartFile }
        val md = bridge.export(ExportRequestChannel.MARKDOWN, Selection.File(cartFile), ExportDestination.File(out.toString()))
        assertEquals(inCart.size, md.selected)
        assertEquals(inCart.size, md.exported)
        val file = Path.of(md.files.single().path)
        assertTrue(file.startsWith(out), "$file is under $out")
        val text = Files.readString(file)
        assertEquals(md.files.single().bytes, Files.size(file).toInt())
        for (e in inCart) assertTrue(text.contains(e.path), "${e.path} in\n$text")

        // The whole project, as text: every member of the unions passes the sidecar's schema check.
        val all = bridge.export(ExportRequest(bridge.project, ExportRequestChannel.MARKDOWN, Selection.All, ExportDestination.Text))
        assertEquals(endpoints.size, all.selected)
        for (e in inCart) assertTrue(all.text!!.contains(e.path))

        val get = endpoint("GET /api/v1/carts/{cartId}")
        val curl = bridge.export(ExportRequest(bridge.project, ExportRequestChannel.CURL, Selection.Ids(listOf(get.id)), ExportDestination.Text))
        assertEquals(emptyList<Any>(), curl.files)
        assertTrue(curl.text!!.contains("curl") && curl.text!!.contains("/api/v1/carts/"), curl.text)
    }

    @Test
    @Order(4)
    fun `copies API URLs, paths and cURL commands`() {
        val inCart = endpoints.filter { it.source.file == cartFile }
        val ids = inCart.map { it.id }
        assertEquals(inCart.joinToString("\n") { it.address }, bridge.copy(ids, CopyTextParamsWhat.API_URL).text)
        assertEquals(inCart.joinToString("\n") { it.path }, bridge.copy(ids, CopyTextParamsWhat.PATH).text)
        val curl = bridge.copy(listOf(endpoint("DELETE /api/v1/carts/{cartId}/items/{sku}").id), CopyTextParamsWhat.CURL).text
        assertTrue(Regex("curl .*(-X|--request) DELETE").containsMatchIn(curl.replace("\\\n", " ")), curl)
        assertThrows(IllegalArgumentException::class.java) { bridge.copy(emptyList(), CopyTextParamsWhat.PATH) }
    }

    @Test
    @Order(5)
    fun `settings round trip at user and project level, with defaults shown through after unset`() {
        val user = LiveSettings(sidecar, project = null)
        val before = user.get()
        for (key in SettingKeys.all) before.row(key) // every key the IDE uses exists in the sidecar
        assertTrue(before.features.copyApiUrl && before.features.searchEverywhere)
        assertEquals(SettingRowFrom.DEFAULT, before.row(SettingKeys.COPY_API_URL).from)

        // The Features page turns Copy API URL off: one set at user level.
        val off = SettingsPatch.of(before, mapOf(SettingKeys.COPY_API_URL to JsonPrimitive(false), SettingKeys.SEARCH_EVERYWHERE to JsonPrimitive(true)))!!
        assertEquals(mapOf(SettingKeys.COPY_API_URL to JsonPrimitive(false)), off.values)
        val afterUser = user.set(off)
        assertFalse(afterUser.features.copyApiUrl)
        assertEquals(SettingRowFrom.USER, afterUser.row(SettingKeys.COPY_API_URL).from)
        assertTrue(Files.readString(Path.of(afterUser.view.userPath)).contains("\"features.copyApiUrl\": false"))
        assertTrue(Path.of(afterUser.view.userPath).startsWith(configDir))

        // A project override, seen with the project and not without it.
        val project = bridge.settings.set(SettingsSetParams(scope = SettingsSetParamsScope.PROJECT, values = mapOf(SettingKeys.ACTUATOR to JsonPrimitive(true), SettingKeys.GRPC_RUNTIME to JsonArray(listOf(JsonPrimitive("/opt/grpc/lib"))))))
        assertTrue(project.boolean(SettingKeys.ACTUATOR))
        assertEquals(listOf("/opt/grpc/lib"), project.list(SettingKeys.GRPC_RUNTIME))
        assertEquals(SettingRowFrom.PROJECT, project.row(SettingKeys.ACTUATOR).from)
        assertFalse(project.features.copyApiUrl, "user values show through the project's")
        assertFalse(user.get().boolean(SettingKeys.ACTUATOR))
        assertNull(user.get().list(SettingKeys.GRPC_RUNTIME))

        // Back to the default: unset, so the default shows through.
        val back = SettingsPatch.of(user.get(), mapOf(SettingKeys.COPY_API_URL to JsonPrimitive(true)))!!
        assertEquals(listOf(SettingKeys.COPY_API_URL), back.unset)
        assertEquals(SettingRowFrom.DEFAULT, user.set(back).row(SettingKeys.COPY_API_URL).from)
        val cleared = bridge.settings.set(SettingsSetParams(scope = SettingsSetParamsScope.PROJECT, values = emptyMap(), unset = listOf(SettingKeys.ACTUATOR, SettingKeys.GRPC_RUNTIME)))
        assertEquals(SettingRowFrom.DEFAULT, cleared.row(SettingKeys.ACTUATOR).from)
        assertNull(SettingsPatch.of(cleared, mapOf(SettingKeys.ACTUATOR to JsonPrimitive(false))), "no change, no write")
        user.close()
    }

    @Test
    @Order(6)
    fun `an invalid value is refused as a whole, naming the key`() {
        val settings = bridge.settings
        val e = assertThrows(RpcException::class.java) {
            settings.set(SettingsSetParams(scope = SettingsSetParamsScope.USER, values = mapOf(SettingKeys.ACTUATOR to JsonPrimitive(true), SettingKeys.GRPC_DEADLINE_MS to JsonPrimitive("soon"))))
        }
        assertEquals(ErrorCodes.BAD_INPUT, e.code)
        assertTrue(e.message!!.contains(SettingKeys.GRPC_DEADLINE_MS), e.message)
        assertFalse(settings.get().boolean(SettingKeys.ACTUATOR), "nothing of a refused change is written")
        val secret = assertThrows(RpcException::class.java) {
            settings.set(SettingsSetParams(scope = SettingsSetParamsScope.PROJECT, values = mapOf("sync.postmanApiToken" to JsonPrimitive("PMAK-x"))))
        }
        assertTrue(secret.message!!.contains("sync.postmanApiToken"), secret.message)
    }

    @Test
    @Order(7)
    fun `the fast path reads a snapshot and refreshes it in the background`() {
        LiveSettings(sidecar, bridge.project, maxAgeMillis = 0).use { live ->
            assertTrue(live.features().copyApiUrl, "the spec's defaults before the first answer")
            eventually("the first snapshot") { live.peek() != null }
            // Changed behind its back (another window, the browser UI): seen on a later look.
            sidecar.call(Requests.settingsSet, SettingsSetParams(scope = SettingsSetParamsScope.USER, values = mapOf(SettingKeys.SEARCH_EVERYWHERE to JsonPrimitive(false))))
            eventually("the refreshed toggle") { !live.features().searchEverywhere }
            sidecar.call(Requests.settingsSet, SettingsSetParams(scope = SettingsSetParamsScope.USER, values = emptyMap(), unset = listOf(SettingKeys.SEARCH_EVERYWHERE)))
        }
    }

    @Test
    @Order(8)
    fun `Auto Detect proposes the runtime and says what it found`() {
        val detected: AutoDetected = bridge.autoDetect()
        assertTrue(detected.report.protoFiles >= 2, detected.summary)
        assertTrue(detected.report.services.any { it.contains("StockService") }, detected.report.services.toString())
        assertEquals(detected.report.runtime, detected.runtime)
        assertTrue(detected.summary.lines().size == detected.report.summary.size && detected.summary.isNotBlank())
    }

    @Test
    @Order(9)
    fun `host requests over stdio come back to this client as host notifications`() {
        val navigated = CopyOnWriteArrayList<NavigateTarget>()
        val copied = CopyOnWriteArrayList<String>()
        val pages = CopyOnWriteArrayList<SettingsPage>()
        val notes = CopyOnWriteArrayList<HostNotification>()
        val all = CountDownLatch(4)
        val host = object : IdeHost {
            override fun navigate(target: NavigateTarget) { navigated += target; all.countDown() }
            override fun copyToClipboard(text: String) { copied += text; all.countDown() }
            override fun openSettings(page: SettingsPage) { pages += page; all.countDown() }
            override fun notify(notification: HostNotification) { notes += notification; all.countDown() }
            override fun chooseFile(request: IdeChooseFileParams): CompletableFuture<String?> = CompletableFuture.completedFuture(null)
        }
        IdeHost.attach(sidecar, host).use {
            val add = endpoint("POST /api/v1/carts/{cartId}/items")
            assertTrue(bridge.navigateInHost(add.id))
            assertTrue(sidecar.call(Requests.hostCopy, ClipboardText("GET /api/v1/carts/{cartId}")).delivered)
            assertTrue(sidecar.call(Requests.hostOpenSettings, HostOpenSettingsParams(SettingsPage.GRPC_RUNTIME)).delivered)
            assertTrue(sidecar.call(Requests.hostNotify, HostNotification(HostNotificationLevel.WARNING, "apiscout", "3 placeholders unresolved")).delivered)
            assertTrue(all.await(10, TimeUnit.SECONDS), "all four notifications arrived")

            assertEquals(listOf(bridge.navigationTarget(add.id)), navigated)
            assertEquals(shop.resolve(cartFile).toString(), navigated.single().file)
            assertEquals(add.source.line, navigated.single().line)
            assertEquals(listOf("GET /api/v1/carts/{cartId}"), copied)
            assertEquals(listOf(SettingsPage.GRPC_RUNTIME), pages)
            assertEquals("apiscout.grpc.runtime", ConfigurableIds.of(pages.single()))
            assertEquals(listOf(HostNotification(HostNotificationLevel.WARNING, "apiscout", "3 placeholders unresolved")), notes)
        }
        // Detached: nothing more arrives.
        sidecar.call(Requests.hostCopy, ClipboardText("late"))
        sidecar.call(Requests.hello, dev.apiscout.bridge.protocol.HelloParams()) // the notification, if any, came before this answer
        assertEquals(1, copied.size)
    }

    @Test
    @Order(9)
    fun `a page's host-chooseFile shows this client's chooser, the file coming back as a request names it, a cancel as no path, a failure as an error`() {
        val asked = CopyOnWriteArrayList<IdeChooseFileParams>()
        var answer: () -> CompletableFuture<String?> = { CompletableFuture.completedFuture(null) }
        val host = object : IdeHost {
            override fun navigate(target: NavigateTarget) {}
            override fun copyToClipboard(text: String) {}
            override fun openSettings(page: SettingsPage) {}
            override fun notify(notification: HostNotification) {}
            override fun chooseFile(request: IdeChooseFileParams): CompletableFuture<String?> { asked += request; return answer() }
        }
        val choose = { sidecar.call(Requests.hostChooseFile, HostChooseFileParams(bridge.project, "Choose the part's file")) }
        // No host attached: this client refuses the request, and the page is told no host chose.
        assertEquals(HostChooseFileResult(delivered = false), choose())
        IdeHost.attach(sidecar, host).use {
            // Inside the project: relative, as a saved request names it (portable).
            val inside = shop.resolve("pom.xml").toString()
            answer = { CompletableFuture.supplyAsync { Thread.sleep(200); inside } } // a dialog answers later
            assertEquals(HostChooseFileResult(delivered = true, path = "pom.xml", absolute = inside), choose())
            assertEquals(listOf(IdeChooseFileParams("Choose the part's file", shop.toString())), asked)
            // Outside: absolute.
            val outside = tmp.resolve("upload.bin").toString()
            answer = { CompletableFuture.completedFuture(outside) }
            assertEquals(HostChooseFileResult(delivered = true, path = outside, absolute = outside), choose())
            answer = { CompletableFuture.completedFuture(null) }
            assertEquals(HostChooseFileResult(delivered = true), choose())
            answer = { CompletableFuture.failedFuture(IllegalStateException("no frame to show the chooser in")) }
            val failed = assertThrows(RpcException::class.java) { choose() }
            assertTrue(failed.message!!.contains("no frame to show the chooser in"), failed.message)
            // The page gives up (it closed, or cancelled): the sidecar's $/cancelRequest reaches the host's
            // chooser, whose dialog closes. Before, this client ignored it and the dialog stayed open.
            val open = CompletableFuture<String?>()
            answer = { open }
            val asking = sidecar.request(Requests.hostChooseFile, HostChooseFileParams(bridge.project, "Choose the part's file"))
            eventually("the chooser asked") { asked.size == 5 }
            assertFalse(open.isDone)
            asking.cancel(false)
            eventually("the host's chooser cancelled") { open.isCancelled }
            // The connection lives on: the next ask is answered.
            answer = { CompletableFuture.completedFuture(null) }
            assertEquals(HostChooseFileResult(delivered = true), choose())
        }
        // Detached again: refused, not hanging.
        assertEquals(HostChooseFileResult(delivered = false), choose())
    }

    @Test
    @Order(10)
    fun `the password-safe token is handed over, forgotten when cleared, and handed over again after a restart`() {
        var stored: String? = null
        SyncTokenHandover(sidecar, read = { stored }, log = { log += it }).use { handover ->
            val syncOf = { sidecar.call(Requests.envList, ProjectRef(bridge.project)).sync }
            assertNull(handover.handOver(), "no token stored, nothing sent")
            assertFalse(syncOf().enabled)

            stored = "PMAK-0123456789abcdef"
            val on = handover.handOver()!!
            assertTrue(on.enabled)
            assertTrue(on.source!!.contains("IDE"), on.source)
            assertTrue(syncOf().enabled)
            // The value never comes back, nor reaches the log or the user's files.
            assertFalse(ProtocolJson.encodeToString(dev.apiscout.bridge.protocol.EnvironmentList.serializer(), sidecar.call(Requests.envList, ProjectRef(bridge.project))).contains(stored!!))

            assertFalse(handover.changed(null).enabled)
            assertFalse(syncOf().enabled)
            handover.changed(stored)

            val restarted = CountDownLatch(1)
            sidecar.onRestart { restarted.countDown() }
            sidecar.process().destroyForcibly()
            assertTrue(restarted.await(60, TimeUnit.SECONDS), "restarted; log: ${log.takeLast(10)}")
            eventually("the token handed to the new process") { syncOf().enabled }
            assertFalse(log.any { it.contains(stored!!) }, "the token is in the log")
            Files.walk(configDir).use { files -> files.filter(Files::isRegularFile).forEach { assertFalse(Files.readString(it).contains(stored!!), "$it holds the token") } }
        }
    }
}
