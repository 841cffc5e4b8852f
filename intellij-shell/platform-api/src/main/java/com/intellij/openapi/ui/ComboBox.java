// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/ComboBox.java
package com.intellij.openapi.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class ComboBox<E> extends javax.swing.JComboBox<E> {
  public ComboBox() { throw new UnsupportedOperationException(); }
}
