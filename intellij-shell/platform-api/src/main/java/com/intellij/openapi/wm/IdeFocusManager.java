// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/wm/IdeFocusManager.java
package com.intellij.openapi.wm;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class IdeFocusManager {
  public static IdeFocusManager getGlobalInstance() { throw new UnsupportedOperationException(); }
  public abstract @Nullable IdeFrame getLastFocusedFrame();
}
