// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/Project.java
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Project extends com.intellij.openapi.components.ComponentManager, com.intellij.openapi.extensions.AreaInstance {
  @NotNull String getName();
  @Nullable String getBasePath();
  @Override boolean isDisposed();
  boolean isOpen();
}
