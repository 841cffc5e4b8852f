// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/components/RoamingType.java
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public enum RoamingType {
  DISABLED, LOCAL, PER_OS, DEFAULT;
}
