// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/core-impl/src/com/intellij/ide/plugins/PluginManagerCore.kt
package com.intellij.ide.plugins

import com.intellij.openapi.extensions.PluginId

object PluginManagerCore {
  @JvmStatic
  fun getPlugin(id: PluginId?): IdeaPluginDescriptor? = throw UnsupportedOperationException()
}
