// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/editor/Editor.java
package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Editor extends com.intellij.openapi.util.UserDataHolder {
  @NotNull CaretModel getCaretModel();
}
