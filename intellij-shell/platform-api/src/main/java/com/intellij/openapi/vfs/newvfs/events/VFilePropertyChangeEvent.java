// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/newvfs/events/VFilePropertyChangeEvent.java
package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;

public final class VFilePropertyChangeEvent extends VFileEvent {
  private VFilePropertyChangeEvent() {}
  @Override public @NotNull com.intellij.openapi.vfs.VirtualFile getFile() { throw new UnsupportedOperationException(); }
  public @NotNull String getPropertyName() { throw new UnsupportedOperationException(); }
  public @NotNull String getOldPath() { throw new UnsupportedOperationException(); }
  public @NotNull String getNewPath() { throw new UnsupportedOperationException(); }
}
