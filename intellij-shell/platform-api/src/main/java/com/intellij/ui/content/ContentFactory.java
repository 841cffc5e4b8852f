// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/ContentFactory.java
package com.intellij.ui.content;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ContentFactory {
  static @NotNull ContentFactory getInstance() { throw new UnsupportedOperationException(); }
  @NotNull Content createContent(@Nullable javax.swing.JComponent component, @Nullable String displayName, boolean isLockable);
}
