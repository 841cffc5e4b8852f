// Compile-only declaration (signatures of JetBrains' JCEF as bundled with IntelliJ 2024.2, never shipped).
// Source: JetBrains/jcef java/org/cef/network/CefRequest.java
package org.cef.network;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class CefRequest {
  public enum TransitionType { TT_LINK }
}
