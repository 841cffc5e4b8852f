// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/Align.kt
package com.intellij.ui.dsl.builder

sealed interface Align {
  companion object {
    @JvmField
    val FILL: Align = throw UnsupportedOperationException()

    @JvmField
    val CENTER: Align = throw UnsupportedOperationException()
  }
}
