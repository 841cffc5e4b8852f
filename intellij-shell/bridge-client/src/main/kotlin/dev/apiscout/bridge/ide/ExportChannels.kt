package dev.apiscout.bridge.ide

import dev.apiscout.bridge.protocol.ExportOutcome
import dev.apiscout.bridge.protocol.ExportRequestChannel

/** The Export action's choices (§4.5), in the explorer's order and words, and what it says afterwards. */
public object ExportChannels {
    public data class Choice(val channel: ExportRequestChannel, val label: String)

    public val choices: List<Choice> = listOf(
        Choice(ExportRequestChannel.MARKDOWN, "Markdown"),
        Choice(ExportRequestChannel.OPENAPI, "OpenAPI"),
        Choice(ExportRequestChannel.CURL, "cURL (.sh)"),
        Choice(ExportRequestChannel.HTTP_CLIENT, "IDE HTTP client (.http)"),
        Choice(ExportRequestChannel.POSTMAN, "Postman collection"),
        Choice(ExportRequestChannel.HOPPSCOTCH, "Hoppscotch collection"),
        Choice(ExportRequestChannel.YAPI, "YApi"),
        Choice(ExportRequestChannel.APIPOST, "Apipost"),
    )

    /** One line for the balloon: how many were exported where, then what was skipped and why, and the warnings. */
    public fun summary(choice: Choice, outcome: ExportOutcome): String = buildString {
        val files = outcome.files.map { it.path }
        append("${outcome.exported} of ${outcome.selected} APIs exported to ${choice.label}")
        if (files.isNotEmpty()) append(": ${files.joinToString(", ")}")
        for (s in outcome.skipped) append("\nskipped ${s.address}: ${s.reason}")
        for (w in outcome.warnings) append("\n$w")
    }
}
