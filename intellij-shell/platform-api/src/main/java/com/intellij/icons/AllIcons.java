// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/ui/src/com/intellij/icons/AllIcons.java (generated)
package com.intellij.icons;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class AllIcons {
  public static final class Actions {
    public static final @NotNull javax.swing.Icon Execute = null;
  }
}
