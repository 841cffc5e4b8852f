// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/fileChooser/FileChooserDescriptorFactory.java
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class FileChooserDescriptorFactory {
  private FileChooserDescriptorFactory() {}
  public static @NotNull FileChooserDescriptor createSingleFolderDescriptor() { throw new UnsupportedOperationException(); }
  public static FileChooserDescriptor createSingleFileNoJarsDescriptor() { throw new UnsupportedOperationException(); }
}
