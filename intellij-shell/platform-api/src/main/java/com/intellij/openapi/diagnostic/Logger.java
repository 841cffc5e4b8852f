// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/src/com/intellij/openapi/diagnostic/Logger.java
package com.intellij.openapi.diagnostic;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class Logger {
  public static @NotNull Logger getInstance(@NotNull Class<?> cl) { throw new UnsupportedOperationException(); }
  public abstract void info(String message);
  public abstract void warn(String message, @Nullable Throwable t);
}
