// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ide/CopyPasteManager.java
package com.intellij.openapi.ide;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class CopyPasteManager {
  public static CopyPasteManager getInstance() { throw new UnsupportedOperationException(); }
  public abstract void setContents(@NotNull java.awt.datatransfer.Transferable content);
}
