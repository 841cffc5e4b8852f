// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/src/com/intellij/openapi/Disposable.java
package com.intellij.openapi;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Disposable {
  void dispose();
}
