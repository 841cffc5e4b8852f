// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/lang-api/src/com/intellij/codeInsight/daemon/LineMarkerProvider.java
package com.intellij.codeInsight.daemon;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface LineMarkerProvider {
  @Nullable LineMarkerInfo<?> getLineMarkerInfo(@NotNull com.intellij.psi.PsiElement element);
}
