package dev.apiscout.intellij

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.vfs.newvfs.BulkFileListener
import com.intellij.openapi.vfs.newvfs.events.VFileContentChangeEvent
import com.intellij.openapi.vfs.newvfs.events.VFileCopyEvent
import com.intellij.openapi.vfs.newvfs.events.VFileCreateEvent
import com.intellij.openapi.vfs.newvfs.events.VFileDeleteEvent
import com.intellij.openapi.vfs.newvfs.events.VFileEvent
import com.intellij.openapi.vfs.newvfs.events.VFileMoveEvent
import com.intellij.openapi.vfs.newvfs.events.VFilePropertyChangeEvent
import dev.apiscout.bridge.protocol.FileChange
import dev.apiscout.bridge.protocol.FileChangeKind

/**
 * Saves, VCS updates, moves, renames (Refactor | Rename of a class renames its file) and copies reach
 * the sidecar as files/changed, which re-scans only what they affect; a folder's path stands for
 * everything in it.
 */
class FileChangeForwarder : BulkFileListener {
    override fun after(events: List<VFileEvent>) {
        val changes = events.flatMap { e ->
            when (e) {
                is VFileContentChangeEvent -> listOf(FileChange(e.path, FileChangeKind.CHANGED))
                is VFileCreateEvent -> listOf(FileChange(e.path, FileChangeKind.CREATED))
                is VFileDeleteEvent -> listOf(FileChange(e.path, FileChangeKind.DELETED))
                is VFileMoveEvent -> listOf(FileChange(e.oldPath, FileChangeKind.DELETED), FileChange(e.newPath, FileChangeKind.CREATED))
                is VFilePropertyChangeEvent ->
                    if (e.propertyName == VirtualFile.PROP_NAME) listOf(FileChange(e.oldPath, FileChangeKind.DELETED), FileChange(e.newPath, FileChangeKind.CREATED))
                    else emptyList()
                is VFileCopyEvent -> listOf(FileChange(e.path, FileChangeKind.CREATED))
                else -> emptyList()
            }
        }
        if (changes.isNotEmpty()) ApplicationManager.getApplication().executeOnPooledThread { SidecarService.get().forward(changes) }
    }
}
