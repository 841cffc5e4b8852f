// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/lang-api/src/com/intellij/codeInsight/daemon/LineMarkerInfo.java
package com.intellij.codeInsight.daemon;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class LineMarkerInfo<T extends com.intellij.psi.PsiElement> {
  public LineMarkerInfo(@NotNull T element,
                        @NotNull com.intellij.openapi.util.TextRange range,
                        @NotNull javax.swing.Icon icon,
                        @Nullable com.intellij.util.Function<? super T, String> tooltipProvider,
                        @Nullable GutterIconNavigationHandler<T> navHandler,
                        @NotNull com.intellij.openapi.editor.markup.GutterIconRenderer.Alignment alignment,
                        @NotNull java.util.function.Supplier<@NotNull String> accessibleNameProvider) { throw new UnsupportedOperationException(); }
  /** @deprecated Use the constructor with an accessible name provider. */
  @Deprecated
  public LineMarkerInfo(@NotNull T element,
                        @NotNull com.intellij.openapi.util.TextRange range,
                        javax.swing.Icon icon,
                        @Nullable com.intellij.util.Function<? super T, String> tooltipProvider,
                        @Nullable GutterIconNavigationHandler<T> navHandler,
                        @NotNull com.intellij.openapi.editor.markup.GutterIconRenderer.Alignment alignment) { throw new UnsupportedOperationException(); }
}
