// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/base/src/com/intellij/openapi/util/Segment.java
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Segment {
  int getStartOffset();
  int getEndOffset();
}
