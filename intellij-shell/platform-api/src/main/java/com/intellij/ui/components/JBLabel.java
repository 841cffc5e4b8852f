// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/components/JBLabel.java
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBLabel extends javax.swing.JLabel {
  public JBLabel(@NotNull String text, @org.intellij.lang.annotations.JdkConstants.HorizontalAlignment int horizontalAlignment) { throw new UnsupportedOperationException(); }
  public JBLabel setCopyable(boolean copyable) { throw new UnsupportedOperationException(); }
}
