// Compile-only declaration (signatures of JetBrains' JCEF as bundled with IntelliJ 2024.2, never shipped).
// Source: JetBrains/jcef java/org/cef/handler/CefLoadHandler.java
package org.cef.handler;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.cef.browser.CefBrowser;
import org.cef.browser.CefFrame;
import org.cef.network.CefRequest;

public interface CefLoadHandler {
  enum ErrorCode { ERR_NONE }
  void onLoadingStateChange(CefBrowser browser, boolean isLoading, boolean canGoBack, boolean canGoForward);
  void onLoadStart(CefBrowser browser, CefFrame frame, CefRequest.TransitionType transitionType);
  void onLoadEnd(CefBrowser browser, CefFrame frame, int httpStatusCode);
  void onLoadError(CefBrowser browser, CefFrame frame, ErrorCode errorCode, String errorText, String failedUrl);
}
