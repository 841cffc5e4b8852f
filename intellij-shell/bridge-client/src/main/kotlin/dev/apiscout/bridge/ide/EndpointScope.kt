package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.EndpointSummary
import dev.apiscout.bridge.protocol.GutterMark
import dev.apiscout.bridge.protocol.TreeModule

/** Which endpoints an IDE selection means, and the text the clipboard actions copy. */
public object EndpointScope {
    /**
     * The endpoints declared in the selected files or under the selected folders, in tree order.
     * Paths are relative to the project root with forward slashes; "" is the whole project.
     */
    public fun select(tree: List<TreeModule>, paths: Collection<String>): List<EndpointSummary> {
        val wanted = paths.map { it.trim('/') }
        return tree.flatMap { m -> m.classes.flatMap { it.endpoints } }.filter { e ->
            wanted.any { p -> p.isEmpty() || e.source.file == p || e.source.file.startsWith("$p/") }
        }
    }

    /** In an editor: the endpoint whose method is declared on the caret's line, else every endpoint of the file. */
    public fun atCaret(marks: List<GutterMark>, caretLine: Int): List<String> {
        val onLine = marks.filter { it.line == caretLine }
        return (onLine.ifEmpty { marks }).map { it.id }
    }

    /** Copy API URL (§4.4): one `METHOD /path` line per endpoint, no host. */
    public fun apiUrls(endpoints: List<EndpointSummary>): String = endpoints.joinToString("\n") { it.address }

    /** Copy Path: one path per endpoint. */
    public fun paths(endpoints: List<EndpointSummary>): String = endpoints.joinToString("\n") { it.path }
}
