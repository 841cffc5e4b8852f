// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooser.java
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class FileChooser {
  private FileChooser() {}
  public static @Nullable com.intellij.openapi.vfs.VirtualFile chooseFile(@NotNull FileChooserDescriptor descriptor,
                                                                         @Nullable com.intellij.openapi.project.Project project,
                                                                         @Nullable com.intellij.openapi.vfs.VirtualFile toSelect) { throw new UnsupportedOperationException(); }
}
