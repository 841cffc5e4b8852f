// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/newvfs/events/VFileCopyEvent.java
package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;

public final class VFileCopyEvent extends VFileEvent {
  private VFileCopyEvent() {}
  @Override public @NotNull com.intellij.openapi.vfs.VirtualFile getFile() { throw new UnsupportedOperationException(); }
  public @NotNull String getNewChildName() { throw new UnsupportedOperationException(); }
}
