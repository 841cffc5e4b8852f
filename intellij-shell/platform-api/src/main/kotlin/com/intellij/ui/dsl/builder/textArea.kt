// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/textArea.kt
@file:JvmName("TextAreaKt")

package com.intellij.ui.dsl.builder

import javax.swing.JTextArea

fun <T : JTextArea> Cell<T>.columns(columns: Int): Cell<T> = throw UnsupportedOperationException()

fun <T : JTextArea> Cell<T>.rows(rows: Int): Cell<T> = throw UnsupportedOperationException()
