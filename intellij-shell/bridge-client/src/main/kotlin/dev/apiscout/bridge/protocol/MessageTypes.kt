package dev.apiscout.bridge.protocol

import kotlinx.serialization.KSerializer

/** A request of the catalog: its method name and how its params and result are (de)serialized. */
public class RequestType<P, R>(
    public val method: String,
    public val params: KSerializer<P>,
    public val result: KSerializer<R>,
) {
    override fun toString(): String = method
}

/** A notification of the catalog. */
public class NotificationType<P>(
    public val method: String,
    public val params: KSerializer<P>,
) {
    override fun toString(): String = method
}
