package dev.apiscout.bridge

import dev.apiscout.bridge.ide.FileChanges
import dev.apiscout.bridge.protocol.FileChange
import dev.apiscout.bridge.protocol.FileChangeKind
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class FileChangesTest {
    private fun c(path: String, kind: FileChangeKind = FileChangeKind.CHANGED) = FileChange(path, kind)

    @Test
    fun `routes each change to the deepest open project containing it`() {
        val routed = FileChanges.byProject(
            listOf("/w/shop", "/w/shop/tools", "/w/other/"),
            listOf(c("/w/shop/a/A.java"), c("/w/shop/tools/T.kt", FileChangeKind.CREATED), c("/w/other/B.java"), c("/w/shopping/C.java"), c("/elsewhere/D.java")),
        )
        assertEquals(
            mapOf(
                "/w/shop" to listOf(c("/w/shop/a/A.java")),
                "/w/shop/tools" to listOf(c("/w/shop/tools/T.kt", FileChangeKind.CREATED)),
                "/w/other/" to listOf(c("/w/other/B.java")),
            ),
            routed,
        )
    }

    @Test
    fun `keeps the last event of a path, and Windows separators match`() {
        val routed = FileChanges.byProject(
            listOf("C:\\w\\shop"),
            listOf(c("C:\\w\\shop\\A.java", FileChangeKind.CREATED), c("C:/w/shop/A.java", FileChangeKind.DELETED)),
        )
        assertEquals(mapOf("C:\\w\\shop" to listOf(c("C:/w/shop/A.java", FileChangeKind.DELETED))), routed)
    }
}
