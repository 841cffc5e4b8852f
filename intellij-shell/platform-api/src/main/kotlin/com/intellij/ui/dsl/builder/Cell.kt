// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/Cell.kt
package com.intellij.ui.dsl.builder

import javax.swing.JComponent

@LayoutDslMarker
interface Cell<out T : JComponent> : CellBase<Cell<T>> {
  override fun visible(isVisible: Boolean): Cell<T>

  override fun enabled(isEnabled: Boolean): Cell<T>

  override fun align(align: Align): Cell<T>

  override fun resizableColumn(): Cell<T>

  val component: T

  fun comment(comment: String?,
              maxLineLength: Int = DEFAULT_COMMENT_WIDTH,
              action: HyperlinkEventAction = HyperlinkEventAction.HTML_HYPERLINK_INSTANCE): Cell<T>

  fun applyToComponent(task: T.() -> Unit): Cell<T>
}
