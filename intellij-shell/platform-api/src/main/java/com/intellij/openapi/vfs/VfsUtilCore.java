// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VfsUtilCore.java
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class VfsUtilCore {
  public static @NotNull java.io.File virtualToIoFile(@NotNull VirtualFile file) { throw new UnsupportedOperationException(); }
}
