// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ui/content/Content.java
package com.intellij.ui.content;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Content extends com.intellij.openapi.util.UserDataHolder, com.intellij.openapi.ui.ComponentContainer {
  void setComponent(javax.swing.JComponent component);
}
