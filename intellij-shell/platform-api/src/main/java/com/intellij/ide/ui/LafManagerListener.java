// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ide/ui/LafManagerListener.java
package com.intellij.ide.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface LafManagerListener extends java.util.EventListener {
  @com.intellij.util.messages.Topic.AppLevel
  com.intellij.util.messages.Topic<LafManagerListener> TOPIC = null;

  void lookAndFeelChanged(@NotNull LafManager source);
}
