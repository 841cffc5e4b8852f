package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.HostRequests
import dev.apiscout.bridge.protocol.IdeChooseFileResult
import dev.apiscout.bridge.protocol.RequestType
import dev.apiscout.bridge.rpc.FrameReader
import dev.apiscout.bridge.rpc.FrameWriter
import dev.apiscout.bridge.rpc.JsonRpcConnection
import dev.apiscout.bridge.rpc.ProtocolJson
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.IOException
import java.io.PipedInputStream
import java.io.PipedOutputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit

/** The sidecar's requests to this client (JsonRpcConnection.onRequest), over a pair of pipes standing in for the sidecar. */
class HostRequestHandlingTest {
    private val toClient = PipedOutputStream()
    private val fromClient = PipedInputStream(1 shl 16)
    private val sidecarWrites = FrameWriter(toClient)
    private val sidecarReads = FrameReader(fromClient)
    private val log = CopyOnWriteArrayList<String>()
    private val reader = java.util.concurrent.Executors.newSingleThreadExecutor { Thread(it, "test sidecar reader").apply { isDaemon = true } }
    private val connection = JsonRpcConnection(PipedInputStream(toClient, 1 shl 16), PipedOutputStream(fromClient), "test", { log += it })

    private fun ask(id: Int): JsonObject {
        sidecarWrites.write("""{"jsonrpc":"2.0","id":$id,"method":"ide/chooseFile","params":{"title":"t","directory":"/p"}}""")
        // A client that never answers fails the test rather than hanging it. The read gets a thread of
        // its own: the common pool (one thread on two cores) may be busy with another test's blocking work.
        val answer = CompletableFuture.supplyAsync({ sidecarReads.read() }, reader).get(10, TimeUnit.SECONDS)
        return ProtocolJson.parseToJsonElement(answer!!).jsonObject
    }

    @Test
    fun `a handler that throws a checked exception is answered with an error and the connection lives on`() {
        var fail = true
        connection.onRequest(HostRequests.ideChooseFile) {
            if (fail) throw IOException("the chooser's folder is gone")
            CompletableFuture.completedFuture(IdeChooseFileResult("/p/a.json"))
        }
        connection.listen()
        val failed = ask(1)
        assertEquals(-32603, failed["error"]!!.jsonObject["code"]!!.jsonPrimitive.int, "$failed")
        assertTrue(failed["error"]!!.jsonObject["message"].toString().contains("the chooser's folder is gone"), "$failed")
        assertFalse(connection.isClosed, "the connection outlives a handler's failure; log: $log")
        fail = false
        assertEquals("/p/a.json", ask(2)["result"]!!.jsonObject["path"]!!.jsonPrimitive.content)
        connection.close()
    }

    @Test
    fun `the sidecar's cancelRequest cancels the handler's future, answered as RequestCancelled, and only that request`() {
        val open = java.util.concurrent.ConcurrentHashMap<String, CompletableFuture<IdeChooseFileResult>>()
        connection.onRequest(HostRequests.ideChooseFile) { params -> CompletableFuture<IdeChooseFileResult>().also { open[params.directory] = it } }
        connection.listen()
        sidecarWrites.write("""{"jsonrpc":"2.0","id":7,"method":"ide/chooseFile","params":{"title":"t","directory":"/a"}}""")
        sidecarWrites.write("""{"jsonrpc":"2.0","id":8,"method":"ide/chooseFile","params":{"title":"t","directory":"/b"}}""")
        eventually("both asks reached the handler") { open.size == 2 }
        sidecarWrites.write("""{"jsonrpc":"2.0","method":"${'$'}/cancelRequest","params":{"id":7}}""")
        val answer = CompletableFuture.supplyAsync({ sidecarReads.read() }, reader).get(10, TimeUnit.SECONDS)
        val cancelled = ProtocolJson.parseToJsonElement(answer!!).jsonObject
        assertEquals(7, cancelled["id"]!!.jsonPrimitive.int, "$cancelled")
        assertEquals(-32800, cancelled["error"]!!.jsonObject["code"]!!.jsonPrimitive.int, "$cancelled")
        assertTrue(open["/a"]!!.isCancelled)
        assertFalse(open["/b"]!!.isDone, "the other ask is still open")
        // A cancel for a request already answered, or unknown, changes nothing.
        open["/b"]!!.complete(IdeChooseFileResult("/b/x.json"))
        val answered = ProtocolJson.parseToJsonElement(CompletableFuture.supplyAsync({ sidecarReads.read() }, reader).get(10, TimeUnit.SECONDS)!!).jsonObject
        assertEquals("/b/x.json", answered["result"]!!.jsonObject["path"]!!.jsonPrimitive.content)
        sidecarWrites.write("""{"jsonrpc":"2.0","method":"${'$'}/cancelRequest","params":{"id":8}}""")
        assertEquals("/p/a.json", run {
            open.clear()
            connection.onRequest(HostRequests.ideChooseFile) { CompletableFuture.completedFuture(IdeChooseFileResult("/p/a.json")) }
            ask(9)["result"]!!.jsonObject["path"]!!.jsonPrimitive.content
        })
        assertFalse(connection.isClosed, "log: $log")
        connection.close()
    }

    @Test
    fun `a result that does not encode is answered with an error, never left unanswered`() {
        val unwritable = object : KSerializer<IdeChooseFileResult> {
            override val descriptor: SerialDescriptor = IdeChooseFileResult.serializer().descriptor
            override fun serialize(encoder: Encoder, value: IdeChooseFileResult): Unit = throw SerializationException("cannot write ${value.path}")
            override fun deserialize(decoder: Decoder): IdeChooseFileResult = throw UnsupportedOperationException()
        }
        val type = RequestType(HostRequests.ideChooseFile.method, HostRequests.ideChooseFile.params, unwritable)
        connection.onRequest(type) { CompletableFuture.completedFuture(IdeChooseFileResult("/p/a.json")) }
        connection.listen()
        val answer = ask(1)
        assertEquals(-32603, answer["error"]!!.jsonObject["code"]!!.jsonPrimitive.int, "$answer")
        assertTrue(answer["error"]!!.jsonObject["message"].toString().contains("cannot write /p/a.json"), "$answer")
        connection.close()
    }
}
