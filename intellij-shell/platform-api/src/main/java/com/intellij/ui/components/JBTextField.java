// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/components/JBTextField.java
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBTextField extends javax.swing.JTextField {
  public JBTextField() { throw new UnsupportedOperationException(); }
  public JBTextField(String text, int columns) { throw new UnsupportedOperationException(); }
}
