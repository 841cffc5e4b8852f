// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/ide-core/src/com/intellij/openapi/options/UnnamedConfigurable.java
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface UnnamedConfigurable {
  @Nullable javax.swing.JComponent createComponent();
  boolean isModified();
  void apply() throws ConfigurationException;
  default void reset() { }
  default void disposeUIResources() { }
}
