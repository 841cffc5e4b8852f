package dev.apiscout.intellij.settings

import com.intellij.credentialStore.CredentialAttributes
import com.intellij.credentialStore.Credentials
import com.intellij.credentialStore.generateServiceName
import com.intellij.ide.passwordSafe.PasswordSafe

/** The environment-sync API token (§5.1), in the IDE's password safe only. Call off the UI thread. */
object PostmanToken {
    private val attributes = CredentialAttributes(generateServiceName("apiscout", "Postman API token"))

    fun get(): String? = PasswordSafe.instance.getPassword(attributes)?.takeIf { it.isNotEmpty() }

    fun set(token: String?) {
        PasswordSafe.instance.set(attributes, token?.takeIf { it.isNotBlank() }?.let { Credentials("apiscout", it) })
    }
}
