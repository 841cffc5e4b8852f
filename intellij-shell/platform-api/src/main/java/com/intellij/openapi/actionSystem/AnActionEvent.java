// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnActionEvent.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class AnActionEvent {
  private AnActionEvent() {}
  public @Nullable com.intellij.openapi.project.Project getProject() { throw new UnsupportedOperationException(); }
  public @NotNull Presentation getPresentation() { throw new UnsupportedOperationException(); }
  public @NotNull ActionManager getActionManager() { throw new UnsupportedOperationException(); }
  public <T> @Nullable T getData(@NotNull DataKey<T> key) { throw new UnsupportedOperationException(); }
}
