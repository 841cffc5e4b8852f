// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/util/messages/MessageBus.java
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface MessageBus extends com.intellij.openapi.Disposable {
  @NotNull MessageBusConnection connect(@NotNull com.intellij.openapi.Disposable parentDisposable);
}
