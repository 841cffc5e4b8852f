// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ide/passwordSafe/PasswordStorage.kt
package com.intellij.ide.passwordSafe

import com.intellij.credentialStore.CredentialStore

interface PasswordStorage : CredentialStore
