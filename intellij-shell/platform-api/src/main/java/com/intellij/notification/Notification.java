// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/Notification.java
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Notification {
  public Notification(@NotNull String groupId, @NotNull String content, @NotNull NotificationType type) { throw new UnsupportedOperationException(); }
  public void notify(@Nullable com.intellij.openapi.project.Project project) { throw new UnsupportedOperationException(); }
}
