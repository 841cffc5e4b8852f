// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/psi/PsiElement.java
package com.intellij.psi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiElement extends com.intellij.openapi.util.UserDataHolder {
  @NotNull com.intellij.openapi.project.Project getProject();
  PsiElement getFirstChild();
  PsiElement getParent();
  PsiFile getContainingFile();
  com.intellij.openapi.util.TextRange getTextRange();
}
