// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiDocumentManager.java
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class PsiDocumentManager {
  public static PsiDocumentManager getInstance(@NotNull com.intellij.openapi.project.Project project) { throw new UnsupportedOperationException(); }
  public abstract @Nullable com.intellij.openapi.editor.Document getDocument(@NotNull PsiFile file);
}
