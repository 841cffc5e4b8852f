// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/ToolWindowManager.java
package com.intellij.openapi.wm;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ToolWindowManager {
  public static ToolWindowManager getInstance(@NotNull com.intellij.openapi.project.Project project) { throw new UnsupportedOperationException(); }
  public abstract @Nullable ToolWindow getToolWindow(@Nullable String id);
}
