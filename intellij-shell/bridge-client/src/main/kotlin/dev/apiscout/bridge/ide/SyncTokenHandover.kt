package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.SyncTokenParams
import dev.apiscout.bridge.protocol.SyncTokenResult

/**
 * The Postman API token (§5.1) from the IDE's password safe to the sidecar, which holds it in memory
 * only (sync/token): handed over when the sidecar starts, again after every restart (a new process
 * has forgotten it), and when the user changes it. [read] is the password-safe lookup; it may block,
 * so it is only ever called off the UI thread (on the caller's thread or the restart thread).
 */
public class SyncTokenHandover(private val sidecar: Sidecar, private val read: () -> String?, private val log: (String) -> Unit = {}) : AutoCloseable {
    private val restart = sidecar.onRestart {
        try {
            handOver()
        } catch (e: RuntimeException) {
            log("could not hand the sync token to the restarted sidecar: ${e.message}")
        }
    }

    /**
     * Hands over the stored token, if there is one; without one nothing is sent, so a token the user
     * keeps in apiscout's own user settings (the CLI's way) stays in force. Null when nothing was sent.
     */
    public fun handOver(): SyncTokenResult? {
        val token = read()?.trim()?.takeIf { it.isNotEmpty() } ?: return null
        return sidecar.call(Requests.syncToken, SyncTokenParams(token))
    }

    /** The user set or cleared the token in the settings page: the sidecar takes the new one, or forgets the old. */
    public fun changed(token: String?): SyncTokenResult =
        sidecar.call(Requests.syncToken, SyncTokenParams(token?.trim()?.takeIf { it.isNotEmpty() }))

    override fun close() = restart.close()
}
