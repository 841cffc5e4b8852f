// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/credential-store/src/com/intellij/credentialStore/CredentialStore.kt
package com.intellij.credentialStore

interface CredentialStore {
  operator fun get(attributes: CredentialAttributes): Credentials?

  fun getPassword(attributes: CredentialAttributes): String? = throw UnsupportedOperationException()

  operator fun set(attributes: CredentialAttributes, credentials: Credentials?)
}
