package dev.apiscout.bridge.ide

import dev.apiscout.bridge.Sidecar
import dev.apiscout.bridge.protocol.CallCancelParams
import dev.apiscout.bridge.protocol.CallResult
import dev.apiscout.bridge.protocol.CallSendParams
import dev.apiscout.bridge.protocol.CopyTextParams
import dev.apiscout.bridge.protocol.CopyTextParamsWhat
import dev.apiscout.bridge.protocol.CopyTextResult
import dev.apiscout.bridge.protocol.EndpointRef
import dev.apiscout.bridge.protocol.ExportDestination
import dev.apiscout.bridge.protocol.ExportOutcome
import dev.apiscout.bridge.protocol.ExportRequest
import dev.apiscout.bridge.protocol.ExportRequestChannel
import dev.apiscout.bridge.protocol.GrpcDetectReport
import dev.apiscout.bridge.protocol.GrpcRequestDraft
import dev.apiscout.bridge.protocol.HttpRequestDraft
import dev.apiscout.bridge.protocol.NavigateTarget
import dev.apiscout.bridge.protocol.ProjectRef
import dev.apiscout.bridge.protocol.RequestDraft
import dev.apiscout.bridge.protocol.RequestSaveParams
import dev.apiscout.bridge.protocol.RequestState
import dev.apiscout.bridge.protocol.Requests
import dev.apiscout.bridge.protocol.Selection
import dev.apiscout.bridge.protocol.TreeModule
import java.util.UUID
import java.util.concurrent.CompletableFuture

/**
 * One open project's operations, typed: what the IDE's actions, pages and tool window call. Every
 * method but [sendAsync] blocks until the sidecar answers, so callers run it off the UI thread;
 * sidecar errors arrive as [dev.apiscout.bridge.rpc.RpcException] (codes in ErrorCodes).
 */
public class ProjectBridge(public val sidecar: Sidecar, public val project: String) : AutoCloseable {
    /** This project's settings (user values with the project's overrides), for fast reads. */
    public val settings: LiveSettings = LiveSettings(sidecar, project)

    public fun tree(): List<TreeModule> = sidecar.call(Requests.endpointsTree, ProjectRef(project)).modules

    public fun navigationTarget(id: String): NavigateTarget = sidecar.call(Requests.navigationTarget, EndpointRef(project, id))

    // ------------------------------------------------------------ request state (§2.2, §3)

    /** The request editor's content: saved edits, else the request built from source. */
    public fun request(id: String): RequestState = sidecar.call(Requests.requestGet, EndpointRef(project, id))

    public fun save(id: String, draft: RequestDraft) {
        sidecar.call(Requests.requestSave, RequestSaveParams(project, id, draft))
    }

    /** Reset to Default: drops the edits and re-reads the source, so new DTO fields appear. */
    public fun reset(id: String): RequestState = sidecar.call(Requests.requestReset, EndpointRef(project, id))

    // ------------------------------------------------------------ calls (§4.1)

    /** A call in flight: its id names it in call/message and response/save; [cancel] ends it. */
    public inner class PendingCall internal constructor(public val callId: String, public val result: CompletableFuture<CallResult>) {
        /** Cancels in the sidecar: a gRPC reply ends with what arrived, an HTTP call fails as cancelled. False when it had ended. */
        public fun cancel(): Boolean = sidecar.call(Requests.callCancel, CallCancelParams(callId)).cancelled
    }

    /** Sends an endpoint's request; a [draft] given is saved as the edits first (as the explorer does). */
    public fun sendAsync(id: String, draft: RequestDraft? = null, environment: String? = null, callId: String = newCallId()): PendingCall =
        PendingCall(callId, sidecar.request(Requests.callSend, CallSendParams(project, id, callId, draft, environment)))

    public fun send(id: String, draft: RequestDraft? = null, environment: String? = null, timeoutMillis: Long = 10 * 60_000): CallResult {
        val callId = newCallId()
        return sidecar.call(Requests.callSend, CallSendParams(project, id, callId, draft, environment), timeoutMillis)
    }

    // ------------------------------------------------------------ export and copy (§4.4, §4.5)

    public fun export(channel: ExportRequestChannel, selection: Selection, destination: ExportDestination): ExportOutcome =
        export(ExportRequest(project, channel, selection, destination))

    /** The full form: environment, title, cURL formatting, render mode, scripts, OpenAPI version. */
    public fun export(request: ExportRequest): ExportOutcome = sidecar.call(Requests.exportRun, request.copy(project = project), 10 * 60_000)

    /** The text of Copy API URL, Copy Path or Copy as cURL for these endpoints, with its warnings (unresolved placeholders). */
    public fun copy(ids: List<String>, what: CopyTextParamsWhat): CopyTextResult {
        require(ids.isNotEmpty()) { "copy needs at least one endpoint" }
        return sidecar.call(Requests.copyText, CopyTextParams(project, ids, what))
    }

    // ------------------------------------------------------------ gRPC Runtime page (§2.6)

    /** Auto Detect: what gRPC calls would use here; [AutoDetected] is what the page shows and fills in. */
    public fun autoDetect(): AutoDetected = AutoDetected(sidecar.call(Requests.grpcDetect, ProjectRef(project), 5 * 60_000))

    /** Asks the IDE host (this client's own [IdeHost]) to open an endpoint's source: true when a host got it. */
    public fun navigateInHost(id: String): Boolean = sidecar.call(Requests.hostNavigate, EndpointRef(project, id)).delivered

    override fun close() = settings.close()

    public companion object {
        public fun newCallId(): String = "ide-" + UUID.randomUUID()
    }
}

/** Auto Detect's answer as the gRPC Runtime page uses it: the entries for its list and the lines it shows. */
public class AutoDetected(public val report: GrpcDetectReport) {
    /** What `grpc.runtime` becomes: the entries calls will use, in order. */
    public val runtime: List<String> get() = report.runtime

    /** One fact a line, for a message dialog. */
    public val summary: String get() = report.summary.joinToString("\n").ifEmpty { "Nothing found for gRPC calls in this project." }
}

/** The same draft aimed at another host (scheme, host and port; or host:port for gRPC). */
public fun RequestDraft.withHost(host: String): RequestDraft = when (this) {
    is HttpRequestDraft -> copy(host = host)
    is GrpcRequestDraft -> copy(host = host)
}
