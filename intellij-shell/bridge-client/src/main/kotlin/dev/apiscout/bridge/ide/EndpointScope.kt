package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.bridge.protocol.TreeModule

/** Which endpoints an IDE selection means (the copy actions' text comes from copy/text: [ProjectBridge.copy]). */
public object EndpointScope {
    /**
     * The endpoints declared in the selected files or under the selected folders, in tree order.
     * Paths are relative to the project root with forward slashes; "" is the whole project. With a
     * [caretLine] (one file in an editor) an endpoint declared on that line is the selection, when there is one.
     */
    public fun select(tree: List<TreeModule>, paths: Collection<String>, caretLine: Int? = null): List<EndpointSummary> {
        val wanted = paths.map { it.trim('/') }
        val inPaths = tree.flatMap { m -> m.classes.flatMap { it.endpoints } }.filter { e ->
            wanted.any { p -> p.isEmpty() || e.source.file == p || e.source.file.startsWith("$p/") }
        }
        if (caretLine == null) return inPaths
        return inPaths.filter { it.source.line == caretLine }.ifEmpty { inPaths }
    }
}
