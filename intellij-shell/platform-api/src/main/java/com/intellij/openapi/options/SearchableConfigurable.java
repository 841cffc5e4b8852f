// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/SearchableConfigurable.java
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface SearchableConfigurable extends Configurable {
  @NotNull String getId();
}
