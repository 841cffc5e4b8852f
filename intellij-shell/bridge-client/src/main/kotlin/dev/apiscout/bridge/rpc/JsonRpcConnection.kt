package dev.apiscout.bridge.rpc

import dev.apiscout.bridge.protocol.NotificationType
import dev.apiscout.bridge.protocol.RequestType
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.contentOrNull
import kotlinx.serialization.json.intOrNull
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.longOrNull
import kotlinx.serialization.json.put
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicLong

/** How the client reads and writes the catalog's types. */
public val ProtocolJson: Json = Json {
    // A newer sidecar may add fields; an older client ignores them.
    ignoreUnknownKeys = true
    // Optional fields default to null and are left out while they are (the sidecar's schemas reject
    // null where a field is only optional); a field the catalog requires but allows null (sync/token's
    // `token`, env/select's `name`) has no default, so its null is sent: "forget" differs from "absent".
    encodeDefaults = false
    explicitNulls = true
}

/**
 * JSON-RPC 2.0 over one pair of streams: typed requests answered through futures, notifications
 * to listeners. One reader thread; a broken channel or a closed stream fails every pending request
 * at once, so no caller waits for an answer that cannot come. Cancelling a returned future sends
 * `$/cancelRequest`; the sidecar's `$/cancelRequest` cancels the future a request handler returned.
 */
