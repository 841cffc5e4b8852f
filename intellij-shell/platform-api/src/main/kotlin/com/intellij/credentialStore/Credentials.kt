// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/credential-store/src/com/intellij/credentialStore/Credentials.kt (class Credentials, declared in credentialStore.kt)
package com.intellij.credentialStore

class Credentials(user: String?, val password: OneTimeString? = null) {
  constructor(user: String?, password: String?) : this(user, null as OneTimeString?)

  val userName: String? = throw UnsupportedOperationException()

  fun getPasswordAsString(): String? = throw UnsupportedOperationException()
}
