package dev.apiscout.bridge

import dev.apiscout.bridge.protocol.MIN_NODE_VERSION
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.PosixFilePermissions

class NodeLocatorTest {
    @TempDir lateinit var tmp: Path

    private fun fakeNode(dir: Path, version: String): Path {
        Files.createDirectories(dir)
        val node = dir.resolve("node")
        Files.writeString(node, "#!/bin/sh\necho $version\n")
        Files.setPosixFilePermissions(node, PosixFilePermissions.fromString("rwxr-xr-x"))
        return node
    }

    @Test
    fun `finds node on the PATH, after directories without one`() {
        val node = fakeNode(tmp.resolve("b"), "v22.3.0")
        val found = NodeLocator.locate(path = listOf(tmp.resolve("a"), tmp.resolve("b")).joinToString(java.io.File.pathSeparator), windows = false)
        assertEquals(node, found.executable)
        assertEquals("22.3.0", found.version)
    }

    @Test
    fun `the configured path wins over the PATH`() {
        val configured = fakeNode(tmp.resolve("configured"), "v20.18.0")
        fakeNode(tmp.resolve("onpath"), "v24.0.0")
        assertEquals(configured, NodeLocator.locate(configured.toString(), tmp.resolve("onpath").toString(), false).executable)
    }

    @Test
    fun `no node says what to install, naming the minimum version`() {
        val e = assertThrows(NodeNotFoundException::class.java) { NodeLocator.locate(path = tmp.toString(), windows = false) }
        assertTrue(e.message!!.contains("Node.js $MIN_NODE_VERSION or newer"), e.message)
        assertTrue(e.message!!.contains("https://nodejs.org"), e.message)
    }

    @Test
    fun `an old node is named with its version`() {
        val old = fakeNode(tmp.resolve("old"), "v18.19.1")
        val e = assertThrows(NodeNotFoundException::class.java) { NodeLocator.locate(path = old.parent.toString(), windows = false) }
        assertTrue(e.message!!.contains("is 18.19.1") && e.message!!.contains(MIN_NODE_VERSION), e.message)
    }

    @Test
    fun `a configured path that is not a program says so`() {
        val e = assertThrows(NodeNotFoundException::class.java) { NodeLocator.locate(tmp.resolve("nope").toString()) }
        assertTrue(e.message!!.contains(tmp.resolve("nope").toString()), e.message)
    }

    @Test
    fun `compares versions by their numbers`() {
        assertTrue(NodeLocator.atLeast("20.18.0", "20.18"))
        assertTrue(NodeLocator.atLeast("v20.18.1", "20.18"))
        assertTrue(NodeLocator.atLeast("22.0.0-nightly2024", "20.18"))
        assertFalse(NodeLocator.atLeast("20.17.9", "20.18"))
        assertFalse(NodeLocator.atLeast("9.99", "20.18"))
    }

    @Test
    fun `the real node of this machine qualifies`() {
        assertTrue(NodeLocator.atLeast(TestEnv.node.version, MIN_NODE_VERSION))
    }
}
