// Compile-only declaration (signatures of IntelliJ Platform 2024.2, never shipped).
// Source: JetBrains/intellij-community platform/platform-api/src/com/intellij/credentialStore/CredentialStore.java
package com.intellij.credentialStore;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface CredentialStore {
  @Nullable Credentials get(@NotNull CredentialAttributes attributes);

  default @Nullable String getPassword(@NotNull CredentialAttributes attributes) { throw new UnsupportedOperationException(); }

  void set(@NotNull CredentialAttributes attributes, @Nullable Credentials credentials);

  default void setPassword(@NotNull CredentialAttributes attributes, @Nullable String password) { throw new UnsupportedOperationException(); }
}
