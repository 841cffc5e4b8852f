// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/lang-api/src/com/intellij/ide/actions/searcheverywhere/SearchEverywhereContributor.java
package com.intellij.ide.actions.searcheverywhere;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface SearchEverywhereContributor<Item> extends com.intellij.openapi.project.PossiblyDumbAware, com.intellij.openapi.Disposable {
  @NotNull String getSearchProviderId();
  @NotNull String getGroupName();
  int getSortWeight();
  boolean showInFindResults();
  default boolean isShownInSeparateTab() { return false; }
  void fetchElements(@NotNull String pattern, @NotNull com.intellij.openapi.progress.ProgressIndicator progressIndicator, @NotNull com.intellij.util.Processor<? super Item> consumer);
  boolean processSelectedItem(@NotNull Item selected, int modifiers, @NotNull String searchText);
  @NotNull javax.swing.ListCellRenderer<? super Item> getElementsRenderer();
  @Nullable Object getDataForItem(@NotNull Item element, @NotNull String dataId);
  @Override default boolean isDumbAware() { return true; }
  @Override default void dispose() {}
}
