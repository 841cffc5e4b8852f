package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.Empty
import dev.apiscout.bridge.protocol.HelloParams
import dev.apiscout.bridge.protocol.HelloResult
import dev.apiscout.bridge.protocol.NotificationType
import dev.apiscout.bridge.protocol.NotificationTypes
import dev.apiscout.bridge.protocol.PROTOCOL_VERSION
import dev.apiscout.bridge.protocol.ProjectOpenParams
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.ProjectStatus
import dev.apiscout.bridge.protocol.RequestType
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.rpc.ConnectionClosedException
import dev.apiscout.bridge.rpc.JsonRpcConnection
import dev.apiscout.bridge.rpc.SidecarException
import java.nio.file.Path
import java.util.ArrayDeque
import java.util.concurrent.CancellationException
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/** How to start the sidecar and where its log goes. */
public data class SidecarConfig(
    val node: Path,
    val bundle: Path,
    val clientName: String = "apiscout-intellij",
    val clientVersion: String? = null,
    /** One line of the sidecar's stderr, or the client's own remark about the process. */
    val log: (String) -> Unit = {},
    /** Restarts allowed within [restartWindowMillis] before the sidecar is given up. */
    val maxRestarts: Int = 3,
    val restartWindowMillis: Long = 60_000,
    val extraArgs: List<String> = emptyList(),
    /** Changes to the sidecar's environment: a null value removes the variable (tests isolate the user config this way). */
    val environment: Map<String, String?> = emptyMap(),
)

/**
 * The sidecar process and its connection: started on [start], restarted when it dies (replaying
 * the open projects so views keep working), stopped on [close]. Requests made while a restart runs
 * wait for it; requests in flight when the process died fail with [ConnectionClosedException].
 */
public class Sidecar(private val config: SidecarConfig) : AutoCloseable {
    private class Running(val process: Process, val connection: JsonRpcConnection, val hello: HelloResult, val stderr: StderrDrain)

    private val lock = Any()
    @Volatile private var current: CompletableFuture<Running>? = null
    @Volatile private var closing = false
    private val restarts = ArrayDeque<Long>()
    private var generation = 0
    /** Open projects by root, with their options: replayed after a restart. */
    private val projects = ConcurrentHashMap<String, ProjectOpenParams>()
    private val subscriptions = CopyOnWriteArrayList<Subscription>()
    private val restartListeners = CopyOnWriteArrayList<(Int) -> Unit>()
    private val failureListeners = CopyOnWriteArrayList<(SidecarException) -> Unit>()

    /** A listener or request handler for the client's whole life: bound once to each connection, old and new. */
    private class Subscription(val bind: (JsonRpcConnection) -> AutoCloseable) {
        private val attached = java.util.IdentityHashMap<JsonRpcConnection, AutoCloseable>()

        @Synchronized fun attach(connection: JsonRpcConnection) {
            if (!attached.containsKey(connection)) attached[connection] = bind(connection)
            attached.keys.removeIf { it.isClosed && it !== connection }
        }

        @Synchronized fun detach() {
            attached.values.forEach { it.close() }
            attached.clear()
        }
    }

    /** Starts the process and says hello; the answer carries the UI URL. */
    public fun start(): HelloResult = await(ensureStarted()).hello

    /** The last `hello` answer (after a restart, the new process's). */
    public val hello: HelloResult get() = await(ensureStarted()).hello

    /** The running process, for diagnostics (and tests that kill it). */
    public fun process(): ProcessHandle = await(ensureStarted()).process.toHandle()

    /** True once [close] was called: a closed client starts nothing again. */
    public val isClosed: Boolean get() = closing

    /** How many times the sidecar was restarted. */
    public val restartCount: Int get() = synchronized(lock) { generation }

    public fun <P, R> request(type: RequestType<P, R>, params: P): CompletableFuture<R> {
        val result = CompletableFuture<R>()
        ensureStarted().whenComplete { running, error ->
            if (error != null) result.completeExceptionally(unwrap(error))
            else {
                val sent = running.connection.request(type, params)
                // Cancelling the caller's future cancels the request in the sidecar.
                result.whenComplete { _, _ -> if (result.isCancelled) sent.cancel(false) }
                sent.whenComplete { value, e -> if (e != null) result.completeExceptionally(unwrap(e)) else result.complete(value) }
            }
        }
        return result
    }

    /** A blocking call for code already off the UI thread; the request is cancelled on timeout. */
    public fun <P, R> call(type: RequestType<P, R>, params: P, timeoutMillis: Long = 60_000): R {
        val future = request(type, params)
        try {
            return future.get(timeoutMillis, TimeUnit.MILLISECONDS)
        } catch (e: TimeoutException) {
            future.cancel(false)
            throw SidecarException("${type.method} got no answer within $timeoutMillis ms", e)
        } catch (e: ExecutionException) {
            throw unwrap(e)
        }
    }

