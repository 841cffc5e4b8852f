// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VirtualFileSystem.java
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VirtualFileSystem {
  public abstract @Nullable VirtualFile findFileByPath(@NotNull String path);
  public abstract @Nullable VirtualFile refreshAndFindFileByPath(@NotNull String path);
}
