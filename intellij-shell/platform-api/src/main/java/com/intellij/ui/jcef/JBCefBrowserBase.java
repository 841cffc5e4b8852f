// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ui.jcef/jcef/JBCefBrowserBase.java
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class JBCefBrowserBase implements JBCefDisposable {
  public @NotNull org.cef.browser.CefBrowser getCefBrowser() { throw new UnsupportedOperationException(); }
  public @NotNull JBCefClient getJBCefClient() { throw new UnsupportedOperationException(); }
  public void loadURL(@NotNull String url) { throw new UnsupportedOperationException(); }
  public abstract @Nullable javax.swing.JComponent getComponent();
  @Override public void dispose() { throw new UnsupportedOperationException(); }
}
