// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-api/src/com/intellij/ide/plugins/IdeaPluginDescriptor.java
package com.intellij.ide.plugins;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface IdeaPluginDescriptor extends com.intellij.openapi.extensions.PluginDescriptor {
}
