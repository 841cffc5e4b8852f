// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/ui/src/com/intellij/util/ui/UIUtil.java
package com.intellij.util.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class UIUtil {
  private UIUtil() {}
  public static @NotNull java.awt.Font getLabelFont() { throw new UnsupportedOperationException(); }
}
