// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/components/JBTextArea.java
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBTextArea extends javax.swing.JTextArea {
  public JBTextArea() { throw new UnsupportedOperationException(); }
}
