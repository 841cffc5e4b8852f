// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/PluginId.java
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class PluginId implements Comparable<PluginId> {
  private PluginId() {}
  public static @NotNull PluginId getId(@NotNull String idString) { throw new UnsupportedOperationException(); }
  public @NotNull String getIdString() { throw new UnsupportedOperationException(); }
  @Override public int compareTo(@NotNull PluginId o) { throw new UnsupportedOperationException(); }
}
