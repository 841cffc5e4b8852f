// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/credentialStore/OneTimeString.kt
package com.intellij.credentialStore

class OneTimeString private constructor()
