package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.FileChange

/** Routes the IDE's file events (absolute paths) to the open projects that contain them. */
public object FileChanges {
    /**
     * The changes of each open project, by project id (its root). A path inside nested roots belongs to
     * the deepest; paths outside every root are dropped; the same path twice keeps its last event.
     */
    public fun byProject(projects: Collection<String>, changes: List<FileChange>): Map<String, List<FileChange>> {
        val routed = LinkedHashMap<String, LinkedHashMap<String, FileChange>>()
        for (change in changes) {
            val project = ProjectRoots.owner(projects, change.path) ?: continue
            val path = ProjectRoots.normalize(change.path)
            val ofProject = routed.getOrPut(project) { LinkedHashMap() }
            ofProject.remove(path)
            ofProject[path] = change
        }
        return routed.mapValues { it.value.values.toList() }
    }
}
