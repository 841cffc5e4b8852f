rootProject.name = "apiscout-intellij"

plugins {
    id("org.gradle.toolchains.foojay-resolver-convention") version "0.9.0"
}
