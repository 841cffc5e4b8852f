// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/util/messages/MessageBusConnection.java
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface MessageBusConnection extends SimpleMessageBusConnection, com.intellij.openapi.Disposable {
}
