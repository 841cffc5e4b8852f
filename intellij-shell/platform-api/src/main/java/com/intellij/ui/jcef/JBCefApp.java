// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ui.jcef/jcef/JBCefApp.java
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class JBCefApp {
  private JBCefApp() {}
  public static boolean isSupported() { throw new UnsupportedOperationException(); }
}
