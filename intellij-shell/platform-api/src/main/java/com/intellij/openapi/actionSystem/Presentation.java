// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/actionSystem/Presentation.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class Presentation {
  public Presentation() { throw new UnsupportedOperationException(); }
  public boolean isEnabledAndVisible() { throw new UnsupportedOperationException(); }
  public void setEnabledAndVisible(boolean enabled) { throw new UnsupportedOperationException(); }
}
