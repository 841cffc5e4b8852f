// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/analysis-api/src/com/intellij/codeInsight/daemon/DaemonCodeAnalyzer.java
package com.intellij.codeInsight.daemon;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class DaemonCodeAnalyzer {
  public static DaemonCodeAnalyzer getInstance(com.intellij.openapi.project.Project project) { throw new UnsupportedOperationException(); }
  public abstract void restart();
  public abstract void restart(@NotNull com.intellij.psi.PsiFile file);
}
