// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationType.java
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public enum NotificationType { IDE_UPDATE, INFORMATION, WARNING, ERROR }
