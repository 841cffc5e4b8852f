// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnAction.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class AnAction implements com.intellij.openapi.project.PossiblyDumbAware, ActionUpdateThreadAware {
  public AnAction() { throw new UnsupportedOperationException(); }
  public void update(@NotNull AnActionEvent e) { throw new UnsupportedOperationException(); }
  public abstract void actionPerformed(@NotNull AnActionEvent e);
  @Override public @NotNull ActionUpdateThread getActionUpdateThread() { throw new UnsupportedOperationException(); }
}
