// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/SimpleListCellRenderer.java
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class SimpleListCellRenderer<T> extends javax.swing.JLabel implements javax.swing.ListCellRenderer<T> {
  public static @NotNull <T> SimpleListCellRenderer<T> create(@NotNull String nullValue, @NotNull java.util.function.Function<? super T, String> getText) { throw new UnsupportedOperationException(); }
}
