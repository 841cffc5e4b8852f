// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/ide/ui/LafManager.java
package com.intellij.ide.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class LafManager {
  public static LafManager getInstance() { throw new UnsupportedOperationException(); }
}
