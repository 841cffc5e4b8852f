// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/projectModel-api/src/com/intellij/openapi/project/ProjectManager.java
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ProjectManager {
  public static ProjectManager getInstance() { throw new UnsupportedOperationException(); }
  public abstract Project @NotNull [] getOpenProjects();
}
