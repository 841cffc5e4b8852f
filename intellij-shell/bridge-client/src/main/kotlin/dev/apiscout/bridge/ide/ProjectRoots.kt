package dev.apiscout.bridge.ide

/** Which open project a path belongs to: the deepest root containing it (projects may nest). */
public object ProjectRoots {
    /** The project (as given in [projects]) whose root contains [path], or null when none does. */
    public fun owner(projects: Collection<String>, path: String): String? {
        val file = normalize(path)
        return projects.filter { file.startsWith(normalize(it).trimEnd('/') + "/") }.maxByOrNull { normalize(it).trimEnd('/').length }
    }

    internal fun normalize(path: String): String = path.replace('\\', '/')
}
