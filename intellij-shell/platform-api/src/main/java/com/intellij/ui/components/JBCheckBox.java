// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/components/JBCheckBox.java
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBCheckBox extends javax.swing.JCheckBox {
  public JBCheckBox() { throw new UnsupportedOperationException(); }
}
