// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroup.java
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class NotificationGroup {
  private NotificationGroup() {}
  public @NotNull Notification createNotification(@NotNull String content, @NotNull NotificationType type) { throw new UnsupportedOperationException(); }
  public @NotNull Notification createNotification(@NotNull String title, @NotNull String content, @NotNull NotificationType type) { throw new UnsupportedOperationException(); }
}
