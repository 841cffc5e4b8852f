// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/popup/IPopupChooserBuilder.java
package com.intellij.openapi.ui.popup;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface IPopupChooserBuilder<T> {
  IPopupChooserBuilder<T> setRenderer(javax.swing.ListCellRenderer<? super T> renderer);
  @NotNull IPopupChooserBuilder<T> setItemChosenCallback(@NotNull com.intellij.util.Consumer<? super T> callback);
  @NotNull IPopupChooserBuilder<T> setTitle(@NotNull String title);
  @NotNull JBPopup createPopup();
}
