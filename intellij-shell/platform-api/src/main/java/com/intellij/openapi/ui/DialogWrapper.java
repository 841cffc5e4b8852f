// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogWrapper.java
package com.intellij.openapi.ui;

public abstract class DialogWrapper {
  public static final int CANCEL_EXIT_CODE = 1;
  public final void close(int exitCode) { throw new UnsupportedOperationException(); }
}
