// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-ui/src/ui/JBColor.java
package com.intellij.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBColor extends java.awt.Color {
  public JBColor(int rgb, int darkRGB) { super(rgb); throw new UnsupportedOperationException(); }
  public static boolean isBright() { throw new UnsupportedOperationException(); }
}
