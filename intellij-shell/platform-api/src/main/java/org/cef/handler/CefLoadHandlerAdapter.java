// Compile-only declaration (signatures of JetBrains' JCEF as bundled with IntelliJ 2024.2, never shipped).
// Source: JetBrains/jcef java/org/cef/handler/CefLoadHandlerAdapter.java
package org.cef.handler;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.cef.browser.CefBrowser;
import org.cef.browser.CefFrame;
import org.cef.network.CefRequest;

public abstract class CefLoadHandlerAdapter implements CefLoadHandler {
  @Override public void onLoadingStateChange(CefBrowser browser, boolean isLoading, boolean canGoBack, boolean canGoForward) {}
  @Override public void onLoadStart(CefBrowser browser, CefFrame frame, CefRequest.TransitionType transitionType) {}
  @Override public void onLoadEnd(CefBrowser browser, CefFrame frame, int httpStatusCode) {}
  @Override public void onLoadError(CefBrowser browser, CefFrame frame, ErrorCode errorCode, String errorText, String failedUrl) {}
}
