// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/openapi/extensions/PluginDescriptor.java
package com.intellij.openapi.extensions;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PluginDescriptor {
  @NotNull PluginId getPluginId();
  java.nio.file.Path getPluginPath();
  @Nullable String getVersion();
}
