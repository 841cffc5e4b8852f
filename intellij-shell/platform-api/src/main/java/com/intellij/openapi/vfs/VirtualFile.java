// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/vfs/VirtualFile.java
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VirtualFile implements com.intellij.openapi.util.UserDataHolder {
  public static final String PROP_NAME = "name";
  public abstract @NotNull String getName();
  public abstract @NotNull String getPath();
  public abstract boolean isDirectory();
  public void refresh(boolean asynchronous, boolean recursive) { throw new UnsupportedOperationException(); }
}
