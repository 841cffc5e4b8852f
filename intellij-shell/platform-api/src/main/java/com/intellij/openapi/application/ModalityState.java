// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ModalityState.java
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ModalityState {
  public static @NotNull ModalityState any() { throw new UnsupportedOperationException(); }
  public static @NotNull ModalityState defaultModalityState() { throw new UnsupportedOperationException(); }
  public static @NotNull ModalityState nonModal() { throw new UnsupportedOperationException(); }
}
