// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/editor-ui-api/src/com/intellij/openapi/editor/markup/GutterIconRenderer.java
package com.intellij.openapi.editor.markup;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class GutterIconRenderer {
  public enum Alignment { LEFT, RIGHT, CENTER }
}
