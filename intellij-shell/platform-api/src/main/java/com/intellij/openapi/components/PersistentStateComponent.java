// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/PersistentStateComponent.java
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PersistentStateComponent<T> {
  @Nullable T getState();
  void loadState(@NotNull T state);
}
