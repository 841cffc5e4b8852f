package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.EndpointsSearchParams
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.SearchMatch
import java.util.concurrent.CancellationException
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/**
 * Search Everywhere's APIs tab over endpoints/search. It never waits for a project to open (no
 * project yet means no results this time) and never throws: a failed search shows nothing and is
 * logged, as the platform expects of a contributor.
 */
public object EndpointSearch {
    public fun fetch(
        bridge: ProjectBridge?,
        pattern: String,
        isCanceled: () -> Boolean,
        consumer: (SearchMatch) -> Boolean,
        log: (String) -> Unit = {},
        limit: Int = 100,
    ) {
        if (bridge == null || pattern.isBlank()) return
        val future = try {
            bridge.sidecar.request(Requests.endpointsSearch, EndpointsSearchParams(bridge.project, pattern, limit))
        } catch (e: RuntimeException) {
            log("endpoints/search: ${e.message}")
            return
        }
        // Poll so a cancelled indicator (the user typed on) cancels the request too.
        while (true) {
            if (isCanceled()) {
                future.cancel(true)
                return
            }
            val result = try {
                future.get(50, TimeUnit.MILLISECONDS)
            } catch (_: TimeoutException) {
                continue
            } catch (_: CancellationException) {
                return
            } catch (e: ExecutionException) {
                log("endpoints/search: ${e.cause?.message ?: e.message}")
                return
            } catch (_: InterruptedException) {
                Thread.currentThread().interrupt()
                future.cancel(true)
                return
            }
            for (match in result.results) if (!consumer(match)) return
            return
        }
    }
}
