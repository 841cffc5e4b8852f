// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/Messages.java
package com.intellij.openapi.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Messages {
  public static void showInfoMessage(java.awt.Component component, String message, @NotNull String title) { throw new UnsupportedOperationException(); }
  public static void showErrorDialog(@Nullable java.awt.Component component, String message, @NotNull String title) { throw new UnsupportedOperationException(); }
}
