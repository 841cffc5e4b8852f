// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/ContentManager.java
package com.intellij.ui.content;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ContentManager extends com.intellij.openapi.Disposable {
  void addContent(@NotNull Content content);
}
