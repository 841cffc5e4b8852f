// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/components/ComponentManager.java
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface ComponentManager extends com.intellij.openapi.util.UserDataHolder, com.intellij.openapi.Disposable {
  @NotNull com.intellij.util.messages.MessageBus getMessageBus();
  boolean isDisposed();
  <T> T getService(@NotNull Class<T> serviceClass);
}
