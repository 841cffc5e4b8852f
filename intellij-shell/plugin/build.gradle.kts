// The IntelliJ plugin: thin adapters over bridge-client (compiled in from ../bridge-client, no copy)
// and the sidecar bundle, packed into the zip under <plugin>/sidecar. Needs JetBrains' repositories
// and Node.js/npm (to build the sidecar); see ../README.md.

import org.jetbrains.intellij.platform.gradle.tasks.PrepareSandboxTask

plugins {
    id("org.jetbrains.kotlin.jvm") version "2.1.0"
    id("org.jetbrains.kotlin.plugin.serialization") version "2.1.0"
    id("org.jetbrains.intellij.platform") version "2.11.0"
}

group = "dev.apiscout"
version = providers.gradleProperty("pluginVersion").get()

kotlin {
    jvmToolchain(21)
    compilerOptions {
        // IntelliJ 2024.2 runs the plugin on its own Kotlin 1.9 standard library.
        apiVersion.set(org.jetbrains.kotlin.gradle.dsl.KotlinVersion.KOTLIN_1_9)
    }
}

repositories {
    mavenCentral()
    intellijPlatform {
        defaultRepositories()
    }
}

sourceSets {
    main {
        // One copy of the client: bridge-client's sources (built and tested by Maven there).
        kotlin.srcDir("../bridge-client/src/main/kotlin")
    }
}

dependencies {
    // The platform ships kotlinx.serialization; the plugin compiles against it and bundles none.
    compileOnly("org.jetbrains.kotlinx:kotlinx-serialization-json:1.8.0")
    intellijPlatform {
        intellijIdeaCommunity(providers.gradleProperty("platformVersion"))
        bundledPlugin("com.intellij.java")
        bundledPlugin("org.jetbrains.kotlin")
        pluginVerifier()
        zipSigner()
    }
}

intellijPlatform {
    pluginConfiguration {
        version = project.version.toString()
        ideaVersion {
            sinceBuild = providers.gradleProperty("sinceBuild")
            untilBuild = provider { null }
        }
    }
    pluginVerification {
        ides {
            recommended()
        }
    }
}

val repositoryRoot = layout.projectDirectory.dir("../..")
val sidecarStage = layout.buildDirectory.dir("sidecar")
val windows = System.getProperty("os.name").startsWith("Windows")

// dist/apiscout.mjs (the CLI and sidecar in one bundle) and dist/ui (the explorer web app).
val buildSidecar by tasks.registering(Exec::class) {
    workingDir = repositoryRoot.asFile
    commandLine(if (windows) "npm.cmd" else "npm", "run", "build")
    inputs.dir(repositoryRoot.dir("core"))
    inputs.dir(repositoryRoot.dir("cli"))
    inputs.dir(repositoryRoot.dir("ide-bridge"))
    inputs.file(repositoryRoot.file("package.json"))
    outputs.dir(repositoryRoot.dir("dist"))
}

// The sidecar as the plugin ships it: the bundle, the web app, package.json and the runtime packages
// the bundle leaves external (native parsers, isolated-vm, gRPC…), laid out by the repository's
// scripts/stage-sidecar.mjs (test/intellij/sidecar-stage.test.ts runs the same layout).
val stageSidecar by tasks.registering(Exec::class) {
    dependsOn(buildSidecar)
    workingDir = repositoryRoot.asFile
    commandLine("node", "scripts/stage-sidecar.mjs", sidecarStage.get().asFile.absolutePath)
    inputs.dir(repositoryRoot.dir("dist"))
    inputs.file(repositoryRoot.file("package-lock.json"))
    outputs.dir(sidecarStage)
}

tasks.named<PrepareSandboxTask>("prepareSandbox") {
    dependsOn(stageSidecar)
    // Found at run time as <plugin>/sidecar/dist/apiscout.mjs (bridge-client's SidecarBundle).
    from(sidecarStage) { into(pluginName.map { "$it/sidecar" }) }
}
