// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/project/PossiblyDumbAware.java
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PossiblyDumbAware {
  default boolean isDumbAware() { return this instanceof DumbAware; }
}
