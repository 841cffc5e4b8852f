// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionManager.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ActionManager {
  public static ActionManager getInstance() { throw new UnsupportedOperationException(); }
  public abstract AnAction getAction(@NotNull String actionId);
  public abstract String getId(@NotNull AnAction action);
}
