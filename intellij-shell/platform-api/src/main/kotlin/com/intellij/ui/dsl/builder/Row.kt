// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-impl/src/com/intellij/ui/dsl/builder/Row.kt
package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.ComboBox
import com.intellij.ui.components.JBCheckBox
import com.intellij.ui.components.JBTextArea
import com.intellij.ui.components.JBTextField
import java.awt.event.ActionEvent
import javax.swing.ComboBoxModel
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JEditorPane
import javax.swing.ListCellRenderer

@LayoutDslMarker
interface Row {
  fun <T : JComponent> cell(component: T): Cell<T>

  fun cell()

  fun checkBox(text: String): Cell<JBCheckBox>

  fun button(text: String, actionListener: (event: ActionEvent) -> Unit): Cell<JButton>

  fun comment(comment: String, maxLineLength: Int = MAX_LINE_LENGTH_WORD_WRAP,
              action: HyperlinkEventAction = HyperlinkEventAction.HTML_HYPERLINK_INSTANCE): Cell<JEditorPane>

  fun textField(): Cell<JBTextField>

  fun textArea(): Cell<JBTextArea>

  fun <T> comboBox(model: ComboBoxModel<T>, renderer: ListCellRenderer<in T?>? = null): Cell<ComboBox<T>>

  fun <T> comboBox(items: Collection<T>, renderer: ListCellRenderer<in T?>? = null): Cell<ComboBox<T>>
}
