import PackagePlugin
@main struct LitmusMocksPlugin: BuildToolPlugin { func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] { [] } }
