// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/ConfigurableGroup.java
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;

public interface ConfigurableGroup extends Configurable.Composite {
  @NotNull String getDisplayName();
}
