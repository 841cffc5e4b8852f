// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/editor/Document.java
package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Document extends com.intellij.openapi.util.UserDataHolder {
  int getLineNumber(int offset);
  int getLineStartOffset(int line);
}
