// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-ui/src/com/intellij/openapi/actionSystem/DataKey.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class DataKey<T> {
  private DataKey() {}
  public static @NotNull <T> DataKey<T> create(@NotNull String name) { throw new UnsupportedOperationException(); }
}
