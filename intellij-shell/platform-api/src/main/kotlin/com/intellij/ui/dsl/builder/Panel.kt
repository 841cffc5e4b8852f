// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/Panel.kt
package com.intellij.ui.dsl.builder

import javax.swing.JLabel

@LayoutDslMarker
interface Panel : CellBase<Panel> {
  override fun visible(isVisible: Boolean): Panel

  override fun enabled(isEnabled: Boolean): Panel

  override fun align(align: Align): Panel

  override fun resizableColumn(): Panel

  fun row(label: String, init: Row.() -> Unit): Row

  fun row(label: JLabel? = null, init: Row.() -> Unit): Row

  fun panel(init: Panel.() -> Unit): Panel

  fun group(title: String? = null, indent: Boolean = true, init: Panel.() -> Unit): Row
}
