// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/credential-store/src/com/intellij/credentialStore/CredentialAttributes.kt
@file:JvmName("CredentialAttributesKt")

package com.intellij.credentialStore

class CredentialAttributes(
  val serviceName: String,
  val userName: String? = null,
  val isPasswordMemoryOnly: Boolean = false,
  val cacheDeniedItems: Boolean = true,
) {
  constructor(serviceName: String, userName: String?) : this(serviceName, userName, false, true)
}

fun generateServiceName(subsystem: String, key: String): String = throw UnsupportedOperationException()
