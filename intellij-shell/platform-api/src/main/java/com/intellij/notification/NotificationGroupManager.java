// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationGroupManager.java
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface NotificationGroupManager {
  static @NotNull NotificationGroupManager getInstance() { throw new UnsupportedOperationException(); }
  NotificationGroup getNotificationGroup(@NotNull String groupId);
}
