// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/builder.kt
@file:JvmName("BuilderKt")

package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.DialogPanel

@DslMarker
@Target(AnnotationTarget.CLASS, AnnotationTarget.TYPE, AnnotationTarget.TYPEALIAS)
annotation class LayoutDslMarker

fun panel(init: Panel.() -> Unit): DialogPanel = throw UnsupportedOperationException()
