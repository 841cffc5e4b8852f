// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ui.jcef/jcef/JBCefClient.java
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class JBCefClient implements com.intellij.openapi.Disposable {
  private JBCefClient() {}
  public JBCefClient addLoadHandler(@NotNull org.cef.handler.CefLoadHandler handler, @NotNull org.cef.browser.CefBrowser browser) { throw new UnsupportedOperationException(); }
  @Override public void dispose() { throw new UnsupportedOperationException(); }
}
