import PackagePlugin

/// Runs Gen to write Generated.swift into the target's sources.
@main
struct GenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating the answer", executable: try context.tool(named: "Gen").url,
                arguments: [output.path], outputFiles: [output])
        ]
    }
}
