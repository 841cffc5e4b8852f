// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/extensions/src/com/intellij/util/messages/Topic.java
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Topic<L> {
  public Topic(@NotNull Class<L> listenerClass, @NotNull BroadcastDirection broadcastDirection) { throw new UnsupportedOperationException(); }
  public enum BroadcastDirection { TO_CHILDREN, NONE, TO_PARENT, TO_DIRECT_CHILDREN }
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.SOURCE)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.FIELD)
  public @interface AppLevel {}
}
