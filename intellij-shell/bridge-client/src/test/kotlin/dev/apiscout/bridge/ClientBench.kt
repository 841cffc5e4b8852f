package dev.apiscout.bridge

import dev.apiscout.bridge.ide.ProjectBridge
import dev.apiscout.bridge.protocol.CopyTextParamsWhat
import dev.apiscout.bridge.protocol.EndpointsSearchParams
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * The Kotlin client's figures against the real sidecar (bench/bridge-client.sh runs it; not a test):
 * start to hello through the client, tree and search round trips decoded into the generated
 * classes, and a killed sidecar back with its project replayed.
 *   args: <project dir> [runs]
 */
object ClientBench {
    @JvmStatic
    fun main(args: Array<String>) {
        val project: Path = Paths.get(args.getOrNull(0) ?: error("usage: ClientBench <project dir> [runs]")).toRealPath()
        val runs = args.getOrNull(1)?.toInt() ?: 10
        val ms = { nanos: Long -> nanos / 1e6 }
        fun median(xs: List<Double>) = xs.sorted()[xs.size / 2]

        val hello = (1..runs).map {
            val t = System.nanoTime()
            TestEnv.sidecar().use { s -> s.start(); ms(System.nanoTime() - t) }
        }
        println("start to hello (Kotlin client, fresh process): median ${"%.0f".format(median(hello))} ms, best ${"%.0f".format(hello.min())} ms ($runs runs)")

        TestEnv.sidecar().use { s ->
            val t0 = System.nanoTime()
            val id = s.openProject(project).project
            val ready = s.call(Requests.projectWait, ProjectRef(id), 10 * 60_000)
            println("${project.fileName}: ${ready.endpointCount} endpoints, ready after ${"%.0f".format(ms(System.nanoTime() - t0))} ms")
            val tree = (1..runs).map { val t = System.nanoTime(); s.call(Requests.endpointsTree, ProjectRef(id)); ms(System.nanoTime() - t) }
            val queries = listOf("GET /api", "user", "order id", "DELETE /api/v1/carts/c1/items/x", "prod")
            val search = (1..runs).flatMap { queries.map { q -> val t = System.nanoTime(); s.call(Requests.endpointsSearch, EndpointsSearchParams(id, q, 50)); ms(System.nanoTime() - t) } }
            println("  endpoints/tree round trip + decode: median ${"%.1f".format(median(tree))} ms; endpoints/search (limit 50): median ${"%.1f".format(median(search))} ms, max ${"%.1f".format(search.max())} ms")
            // What the IDE's actions and settings pages wait for.
            val bridge = ProjectBridge(s, id)
            val ids = s.call(Requests.endpointsTree, ProjectRef(id)).modules.flatMap { m -> m.classes.flatMap { c -> c.endpoints.map { it.id } } }.take(100)
            val copy = (1..runs).map { val t = System.nanoTime(); bridge.copy(ids, CopyTextParamsWhat.CURL); ms(System.nanoTime() - t) }
            val reset = (1..runs).map { val t = System.nanoTime(); bridge.reset(ids[it % ids.size]); ms(System.nanoTime() - t) }
            val settings = (1..runs).map { val t = System.nanoTime(); bridge.settings.get(); ms(System.nanoTime() - t) }
            println("  Copy as cURL (copy/text, ${ids.size} endpoints): median ${"%.1f".format(median(copy))} ms; Reset to Default (request/reset): median ${"%.1f".format(median(reset))} ms; settings/get: median ${"%.1f".format(median(settings))} ms")
            bridge.close()
            val restarted = CountDownLatch(1)
            s.onRestart { restarted.countDown() }
            val t = System.nanoTime()
            s.process().destroyForcibly()
            check(restarted.await(10, TimeUnit.MINUTES))
            val back = ms(System.nanoTime() - t)
            s.call(Requests.projectWait, ProjectRef(id), 10 * 60_000)
            println("  killed sidecar: answering again with the project reopened after ${"%.0f".format(back)} ms, its scan ready after ${"%.0f".format(ms(System.nanoTime() - t))} ms")
        }
    }
}