public class JsonRpcConnection(
    input: InputStream,
    output: OutputStream,
    private val name: String,
    private val log: (String) -> Unit,
) : AutoCloseable {
    private val reader = FrameReader(input)
    private val writer = FrameWriter(output)
    private val nextId = AtomicLong(1)
    private val pending = ConcurrentHashMap<Long, Pending<*>>()
    private val listeners = ConcurrentHashMap<String, CopyOnWriteArrayList<(JsonElement) -> Unit>>()
    /** Handlers of the requests the sidecar makes of this client, by method: one each. */
    private val handlers = ConcurrentHashMap<String, (JsonElement, JsonElement) -> Unit>()
    /** The handlers' futures of the sidecar's requests not yet answered, by request id: what its `$/cancelRequest` cancels. */
    private val answering = ConcurrentHashMap<JsonElement, CompletableFuture<*>>()
    private val closed = AtomicBoolean(false)
    private val closedFuture = CompletableFuture<Throwable?>()
    @Volatile private var closeReason: SidecarException? = null
    private val thread = Thread(::readLoop, "$name reader").apply { isDaemon = true }

    private class Pending<R>(val method: String, val result: KSerializer<R>, val future: CompletableFuture<R>)

    /** Completes (with the failure, or null on a clean end) when the connection is closed. */
    public val onClose: CompletableFuture<Throwable?> get() = closedFuture

    public fun listen(): JsonRpcConnection = apply { thread.start() }

    public fun <P, R> request(type: RequestType<P, R>, params: P): CompletableFuture<R> {
        val future = CompletableFuture<R>()
        closeReason?.let { return future.apply { completeExceptionally(it) } }
        val id = nextId.getAndIncrement()
        pending[id] = Pending(type.method, type.result, future)
        // Closed between the check above and now: fail() may have missed this entry.
        closeReason?.let { reason -> pending.remove(id)?.future?.completeExceptionally(reason) }
        future.whenComplete { _, _ ->
            // A caller cancelled (or timed out and cancelled): the sidecar may stop the work.
            if (pending.remove(id) != null && future.isCancelled) sendCancel(id)
        }
        val message = buildJsonObject {
            put("jsonrpc", "2.0")
            put("id", id)
            put("method", type.method)
            put("params", ProtocolJson.encodeToJsonElement(type.params, params))
        }
        try {
            writer.write(message.toString())
        } catch (e: IOException) {
            fail(ConnectionClosedException("$name: cannot send ${type.method}: ${e.message}"))
        }
        return future
    }

    public fun <P> notify(type: NotificationType<P>, params: P) {
        val message = buildJsonObject {
            put("jsonrpc", "2.0")
            put("method", type.method)
            put("params", ProtocolJson.encodeToJsonElement(type.params, params))
        }
        try {
            writer.write(message.toString())
        } catch (e: IOException) {
            log("$name: cannot send ${type.method}: ${e.message}")
        }
    }

    /** Subscribes to a notification; a listener that fails or a params shape that does not decode is logged. */
    public fun <P> onNotification(type: NotificationType<P>, listener: (P) -> Unit): AutoCloseable {
        val raw: (JsonElement) -> Unit = { params ->
            val decoded = try {
                ProtocolJson.decodeFromJsonElement(type.params, params)
            } catch (e: SerializationException) {
                log("$name: ${type.method} does not match the catalog: ${e.message}")
                null
            }
            if (decoded != null) listener(decoded)
        }
        listeners.computeIfAbsent(type.method) { CopyOnWriteArrayList() }.add(raw)
        return AutoCloseable { listeners[type.method]?.remove(raw) }
    }

    /**
     * Answers the sidecar's `type` requests with [handler]'s future: its value as the result, its
     * failure as an error. The handler runs on the reader thread and must return at once (a dialog
     * completes the future later); params that do not decode are refused with InvalidParams. The
     * sidecar's `$/cancelRequest` for it cancels the future, answered as RequestCancelled.
     */
    public fun <P, R> onRequest(type: RequestType<P, R>, handler: (P) -> CompletableFuture<R>): AutoCloseable {
        val raw: (JsonElement, JsonElement) -> Unit = { id, params ->
            val future = try {
                handler(ProtocolJson.decodeFromJsonElement(type.params, params))
            } catch (e: SerializationException) {
                CompletableFuture.failedFuture(RpcException(type.method, INVALID_PARAMS, "${type.method}: the params do not match the catalog: ${e.message?.lineSequence()?.first()}"))
            } catch (e: Exception) {
                // Kotlin code may throw checked ones (IOException): on the reader thread they would end the connection.
                CompletableFuture.failedFuture(e)
            }
            answering[id] = future
            future.whenComplete { result, failure ->
                answering.remove(id, future)
                // A result that does not encode is answered as an error: the sidecar waits for an answer without a time limit.
                val encoded = if (failure == null) runCatching { ProtocolJson.encodeToJsonElement(type.result, result) } else null
                if (encoded != null && encoded.isSuccess) {
                    reply(id) { put("result", encoded.getOrThrow()) }
                } else {
                    val reason = failure ?: encoded!!.exceptionOrNull()!!
                    val cause = (reason as? java.util.concurrent.CompletionException)?.cause ?: reason
                    val code = (cause as? RpcException)?.code ?: if (future.isCancelled) REQUEST_CANCELLED else INTERNAL_ERROR
                    val text = if (future.isCancelled) "${type.method}: cancelled" else cause.message ?: cause.toString()
                    reply(id) { put("error", buildJsonObject { put("code", code); put("message", text) }) }
                }
            }
        }
        handlers[type.method] = raw
        return AutoCloseable { handlers.remove(type.method, raw) }
    }

    private fun reply(id: JsonElement, body: kotlinx.serialization.json.JsonObjectBuilder.() -> Unit) {
        if (closed.get()) return
        try {
            writer.write(buildJsonObject {
                put("jsonrpc", "2.0")
                put("id", id)
                body()
            }.toString())
        } catch (e: IOException) {
            log("$name: cannot answer a request: ${e.message}")
        }
    }

    private fun sendCancel(id: Long) {
        if (closed.get()) return
        try {
            writer.write(buildJsonObject {
                put("jsonrpc", "2.0")
                put("method", "\$/cancelRequest")
                put("params", buildJsonObject { put("id", id) })
            }.toString())
        } catch (_: IOException) {
            // The process is gone: nothing left to cancel.
        }
    }

    private fun readLoop() {
        try {
            while (!closed.get()) {
                val body = reader.read() ?: break
                dispatch(body)
            }
            fail(ConnectionClosedException("$name: the sidecar closed its output"))
        } catch (e: ProtocolException) {
            log("$name: ${e.message}")
            fail(e)
        } catch (e: IOException) {
            fail(ConnectionClosedException("$name: ${e.message ?: "the stream broke"}"))
        } catch (e: RuntimeException) {
            fail(ProtocolException("$name: ${e.message}", e))
        } catch (e: Error) {
            // A listener's Error ends this thread: the pending requests fail now rather than wait forever.
            fail(ProtocolException("$name: ${e.message ?: e.toString()}", e))
            throw e
        }
    }

    private fun dispatch(body: String) {
        val message = try {
            ProtocolJson.parseToJsonElement(body).jsonObject
        } catch (e: IllegalArgumentException) {
            // SerializationException is one; a body that is not a JSON object means the channel is not ours.
            throw ProtocolException("not JSON-RPC from the sidecar: ${preview(body)}", e)
        }
        val method = (message["method"] as? JsonPrimitive)?.contentOrNull
        val id = message["id"]
        when {
            method != null && id != null && id !is JsonNull -> handlers[method]?.invoke(id, message["params"] ?: JsonObject(emptyMap())) ?: refuse(id, method)
            method == CANCEL_REQUEST -> (message["params"] as? JsonObject)?.get("id")?.let { answering[it]?.cancel(false) }
            method != null -> listeners[method]?.forEach { listener ->
                try {
                    listener(message["params"] ?: JsonObject(emptyMap()))
                } catch (e: RuntimeException) {
                    log("$name: a $method listener failed: $e")
                }
            }
            id is JsonPrimitive && id.longOrNull != null -> answer(id.longOrNull!!, message)
            message["error"] != null -> log("$name: the sidecar reported: ${message["error"]}")
            else -> throw ProtocolException("not JSON-RPC from the sidecar: ${preview(body)}")
        }
    }

    private fun answer(id: Long, message: JsonObject) {
        val p = pending.remove(id) ?: return // cancelled meanwhile
        complete(p, message)
    }

    private fun <R> complete(p: Pending<R>, message: JsonObject) {
        val error = message["error"]
        if (error != null) {
            val e = error as? JsonObject
            val code = (e?.get("code") as? JsonPrimitive)?.intOrNull ?: 0
            val text = (e?.get("message") as? JsonPrimitive)?.contentOrNull ?: error.toString()
            p.future.completeExceptionally(RpcException(p.method, code, text))
            return
        }
        val result = message["result"]
        if (result == null) {
            p.future.completeExceptionally(ProtocolException("${p.method}: the answer has neither result nor error"))
            return
        }
        try {
            p.future.complete(ProtocolJson.decodeFromJsonElement(p.result, result))
        } catch (e: IllegalArgumentException) {
            p.future.completeExceptionally(ProtocolException("${p.method}: the result does not match the catalog: ${e.message?.lineSequence()?.first()}", e))
        }
    }

    /** The sidecar asked the client something no handler answers (MethodNotFound: the sidecar does without). */
    private fun refuse(id: JsonElement, method: String) {
        reply(id) {
            put("error", buildJsonObject {
                put("code", METHOD_NOT_FOUND)
                put("message", "the IntelliJ client handles no request '$method'")
            })
        }
    }

    private companion object {
        const val METHOD_NOT_FOUND = -32601
        const val INVALID_PARAMS = -32602
        const val INTERNAL_ERROR = -32603
        const val REQUEST_CANCELLED = -32800
        const val CANCEL_REQUEST = "\$/cancelRequest"
    }

    private fun fail(reason: SidecarException) {
        if (closeReason == null) closeReason = reason
        closed.set(true)
        for (id in pending.keys.toList()) pending.remove(id)?.future?.completeExceptionally(closeReason)
        closedFuture.complete(reason)
    }

    /** Stops reading and fails whatever is still pending; the streams belong to the caller. */
    override fun close() {
        fail(ConnectionClosedException("$name: the connection was closed"))
    }

    public val isClosed: Boolean get() = closed.get()
}
