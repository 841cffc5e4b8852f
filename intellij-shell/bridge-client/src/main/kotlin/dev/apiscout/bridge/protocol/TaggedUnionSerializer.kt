package dev.apiscout.bridge.protocol

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.buildClassSerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.contentOrNull

/**
 * The catalog's unions of objects told apart by one string property (`{"kind": "ids", ...}`,
 * `{"protocol": "grpc", ...}`), as sealed interfaces: the generated subclass says which member a
 * value is and how its fields (de)serialize; this writes and reads the tag. A member without a tag
 * (tag null) is the one whose objects lack the property, as an HTTP request draft lacks `protocol`.
 * JSON only, like the whole protocol.
 */
public abstract class TaggedUnionSerializer<T : Any>(private val name: String, private val tagName: String) : KSerializer<T> {
    override val descriptor: SerialDescriptor = buildClassSerialDescriptor("dev.apiscout.bridge.protocol.$name")

    /** The member's tag (null: the untagged member) and its fields. */
    protected abstract fun encode(json: Json, value: T): Pair<String?, JsonObject>

    /** The member named by [tag] (null: the property is absent), from the fields without the tag. */
    protected abstract fun decode(json: Json, tag: String?, body: JsonObject): T

    final override fun serialize(encoder: Encoder, value: T) {
        val out = encoder as? JsonEncoder ?: throw SerializationException("$name is written as JSON only")
        val (tag, body) = encode(out.json, value)
        out.encodeJsonElement(if (tag == null) body else JsonObject(mapOf(tagName to JsonPrimitive(tag)) + body))
    }

    final override fun deserialize(decoder: Decoder): T {
        val input = decoder as? JsonDecoder ?: throw SerializationException("$name is read from JSON only")
        val element = input.decodeJsonElement() as? JsonObject ?: throw SerializationException("$name: expected a JSON object")
        val tag = when (val t = element[tagName]) {
            null, JsonNull -> null
            is JsonPrimitive -> t.contentOrNull
            else -> throw SerializationException("$name: '$tagName' is not a string")
        }
        return decode(input.json, tag, JsonObject(element - tagName))
    }

    protected fun unknownTag(tag: String?): Nothing =
        throw SerializationException(if (tag == null) "$name: '$tagName' is missing" else "$name: unknown $tagName '$tag'")
}
