// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/credentialStore/CredentialAttributes.kt
@file:JvmName("CredentialAttributesKt")

package com.intellij.credentialStore

fun generateServiceName(subsystem: String, key: String): String = throw UnsupportedOperationException()

class CredentialAttributes @JvmOverloads constructor(
  val serviceName: String,
  val userName: String? = null,
  val isPasswordMemoryOnly: Boolean = false,
  val cacheDeniedItems: Boolean = true,
)

// user cannot be empty, but password can be
class Credentials(user: String?, val password: OneTimeString? = null) {
  constructor(user: String?, password: String?) : this(user, null as OneTimeString?)

  constructor(user: String?, password: CharArray?) : this(user, null as OneTimeString?)

  val userName: String? = throw UnsupportedOperationException()

  fun getPasswordAsString(): String? = throw UnsupportedOperationException()
}
