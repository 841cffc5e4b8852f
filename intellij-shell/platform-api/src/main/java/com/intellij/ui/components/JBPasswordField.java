// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/components/JBPasswordField.java
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBPasswordField extends javax.swing.JPasswordField {
  public JBPasswordField() { throw new UnsupportedOperationException(); }
}
