// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-ui/src/ui/SimpleTextAttributes.java
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class SimpleTextAttributes {
  public static final SimpleTextAttributes REGULAR_BOLD_ATTRIBUTES = null;
  public static final SimpleTextAttributes GRAYED_ATTRIBUTES = null;
  public static final SimpleTextAttributes GRAY_ITALIC_ATTRIBUTES = null;
}
