// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/util/messages/SimpleMessageBusConnection.java
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface SimpleMessageBusConnection {
  <L> void subscribe(@NotNull Topic<L> topic, @NotNull L handler);
  void disconnect();
}
