// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/ToolWindow.java
package com.intellij.openapi.wm;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ToolWindow extends com.intellij.openapi.ui.BusyObject {
  void activate(@Nullable Runnable runnable);
  @NotNull com.intellij.ui.content.ContentManager getContentManager();
  @NotNull com.intellij.openapi.Disposable getDisposable();
  void setTitleActions(@NotNull java.util.List<? extends com.intellij.openapi.actionSystem.AnAction> actions);
}
