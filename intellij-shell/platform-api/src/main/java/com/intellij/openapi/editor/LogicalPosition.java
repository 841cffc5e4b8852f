// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/editor/LogicalPosition.java
package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class LogicalPosition implements Comparable<LogicalPosition> {
  public final int line;
  public final int column;
  public LogicalPosition(int line, int column) { throw new UnsupportedOperationException(); }
  @Override public int compareTo(@NotNull LogicalPosition position) { throw new UnsupportedOperationException(); }
}
