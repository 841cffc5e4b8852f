// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/progress/ProgressManager.java
package com.intellij.openapi.progress;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ProgressManager {
  public static @NotNull ProgressManager getInstance() { throw new UnsupportedOperationException(); }
  public abstract <T, E extends Exception> T runProcessWithProgressSynchronously(@NotNull com.intellij.openapi.util.ThrowableComputable<T, E> process,
                                                                                 @NotNull String progressTitle,
                                                                                 boolean canBeCanceled,
                                                                                 @Nullable com.intellij.openapi.project.Project project) throws E;
}
