// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-ui/src/com/intellij/openapi/actionSystem/CommonDataKeys.java
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class CommonDataKeys {
  public static final DataKey<com.intellij.openapi.editor.Editor> EDITOR = null;
  public static final DataKey<com.intellij.openapi.vfs.VirtualFile> VIRTUAL_FILE = null;
  public static final DataKey<com.intellij.openapi.vfs.VirtualFile[]> VIRTUAL_FILE_ARRAY = null;
}