    /** Opens a project and remembers it, so a restarted sidecar opens it again. */
    public fun openProject(root: Path, includeTests: Boolean = false): ProjectStatus {
        val params = ProjectOpenParams(root.toAbsolutePath().normalize().toString(), includeTests.takeIf { it })
        val status = call(Requests.projectOpen, params)
        projects[status.project] = params
        return status
    }

    public fun closeProject(project: String) {
        projects.remove(project)
        call(Requests.projectClose, ProjectRef(project))
    }

    /** [closeProject] without waiting (an IDE project disposed on the UI thread): forgotten for replays at once. */
    public fun closeProjectAsync(project: String): CompletableFuture<Unit> {
        projects.remove(project)
        return request(Requests.projectClose, ProjectRef(project)).thenApply { }
    }

    /** The projects a restart replays. */
    public fun openProjects(): Set<String> = projects.keys.toSet()

    /** Subscribes for the whole life of the client: restarts keep the subscription. */
    public fun <P> onNotification(type: NotificationType<P>, listener: (P) -> Unit): AutoCloseable =
        subscribe(Subscription { it.onNotification(type, listener) })

    /** Answers a request the sidecar makes of its host, for the whole life of the client (see [JsonRpcConnection.onRequest]). */
    public fun <P, R> onRequest(type: RequestType<P, R>, handler: (P) -> CompletableFuture<R>): AutoCloseable =
        subscribe(Subscription { it.onRequest(type, handler) })

    private fun subscribe(subscription: Subscription): AutoCloseable {
        subscriptions += subscription
        // Now if running, else when the start in progress ends; later starts attach every subscription.
        current?.thenAccept { subscription.attach(it.connection) }
        return AutoCloseable {
            subscriptions -= subscription
            subscription.detach()
        }
    }

    /** Called with the restart count after a restarted sidecar replayed the open projects. */
    public fun onRestart(listener: (Int) -> Unit): AutoCloseable {
        restartListeners += listener
        return AutoCloseable { restartListeners -= listener }
    }

    /** Called when the sidecar died too often and was given up. */
    public fun onFailure(listener: (SidecarException) -> Unit): AutoCloseable {
        failureListeners += listener
        return AutoCloseable { failureListeners -= listener }
    }

    private fun ensureStarted(): CompletableFuture<Running> = synchronized(lock) {
        if (closing) return CompletableFuture.failedFuture(SidecarException("the sidecar client is closed"))
        current ?: launch().also { current = it }
    }

    /** Starting blocks (hello, replaying projects): on its own thread, never on a shared pool the IDE uses. */
    private val starter = java.util.concurrent.Executor { task -> Thread(task, "apiscout sidecar start").apply { isDaemon = true }.start() }

    private fun launch(): CompletableFuture<Running> = CompletableFuture.supplyAsync({
        val command = listOf(config.node.toString(), config.bundle.toString(), "serve", "--stdio") + config.extraArgs
        val process = try {
            ProcessBuilder(command).apply {
                for ((name, value) in config.environment) if (value == null) environment().remove(name) else environment()[name] = value
            }.start()
        } catch (e: java.io.IOException) {
            throw SidecarException("cannot start the sidecar (${command.joinToString(" ")}): ${e.message}", e)
        }
        val stderr = StderrDrain(process, config.log)
        val connection = JsonRpcConnection(process.inputStream, process.outputStream, "sidecar ${process.pid()}", config.log).listen()
        subscriptions.forEach { it.attach(connection) }
        val hello = try {
            connection.request(Requests.hello, HelloParams(config.clientName, config.clientVersion)).get(30, TimeUnit.SECONDS)
        } catch (e: Exception) {
            process.destroyForcibly()
            throw SidecarException("the sidecar did not say hello: ${unwrap(e).message}${stderr.tail()}", unwrap(e))
        }
        if (hello.protocolVersion != PROTOCOL_VERSION) {
            process.destroyForcibly()
            throw SidecarException(
                "the sidecar speaks protocol ${hello.protocolVersion}, this client $PROTOCOL_VERSION: the plugin and its bundled sidecar do not match, reinstall the plugin",
            )
        }
        val running = Running(process, connection, hello, stderr)
        process.onExit().thenRun { exited(running) }
        // A broken channel (garbage on stdout) cannot be resynchronised: end the process, which restarts it.
        connection.onClose.thenAccept { reason -> if (reason !is ConnectionClosedException && !closing) process.destroyForcibly() }
        running
    }, starter)

