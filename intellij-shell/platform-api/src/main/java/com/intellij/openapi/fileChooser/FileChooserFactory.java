// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/fileChooser/FileChooserFactory.java
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class FileChooserFactory {
  public static FileChooserFactory getInstance() { throw new UnsupportedOperationException(); }
  public abstract @NotNull FileChooserDialog createFileChooser(@NotNull FileChooserDescriptor descriptor,
                                                               @Nullable com.intellij.openapi.project.Project project,
                                                               @Nullable java.awt.Component parent);
}
