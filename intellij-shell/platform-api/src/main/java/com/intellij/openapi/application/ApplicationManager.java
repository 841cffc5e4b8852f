// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/application/ApplicationManager.java
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class ApplicationManager {
  public static Application getApplication() { throw new UnsupportedOperationException(); }
}
