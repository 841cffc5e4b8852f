// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/analysis-api/src/com/intellij/openapi/fileEditor/OpenFileDescriptor.java
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class OpenFileDescriptor implements com.intellij.pom.Navigatable {
  public OpenFileDescriptor(@NotNull com.intellij.openapi.project.Project project, @NotNull com.intellij.openapi.vfs.VirtualFile file, int logicalLine, int logicalColumn) { throw new UnsupportedOperationException(); }
  @Override public void navigate(boolean requestFocus) { throw new UnsupportedOperationException(); }
}
