// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/fileChooser/FileChooserDescriptor.java
package com.intellij.openapi.fileChooser;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class FileChooserDescriptor implements Cloneable {
  public FileChooserDescriptor(boolean chooseFiles, boolean chooseFolders, boolean chooseJars, boolean chooseJarsAsFiles, boolean chooseJarContents, boolean chooseMultiple) { throw new UnsupportedOperationException(); }
  public FileChooserDescriptor withTitle(String title) { throw new UnsupportedOperationException(); }
}
