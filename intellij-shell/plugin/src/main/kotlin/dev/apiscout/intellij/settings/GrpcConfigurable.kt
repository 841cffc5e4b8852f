package dev.apiscout.intellij.settings

import dev.apiscout.bridge.ide.ConfigurableIds

/** Settings > Other Settings > apiscout > gRPC: Enable gRPC call, reflection, deadline, CA file. */
class GrpcConfigurable : SidecarSettingsPage(ConfigurableIds.GRPC, "gRPC", "grpc")
