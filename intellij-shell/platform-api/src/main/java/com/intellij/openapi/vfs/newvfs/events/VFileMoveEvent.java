// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/newvfs/events/VFileMoveEvent.java
package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class VFileMoveEvent extends VFileEvent {
  private VFileMoveEvent() {}
  @Override public @Nullable com.intellij.openapi.vfs.VirtualFile getFile() { throw new UnsupportedOperationException(); }
  public @NotNull String getOldPath() { throw new UnsupportedOperationException(); }
  public @NotNull String getNewPath() { throw new UnsupportedOperationException(); }
}
