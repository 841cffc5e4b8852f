// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/base/src/com/intellij/openapi/util/TextRange.java
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class TextRange implements Segment, java.io.Serializable {
  public TextRange(int startOffset, int endOffset) { throw new UnsupportedOperationException(); }
  @Override public final int getStartOffset() { throw new UnsupportedOperationException(); }
  @Override public final int getEndOffset() { throw new UnsupportedOperationException(); }
}
