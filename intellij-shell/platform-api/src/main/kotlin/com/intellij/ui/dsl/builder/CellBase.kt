// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/CellBase.kt
package com.intellij.ui.dsl.builder

@LayoutDslMarker
interface CellBase<out T : CellBase<T>> {
  fun visible(isVisible: Boolean): CellBase<T>

  fun enabled(isEnabled: Boolean): CellBase<T>

  fun align(align: Align): CellBase<T>

  fun resizableColumn(): CellBase<T>
}
