// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooserDialog.java
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface FileChooserDialog {
  @NotNull com.intellij.openapi.vfs.VirtualFile[] choose(@Nullable com.intellij.openapi.project.Project project,
                                                         @NotNull com.intellij.openapi.vfs.VirtualFile... toSelect);
}
