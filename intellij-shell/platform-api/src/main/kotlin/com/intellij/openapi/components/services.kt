// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/components/services.kt
@file:JvmName("ServicesKt")

package com.intellij.openapi.components

inline fun <reified T : Any> ComponentManager.service(): T = throw UnsupportedOperationException()

inline fun <reified T : Any> service(): T = throw UnsupportedOperationException()
