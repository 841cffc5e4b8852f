// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/openapi/project/ProjectUtil.kt
@file:JvmName("ProjectUtil")

package com.intellij.openapi.project

import com.intellij.openapi.vfs.VirtualFile

fun Project.guessProjectDir(): VirtualFile? = throw UnsupportedOperationException()
