// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/popup/JBPopup.java
package com.intellij.openapi.ui.popup;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface JBPopup extends com.intellij.openapi.Disposable {
  void showCenteredInCurrentWindow(@NotNull com.intellij.openapi.project.Project project);
}
