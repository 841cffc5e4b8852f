package dev.apiscout.bridge.rpc

/** Anything that went wrong talking to the sidecar. */
public open class SidecarException(message: String, cause: Throwable? = null) : RuntimeException(message, cause)

/** The sidecar answered a request with a JSON-RPC error (codes in [dev.apiscout.bridge.protocol.ErrorCodes]). */
public class RpcException(public val method: String, public val code: Int, message: String) :
    SidecarException("$method failed ($code): $message")

/** The sidecar wrote something that is not the protocol: a broken frame, bad JSON, a result of the wrong shape. */
public class ProtocolException(message: String, cause: Throwable? = null) : SidecarException(message, cause)

/** The connection ended (the process died or was stopped) before the answer came. */
public class ConnectionClosedException(message: String) : SidecarException(message)
