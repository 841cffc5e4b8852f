// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/newvfs/events/VFileEvent.java
package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VFileEvent {
  public @NotNull String getPath() { throw new UnsupportedOperationException(); }
  public abstract @Nullable com.intellij.openapi.vfs.VirtualFile getFile();
}
