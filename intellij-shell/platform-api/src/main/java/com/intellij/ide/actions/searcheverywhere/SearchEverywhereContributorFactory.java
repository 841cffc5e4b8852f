// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/lang-api/src/com/intellij/ide/actions/searcheverywhere/SearchEverywhereContributorFactory.java
package com.intellij.ide.actions.searcheverywhere;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface SearchEverywhereContributorFactory<Item> {
  @NotNull SearchEverywhereContributor<Item> createContributor(@NotNull com.intellij.openapi.actionSystem.AnActionEvent initEvent);
  default boolean isAvailable(com.intellij.openapi.project.Project project) { return true; }
}
