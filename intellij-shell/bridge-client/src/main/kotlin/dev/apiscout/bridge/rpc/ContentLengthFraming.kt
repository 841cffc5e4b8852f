package dev.apiscout.bridge.rpc

import java.io.ByteArrayOutputStream
import java.io.EOFException
import java.io.InputStream
import java.io.OutputStream
import java.nio.charset.StandardCharsets

/**
 * LSP base framing: `Content-Length: N\r\n` (other headers ignored), an empty line, N bytes of
 * UTF-8 JSON. The sidecar's stdout carries nothing else, so anything that is not a header is a
 * broken channel, reported as [ProtocolException] with what was read.
 */
public class FrameReader(private val input: InputStream) {
    /** The next body, or null at a clean end of stream (between frames). */
    public fun read(): String? {
        var length = -1
        var first = true
        while (true) {
            val line = readHeaderLine(first) ?: return null
            first = false
            if (line.isEmpty()) break
            val colon = line.indexOf(':')
            if (colon <= 0) throw ProtocolException("malformed header from the sidecar: ${preview(line)}")
            val name = line.substring(0, colon).trim()
            if (name.equals("Content-Length", ignoreCase = true)) {
                length = line.substring(colon + 1).trim().toIntOrNull()
                    ?: throw ProtocolException("malformed Content-Length from the sidecar: ${preview(line)}")
                if (length < 0 || length > MAX_BODY) throw ProtocolException("Content-Length out of range: $length")
            }
        }
        if (length < 0) throw ProtocolException("a frame from the sidecar has no Content-Length header")
        val body = input.readNBytes(length)
        if (body.size < length) throw EOFException("the sidecar's stream ended inside a frame (${body.size} of $length bytes)")
        return String(body, StandardCharsets.UTF_8)
    }

    /** A header line without its CRLF; null when the stream ends before the first byte of a frame. */
    private fun readHeaderLine(startOfFrame: Boolean): String? {
        val buf = ByteArrayOutputStream()
        while (true) {
            val b = input.read()
            if (b == -1) {
                if (startOfFrame && buf.size() == 0) return null
                throw EOFException("the sidecar's stream ended inside a header")
            }
            if (b == '\n'.code) break
            buf.write(b)
            if (buf.size() > MAX_HEADER) throw ProtocolException("not a JSON-RPC frame from the sidecar: ${preview(buf.toString(StandardCharsets.UTF_8))}")
        }
        val line = buf.toString(StandardCharsets.UTF_8)
        return line.removeSuffix("\r")
    }

    private companion object {
        const val MAX_HEADER = 1024
        const val MAX_BODY = 512 * 1024 * 1024
    }
}

/** Writes frames; safe to call from several threads. */
public class FrameWriter(private val output: OutputStream) {
    public fun write(body: String) {
        val bytes = body.toByteArray(StandardCharsets.UTF_8)
        val header = "Content-Length: ${bytes.size}\r\n\r\n".toByteArray(StandardCharsets.US_ASCII)
        synchronized(this) {
            output.write(header)
            output.write(bytes)
            output.flush()
        }
    }
}

internal fun preview(text: String): String {
    val oneLine = text.replace(Regex("\\s+"), " ").trim()
    return if (oneLine.length > 120) "'${oneLine.take(120)}…'" else "'$oneLine'"
}
