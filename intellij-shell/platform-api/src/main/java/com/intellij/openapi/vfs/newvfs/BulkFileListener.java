// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/newvfs/BulkFileListener.java
package com.intellij.openapi.vfs.newvfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface BulkFileListener {
  default void before(@NotNull java.util.List<? extends com.intellij.openapi.vfs.newvfs.events.VFileEvent> events) { }
  default void after(@NotNull java.util.List<? extends com.intellij.openapi.vfs.newvfs.events.VFileEvent> events) { }
}
