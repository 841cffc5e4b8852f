// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/src/com/intellij/openapi/diagnostic/logger.kt
@file:JvmName("LoggerKt")

package com.intellij.openapi.diagnostic

inline fun <reified T : Any> logger(): Logger = throw UnsupportedOperationException()
