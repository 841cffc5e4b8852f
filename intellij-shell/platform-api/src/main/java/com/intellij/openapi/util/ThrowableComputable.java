// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/util/src/com/intellij/openapi/util/ThrowableComputable.java
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

@FunctionalInterface
public interface ThrowableComputable<T, E extends Throwable> {
  T compute() throws E;
}
