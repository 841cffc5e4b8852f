// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/ui/DialogPanel.kt (a Kotlin class extending JBPanel)
package com.intellij.openapi.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class DialogPanel extends javax.swing.JPanel {
  public DialogPanel() { throw new UnsupportedOperationException(); }
}
