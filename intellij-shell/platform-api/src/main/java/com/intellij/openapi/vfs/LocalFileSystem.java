// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/analysis-api/src/com/intellij/openapi/vfs/LocalFileSystem.java
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class LocalFileSystem extends VirtualFileSystem {
  public static LocalFileSystem getInstance() { throw new UnsupportedOperationException(); }
}
