// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/Application.java
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Application extends com.intellij.openapi.components.ComponentManager {
  void invokeLater(@NotNull Runnable runnable);
  void invokeLater(@NotNull Runnable runnable, @NotNull ModalityState state);
  @NotNull java.util.concurrent.Future<?> executeOnPooledThread(@NotNull Runnable action);
  <T> T runReadAction(@NotNull com.intellij.openapi.util.Computable<T> computation);
  boolean isDispatchThread();
}
