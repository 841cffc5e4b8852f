// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/Disposer.java
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;

public final class Disposer {
  private Disposer() {}
  public static void register(@NotNull Disposable parent, @NotNull Disposable child) { throw new UnsupportedOperationException(); }
  public static void dispose(@NotNull Disposable disposable) { throw new UnsupportedOperationException(); }
}
