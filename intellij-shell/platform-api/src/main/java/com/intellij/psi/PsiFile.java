// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiFile.java
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiFile extends PsiFileSystemItem {
  @Override com.intellij.openapi.vfs.VirtualFile getVirtualFile();
}
