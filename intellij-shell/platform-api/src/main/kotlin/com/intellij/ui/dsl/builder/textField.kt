// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/textField.kt
@file:JvmName("TextFieldKt")

package com.intellij.ui.dsl.builder

import javax.swing.JTextField
import javax.swing.text.JTextComponent

fun <T : JTextComponent> Cell<T>.text(text: String): Cell<T> = throw UnsupportedOperationException()

fun <T : JTextField> Cell<T>.columns(columns: Int): Cell<T> = throw UnsupportedOperationException()
