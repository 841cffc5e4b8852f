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

// dist/apiscout.mjs: the CLI and sidecar in one bundle (npm run build in the repository root).
val buildSidecar by tasks.registering(Exec::class) {
    workingDir = repositoryRoot.asFile
    commandLine(if (System.getProperty("os.name").startsWith("Windows")) "npm.cmd" else "npm", "run", "build")
    inputs.dir(repositoryRoot.dir("core"))
    inputs.dir(repositoryRoot.dir("cli"))
    inputs.dir(repositoryRoot.dir("ide-bridge"))
    inputs.file(repositoryRoot.file("package.json"))
    outputs.file(repositoryRoot.file("dist/apiscout.mjs"))
    outputs.file(repositoryRoot.file("dist/parse-worker.mjs"))
}

tasks.named<PrepareSandboxTask>("prepareSandbox") {
    dependsOn(buildSidecar)
    // <plugin>/sidecar/dist/apiscout.mjs with its package.json (the version it reports) and the
    // native parsers it loads at run time (tree-sitter prebuilds for each platform).
    from(repositoryRoot.file("dist/apiscout.mjs")) { into(pluginName.map { "$it/sidecar/dist" }) }
    // The parse worker a large project's scan starts beside the bundle (without it the scan runs on one core).
    from(repositoryRoot.file("dist/parse-worker.mjs")) { into(pluginName.map { "$it/sidecar/dist" }) }
    from(repositoryRoot.file("package.json")) { into(pluginName.map { "$it/sidecar" }) }
    from(repositoryRoot.dir("node_modules")) {
        include("tree-sitter/**", "tree-sitter-java/**", "node-gyp-build/**")
        exclude("**/src/**", "**/vendor/**", "**/*.wasm", "**/build/**")
        into(pluginName.map { "$it/sidecar/node_modules" })
    }
}
