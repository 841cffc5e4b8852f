// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/ShowSettingsUtil.java
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ShowSettingsUtil {
  public static ShowSettingsUtil getInstance() { throw new UnsupportedOperationException(); }
  public abstract void showSettingsDialog(@NotNull com.intellij.openapi.project.Project project, ConfigurableGroup @NotNull ... groups);
  public abstract <T extends Configurable> void showSettingsDialog(@Nullable com.intellij.openapi.project.Project project, @NotNull Class<T> toSelect);
  public abstract void showSettingsDialog(@NotNull com.intellij.openapi.project.Project project, @Nullable Configurable toSelect);
  public abstract <T extends Configurable> void showSettingsDialog(@Nullable com.intellij.openapi.project.Project project,
                                                                   @NotNull Class<T> configurableClass,
                                                                   @Nullable java.util.function.Consumer<? super T> additionalConfiguration);
  public abstract void showSettingsDialog(@Nullable com.intellij.openapi.project.Project project,
                                          @NotNull java.util.function.Predicate<? super Configurable> predicate,
                                          @Nullable java.util.function.Consumer<? super Configurable> additionalConfiguration);
  public abstract void showSettingsDialog(@Nullable com.intellij.openapi.project.Project project, @NotNull String nameToSelect);
}
