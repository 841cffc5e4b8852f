// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionUpdateThreadAware.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ActionUpdateThreadAware {
  default @NotNull ActionUpdateThread getActionUpdateThread() { return ActionUpdateThread.EDT; }
}
