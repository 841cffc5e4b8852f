// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/utils.kt
@file:JvmName("UtilsKt")

package com.intellij.ui.dsl.builder

import javax.swing.event.HyperlinkEvent

const val DEFAULT_COMMENT_WIDTH: Int = 70
const val MAX_LINE_LENGTH_WORD_WRAP: Int = -1
const val MAX_LINE_LENGTH_NO_WRAP: Int = Int.MAX_VALUE

fun interface HyperlinkEventAction {
  companion object {
    @JvmField
    val HTML_HYPERLINK_INSTANCE: HyperlinkEventAction = HyperlinkEventAction { throw UnsupportedOperationException() }
  }

  fun hyperlinkActivated(e: HyperlinkEvent)
}
