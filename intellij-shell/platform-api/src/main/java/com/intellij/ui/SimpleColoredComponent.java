// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/SimpleColoredComponent.java
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class SimpleColoredComponent extends javax.swing.JComponent {
  public SimpleColoredComponent() { throw new UnsupportedOperationException(); }
  public final void append(@NotNull String fragment, @NotNull SimpleTextAttributes attributes) { throw new UnsupportedOperationException(); }
}
