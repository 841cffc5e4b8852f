// Compile-only declaration (signatures of JetBrains' JCEF as bundled with IntelliJ 2024.2, never shipped).
// Source: JetBrains/jcef java/org/cef/browser/CefBrowser.java
package org.cef.browser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface CefBrowser {
  void executeJavaScript(String code, String url, int line);
  String getURL();
}
