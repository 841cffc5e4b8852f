// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ui.jcef/jcef/JBCefBrowser.java
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBCefBrowser extends JBCefBrowserBase {
  public JBCefBrowser() { throw new UnsupportedOperationException(); }
  public JBCefBrowser(@NotNull String url) { throw new UnsupportedOperationException(); }
  @Override public @NotNull javax.swing.JComponent getComponent() { throw new UnsupportedOperationException(); }
}