    /** The process ended: a restart unless it was asked to stop. */
    private fun exited(running: Running) {
        running.connection.close()
        val code = running.process.exitValue()
        var failure: SidecarException? = null
        val next: CompletableFuture<Running>
        synchronized(lock) {
            if (closing || current?.getNow(null) !== running) return
            val now = System.currentTimeMillis()
            while (restarts.isNotEmpty() && now - restarts.first > config.restartWindowMillis) restarts.removeFirst()
            if (restarts.size < config.maxRestarts) {
                restarts.addLast(now)
                generation++
                next = launch().thenApplyAsync({ replay(it) }, starter)
            } else {
                failure = SidecarException(
                    "the sidecar died ${config.maxRestarts + 1} times within ${config.restartWindowMillis / 1000} s (last exit code $code)${running.stderr.tail()}",
                )
                next = CompletableFuture.failedFuture(failure)
            }
            current = next
        }
        config.log("sidecar ${running.process.pid()} exited with code $code; ${if (failure == null) "restarting" else "giving up"}")
        val givenUp = failure
        if (givenUp != null) failureListeners.forEach { it(givenUp) }
        else next.thenRun { restartListeners.forEach { it(restartCount) } }
    }

    private fun replay(running: Running): Running {
        for ((root, params) in projects) {
            try {
                running.connection.request(Requests.projectOpen, params).get(60, TimeUnit.SECONDS)
            } catch (e: Exception) {
                config.log("could not open $root again after the restart: ${unwrap(e).message}")
            }
        }
        return running
    }

    /** Asks the sidecar to stop, fails what is pending, and ends the process if it lingers. */
    override fun close() {
        finishClose(beginClose() ?: return)
    }

    /** Marks the client closed (nothing starts again); the start to stop, if there was one. */
    private fun beginClose(): CompletableFuture<Running>? = synchronized(lock) {
        if (closing) return null
        closing = true
        current
    }

    private fun finishClose(starting: CompletableFuture<Running>) {
        // A process still starting is let finish (its hello times out on its own), then stopped.
        val running = try {
            starting.get(35, TimeUnit.SECONDS)
        } catch (_: Exception) {
            return // it failed to start and ended its process itself
        }
        try {
            running.connection.request(Requests.shutdown, Empty).get(2, TimeUnit.SECONDS)
            running.connection.notify(NotificationTypes.exit, Empty)
        } catch (_: Exception) {
            // Dying or busy: the process is ended below either way.
        }
        running.connection.close()
        try {
            running.process.onExit().get(3, TimeUnit.SECONDS)
        } catch (_: Exception) {
            running.process.destroyForcibly()
            // A kill is not the end: on a busy machine the process was still alive when close()
            // returned. Wait for it, so that after close() the process is gone.
            try {
                running.process.onExit().get(10, TimeUnit.SECONDS)
            } catch (_: Exception) {
                // Not reaped in time: close() still returns; the kill stands.
            }
        }
        running.stderr.join()
    }

    /**
     * [close] on a thread of its own: returns at once with [isClosed] true, for callers on the UI
     * thread (a settings change, the IDE's exit) that must not wait for the process to end.
     */
    public fun closeAsync(): CompletableFuture<Unit> {
        val starting = beginClose() ?: return CompletableFuture.completedFuture(Unit)
        val done = CompletableFuture<Unit>()
        Thread({
            try {
                finishClose(starting)
                done.complete(Unit)
            } catch (e: Throwable) {
                done.completeExceptionally(e)
            }
        }, "apiscout sidecar close").apply { isDaemon = true }.start()
        return done
    }

    private fun <T> await(future: CompletableFuture<T>): T = try {
        future.get()
    } catch (e: ExecutionException) {
        throw unwrap(e)
    }
}

/** The failure behind a future's wrapping. */
internal fun unwrap(e: Throwable): RuntimeException {
    var t: Throwable = e
    while ((t is ExecutionException || t is CompletionException) && t.cause != null) t = t.cause!!
    return when (t) {
        is RuntimeException -> t
        is InterruptedException -> CancellationException("interrupted").also { Thread.currentThread().interrupt() }
        else -> SidecarException(t.message ?: t.toString(), t)
    }
}

/** Reads the sidecar's stderr line by line into the log, keeping the last lines for error messages. */
internal class StderrDrain(process: Process, log: (String) -> Unit) {
    private val last = ArrayDeque<String>()
    private val thread = Thread({
        process.errorStream.bufferedReader().useLines { lines ->
            for (line in lines) {
                synchronized(last) {
                    last.addLast(line)
                    if (last.size > 20) last.removeFirst()
                }
                log(line)
            }
        }
    }, "sidecar ${process.pid()} stderr").apply {
        isDaemon = true
        start()
    }

    /** The last stderr lines, for a message about a failure; empty when there were none. */
    fun tail(): String = synchronized(last) { if (last.isEmpty()) "" else "\nlast sidecar output:\n" + last.joinToString("\n") }

    fun join() = thread.join(1000)
}
