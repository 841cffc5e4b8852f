// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/pom/Navigatable.java
package com.intellij.pom;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Navigatable {
  default void navigate(boolean requestFocus) { }
}
