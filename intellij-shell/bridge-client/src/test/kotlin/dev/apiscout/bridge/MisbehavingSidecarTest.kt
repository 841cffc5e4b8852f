package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.HelloParams
import dev.apiscout.bridge.protocol.NotificationTypes
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.rpc.ConnectionClosedException
import dev.apiscout.bridge.rpc.ProtocolException
import dev.apiscout.bridge.rpc.SidecarException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit

/** The client's failure paths against a fake sidecar (src/test/resources/fake-sidecar.mjs) that misbehaves on purpose. */
class MisbehavingSidecarTest {
    private fun fake(mode: String, log: MutableList<String> = CopyOnWriteArrayList()) = TestEnv.sidecar(TestEnv.fakeSidecar, log, mode)

    @Test
    fun `a reply that is not a frame fails the start with what was read`() {
        fake("garbage").use { sidecar ->
            val e = assertThrows(SidecarException::class.java) { sidecar.start() }
            assertTrue(e.message!!.contains("hello world, this is not JSON-RPC"), e.message)
        }
    }

    @Test
    fun `a result of the wrong shape fails that request only`() {
        fake("bad-result").use { sidecar ->
            sidecar.start()
            val e = assertThrows(ProtocolException::class.java) { sidecar.call(Requests.endpointsTree, ProjectRef("/p")) }
            assertTrue(e.message!!.startsWith("endpoints/tree: the result does not match the catalog"), e.message)
            assertEquals("fake", sidecar.call(Requests.hello, HelloParams()).serverVersion)
            assertEquals(0, sidecar.restartCount)
        }
    }

    @Test
    fun `a body that is not JSON fails what is pending at once and restarts the sidecar`() {
        val log = CopyOnWriteArrayList<String>()
        fake("bad-json", log).use { sidecar ->
            sidecar.start()
            val first = sidecar.process()
            val e = assertThrows(ProtocolException::class.java) { sidecar.call(Requests.endpointsTree, ProjectRef("/p"), 10_000) }
            assertTrue(e.message!!.contains("{not json"), e.message)
            eventually("the restart") { sidecar.restartCount == 1 }
            assertFalse(first.isAlive)
            assertEquals("fake", sidecar.call(Requests.hello, HelloParams()).serverVersion)
            assertTrue(log.any { it.contains("exited") && it.contains("restarting") }, log.toString())
        }
    }

    @Test
    fun `a cancelled request is cancelled in the sidecar too`() {
        fake("hang").use { sidecar ->
            sidecar.start()
            val cancelled = CopyOnWriteArrayList<String>()
            sidecar.onNotification(NotificationTypes.indexChanged) { cancelled += it.project }
            val waiting = sidecar.request(Requests.projectWait, ProjectRef("/p"))
            Thread.sleep(100)
            assertTrue(waiting.cancel(true))
            eventually("\$/cancelRequest to reach the sidecar") { cancelled.any { it.startsWith("cancelled:") } }
        }
    }

    @Test
    fun `closing fails pending requests, stops the process, and refuses new work`() {
        val sidecar = fake("hang")
        sidecar.start()
        val process = sidecar.process()
        val waiting = sidecar.request(Requests.projectWait, ProjectRef("/p"))
        assertFalse(sidecar.isClosed)
        sidecar.close()
        assertTrue(sidecar.isClosed)
        val e = assertThrows(ExecutionException::class.java) { waiting.get(5, TimeUnit.SECONDS) }
        assertInstanceOf(ConnectionClosedException::class.java, e.cause)
        assertTrue(process.onExit().get(5, TimeUnit.SECONDS).let { !it.isAlive })
        assertThrows(SidecarException::class.java) { sidecar.call(Requests.hello, HelloParams()) }
    }

    @Test
    fun `a sidecar that keeps dying is given up with its last words`() {
        val log = CopyOnWriteArrayList<String>()
        val sidecar = Sidecar(SidecarConfig(TestEnv.node.executable, TestEnv.fakeSidecar, log = { log += it }, maxRestarts = 2, extraArgs = listOf("hang")))
        sidecar.use {
            val failures = CopyOnWriteArrayList<SidecarException>()
            it.onFailure { f -> failures += f }
            it.start()
            repeat(3) { _ ->
                val p = it.process()
                p.destroyForcibly()
                p.onExit().get(5, TimeUnit.SECONDS)
                eventually("the sidecar to be restarted or given up") { failures.isNotEmpty() || runCatching { it.process().pid() != p.pid() }.getOrDefault(false) }
            }
            eventually("giving up") { failures.isNotEmpty() }
            assertTrue(failures.single().message!!.contains("died 3 times"), failures.single().message)
            assertTrue(failures.single().message!!.contains("fake hang got hello"), failures.single().message)
            assertThrows(SidecarException::class.java) { it.call(Requests.hello, HelloParams()) }
        }
    }
}
