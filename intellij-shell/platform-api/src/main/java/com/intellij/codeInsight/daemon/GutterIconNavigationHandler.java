// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/lang-api/src/com/intellij/codeInsight/daemon/GutterIconNavigationHandler.java
package com.intellij.codeInsight.daemon;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

@FunctionalInterface
public interface GutterIconNavigationHandler<T extends com.intellij.psi.PsiElement> {
  void navigate(java.awt.event.MouseEvent e, T elt);
}
