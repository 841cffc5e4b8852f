// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/popup/JBPopupFactory.java
package com.intellij.openapi.ui.popup;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class JBPopupFactory {
  public static JBPopupFactory getInstance() { throw new UnsupportedOperationException(); }
  public abstract @NotNull <T> IPopupChooserBuilder<T> createPopupChooserBuilder(@NotNull java.util.List<? extends T> list);
}
