// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ui.jcef/jcef/JBCefJSQuery.java
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class JBCefJSQuery implements JBCefDisposable {
  private JBCefJSQuery() {}
  /** @deprecated use {@link #create(JBCefBrowserBase)} */
  @Deprecated(forRemoval = true)
  public static JBCefJSQuery create(@NotNull JBCefBrowser browser) { throw new UnsupportedOperationException(); }
  public static @NotNull JBCefJSQuery create(@NotNull JBCefBrowserBase browser) { throw new UnsupportedOperationException(); }
  public @NotNull String inject(@Nullable String queryResult) { throw new UnsupportedOperationException(); }
  public void addHandler(@NotNull java.util.function.Function<? super String, ? extends Response> handler) { throw new UnsupportedOperationException(); }
  @Override public void dispose() { throw new UnsupportedOperationException(); }
  public static class Response {
    public Response(@Nullable String response) { throw new UnsupportedOperationException(); }
  }
}
